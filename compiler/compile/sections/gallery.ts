// A gallery of images that open full size.

import type { SectionOf } from "../route-data.ts";
import type { SectionPlace, WrittenSection } from "./place.ts";

export function gallerySection(section: WrittenSection<"gallery">, { cx, region }: SectionPlace): SectionOf<"gallery"> {
  return {
    type: "gallery",
    id: section.id ?? null,
    title: section.title ?? null,
    tip: section.tip ?? null,
    images: section.images,
    labels: {
      open: cx.message(region.language, "ui.product.openImage"),
      close: cx.message(region.language, "ui.product.closeImage"),
    },
  };
}
