// What every page and section builder of one build shares: made once from the site at the
// instant (siteAt in index.ts) and the time stage's answers. Links, prices, product cards, texts
// and the layout are derived here and nowhere else, so no two parts of a page derive one value two
// ways; what is costly or shared by many pages (number formats, cards, layouts) is kept per region.

import type { Language, RegionModel, RouteModel, SiteModel } from "../link/model.ts";
import { lookupMessage } from "../link/messages.ts";
import {
  type CampaignFigures,
  copyrightLine,
  fillAll,
  fillPlaceholders,
  type PlaceholderContext,
} from "../link/placeholders.ts";
import { linkTarget, parseLink } from "../link/syntax.ts";
import { Images, type Picture, type Slot } from "../images/index.ts";
import { feedPath, isNewsRoute } from "./feed.ts";
import { type Cell, contentOf, newsOf, priceOf, pricesOf, Reads } from "./reads.ts";
import type { RegionInForce, SiteInForce } from "../time/index.ts";
import { parseInstant } from "../time/instant.ts";
import type * as Spec from "../validate/spec-types.ts";
import type { Availability, LayoutData, Link, NavEntry, Price, ProductCard, RouteData } from "./route-data.ts";

export interface Fallback {
  language: string;
  /** The message's dotted path (ui.common.menu). */
  key: string;
  /** The language whose text is shown. */
  from: string;
  /** The regions of that language: their pages show it. */
  regions: string[];
}

/** A link as a page writes it: "" where it leads nowhere (yet), and the entry is then left out. */
export interface Href {
  href: string;
  external: boolean;
}

/** What a route registers in the build's shared state, as `Reads` notes it (replayed by `register`). */
const PICTURE = "picture";
const SHARE = "share";
const FALLBACK = "fallback";

export class CompileContext {
  /** The site at the instant: only open routes, and over ones as redirects. */
  readonly model: SiteModel;
  readonly time: SiteInForce;
  /** The images pages show, and the files they need (the images stage). */
  readonly images: Images;
  /** What each route reads (site dev compiles again only the routes an edit reaches). */
  readonly reads: Reads;
  readonly #fallbacks = new Map<string, Fallback>();
  readonly #formats = new Map<string, Intl.NumberFormat>();
  readonly #cards = new Map<string, Cell<ProductCard | null>>();
  readonly #layouts = new Map<string, Cell<LayoutData>>();
  readonly #feedLinks = new Map<string, Cell<RouteData["head"]["feeds"]>>();
  readonly #news = new Map<"", Cell<Map<string, RouteModel[]>>>();
  readonly #productPages: ProductPages;

  constructor(model: SiteModel, time: SiteInForce, reads = new Reads(false)) {
    this.reads = reads;
    // A list price reaches a page only through these: each notes the price it read.
    this.model = reads.tracking ? pricesNoted(model, reads) : model;
    this.time = reads.tracking ? inForceNoted(time, model, reads) : time;
    this.images = new Images(
      this.model,
      reads.tracking
        ? (use) =>
            reads.registered(use.kind === "share" ? `${SHARE}\0${use.key}` : `${PICTURE}\0${use.slot}\0${use.key}`)
        : undefined,
    );
    this.#productPages = productPagesOf(model.routes);
  }

  /** An image key as a page shows it in a slot; null without a key (or for one link reported missing). */
  picture(key: string | null | undefined, slot: Slot, alt = "", priority = false): Picture | null {
    return key ? this.images.picture(key, slot, alt, priority) : null;
  }

  /** A message by dotted path, along the language's fallback chain; each fallback shown is recorded. */
  message(language: Language, path: string): string {
    const found = lookupMessage(this.model.specs, language, path);
    const key = `${language}|${path}`;
    if (found.from === null || found.from === language) return found.text;
    this.reads.registered(`${FALLBACK}\0${language}\0${path}`);
    if (!this.#fallbacks.has(key)) {
      const regions = [...this.model.regions.values()].filter((r) => r.language === language).map((r) => r.code);
      this.#fallbacks.set(key, { language, key: path, from: found.from, regions });
    }
    return found.text;
  }

  /** Makes a registration a route noted again (one taken from the last compile as it was). */
  register(effect: string): void {
    const [kind, a, b] = effect.split("\0") as [string, string, string];
    if (kind === PICTURE) this.images.picture(b, a as Slot, "");
    else if (kind === SHARE) this.images.share(a);
    else if (kind === FALLBACK) this.message(a as Language, b);
  }

