// Special offers: cards with a text and an optional button.

import type { SectionOf } from "../route-data.ts";
import type { SectionPlace, WrittenSection } from "./place.ts";

export function offersSection(section: WrittenSection<"offers">, { cx, region }: SectionPlace): SectionOf<"offers"> {
  return {
    type: "offers",
    id: section.id ?? null,
    title: section.title ?? null,
    items: section.items.map((i) => ({
      title: i.title,
      content: i.content,
      image: cx.picture(i.image, "card"),
      button: i.link ? cx.linkOf(region, i.button ?? region.settings.labels.learnMore, i.link) : null,
    })),
  };
}
