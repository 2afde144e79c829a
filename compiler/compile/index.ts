// Stage 4, compile: the site model at an instant becomes what the later stages need: one
// RouteData per route (what its template shows), the route manifests (head, alternates,
// JSON-LD, window, prefetch) and the typed modules the runtime imports. Every derived value
// (hrefs, formatted prices, instalments, availability, NEW tags) is computed here, once.

import type { DateTime } from "luxon";
import { buildHead } from "./head.ts";
import type { Language, RegionModel, RouteModel, SiteModel, Template } from "../link/model.ts";
import { linkTarget, parseLink, regionPath } from "../link/syntax.ts";
import { lookupMessage, textsOf } from "../link/messages.ts";
import { resolveInForce, type LivePromotion, type RegionInForce } from "../time/index.ts";
import { fillAll, fillPlaceholders, paragraphsOf, type PlaceholderContext } from "../link/placeholders.ts";
import type {
  ArticleSection,
  Availability,
  HeadData,
  LayoutData,
  Link,
  NavEntry,
  PageData,
  Price,
  ProductCard,
  RouteData,
  SectionData,
} from "./route-data.ts";
import { compileSections } from "./sections.ts";
import type * as Spec from "../validate/spec-types.ts";
import { parseInstant } from "../time/instant.ts";

export interface PrefetchRequest {
  baseURL: string;
  url: string;
  params: Record<string, string> | null;
  data: unknown;
  method: "GET" | "POST";
  /** Where the request runs: on the server before the first render, or in the browser. */
  end: "server" | "client";
}

export interface RouteManifest {
  path: string;
  region: string;
  locale: string;
  page: string;
  /** Path of the HTML file inside dist/site. */
  file: string;
  window: { start: string | null; end: string | null } | null;
  redirect: { to: string; status: number } | null;
  head: HeadData | null;
  prefetch: PrefetchRequest[];
}

export interface CompiledRoute {
  manifest: RouteManifest;
  /** Undefined for a redirect: it has no page of its own. */
  data?: RouteData;
}

export interface CompiledSite {
  now: string;
  /** The next instant after `now` at which some output would change, or null. */
  nextChange: string | null;
  routes: CompiledRoute[];
  /** Typed modules for the runtime, by path inside dist/generated. */
  modules: Map<string, string>;
  /** Texts a language lacks that pages show in its fallback language instead. */
  fallbacks: Fallback[];
  /** Region whose settings and language the site-wide 404 page uses. */
  notFound: { regions: { lang: string; title: string; text: string; backHome: string; href: string }[] };
}

export interface Fallback {
  language: string;
  /** The message's dotted path (ui.common.menu). */
  key: string;
  /** The language whose text is shown. */
  from: string;
  /** The regions of that language: their pages show it. */
  regions: string[];
}

export function fileOf(path: string): string {
  return path === "/" ? "index.html" : `${path.slice(1)}/index.html`;
}

