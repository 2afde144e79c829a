// A banner: a title and a call to action; a campaign's banner may show its live stage's dates.

import type { SectionOf } from "../route-data.ts";
import type { SectionPlace, WrittenSection } from "./place.ts";

export function bannerSection(
  section: WrittenSection<"banner">,
  { cx, region, live, first }: SectionPlace,
): SectionOf<"banner"> {
  return {
    type: "banner",
    id: section.id ?? null,
    title: section.title,
    discount: section.discount ?? null,
    discountDescribe: section.discountDescribe ?? null,
    text: section.text ?? null,
    link: section.link ? cx.linkOf(region, section.linkText ?? region.settings.labels.learnMore, section.link) : null,
    // Decorative: the banner's words are its HTML, laid over the art.
    image: cx.picture(section.image, "hero", "", first),
    view: section.view ?? null,
    dates: section.showDates && live ? live.datesWithZone : null,
  };
}