  /** The texts shown in a fallback language so far, in the order pages first showed them. */
  fallbacks(): Fallback[] {
    return [...this.#fallbacks.values()];
  }

  /** A campaign's figures for its texts in a region: the live stage's saving and dates, and every stage's bounds. */
  campaignFigures(region: RegionModel, campaignId: string): CampaignFigures {
    const inForce = this.time.region(region.code);
    const live = inForce.live(campaignId);
    return {
      live: live ? { upTo: this.model.upTo(campaignId, region.code, live.number), dates: live.datesWithZone } : null,
      stages: inForce.stages(campaignId),
    };
  }

  /** A text with the region's figures filled in; a campaign's texts also get the campaign's ({upTo}, {dates}). */
  fill(region: RegionModel, text: string, campaign: string | null = null): string {
    return fillPlaceholders(text, this.#placeholderContext(region, campaign));
  }

  /** Every text of a spec value filled, as `fill` fills one. */
  fillAll<T>(region: RegionModel, value: T, campaign: string | null = null): T {
    const context = this.#placeholderContext(region, campaign);
    return fillAll(value, (text) => fillPlaceholders(text, context));
  }

  #placeholderContext(region: RegionModel, campaign: string | null): PlaceholderContext {
    const specs = this.model.specs;
    return {
      brand: this.model.name,
      region,
      constants: specs.constants!.data,
      organisation: specs.organisation!.data,
      campaign: campaign ? this.campaignFigures(region, campaign) : undefined,
    };
  }

  /** An href for a link written in a region's spec: internal links become site paths (absolute URLs on the sister site). */
  hrefFor(region: RegionModel, text: string): Href {
    const link = parseLink(text);
    if (link.kind === "external") return { href: link.url.href, external: true };
    if (link.kind !== "internal") return { href: "", external: false };
    const path = linkTarget(link, region.prefix);
    const anchor = link.anchor ? `#${link.anchor}` : "";
    const target = this.model.routesByPath.get(path);
    // A page not released yet, or whose window is over, is not a route of the site at the instant.
    if (!target) return { href: "", external: false };
    const targetRegion = this.model.regions.get(target.region);
    // A page of the sister site (cn on its own domain) is linked by its full address.
    if (targetRegion && targetRegion.originName !== region.originName)
      return { href: targetRegion.origin + path + anchor, external: false };
    return { href: path + anchor, external: false };
  }

  linkOf(region: RegionModel, label: string, text: string): Link {
    return { label, ...this.hrefFor(region, text) };
  }

  formatPrice(region: RegionModel, amount: number): Price {
    const currency = region.settings.currency;
    let format = this.#formats.get(region.code);
    if (!format) {
      // Building a number format is costly next to using one. Whole prices show no cents; a
      // derived amount shows as the seed writes it (141.6).
      format = new Intl.NumberFormat(region.formats, {
        style: "currency",
        currency,
        minimumFractionDigits: 0,
        maximumFractionDigits: 2,
      });
      this.#formats.set(region.code, format);
    }
    return { amount, currency, text: format.format(amount) };
  }

  /** "or {amount}/month over {months} months" in the region's wording; null where the shop offers no instalments. */
  installmentText(region: RegionModel, amount: number): string | null {
    const installment = region.settings.installment;
    if (!installment || !amount) return null;
    return installment.text
      .replace("{amount}", this.formatPrice(region, perMonth(amount, installment.months)).text)
      .replace("{months}", String(installment.months));
  }

  /** A product (any of its identifiers) as the region sells it now; null where it is unknown or not sold. */
  productCard(region: RegionModel, productId: string): ProductCard | null {
    const canonical = this.model.canonicalProduct(productId);
    if (!canonical) return null;
    return this.reads.cell("card", this.#cards, `${canonical}|${region.code}`, () =>
      this.#buildProductCard(region, canonical),
    );
  }

  #buildProductCard(region: RegionModel, productId: string): ProductCard | null {
    const product = this.model.products.get(productId);
    const facts = product?.regions[region.code];
    if (!product || !facts) return null;
    const inForce = this.time.region(region.code);
    const phase = inForce.phase(productId);
    // Before its pre-order opens a product has no price and no way to buy it, only a sign-up.
    const price = phase === "pre-heat" ? null : inForce.price(productId);
    const availability: Availability =
      facts.stock === 0
        ? "soldOut"
        : phase === "pre-heat"
          ? "comingSoon"
          : phase === "early-bird" || facts.isPreSale
            ? "preOrder"
            : "buy";
    const labels = region.settings.labels;
    const page = this.productPages(region).get(productId);
    return {
      id: productId,
      name: facts.name,
      image: this.images.picture(product.image, "card", facts.name.replace(/\s*\n\s*/g, " "))!,
      href: page ? page.path : null,
      buy: availability === "comingSoon" ? null : (facts.buy ?? null),
      price: price ? this.formatPrice(region, price.amount) : null,
      listPrice: price?.sale ? this.formatPrice(region, price.list) : null,
      phase,
      availability,
      actionLabel: {
        soldOut: labels.soldOut,
        comingSoon: labels.comingSoon,
        preOrder: labels.preOrder,
        buy: labels.buy,
      }[availability],
    };
  }