export function compile(fullModel: SiteModel, now: DateTime): CompiledSite {
  // The time stage decides, once, what is in force at `now`; nothing below compares instants.
  const time = resolveInForce(fullModel, now);
  // Embargo: a page whose window has not started does not exist yet: no HTML, no manifest, no
  // alternate, no link to it. A page whose window is over is a redirect to its region's home.
  const openRoutes = fullModel.routes.filter((r) => time.routeState(r) === "open");
  const overRoutes = fullModel.routes
    .filter((r) => time.routeState(r) === "over" && !r.childrenOnly)
    .map((r): RouteModel => ({ ...r, template: null, redirect: { to: fullModel.regions.get(r.region)!.prefix || "/", status: 302 } }));
  const model: SiteModel = { ...fullModel, routes: [...openRoutes, ...overRoutes], routesByPath: new Map(openRoutes.map((r) => [r.path, r])) };
  const specs = model.specs;
  const constants = specs.constants!.data;
  const organisation = specs.organisation!.data;
  /** A message by dotted path, along the language's fallback chain; each fallback shown is recorded. */
  const fallbacks = new Map<string, Fallback>();
  const message = (language: Language, path: string): string => {
    const found = lookupMessage(specs, language, path);
    if (found.from !== null && found.from !== language && !fallbacks.has(`${language}|${path}`)) {
      const regions = [...fullModel.regions.values()].filter((r) => r.language === language).map((r) => r.code);
      fallbacks.set(`${language}|${path}`, { language, key: path, from: found.from, regions });
    }
    return found.text;
  };

  const placeholderContext = (region: RegionModel, campaign?: PlaceholderContext["campaign"]): PlaceholderContext => ({ brand: model.name, region, constants, organisation, campaign });
  const fillIn = (region: RegionModel) => (text: string) => fillPlaceholders(text, placeholderContext(region));

  /** An href for a link written in a region's spec: internal links become site paths (absolute URLs on the sister site). */
  const hrefFor = (region: RegionModel, text: string): { href: string; external: boolean } => {
    const link = parseLink(text);
    if (link.kind === "external") return { href: link.url.href, external: true };
    if (link.kind !== "internal") return { href: "", external: false };
    const path = linkTarget(link, region.prefix);
    const anchor = link.anchor ? `#${link.anchor}` : "";
    const target = model.routesByPath.get(path);
    // A link to a page that is not released yet, or whose window is over, leads nowhere for now:
    // the entry is left out.
    if (!target) return { href: "", external: false };
    const targetRegion = model.regions.get(target.region);
    // A page of the sister site (cn on its own domain) is linked by its full address.
    if (targetRegion && targetRegion.originName !== region.originName) return { href: targetRegion.origin + path + anchor, external: false };
    return { href: path + anchor, external: false };
  };

  // Building a number format is costly next to using one: one per region.
  const formats = new Map<string, Intl.NumberFormat>();
  const formatPrice = (amount: number, region: RegionModel): Price => {
    const currency = region.settings.currency;
    let format = formats.get(region.code);
    if (!format) {
      // Whole prices show no cents; a derived amount shows as the seed writes it (141.6).
      format = new Intl.NumberFormat(region.locale, { style: "currency", currency, minimumFractionDigits: 0, maximumFractionDigits: 2 });
      formats.set(region.code, format);
    }
    return { amount, currency, text: format.format(amount) };
  };

  // Product pages by region, in route order: a card links its product's page, a home lists them.
  const productPages = new Map<string, Map<string, RouteModel>>();
  for (const r of model.routes) {
    if (r.template !== "product" || !r.product) continue;
    let byProduct = productPages.get(r.region);
    if (!byProduct) productPages.set(r.region, (byProduct = new Map()));
    if (!byProduct.has(r.product)) byProduct.set(r.product, r);
  }
  const productPageOf = (productId: string, region: RegionModel): RouteModel | undefined => productPages.get(region.code)?.get(productId);

  const cardCache = new Map<string, ProductCard | null>();
  const productCard = (productId: string, region: RegionModel): ProductCard | null => {
    const key = `${productId}|${region.code}`;
    if (!cardCache.has(key)) cardCache.set(key, buildProductCard(productId, region));
    return cardCache.get(key)!;
  };
  const buildProductCard = (productId: string, region: RegionModel): ProductCard | null => {
    const product = model.products.get(productId);
    const facts = product?.regions[region.code];
    if (!product || !facts) return null;
    const inForce = time.region(region.code);
    const phase = inForce.phase(productId);
    // Before its pre-order opens a product has no price and no way to buy it, only a sign-up.
    const price = phase === "pre-heat" ? null : inForce.price(productId);
    const availability: Availability = facts.stock === 0 ? "soldOut" : phase === "pre-heat" ? "comingSoon" : phase === "early-bird" || facts.isPreSale ? "preOrder" : "buy";
    const labels = region.settings.labels;
    const page = productPageOf(productId, region);
    return {
      id: productId,
      name: facts.name,
      image: product.image,
      href: page ? page.path : null,
      buy: availability === "comingSoon" ? null : (facts.buy ?? null),
      price: price ? formatPrice(price.amount, region) : null,
      listPrice: price?.sale ? formatPrice(price.list, region) : null,
      phase,
      availability,
      actionLabel: { soldOut: labels.soldOut, comingSoon: labels.comingSoon, preOrder: labels.preOrder, buy: labels.buy }[availability],
    };
  };

  const navEntries = (region: RegionModel, items: Spec.NavItem[]): NavEntry[] =>
    items
      .map((item): NavEntry | null => {
        const started = item.startTime ? (() => {
          const parsed = parseInstant(item.startTime!);
          return parsed.ok && parsed.instant <= now;
        })() : false;
        const target = item.link !== undefined ? hrefFor(region, item.link) : { href: "", external: false };
        if (item.link !== undefined && !target.href && !item.children?.length) return null;
        const productId = item.identify ? model.canonicalProduct(item.identify) : undefined;
        return {
          label: item.label,
          ...target,
          product: productId ? productCard(productId, region) : null,
          icon: item.icon ?? null,
          // The tag (NEW) shows from the entry's start time on.
          tag: item.tag && started ? item.tag : null,
          hidden: item.hidden ?? [],
          children: navEntries(region, item.children ?? []),
        };
      })
      .filter((entry): entry is NavEntry => entry !== null);

  /** A campaign's figures for its texts in a region: the live stage's saving and dates. */
  const campaignFigures = (region: RegionModel, campaignId: string, inForce: RegionInForce): PlaceholderContext["campaign"] => {
    const live = inForce.live(campaignId);
    return live ? { upTo: model.upTo(campaignId, region.code, live.number), dates: live.datesWithZone } : undefined;
  };

  /** The texts of a campaign's live entry point, its figures filled in. */
  const promotionTexts = <T,>(region: RegionModel, promotion: LivePromotion, value: T): T =>
    fillAll(value, (text) => fillPlaceholders(text, placeholderContext(region, campaignFigures(region, promotion.campaign, time.region(region.code)))));

  /** The region's navigation with the menu entries of live campaigns after its first entry. */
  const navigationFor = (region: RegionModel): NavEntry[] => {
    const own = navEntries(region, region.settings.navigation);
    const promoted = time
      .region(region.code)
      .promotions.filter((p) => p.entry.menu)
      .map((p): NavEntry | null => {
        const menu = promotionTexts(region, p, p.entry.menu!);
        const target = hrefFor(region, p.link);
        return target.href ? { label: menu.label, ...target, product: null, icon: menu.icon ?? null, tag: null, hidden: [], children: [] } : null;
      })
      .filter((entry): entry is NavEntry => entry !== null);
    return [...own.slice(0, 1), ...promoted, ...own.slice(1)];
  };

  const linkOf = (region: RegionModel, label: string, text: string): Link => ({ label, ...hrefFor(region, text) });

  const layoutCache = new Map<string, LayoutData>();
  const layoutFor = (region: RegionModel): LayoutData => {
    const cached = layoutCache.get(region.code);
    if (cached) return cached;
    const s = region.settings;
    const lang = region.language;
    // A live campaign's banner takes the place of the region's own.
    const promoted = time.region(region.code).promotions.find((p) => p.entry.textBanner);
    const banner = promoted
      ? { ...promotionTexts(region, promoted, promoted.entry.textBanner!), link: promoted.link }
      : s.textBanner?.[0];
    const chooser = model.routesByPath.get(region.prefix + "/choose-your-region");
    const written: LayoutData = {
      brand: model.name,
      homeHref: hrefFor(region, s.home.link).href,
      regionLabel: s.region.label,
      chooseRegionHref: chooser ? chooser.path : null,
      shop: s.shop ? linkOf(region, s.shop.label, s.shop.link) : null,
      account: linkOf(region, s.account.label, s.account.link),
      textBanner: banner ? { label: banner.label, href: hrefFor(region, banner.link).href, bg: banner.bg } : null,
      navigation: navigationFor(region),
      footerNavs: s.footerNavs.map((n) => linkOf(region, n.label, n.link)).filter((l) => l.href),
      media: s.media.map((m) => ({ label: m.label, href: m.link, external: true, icon: m.icon })),
      copyright: s.copyright,
      companyAddress: s.companyAddress,
      subscribe: {
        ...pick(s.subscribe, ["title", "describe", "placeholder", "button", "invalid", "success"]),
        emailLabel: message(lang, "ui.subscribe.emailLabel"),
        successView: s.subscribe.successView ? { ...s.subscribe.successView, shopHref: s.shop ? hrefFor(region, s.shop.link).href : null } : null,
      },
      newUserPopup: {
        ...s.newUserPopupSubscribe,
        success: s.subscribe.success,
        emailLabel: message(lang, "ui.subscribe.emailLabel"),
        successView: null,
      },
      ui: {
        skipToContent: message(lang, "ui.common.skipToContent"),
        menu: message(lang, "ui.common.menu"),
        close: message(lang, "ui.common.close"),
        chooseRegion: message(lang, "ui.common.chooseRegion"),
        externalLink: message(lang, "ui.common.externalLink"),
      },
    };
    const layout = fillAll(written, fillIn(region));
    layoutCache.set(region.code, layout);
    return layout;
  };

  const installmentText = (region: RegionModel, amount: number): string | null => {
    const installment = region.settings.installment;
    if (!installment || !amount) return null;
    return installment.text
      .replace("{amount}", formatPrice(perMonth(amount, installment.months), region).text)
      .replace("{months}", String(installment.months));
  };

  /** The home's promotion banners of live campaigns, as banner sections of their campaign. */
  const promotionBanners = (region: RegionModel): Spec.RichSection[] =>
    time
      .region(region.code)
      .promotions.filter((p) => p.entry.homeBanner)
      .map(({ campaign, stage, link, entry }) => ({ type: "banner", id: `promotion-${campaign}`, campaign, stage: [stage.number], link, ...entry.homeBanner! }));

  const sectionsFor = (route: RouteModel, region: RegionModel): SectionData[] => {
    const written = specs.content.get(route.page)?.data.sections?.[region.code] ?? [];
    const list = route.template === "home" ? [...promotionBanners(region), ...written] : written;
    if (list.length === 0) return [];
    const inForce = time.region(region.code);
    return compileSections(list, {
      model,
      region,
      time: inForce,
      pageCampaign: route.campaign,
      pagePath: route.path,
      pageProduct: route.product,
      fill: (text, campaign) => fillPlaceholders(text, placeholderContext(region, campaign ? campaignFigures(region, campaign, inForce) : undefined)),
      linkOf: (label, link) => linkOf(region, label, link),
      hrefFor: (link) => hrefFor(region, link).href,
      productCard: (id) => {
        const canonical = model.canonicalProduct(id);
        return canonical ? productCard(canonical, region) : null;
      },
      formatPrice: (amount) => formatPrice(amount, region),
      message: (path) => message(region.language, path),
      installmentText: (amount) => installmentText(region, amount),
    });
  };

  const pageData = (route: RouteModel, region: RegionModel, template: Template): PageData => {
    const content = specs.content.get(route.page)?.data;
    const lang = region.language;
    const fill = (text: string) => fillPlaceholders(text, placeholderContext(region));
    const title = fill(content?.head[lang]?.title ?? route.page);
    switch (template) {
      case "home": {
        const hero = content?.hero?.[lang];
        const products = [...(productPages.get(region.code)?.keys() ?? [])]
          .map((productId) => productCard(productId, region))
          .filter((c): c is ProductCard => c !== null);
        return {
          template,
          hero: { title: fill(hero?.title ?? title), subtitle: hero?.subtitle ? fill(hero.subtitle) : null },
          products,
          learnMore: region.settings.labels.learnMore,
          sections: sectionsFor(route, region),
        };
      }
      case "article":
        return {
          template,
          title,
          // A text about a campaign (its announcement) is published when the campaign begins.
          sections: (content?.body?.[lang] ?? []).filter((section) => !section.campaign || time.region(region.code).begun(section.campaign)).map(
            (section): ArticleSection => ({
              heading: section.heading ? fill(section.heading) : null,
              paragraphs: paragraphsOf(fill(section.text)),
              list: (section.list ?? []).map(fill),
              links: (section.links ?? []).map((l) => linkOf(region, fill(l.label), l.link)).filter((l) => l.href),
            }),
          ),
        };
      case "product": {
        const product = productCard(route.product!, region)!;
        const text = content?.product?.[lang];
        return {
          template,
          product,
          tagline: fill(text?.tagline ?? ""),
          highlights: (text?.highlights ?? []).map(fill),
          specs: (text?.specs ?? []).map((s) => ({ label: fill(s.label), value: fill(s.value) })),
          paymentMethods: region.settings.paymentMethods,
          installment: product.price ? installmentText(region, product.price.amount) : null,
          labels: {
            price: message(lang, "ui.product.price"),
            paymentMethods: message(lang, "ui.product.paymentMethods"),
            specs: message(lang, "ui.product.specs"),
          },
          sections: sectionsFor(route, region),
        };
      }
      case "region-chooser": {
        const chooser = specs.regionChooser!.data;
        // The region's own language greets its shoppers (us, uk and eu share English); the other
        // five follow for whoever came to the wrong region.
        const languages = Object.keys(chooser.title) as Language[];
        languages.sort((a, b) => Number(b === lang) - Number(a === lang));
        return {
          template,
          headings: languages.map((language) => ({ language, title: chooser.title[language], description: chooser.description[language] })),
          options: chooser.options.map((o) => {
            const target = model.regions.get(o.region)!;
            const path = target.prefix || "/";
            return { label: o.label, country: o.country, region: o.region, href: target.originName === region.originName ? path : target.origin + path };
          }),
        };
      }
      case "where-to-buy":
        return {
          template,
          title,
          dealers: (content?.dealers?.[region.code] ?? []).map((d) => ({
            title: d.title,
            href: d.link,
            address: [d.address].flat(),
            img: d.img ?? null,
          })),
          labels: { visitStore: message(lang, "ui.whereToBuy.visitStore"), address: message(lang, "ui.whereToBuy.address") },
        };
      case "manuals":
        return {
          template,
          title,
          groups: (content?.manuals?.[region.code] ?? []).map((g) => ({
            series: g.series,
            label: specs.catalogue?.data.series?.[g.series] ?? g.series,
            files: g.files.map((f) => ({ ...f, href: `${specs.site!.data.downloads.replace(/\/$/, "")}/${region.code}/${encodeURIComponent(f.name)}` })),
          })),
          labels: {
            name: message(lang, "ui.manuals.name"),
            size: message(lang, "ui.manuals.size"),
            updated: message(lang, "ui.manuals.updated"),
            download: message(lang, "ui.manuals.download"),
          },
        };
      case "login":
        return { template, title, texts: textsOf(specs, lang, "ui.login"), accountHref: regionPath(region.prefix, "account") };
      case "account":
        return { template, title, texts: textsOf(specs, lang, "ui.account"), loginHref: regionPath(region.prefix, "login") };
      case "campaign": {
        const campaign = specs.campaigns.get(route.campaign!)!.data;
        return { template, title, campaign: campaign.name, sections: sectionsFor(route, region) };
      }
    }
  };

  const routes: CompiledRoute[] = [];
  for (const route of model.routes) {
    if (route.childrenOnly) continue;
    const region = model.regions.get(route.region)!;
    const file = fileOf(route.path);
    const window = isoWindow(route.window);
    const prefetch: PrefetchRequest[] = [];
    // Seed 000 §2: the server time is fetched for routes that carry a window.
    if (window) prefetch.push({ baseURL: "", url: specs.api!.data.endpoints.timestamp.path, params: null, data: null, method: "GET", end: "server" });
    if (route.template === "account") prefetch.push({ baseURL: region.group, url: specs.api!.data.endpoints.profile.path, params: null, data: null, method: "GET", end: "client" });
    const manifest: RouteManifest = { path: route.path, region: route.region, locale: region.locale, page: route.page, file, window, redirect: route.redirect, head: null, prefetch };
    if (route.redirect || !route.template) {
      routes.push({ manifest });
      continue;
    }
    const page = pageData(route, region, route.template);
    const content = specs.content.get(route.page)?.data.head[region.language];
    const fill = (text: string) => fillPlaceholders(text, placeholderContext(region));
    const head = buildHead(model, route, region, {
      title: fill(content?.title ?? route.page),
      description: fill(content?.description ?? ""),
      keywords: content?.keywords ?? [],
      product: page.template === "product" ? { card: page.product, description: page.tagline } : null,
    });
    manifest.head = head;
    routes.push({
      manifest,
      data: {
        route: { path: route.path, region: route.region, page: route.page, template: route.template, locale: region.locale, lang: region.hreflang, language: region.language, scrollTo: route.scrollTo },
        head,
        layout: layoutFor(region),
        page,
      },
    });
  }

  return {
    now: now.toISO()!,
    nextChange: time.nextChange,
    fallbacks: [...fallbacks.values()],
    routes,
    modules: generatedModules(model, routes),
    notFound: {
      regions: (specs.site!.data.notFoundRegions ?? [model.defaultRegion])
        .map((code) => model.regions.get(code))
        .filter((r): r is RegionModel => r !== undefined)
        .map((r) => ({
          lang: r.hreflang,
          title: message(r.language, "ui.notFound.title"),
          text: message(r.language, "ui.notFound.text"),
          backHome: message(r.language, "ui.notFound.backHome"),
          href: r.prefix || "/",
        })),
    },
  };
}

