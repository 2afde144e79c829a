// Stage 4, compile: the site model at an instant becomes what the later stages need: one
// RouteData per route (what its template shows), the route manifests (head, alternates,
// JSON-LD, window, prefetch) and the typed modules the runtime imports. Every derived value
// (hrefs, formatted prices, instalments, availability, NEW tags) is computed once, in the
// build's CompileContext.

import type { DateTime } from "luxon";
import { buildHead } from "./head.ts";
import type { Language, RegionModel, RouteModel, SiteModel, Template } from "../link/model.ts";
import { regionPath } from "../link/syntax.ts";
import { textsOf } from "../link/messages.ts";
import { resolveInForce, type SiteInForce } from "../time/index.ts";
import { paragraphsOf } from "../link/placeholders.ts";
import type { ArticleSection, PageData, ProductCard, RouteData, SectionData } from "./route-data.ts";
import { compileSections } from "./sections.ts";
import type * as Spec from "../validate/spec-types.ts";
import { CompileContext, type Fallback } from "./context.ts";
import { routeManifest, type RouteManifest } from "./manifest.ts";
import { generatedModules } from "./modules.ts";

export type { Fallback } from "./context.ts";
export type { PrefetchRequest, RouteManifest } from "./manifest.ts";

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

export function compile(fullModel: SiteModel, now: DateTime): CompiledSite {
  // The time stage decides, once, what is in force at `now`; nothing below compares instants.
  const time = resolveInForce(fullModel, now);
  const model = siteAt(fullModel, time);
  const cx = new CompileContext(model, time);
  const routes = model.routes.filter((route) => !route.childrenOnly).map((route) => compileRoute(cx, route));
  return {
    now: now.toISO()!,
    nextChange: time.nextChange,
    // Taken before the 404 page's texts are looked up: a fallback only that page shows is not listed.
    fallbacks: cx.fallbacks(),
    routes,
    modules: generatedModules(model, routes.map((r) => r.manifest)),
    notFound: { regions: notFoundTexts(cx) },
  };
}

/**
 * The site at the instant. Embargo: a page whose window has not started does not exist yet: no
 * HTML, no manifest, no alternate, no link to it. A page whose window is over is a redirect to its
 * region's home.
 */
export function siteAt(model: SiteModel, time: SiteInForce): SiteModel {
  const open = model.routes.filter((r) => time.routeState(r) === "open");
  const over = model.routes
    .filter((r) => time.routeState(r) === "over" && !r.childrenOnly)
    .map((r): RouteModel => ({ ...r, template: null, redirect: { to: model.regions.get(r.region)!.prefix || "/", status: 302 } }));
  return { ...model, routes: [...open, ...over], routesByPath: new Map(open.map((r) => [r.path, r])) };
}

function compileRoute(cx: CompileContext, route: RouteModel): CompiledRoute {
  const region = cx.model.regions.get(route.region)!;
  const manifest = routeManifest(cx.model, route, region);
  if (route.redirect || !route.template) return { manifest };
  const page = pageData(cx, route, region, route.template);
  const head = buildHead(cx.model, route, region, {
    title: cx.pageTitle(route, region),
    description: cx.fill(region, cx.pageContent(route)?.head[region.language]?.description ?? ""),
    keywords: cx.pageContent(route)?.head[region.language]?.keywords ?? [],
    product: page.template === "product" ? { card: page.product, description: page.tagline } : null,
  });
  manifest.head = head;
  return {
    manifest,
    data: {
      route: { path: route.path, region: route.region, page: route.page, template: route.template, locale: region.locale, lang: region.hreflang, language: region.language, scrollTo: route.scrollTo },
      head,
      layout: cx.layout(region),
      page,
    },
  };
}

/** The site-wide 404 page's texts, one block per region site.yaml names for it. */
function notFoundTexts(cx: CompileContext): CompiledSite["notFound"]["regions"] {
  const model = cx.model;
  return (model.specs.site!.data.notFoundRegions ?? [model.defaultRegion])
    .map((code) => model.regions.get(code))
    .filter((r): r is RegionModel => r !== undefined)
    .map((r) => ({
      lang: r.hreflang,
      title: cx.message(r.language, "ui.notFound.title"),
      text: cx.message(r.language, "ui.notFound.text"),
      backHome: cx.message(r.language, "ui.notFound.backHome"),
      href: r.prefix || "/",
    }));
}

