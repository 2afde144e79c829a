// Part of compile: the rich sections of campaign, home and product pages, resolved for one
// region at one instant. Here the embargo happens: a section gated by a stage that is not live
// is left out, a later stage's price is '??', the early-bird block gives way to the regular
// price when its stage ends. Savings, percent off, instalments and stage dates are derived.

import type { DateTime } from "luxon";
import type { RegionModel, SiteModel } from "./link.ts";
import type { Link, Price, ProductCard, SaleItem, SectionData, StageInfo } from "./route-data.ts";
import type * as Spec from "./spec-types.ts";
import { liveStage, type Stage } from "./windows.ts";
import { paragraphsOf } from "./placeholders.ts";

type RichSection = NonNullable<Spec.PageContent["sections"]>[string][number];

export interface SectionHelpers {
  model: SiteModel;
  now: DateTime;
  region: RegionModel;
  /** The campaign the page shows, if any: sections without their own campaign follow it. */
  pageCampaign: string | null;
  /** The page's own path: links to #anchors on it are checked against the sections it shows. */
  pagePath: string;
  /** The product a product page shows (its booking section sells it), else null. */
  pageProduct: string | null;
  fill: (text: string) => string;
  linkOf: (label: string, link: string) => Link;
  hrefFor: (link: string) => string;
  productCard: (productId: string) => ProductCard | null;
  formatPrice: (amount: number) => Price;
  stagesOf: (campaignId: string) => Stage[];
  message: (path: string) => string;
  installmentText: (amount: number) => string | null;
}

// Building a date format is costly next to using one: one per locale and zone.
const dateFormats = new Map<string, Intl.DateTimeFormat>();
function dateFormat(locale: string, zone: string): Intl.DateTimeFormat {
  const key = `${locale}|${zone}`;
  let format = dateFormats.get(key);
  if (!format) dateFormats.set(key, (format = new Intl.DateTimeFormat(locale, { month: "long", day: "numeric", timeZone: zone })));
  return format;
}