/** Instants leave compile as ISO strings with an offset, whatever form the spec used. */
function isoWindow(window: Spec.Window | null): { start: string | null; end: string | null } | null {
  if (!window) return null;
  const iso = (text: string | undefined) => {
    const parsed = text ? parseInstant(text) : null;
    return parsed?.ok ? parsed.instant.toISO({ suppressMilliseconds: true })! : null;
  };
  return { start: iso(window.start), end: iso(window.end) };
}

/** Instalment per month as the seed rounds it (1,699 over 12 months is 141.6). */
export function perMonth(price: number, months: number): number {
  return Math.round((price / months) * 10) / 10;
}

function pick<T extends object, K extends keyof T>(object: T, keys: K[]): Pick<T, K> {
  return Object.fromEntries(keys.map((k) => [k, object[k]])) as Pick<T, K>;
}

/**
 * The modules the runtime bundle imports: shared.ts (regions, API, constants) and one module per
 * region (its layout data, interface texts and routes). They are data only, typed by
 * runtime/generated-types.ts. A route carries its manifest's prefetch list: the router runs it.
 */
function generatedModules(model: SiteModel, compiled: readonly CompiledRoute[]): Map<string, string> {
  const specs = model.specs;
  const modules = new Map<string, string>();
  const header = "// Generated by site build from specs/. Do not edit.\n";
  const json = (value: unknown) => JSON.stringify(value, null, 2);
  const shared = {
    name: model.name,
    defaultRegion: model.defaultRegion,
    regions: Object.fromEntries(
      [...model.regions.values()].map((r) => [
        r.code,
        { code: r.code, prefix: r.prefix, locale: r.locale, lang: r.hreflang, language: r.language, origin: r.origin, group: r.group, storageScope: r.storageScope, fullPageLoads: r.fullPageLoads },
      ]),
    ),
    api: specs.api!.data,
    constants: specs.constants!.data,
    // The region label shown for a country picked in the chooser (us: CA 'Canada - English', OTHER 'Other Regions - English').
    countryLabels: Object.fromEntries(
      [...model.regions.keys()].map((code) => [
        code,
        Object.fromEntries((specs.regionChooser?.data.options ?? []).filter((o) => o.region === code).map((o) => [o.country, o.label])),
      ]),
    ),
  };
  modules.set("shared.ts", `${header}import type { SharedData } from "../../runtime/generated-types.ts";\n\nexport const shared: SharedData = ${json(shared)};\n`);
  const loaders: string[] = [];
  const prefetchOf = new Map(compiled.map(({ manifest }) => [manifest.path, manifest.prefetch]));
  for (const region of model.regions.values()) {
    const routes = model.routes
      .filter((r) => r.region === region.code && !r.childrenOnly)
      .map((r) => ({ path: r.path, page: r.page, template: r.template, window: isoWindow(r.window), scrollTo: r.scrollTo, redirect: r.redirect?.to ?? null, prefetch: prefetchOf.get(r.path) ?? [] }));
    // Only what the runtime reads: the routes (router, windows, prefetch) and the API messages (toasts).
    // Page content stays in the HTML, so an edited price does not change this module.
    const data = {
      code: region.code,
      api: { ...(specs.messages.get(region.language)?.data.api ?? {}) },
      routes,
    };
    modules.set(`regions/${region.code}.ts`, `${header}import type { RegionData } from "../../../runtime/generated-types.ts";\n\nexport const region: RegionData = ${json(data)};\n`);
    loaders.push(`  ${JSON.stringify(region.code)}: () => import("./regions/${region.code}.ts"),`);
  }
  modules.set("regions.ts", `${header}// One chunk per region: a page loads only its own region's data.\nexport const regionLoaders = {\n${loaders.join("\n")}\n} as const;\n`);
  return modules;
}
