// Where to buy: the region's dealers with their addresses and links.

import type { RegionModel, RouteModel } from "../../link/model.ts";
import type { CompileContext } from "../context.ts";
import type { PageOf } from "../route-data.ts";

export function whereToBuyPage(cx: CompileContext, route: RouteModel, region: RegionModel): PageOf<"where-to-buy"> {
  return {
    template: "where-to-buy",
    title: cx.pageTitle(route, region),
    dealers: (cx.pageContent(route)?.dealers?.[region.code] ?? []).map((d) => ({
      title: d.title,
      href: d.link,
      address: [d.address].flat(),
      // The shop's badge; its name is the heading beside it.
      img: cx.picture(d.img, "badge", ""),
    })),
    labels: {
      visitStore: cx.message(region.language, "ui.whereToBuy.visitStore"),
      address: cx.message(region.language, "ui.whereToBuy.address"),
    },
  };
}