  /** The region's product pages by product, in route order: a card links its product's page, a home lists them. */
  productPages(region: RegionModel): ReadonlyMap<string, RouteModel> {
    return this.#productPages.get(region.code) ?? new Map();
  }

  pageContent(route: RouteModel): Spec.PageContent | undefined {
    this.reads.read(contentOf(route.page));
    return this.model.specs.content.get(route.page)?.data;
  }

  /** Whether the route is a news page (an article with dated sections): it has a feed. */
  isNews(route: RouteModel, region: RegionModel): boolean {
    return isNewsRoute(this.pageContent(route), route, region);
  }

  /** The region's news pages, in route order. */
  newsRoutes(region: RegionModel): RouteModel[] {
    const index = this.reads.cell("news", this.#news, "", () => {
      const byRegion = new Map<string, RouteModel[]>();
      for (const route of this.model.routes) {
        const of = this.model.regions.get(route.region);
        if (!of || route.template !== "article") continue;
        // Which pages are news, not what they say: an edit of an article's text leaves every other
        // page's list of feeds as it was.
        this.reads.read(newsOf(route.page));
        if (isNewsRoute(this.model.specs.content.get(route.page)?.data, route, of))
          byRegion.set(route.region, [...(byRegion.get(route.region) ?? []), route]);
      }
      return byRegion;
    });
    return index.get(region.code) ?? [];
  }

  /** The path of the region's page of a template (its account page, its region chooser), or null. */
  pathOf(region: RegionModel, template: RouteModel["template"]): string | null {
    return this.model.routes.find((r) => r.region === region.code && r.template === template)?.path ?? null;
  }

  /** The page's title in the region's language, filled (the page id where the content names none). */
  pageTitle(route: RouteModel, region: RegionModel): string {
    return this.fill(region, this.pageContent(route)?.head[region.language]?.title ?? route.page);
  }

  /** Header, navigation, banner and footer of every page of a region: the same on each, built once. */
  layout(region: RegionModel): LayoutData {
    return this.layoutCell(region).value;
  }

  /** The region's layout with what it read: compile gives it to each route apart from the page. */
  layoutCell(region: RegionModel): Cell<LayoutData> {
    this.reads.cell("layout", this.#layouts, region.code, () => this.#layout(region));
    return this.#layouts.get(region.code)!;
  }

  /** The links every page of a region has to the region's news feeds. */
  feedLinks(region: RegionModel): RouteData["head"]["feeds"] {
    return this.reads.cell("feeds", this.#feedLinks, region.code, () =>
      this.newsRoutes(region).map((route) => ({
        href: region.origin + feedPath(route),
        title: `${this.pageTitle(route, region)} | ${this.model.name}`,
      })),
    );
  }

  #layout(region: RegionModel): LayoutData {
    const s = region.settings;
    const lang = region.language;
    // A live campaign's banner takes the place of the region's own.
    const promoted = this.time.region(region.code).promotions.find((p) => p.entry.textBanner);
    const banner = promoted
      ? { ...this.fillAll(region, promoted.entry.textBanner!, promoted.campaign), link: promoted.link }
      : s.textBanner?.[0];
    const chooserPath = this.pathOf(region, "region-chooser");
    const written: LayoutData = {
      brand: this.model.name,
      homeHref: this.hrefFor(region, s.home.link).href,
      regionLabel: s.region.label,
      chooseRegionHref: chooserPath,
      shop: s.shop ? this.linkOf(region, s.shop.label, s.shop.link) : null,
      account: this.linkOf(region, s.account.label, s.account.link),
      textBanner: banner ? { label: banner.label, href: this.hrefFor(region, banner.link).href, bg: banner.bg } : null,
      navigation: this.#navigation(region),
      footerNavs: s.footerNavs.map((n) => this.linkOf(region, n.label, n.link)).filter((l) => l.href),
      media: s.media.map((m) => ({ label: m.label, href: m.link, external: true, icon: m.icon })),
      copyright: copyrightLine(s.copyright, this.time.now.setZone(region.zone).year),
      companyAddress: s.companyAddress,
      subscribe: {
        ...pick(s.subscribe, ["title", "describe", "placeholder", "button", "invalid", "success"]),
        emailLabel: this.message(lang, "ui.subscribe.emailLabel"),
        successView: s.subscribe.successView
          ? { ...s.subscribe.successView, shopHref: s.shop ? this.hrefFor(region, s.shop.link).href : null }
          : null,
      },
      newUserPopup: {
        ...s.newUserPopupSubscribe,
        success: s.subscribe.success,
        emailLabel: this.message(lang, "ui.subscribe.emailLabel"),
        successView: null,
      },
      ui: {
        skipToContent: this.message(lang, "ui.common.skipToContent"),
        menu: this.message(lang, "ui.common.menu"),
        close: this.message(lang, "ui.common.close"),
        chooseRegion: this.message(lang, "ui.common.chooseRegion"),
        externalLink: this.message(lang, "ui.common.externalLink"),
      },
    };
    return this.fillAll(region, written);
  }

  /** The region's navigation with the menu entries of live campaigns after its first entry. */
  #navigation(region: RegionModel): NavEntry[] {
    const own = this.#navEntries(region, region.settings.navigation);
    const promoted = this.time
      .region(region.code)
      .promotions.filter((p) => p.entry.menu)
      .map((p): NavEntry | null => {
        const menu = this.fillAll(region, p.entry.menu!, p.campaign);
        const target = this.hrefFor(region, p.link);
        return target.href
          ? {
              label: menu.label,
              ...target,
              product: null,
              icon: menu.icon ?? null,
              tag: null,
              hidden: [],
              children: [],
            }
          : null;
      })
      .filter((entry): entry is NavEntry => entry !== null);
    return [...own.slice(0, 1), ...promoted, ...own.slice(1)];
  }

  #navEntries(region: RegionModel, items: Spec.NavItem[]): NavEntry[] {
    return items
      .map((item): NavEntry | null => {
        const target = item.link !== undefined ? this.hrefFor(region, item.link) : { href: "", external: false };
        if (item.link !== undefined && !target.href && !item.children?.length) return null;
        const product = item.identify ? this.productCard(region, item.identify) : null;
        return {
          // An entry that stands for a product is named as the product's cards name it, on one line.
          label: product ? product.name.split("\n").join(" ") : (item.label ?? item.identify ?? ""),
          ...target,
          product,
          icon: item.icon ?? null,
          // The tag (NEW) shows from the entry's start time on.
          tag: item.tag && this.#started(item.startTime) ? item.tag : null,
          hidden: item.hidden ?? [],
          children: this.#navEntries(region, item.children ?? []),
        };
      })
      .filter((entry): entry is NavEntry => entry !== null);
  }

  #started(startTime: string | undefined): boolean {
    if (!startTime) return false;
    const parsed = parseInstant(startTime);
    return parsed.ok && parsed.instant <= this.time.now;
  }
}

