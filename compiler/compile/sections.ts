// Part of compile: the rich sections of campaign, home and product pages, for one region as the
// time stage (in-force.ts) resolved it. Here the embargo shows: a section gated by a stage that is
// not live is left out, a later stage's price is '??', the booking block follows the product's
// pre-order phase. Every price shown is the price in force, so no two parts of a page disagree.
// Savings, percent off and instalments are derived; every text has its placeholders filled.

import type { RegionInForce, StageAt } from "../time/index.ts";
import type { RegionModel, RouteModel, SiteModel } from "../link/model.ts";
import type { CompileContext } from "./context.ts";
import type { Link, Price, ProductCard, SaleItem, SectionData, StageInfo } from "./route-data.ts";
import type * as Spec from "../validate/spec-types.ts";
import { fillAll, paragraphsOf } from "../link/placeholders.ts";

type RichSection = NonNullable<Spec.PageContent["sections"]>[string][number];

export interface SectionHelpers {
  model: SiteModel;
  region: RegionModel;
  time: RegionInForce;
  /** The campaign the page shows, if any: sections without their own campaign follow it. */
  pageCampaign: string | null;
  /** The page's own path: links to #anchors on it are checked against the sections it shows. */
  pagePath: string;
  /** The product a product page shows (its booking section sells it), else null. */
  pageProduct: string | null;
  /** Fills a text's placeholders; a campaign's texts also get its figures ({upTo}, {dates}). */
  fill: (text: string, campaign: string | null) => string;
  linkOf: (label: string, link: string) => Link;
  hrefFor: (link: string) => string;
  productCard: (productId: string) => ProductCard | null;
  formatPrice: (amount: number) => Price;
  message: (path: string) => string;
  installmentText: (amount: number) => string | null;
}

/** The sections a page shows in a region: `leading` (a home's promotion banners) and then its own. */
export function pageSections(cx: CompileContext, route: RouteModel, region: RegionModel, leading: readonly RichSection[] = []): SectionData[] {
  const written = cx.pageContent(route)?.sections?.[region.code] ?? [];
  const list = leading.length ? [...leading, ...written] : written;
  if (list.length === 0) return [];
  return compileSections(list, {
    model: cx.model,
    region,
    time: cx.time.region(region.code),
    pageCampaign: route.campaign,
    pagePath: route.path,
    pageProduct: route.product,
    fill: (text, campaign) => cx.fill(region, text, campaign),
    linkOf: (label, link) => cx.linkOf(region, label, link),
    hrefFor: (link) => cx.hrefFor(region, link).href,
    productCard: (id) => cx.productCard(region, id),
    formatPrice: (amount) => cx.formatPrice(region, amount),
    message: (path) => cx.message(region.language, path),
    installmentText: (amount) => cx.installmentText(region, amount),
  });
}

