// A preview of a campaign's prices stage by stage. A stage not started shows no price at all:
// '??' in the page, nothing in the output, so no later price leaks before its stage.

import type { SectionOf } from "../route-data.ts";
import type { SectionPlace, WrittenSection } from "./place.ts";

export function previewSection(
  section: WrittenSection<"preview">,
  { cx, region, inForce, campaign }: SectionPlace,
): SectionOf<"preview"> {
  const stages = campaign ? inForce.stages(campaign) : [];
  return {
    type: "preview",
    id: section.id ?? null,
    title: section.title ?? null,
    unlockSoon: region.settings.labels.unlockSoon,
    items: section.products
      .map((productId) => {
        const product = cx.productCard(region, productId);
        if (!product) return null;
        return {
          product,
          listPrice: product.listPrice ?? product.price,
          prices: stages.map((s) => {
            const price =
              s.state === "upcoming" || !campaign ? null : cx.model.offer(campaign, productId, region.code, s.number);
            return {
              stage: s.number,
              name: s.name,
              text: price === null ? null : cx.formatPrice(region, price).text,
              state: s.state,
            };
          }),
        };
      })
      .filter((i) => i !== null),
  };
}
