// A comparison table of products the region sells.

import type { ProductCard, SectionOf } from "../route-data.ts";
import type { SectionPlace, WrittenSection } from "./place.ts";

export function comparisonSection(
  section: WrittenSection<"comparison">,
  { cx, region }: SectionPlace,
): SectionOf<"comparison"> {
  return {
    type: "comparison",
    id: section.id ?? null,
    title: section.title,
    products: section.products.map((p) => cx.productCard(region, p)).filter((p): p is ProductCard => p !== null),
    rows: section.rows,
  };
}
