// A promotion: a title, texts, an image and an optional button.

import type { SectionOf } from "../route-data.ts";
import type { SectionPlace, WrittenSection } from "./place.ts";

export function promoSection(section: WrittenSection<"promo">, { cx, region }: SectionPlace): SectionOf<"promo"> {
  return {
    type: "promo",
    id: section.id ?? null,
    title: section.title,
    subtitle: section.subtitle ?? null,
    describe: section.describe ?? null,
    button: section.link ? cx.linkOf(region, section.button ?? region.settings.labels.learnMore, section.link) : null,
    image: cx.picture(section.image, "feature"),
  };
}
