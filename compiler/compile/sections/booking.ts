// The booking block of a product page, following the product's pre-order phase. Pre-heat:
// nothing to book yet, the page offers the sign-up only. The early-bird block while the
// pre-order price is in force, the price-recovery block after it.

import type { SectionOf } from "../route-data.ts";
import type { SectionPlace, WrittenSection } from "./place.ts";

export function bookingSection(
  section: WrittenSection<"booking">,
  { cx, route, region }: SectionPlace,
): SectionOf<"booking"> | null {
  const card = route.product ? cx.productCard(region, route.product) : null;
  if (!card?.phase || card.phase === "pre-heat") return null;
  const early = card.phase === "early-bird";
  return {
    type: "booking",
    id: section.id ?? null,
    productId: card.id,
    phase: card.phase,
    title: early ? section.title : (section.recoveryTitle ?? section.title),
    note: early ? section.note : (section.recoveryNote ?? section.note),
    tips: section.tips ?? null,
    list: section.list ?? [],
    price: card.price,
    listPrice: card.listPrice,
    save:
      card.listPrice && card.price
        ? `${region.settings.labels.save} ${cx.formatPrice(region, card.listPrice.amount - card.price.amount).text}`
        : null,
    buy: card.buy ? { label: card.actionLabel, href: card.buy, external: true } : null,
  };
}
