// Cards, each its own link or a product's: a product card lends its image and page.

import type { SectionOf } from "../route-data.ts";
import type { SectionPlace, WrittenSection } from "./place.ts";

export function cardsSection(section: WrittenSection<"cards">, { cx, region }: SectionPlace): SectionOf<"cards"> {
  return {
    type: "cards",
    id: section.id ?? null,
    title: section.title ?? null,
    learnMore: region.settings.labels.learnMore,
    items: section.items.map((i) => {
      const product = i.product ? cx.productCard(region, i.product) : null;
      return {
        title: i.title,
        subtitle: i.subtitle ?? null,
        // A product's card names the product in its picture's alt; any other card's title says it.
        image: i.image ? cx.picture(i.image, "card", product?.image.alt ?? "") : (product?.image ?? null),
        href: i.link ? cx.hrefFor(region, i.link).href || null : (product?.href ?? null),
        product,
        copyright: i.copyright ?? null,
      };
    }),
  };
}