export function compileSections(sections: readonly RichSection[], h: SectionHelpers): SectionData[] {
  const labels = h.region.settings.labels;
  const countdown = h.region.settings.countdown;
  const campaignOf = (s: RichSection) => s.campaign ?? h.pageCampaign;

  /** A campaign's sale price of a product in this region at a stage (1-based), or null. */
  const offerPrice = (campaignId: string | null, productId: string, stage: number): number | null => {
    if (!campaignId) return null;
    const offers = h.model.specs.campaigns.get(campaignId)?.data.offers?.[h.region.code];
    if (!offers) return null;
    const key = Object.keys(offers).find((k) => h.model.canonicalProduct(k) === h.model.canonicalProduct(productId));
    return key ? (offers[key]![stage - 1] ?? null) : null;
  };

  const dateRange = (campaignId: string, start: DateTime, end: DateTime | null, withZone: boolean): string => {
    const campaign = h.model.specs.campaigns.get(campaignId)?.data;
    const zone = campaign?.displayZone ?? campaign?.zone ?? h.model.specs.site?.data.regions[h.region.code]?.zone ?? "UTC";
    const format = dateFormat(h.region.locale, zone);
    // The end is the first instant over: visitors read the last day inside the window.
    const text = end ? format.formatRange(start.toJSDate(), end.minus({ minutes: 1 }).toJSDate()) : format.format(start.toJSDate());
    return withZone ? `${text} (${start.setZone(zone).offsetNameShort})` : text;
  };

  const stageInfos = (campaignId: string): StageInfo[] => {
    const live = liveStage(h.stagesOf(campaignId), h.now);
    return h.stagesOf(campaignId).map((s) => ({
      number: s.number,
      name: s.name,
      start: dateRange(campaignId, s.start, null, false),
      end: s.end ? dateRange(campaignId, s.end.minus({ minutes: 1 }), null, false) : null,
      state: s.number === live?.number ? "live" : s.start > h.now ? "upcoming" : "over",
    }));
  };

  const saleItem = (campaignId: string | null, item: Extract<RichSection, { type: "products" }>["groups"][number]["items"][number]): SaleItem | null => {
    const product = h.productCard(item.product);
    if (!product) return null;
    const stage = campaignId ? liveStage(h.stagesOf(campaignId), h.now)?.number : undefined;
    const sale = stage ? offerPrice(campaignId, item.product, stage) : null;
    const list = product.price;
    const salePrice = sale !== null ? h.formatPrice(sale) : null;
    const saving = list && sale !== null ? list.amount - sale : null;
    return {
      product,
      listPrice: list,
      salePrice,
      save: saving ? `${labels.save} ${h.formatPrice(saving).text}` : null,
      off: saving && list ? `${Math.round((saving / list.amount) * 100)}% ${labels.off}` : null,
      installment: h.installmentText(sale ?? list?.amount ?? 0),
      describe: item.describe ? h.fill(item.describe) : null,
      identify: item.identify ?? null,
      extendedWarranty: item.extendedWarranty ? h.fill(item.extendedWarranty) : null,
      gifts: item.gifts ?? [],
      buy: item.buy ?? product.buy,
      learnMore: product.href ? { label: labels.learnMore, href: product.href, external: false } : null,
    };
  };

  const out: SectionData[] = [];
  for (const section of sections) {
    const campaignId = campaignOf(section);
    // Embargo: a section gated by stages shows only while one of them is live.
    if (section.stage) {
      const live = campaignId ? liveStage(h.stagesOf(campaignId), h.now)?.number : undefined;
      if (live === undefined || !section.stage.includes(live)) continue;
    }
    const id = section.id ?? null;
    switch (section.type) {
      case "banner": {
        const stages = campaignId ? h.stagesOf(campaignId) : [];
        const live = liveStage(stages, h.now);
        out.push({
          type: "banner",
          id,
          title: h.fill(section.title),
          discount: section.discount ?? null,
          discountDescribe: section.discountDescribe ? h.fill(section.discountDescribe) : null,
          text: section.text ? h.fill(section.text) : null,
          link: section.link ? h.linkOf(section.linkText ?? labels.learnMore, section.link) : null,
          image: section.image ?? null,
          view: section.view ?? null,
          dates: section.showDates && campaignId && live ? dateRange(campaignId, live.start, live.end, true) : null,
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
        out.push({ type: "benefits", id, items: section.items.map((i) => ({ label: h.fill(i.label), icon: i.icon })) });
        break;
      case "timeline": {
        if (!campaignId) break;
        const live = liveStage(h.stagesOf(campaignId), h.now);
        out.push({
          type: "timeline",
          id,
          title: section.title ?? null,
          stages: stageInfos(campaignId),
          countdown: live?.end ? { endsAt: live.end.toMillis(), labels: countdown } : null,
        });
        break;
      }
      case "preview": {
        const infos = campaignId ? stageInfos(campaignId) : [];
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
                listPrice: product.price,
                // A stage not started shows no price at all: '??' in the page, nothing in the output.
                prices: infos.map((s) => {
                  const price = s.state === "upcoming" ? null : offerPrice(campaignId, productId, s.number);
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
            content: g.content ? h.fill(g.content) : null,
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
            title: h.fill(i.title),
            content: h.fill(i.content),
            image: i.image ?? null,
            button: i.link ? h.linkOf(i.button ?? labels.learnMore, i.link) : null,
          })),
        });
        break;
      case "lucky-draw":
        out.push({ type: "lucky-draw", id, title: h.fill(section.title), describe: h.fill(section.describe), paragraphs: paragraphsOf(h.fill(section.content)), image: section.image ?? null });
        break;
      case "tabs":
        out.push({ type: "tabs", id, items: section.items.map((i) => ({ label: i.label, href: i.link, external: false })) });
        break;
      case "terms":
        out.push({ type: "terms", id, title: h.fill(section.title), paragraphs: paragraphsOf(h.fill(section.content)) });
        break;
      case "promo":
        out.push({
          type: "promo",
          id,
          title: h.fill(section.title),
          subtitle: section.subtitle ? h.fill(section.subtitle) : null,
          describe: section.describe ? h.fill(section.describe) : null,
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
              title: h.fill(i.title),
              subtitle: i.subtitle ? h.fill(i.subtitle) : null,
              image: i.image ?? product?.image ?? null,
              href: i.link ? h.hrefFor(i.link) || null : (product?.href ?? null),
              product,
              copyright: i.copyright ?? null,
            };
          }),
        });
        break;
      case "ecosystem":
        out.push({ type: "ecosystem", id, title: section.title, items: section.items.map((i) => ({ title: i.title, describe: h.fill(i.describe), href: i.link })) });
        break;
      case "quotes":
        out.push({ type: "quotes", id, title: section.title ?? null, items: section.items.map((i) => ({ comment: i.comment, commentator: i.commentator, icon: i.icon ?? null })) });
        break;
      case "feature":
        out.push({
          type: "feature",
          id,
          title: h.fill(section.title),
          paragraphs: paragraphsOf(h.fill(section.text)),
          list: (section.list ?? []).map(h.fill),
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
        out.push({ type: "faq", id, title: section.title ?? null, items: section.items.map((i) => ({ question: h.fill(i.question), answer: paragraphsOf(h.fill(i.answer)) })) });
        break;
      case "booking": {
        if (!campaignId) break;
        const stages = h.stagesOf(campaignId);
        const first = stages[0];
        // Before the pre-order opens nothing is said; while its first stage runs the early-bird
        // block shows; once it has ended, the price-recovery block.
        if (!first || first.start > h.now) break;
        const early = liveStage(stages, h.now)?.number === 1;
        const productId = h.pageProduct;
        const card = productId ? h.productCard(productId) : null;
        const sale = early && productId ? offerPrice(campaignId, productId, 1) : null;
        const list = card?.price ?? null;
        out.push({
          type: "booking",
          id,
          phase: early ? "early-bird" : "regular",
          title: h.fill(early ? section.title : (section.recoveryTitle ?? section.title)),
          note: h.fill(early ? section.note : (section.recoveryNote ?? section.note)),
          tips: section.tips ? h.fill(section.tips) : null,
          list: (section.list ?? []).map((l) => ({ period: h.fill(l.period), detail: h.fill(l.detail) })),
          price: sale !== null ? h.formatPrice(sale) : list,
          listPrice: list,
          save: sale !== null && list ? `${labels.save} ${h.formatPrice(list.amount - sale).text}` : null,
          buy: card?.buy ? { label: card.actionLabel, href: card.buy, external: true } : null,
        });
        break;
      }
      case "community":
        out.push({ type: "community", id, message: section.message, button: section.button });
        break;
    }
  }
  return withoutDanglingAnchors(out, h.pagePath);
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
