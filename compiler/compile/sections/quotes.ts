// Quotes from the press and shoppers.

import type { SectionOf } from "../route-data.ts";
import type { SectionPlace, WrittenSection } from "./place.ts";

export function quotesSection(section: WrittenSection<"quotes">, { cx, region }: SectionPlace): SectionOf<"quotes"> {
  return {
    type: "quotes",
    id: section.id ?? null,
    title: section.title ?? null,
    items: section.items.map((i) => ({
      comment: i.comment,
      commentator: i.commentator,
      icon: cx.picture(i.icon, "badge"),
    })),
    labels: {
      previous: cx.message(region.language, "ui.quotes.previous"),
      next: cx.message(region.language, "ui.quotes.next"),
    },
  };
}
