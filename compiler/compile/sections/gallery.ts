// A gallery of images that open full size.

import type { SectionOf } from "../route-data.ts";
import type { SectionPlace, WrittenSection } from "./place.ts";

export function gallerySection(
  section: WrittenSection<"gallery">,
  { cx, region, route }: SectionPlace,
): SectionOf<"gallery"> {
  return {
    type: "gallery",
    id: section.id ?? null,
    title: section.title ?? null,
    tip: section.tip ?? null,
    images: section.images.map((key, i, all) => {
      // Named by the product the page shows, else by the gallery's title, and numbered.
      const subject = route.product ? cx.productCard(region, route.product)?.name : section.title;
      const alt = `${(subject ?? "").replace(/\s*\n\s*/g, " ")} (${i + 1}/${all.length})`.trim();
      return { thumb: cx.picture(key, "thumb", alt)!, full: cx.picture(key, "full", alt)! };
    }),
    labels: {
      open: cx.message(region.language, "ui.product.openImage"),
      close: cx.message(region.language, "ui.product.closeImage"),
    },
  };
}