/** The home's promotion banners of live campaigns, as banner sections of their campaign. */
function promotionBanners(cx: CompileContext, region: RegionModel): Spec.RichSection[] {
  return cx.time
    .region(region.code)
    .promotions.filter((p) => p.entry.homeBanner)
    .map(({ campaign, stage, link, entry }) => ({ type: "banner", id: `promotion-${campaign}`, campaign, stage: [stage.number], link, ...entry.homeBanner! }));
}

function sectionsFor(cx: CompileContext, route: RouteModel, region: RegionModel): SectionData[] {
  const written = cx.pageContent(route)?.sections?.[region.code] ?? [];
  const list = route.template === "home" ? [...promotionBanners(cx, region), ...written] : written;
  if (list.length === 0) return [];
  const inForce = cx.time.region(region.code);
  return compileSections(list, {
    model: cx.model,
    region,
    time: inForce,
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

function pageData(cx: CompileContext, route: RouteModel, region: RegionModel, template: Template): PageData {
  const content = cx.pageContent(route);
  const specs = cx.model.specs;
  const lang = region.language;
  const fill = (text: string) => cx.fill(region, text);
  const title = cx.pageTitle(route, region);
  switch (template) {
    case "home": {
      const hero = content?.hero?.[lang];
      const products = [...cx.productPages(region).keys()]
        .map((productId) => cx.productCard(region, productId))
        .filter((c): c is ProductCard => c !== null);
      return {
        template,
        hero: { title: fill(hero?.title ?? title), subtitle: hero?.subtitle ? fill(hero.subtitle) : null },
        products,
        learnMore: region.settings.labels.learnMore,
        sections: sectionsFor(cx, route, region),
      };
    }
    case "article":
      return {
        template,
        title,
        // A text about a campaign (its announcement) is published when the campaign begins.
        sections: (content?.body?.[lang] ?? []).filter((section) => !section.campaign || cx.time.region(region.code).begun(section.campaign)).map(
          (section): ArticleSection => ({
            heading: section.heading ? fill(section.heading) : null,
            paragraphs: paragraphsOf(fill(section.text)),
            list: (section.list ?? []).map(fill),
            links: (section.links ?? []).map((l) => cx.linkOf(region, fill(l.label), l.link)).filter((l) => l.href),
          }),
        ),
      };
    case "product": {
      const product = cx.productCard(region, route.product!)!;
      const text = content?.product?.[lang];
      return {
        template,
        product,
        tagline: fill(text?.tagline ?? ""),
        highlights: (text?.highlights ?? []).map(fill),
        specs: (text?.specs ?? []).map((s) => ({ label: fill(s.label), value: fill(s.value) })),
        paymentMethods: region.settings.paymentMethods,
        installment: product.price ? cx.installmentText(region, product.price.amount) : null,
        labels: {
          price: cx.message(lang, "ui.product.price"),
          paymentMethods: cx.message(lang, "ui.product.paymentMethods"),
          specs: cx.message(lang, "ui.product.specs"),
        },
        sections: sectionsFor(cx, route, region),
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
          const target = cx.model.regions.get(o.region)!;
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
        labels: { visitStore: cx.message(lang, "ui.whereToBuy.visitStore"), address: cx.message(lang, "ui.whereToBuy.address") },
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
          name: cx.message(lang, "ui.manuals.name"),
          size: cx.message(lang, "ui.manuals.size"),
          updated: cx.message(lang, "ui.manuals.updated"),
          download: cx.message(lang, "ui.manuals.download"),
        },
      };
    case "login":
      return { template, title, texts: textsOf(specs, lang, "ui.login"), accountHref: regionPath(region.prefix, "account") };
    case "account":
      return { template, title, texts: textsOf(specs, lang, "ui.account"), loginHref: regionPath(region.prefix, "login") };
    case "campaign": {
      const campaign = specs.campaigns.get(route.campaign!)!.data;
      return { template, title, campaign: campaign.name, sections: sectionsFor(cx, route, region) };
    }
  }
}