export function compileSections(sections: readonly RichSection[], h: SectionHelpers): SectionData[] {
  const labels = h.region.settings.labels;
  const countdown = h.region.settings.countdown;
  const campaignOf = (s: RichSection) => s.campaign ?? h.pageCampaign;

  const stageInfo = (s: StageAt): StageInfo => ({ number: s.number, name: s.name, start: s.startDate, end: s.endDate, state: s.state });

  /** A product as a campaign sells it: the price in force, struck through list price, what is saved. */
  const saleItem = (campaignId: string | null, item: Extract<RichSection, { type: "products" }>["groups"][number]["items"][number]): SaleItem | null => {
    const product = h.productCard(item.product);
    if (!product) return null;
    const onSale = product.listPrice !== null && product.price !== null;
    const saving = onSale ? product.listPrice!.amount - product.price!.amount : null;
    const query = campaignId ? h.model.specs.campaigns.get(campaignId)?.data.buyQuery : undefined;
    const buy = item.buy ?? product.buy;
    return {
      product,
      listPrice: product.listPrice ?? product.price,
      salePrice: onSale ? product.price : null,
      save: saving ? `${labels.save} ${h.formatPrice(saving).text}` : null,
      off: saving ? `${Math.round((saving / product.listPrice!.amount) * 100)}% ${labels.off}` : null,
      installment: product.price ? h.installmentText(product.price.amount) : null,
      paymentMethods: h.region.settings.paymentMethods,
      describe: item.describe ?? null,
      identify: item.identify ?? null,
      extendedWarranty: item.extendedWarranty ?? null,
      gifts: item.gifts ?? [],
      buy: buy && query ? withQuery(buy, query) : buy,
      learnMore: product.href ? { label: labels.learnMore, href: product.href, external: false } : null,
    };
  };

  const out: SectionData[] = [];
  for (const written of sections) {
    const campaignId = campaignOf(written);
    const live = campaignId ? h.time.live(campaignId) : null;
    // Embargo: a section gated by stages shows only while one of them is live.
    if (written.stage && (!live || !written.stage.includes(live.number))) continue;
    const section = fillAll(written, (text) => h.fill(text, campaignId));
    const id = section.id ?? null;
    switch (section.type) {
      case "banner": {
        out.push({
          type: "banner",
          id,
          title: section.title,
          discount: section.discount ?? null,
          discountDescribe: section.discountDescribe ?? null,
          text: section.text ?? null,
          link: section.link ? h.linkOf(section.linkText ?? labels.learnMore, section.link) : null,
          image: section.image ?? null,
          view: section.view ?? null,
          dates: section.showDates && live ? live.datesWithZone : null,
        });
        break;
      }
      case "subscribe":
        out.push({
          type: "subscribe",
          id,
          texts: {
            title: section.title,
            describe: section.describe,
            placeholder: section.placeholder,
            button: section.button,
            invalid: section.invalid,
            success: section.success,
            emailLabel: h.message("ui.subscribe.emailLabel"),
            successView: null,
          },
        });
        break;
      case "benefits":
        out.push({ type: "benefits", id, items: section.items.map((i) => ({ label: i.label, icon: i.icon })) });
        break;
      case "timeline": {
        if (!campaignId) break;
        out.push({
          type: "timeline",
          id,
          title: section.title ?? null,
          stages: h.time.stages(campaignId).map(stageInfo),
          countdown: live?.end ? { endsAt: live.end.toMillis(), labels: countdown } : null,
        });
        break;
      }
      case "preview": {
        const stages = campaignId ? h.time.stages(campaignId) : [];
        out.push({
          type: "preview",
          id,
          title: section.title ?? null,
          unlockSoon: labels.unlockSoon,
          items: section.products
            .map((productId) => {
              const product = h.productCard(productId);
              if (!product) return null;
              return {
                product,
                listPrice: product.listPrice ?? product.price,
                // A stage not started shows no price at all: '??' in the page, nothing in the output.
                prices: stages.map((s) => {
                  const price = s.state === "upcoming" || !campaignId ? null : h.model.offer(campaignId, productId, h.region.code, s.number);
                  return { stage: s.number, name: s.name, text: price === null ? null : h.formatPrice(price).text, state: s.state };
                }),
              };
            })
            .filter((i) => i !== null),
        });
        break;
      }
      case "products":
        out.push({
          type: "products",
          id,
          title: section.title ?? null,
          labels: { buy: labels.buy, learnMore: labels.learnMore, soldOut: labels.soldOut },
          groups: section.groups.map((g) => ({
            id: g.id,
            label: g.label,
            title: g.title ?? null,
            content: g.content ?? null,
            items: g.items.map((i) => saleItem(campaignId, i)).filter((i): i is SaleItem => i !== null),
          })),
        });
        break;
      case "offers":
        out.push({
          type: "offers",
          id,
          title: section.title ?? null,
          items: section.items.map((i) => ({
            title: i.title,
            content: i.content,
            image: i.image ?? null,
            button: i.link ? h.linkOf(i.button ?? labels.learnMore, i.link) : null,
          })),
        });
        break;
      case "lucky-draw":
        out.push({ type: "lucky-draw", id, title: section.title, describe: section.describe, paragraphs: paragraphsOf(section.content), image: section.image ?? null });
        break;
      case "tabs":
        out.push({ type: "tabs", id, items: section.items.map((i) => ({ label: i.label, href: i.link, external: false })) });
        break;
      case "terms":
        out.push({ type: "terms", id, title: section.title, paragraphs: paragraphsOf(section.content) });
        break;
      case "promo":
        out.push({
          type: "promo",
          id,
          title: section.title,
          subtitle: section.subtitle ?? null,
          describe: section.describe ?? null,
          button: section.link ? h.linkOf(section.button ?? labels.learnMore, section.link) : null,
          image: section.image ?? null,
        });
        break;
      case "cards":
        out.push({
          type: "cards",
          id,
          title: section.title ?? null,
          learnMore: labels.learnMore,
          items: section.items.map((i) => {
            const product = i.product ? h.productCard(i.product) : null;
            return {
              title: i.title,
              subtitle: i.subtitle ?? null,
              image: i.image ?? product?.image ?? null,
              href: i.link ? h.hrefFor(i.link) || null : (product?.href ?? null),
              product,
              copyright: i.copyright ?? null,
            };
          }),
        });
        break;
      case "ecosystem":
        out.push({ type: "ecosystem", id, title: section.title, items: section.items.map((i) => ({ title: i.title, describe: i.describe, href: i.link })) });
        break;
      case "quotes":
        out.push({ type: "quotes", id, title: section.title ?? null, items: section.items.map((i) => ({ comment: i.comment, commentator: i.commentator, icon: i.icon ?? null })) });
        break;
      case "feature":
        out.push({
          type: "feature",
          id,
          title: section.title,
          paragraphs: paragraphsOf(section.text),
          list: section.list ?? [],
          image: section.image ?? null,
          video: section.video ?? false,
          watchVideo: labels.watchVideo,
        });
        break;
      case "gallery":
        out.push({
          type: "gallery",
          id,
          title: section.title ?? null,
          tip: section.tip ?? null,
          images: section.images,
          labels: { open: h.message("ui.product.openImage"), close: h.message("ui.product.closeImage") },
        });
        break;
      case "voice-commands":
        out.push({ type: "voice-commands", id, title: section.title, groups: section.groups, close: h.message("ui.common.close") });
        break;
      case "comparison":
        out.push({
          type: "comparison",
          id,
          title: section.title,
          products: section.products.map((p) => h.productCard(p)).filter((p): p is ProductCard => p !== null),
          rows: section.rows,
        });
        break;
      case "faq":
        out.push({ type: "faq", id, title: section.title ?? null, items: section.items.map((i) => ({ question: i.question, answer: paragraphsOf(i.answer) })) });
        break;
      case "booking": {
        const card = h.pageProduct ? h.productCard(h.pageProduct) : null;
        // Pre-heat: nothing to book yet, the page offers the sign-up only. The early-bird block
        // while the pre-order price is in force, the price-recovery block after it.
        if (!card?.phase || card.phase === "pre-heat") break;
        const early = card.phase === "early-bird";
        out.push({
          type: "booking",
          id,
          productId: card.id,
          phase: card.phase,
          title: early ? section.title : (section.recoveryTitle ?? section.title),
          note: early ? section.note : (section.recoveryNote ?? section.note),
          tips: section.tips ?? null,
          list: section.list ?? [],
          price: card.price,
          listPrice: card.listPrice,
          save: card.listPrice && card.price ? `${labels.save} ${h.formatPrice(card.listPrice.amount - card.price.amount).text}` : null,
          buy: card.buy ? { label: card.actionLabel, href: card.buy, external: true } : null,
        });
        break;
      }
      case "community":
        out.push({ type: "community", id, message: section.message, button: section.button });
        break;
      case "more-surprises":
        out.push({ type: "more-surprises", id, describe: section.describe, subDescribe: section.subDescribe ?? null });
        break;
    }
  }
  return withoutDanglingAnchors(out, h.pagePath);
}

