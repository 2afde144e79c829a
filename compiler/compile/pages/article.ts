// An article (about, privacy, a campaign's announcement): headed sections of paragraphs, lists
// and links.

import type { RegionModel, RouteModel } from "../../link/model.ts";
import { paragraphsOf } from "../../link/placeholders.ts";
import type { CompileContext } from "../context.ts";
import type { ArticleSection, PageOf } from "../route-data.ts";

export function articlePage(cx: CompileContext, route: RouteModel, region: RegionModel): PageOf<"article"> {
  const fill = (text: string) => cx.fill(region, text);
  const inForce = cx.time.region(region.code);
  const anchors = new Set<string>();
  // A news item's anchor is its day (news-2025-03-27), numbered when two share one.
  const anchorOf = (date: string): string => {
    let id = `news-${date}`;
    for (let n = 2; anchors.has(id); n++) id = `news-${date}-${n}`;
    anchors.add(id);
    return id;
  };
  return {
    template: "article",
    title: cx.pageTitle(route, region),
    // A text about a campaign (its announcement) is published when the campaign begins.
    sections: (cx.pageContent(route)?.body?.[region.language] ?? [])
      .filter((section) => !section.campaign || inForce.begun(section.campaign))
      .map(
        (section): ArticleSection => ({
          id: section.date ? anchorOf(section.date) : null,
          date: section.date ?? null,
          heading: section.heading ? fill(section.heading) : null,
          paragraphs: paragraphsOf(fill(section.text)),
          list: (section.list ?? []).map(fill),
          links: (section.links ?? []).map((l) => cx.linkOf(region, fill(l.label), l.link)).filter((l) => l.href),
        }),
      ),
  };
}
