// Products as a campaign sells them, in groups: the price in force, the struck list price, what
// is saved and the percent off, instalments, and a buy link carrying the campaign's tracking.

import type { SaleItem, SectionOf } from "../route-data.ts";
import type { SectionPlace, WrittenSection } from "./place.ts";

type WrittenItem = WrittenSection<"products">["groups"][number]["items"][number];

export function productsSection(section: WrittenSection<"products">, at: SectionPlace): SectionOf<"products"> {
  const labels = at.region.settings.labels;
  return {
    type: "products",
    id: section.id ?? null,
    title: section.title ?? null,
    labels: { buy: labels.buy, learnMore: labels.learnMore, soldOut: labels.soldOut },
    groups: section.groups.map((g) => ({
      id: g.id,
      label: g.label,
      title: g.title ?? null,
      content: g.content ?? null,
      items: g.items.map((i) => saleItem(i, at)).filter((i): i is SaleItem => i !== null),
    })),
  };
}

/** Every figure of an item derives from the product's card, so the page agrees with itself. */
function saleItem(item: WrittenItem, { cx, region, campaign }: SectionPlace): SaleItem | null {
  const product = cx.productCard(region, item.product);
  if (!product) return null;
  const labels = region.settings.labels;
  const onSale = product.listPrice !== null && product.price !== null;
  const saving = onSale ? product.listPrice!.amount - product.price!.amount : null;
  const query = campaign ? cx.model.specs.campaigns.get(campaign)?.data.buyQuery : undefined;
  const buy = item.buy ?? product.buy;
  return {
    product,
    listPrice: product.listPrice ?? product.price,
    salePrice: onSale ? product.price : null,
    save: saving ? `${labels.save} ${cx.formatPrice(region, saving).text}` : null,
    off: saving ? `${Math.round((saving / product.listPrice!.amount) * 100)}% ${labels.off}` : null,
    installment: product.price ? cx.installmentText(region, product.price.amount) : null,
    paymentMethods: region.settings.paymentMethods,
    describe: item.describe ?? null,
    identify: item.identify ?? null,
    extendedWarranty: item.extendedWarranty ?? null,
    gifts: (item.gifts ?? []).map(
      (g) => cx.picture(`gift-${g}`, "icon", cx.message(region.language, `ui.gifts.${g}`))!,
    ),
    buy: buy && query ? withQuery(buy, query) : buy,
    learnMore: product.href ? { label: labels.learnMore, href: product.href, external: false } : null,
  };
}

/** A shop link with the campaign's tracking parameters added (the link's own are kept). */
function withQuery(href: string, query: Record<string, string>): string {
  const url = new URL(href);
  for (const [key, value] of Object.entries(query)) if (!url.searchParams.has(key)) url.searchParams.set(key, value);
  return url.href;
}