/** A shop link with the campaign's tracking parameters added (the link's own are kept). */
function withQuery(href: string, query: Record<string, string>): string {
  const url = new URL(href);
  for (const [key, value] of Object.entries(query)) if (!url.searchParams.has(key)) url.searchParams.set(key, value);
  return url.href;
}

/**
 * A link to an anchor of this page whose section is not shown (not live yet, say) would lead
 * nowhere: the button goes, as a link to an unreleased page does.
 */
function withoutDanglingAnchors(sections: SectionData[], pagePath: string): SectionData[] {
  const ids = new Set(sections.flatMap((s) => [s.id, ...(s.type === "products" ? s.groups.map((g) => g.id) : [])]));
  const dangling = (link: Link | null) => {
    if (!link || link.external) return false;
    const [path, anchor] = link.href.split("#");
    return anchor !== undefined && (path === "" || path === pagePath) && !ids.has(anchor);
  };
  return sections.map((s) => {
    switch (s.type) {
      case "banner":
      case "promo":
        return dangling(s.type === "banner" ? s.link : s.button) ? { ...s, ...(s.type === "banner" ? { link: null } : { button: null }) } : s;
      case "offers":
        return { ...s, items: s.items.map((i) => (dangling(i.button) ? { ...i, button: null } : i)) };
      case "tabs":
        return { ...s, items: s.items.filter((i) => !dangling({ ...i, href: pagePath + i.href })) };
      default:
        return s;
    }
  });
}