/** Each region's product pages by product, in route order. */
type ProductPages = Map<string, Map<string, RouteModel>>;

/** By the routes they index: site dev's compiles after an edit share the last compile's routes. */
const productPagesByRoutes = new WeakMap<readonly RouteModel[], ProductPages>();

function productPagesOf(routes: readonly RouteModel[]): ProductPages {
  let index = productPagesByRoutes.get(routes);
  if (!index) {
    index = new Map();
    for (const r of routes) {
      if (r.template !== "product" || !r.product) continue;
      let byProduct = index.get(r.region);
      if (!byProduct) index.set(r.region, (byProduct = new Map()));
      if (!byProduct.has(r.product)) byProduct.set(r.product, r);
    }
    productPagesByRoutes.set(routes, index);
  }
  return index;
}

/**
 * The model with its lookups of the price table noting what they read: a product's list price,
 * or (a campaign's largest saving) every price of the region. Offers are the campaigns' own.
 */
function pricesNoted(model: SiteModel, reads: Reads): SiteModel {
  return {
    ...model,
    price: (product, region) => {
      reads.read(priceOf(region, model.canonicalProduct(product) ?? product));
      return model.price(product, region);
    },
    upTo: (campaign, region, stage) => {
      reads.read(pricesOf(region));
      return model.upTo(campaign, region, stage);
    },
  };
}

/** The time stage's answers, the price in force noting the list price it was made from. */
function inForceNoted(time: SiteInForce, model: SiteModel, reads: Reads): SiteInForce {
  const regions = new Map<string, RegionInForce>();
  return {
    now: time.now,
    routeState: (route) => time.routeState(route),
    // Not spread: the next change is worked out only when asked.
    get nextChange() {
      return time.nextChange;
    },
    region: (code) => {
      let noted = regions.get(code);
      if (!noted) {
        const inForce = time.region(code);
        noted = {
          ...inForce,
          price: (product) => {
            reads.read(priceOf(code, model.canonicalProduct(product) ?? product));
            return inForce.price(product);
          },
        };
        regions.set(code, noted);
      }
      return noted;
    },
  };
}

/** Instalment per month as the seed rounds it (1,699 over 12 months is 141.6). */
function perMonth(price: number, months: number): number {
  return Math.round((price / months) * 10) / 10;
}

function pick<T extends object, K extends keyof T>(object: T, keys: K[]): Pick<T, K> {
  return Object.fromEntries(keys.map((k) => [k, object[k]])) as Pick<T, K>;
}
