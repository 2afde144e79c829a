// An article (about, privacy, a campaign's announcement): headed sections of paragraphs, lists
// and links.

import type { RegionModel, RouteModel } from "../../link/model.ts";
import { paragraphsOf } from "../../link/placeholders.ts";
import type { CompileContext } from "../context.ts";
import type { ArticleSection, PageOf } from "../route-data.ts";

export function articlePage(cx: CompileContext, route: RouteModel, region: RegionModel): PageOf<"article"> {
  const fill = (text: string) => cx.fill(region, text);
  const inForce = cx.time.region(region.code);
  return {
    template: "article",
    title: cx.pageTitle(route, region),
    // A text about a campaign (its announcement) is published when the campaign begins.
    sections: (cx.pageContent(route)?.body?.[region.language] ?? [])
      .filter((section) => !section.campaign || inForce.begun(section.campaign))
      .map(
        (section): ArticleSection => ({
          heading: section.heading ? fill(section.heading) : null,
          paragraphs: paragraphsOf(fill(section.text)),
          list: (section.list ?? []).map(fill),
          links: (section.links ?? []).map((l) => cx.linkOf(region, fill(l.label), l.link)).filter((l) => l.href),
        }),
      ),
  };
}
