// Manuals: the region's files to download, grouped by product series.

import type { RegionModel, RouteModel } from "../../link/model.ts";
import type { CompileContext } from "../context.ts";
import type { PageOf } from "../route-data.ts";

export function manualsPage(cx: CompileContext, route: RouteModel, region: RegionModel): PageOf<"manuals"> {
  const specs = cx.model.specs;
  const downloads = specs.site!.data.downloads.replace(/\/$/, "");
  const lang = region.language;
  return {
    template: "manuals",
    title: cx.pageTitle(route, region),
    groups: (cx.pageContent(route)?.manuals?.[region.code] ?? []).map((g) => ({
      series: g.series,
      label: specs.catalogue?.data.series?.[g.series] ?? g.series,
      files: g.files.map((f) => ({ ...f, href: `${downloads}/${region.code}/${encodeURIComponent(f.name)}` })),
    })),
    labels: {
      name: cx.message(lang, "ui.manuals.name"),
      size: cx.message(lang, "ui.manuals.size"),
      updated: cx.message(lang, "ui.manuals.updated"),
      download: cx.message(lang, "ui.manuals.download"),
    },
  };
}
