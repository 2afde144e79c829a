// A banner: a title and a call to action; a campaign's banner may show its live stage's dates,
// and takes its colours from the campaign's art palette.

import type { BannerPalette, SectionOf } from "../route-data.ts";
import type { CompileContext } from "../context.ts";
import type { SectionPlace, WrittenSection } from "./place.ts";

export function bannerSection(
  section: WrittenSection<"banner">,
  { cx, region, live, campaign, first }: SectionPlace,
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
    palette: campaign ? paletteOf(cx, campaign) : null,
  };
}

function paletteOf(cx: CompileContext, campaign: string): BannerPalette | null {
  const palette = cx.model.specs.campaigns.get(campaign)?.data.art?.palette;
  if (!palette) return null;
  return { ...palette, primaryIsLight: luminance(palette.primary) > 0.18 };
}

/** Relative luminance (WCAG) of #rrggbb: above 0.18, white text on it falls under 4.5:1 and dark text passes. */
function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}
