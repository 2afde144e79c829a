// Stage 3, link: the rules that span files (prices against the catalogue and the regions,
// links against routes, pages against templates) and the site model later stages build from.
// Every rule reports against the node it is about; a rule whose input file failed its schema
// is skipped, since validate has already said what is wrong there.

import { readdirSync } from "node:fs";
import { closest, diagnostic, type Diagnostic, type DiagnosticCode, type Location, type Result } from "./diagnostics.ts";
import { parseLink } from "./links.ts";
import { locate, type PathSegment } from "./load.ts";
import { placeholderNames, placeholdersIn } from "./placeholders.ts";
import { checkWindows } from "./windows.ts";
import type * as Spec from "./spec-types.ts";
import type { Valid, ValidSpecs } from "./validate.ts";

export type Language = "zh" | "en" | "de" | "fr" | "ja" | "ko";
export type Template = NonNullable<Spec.Page["template"]>;

export interface RegionModel {
  code: string;
  name: string;
  locale: string;
  /** First part of the locale: picks the message table. */
  language: Language;
  /** Tag used in alternate links (the locale unless the site says otherwise). */
  hreflang: string;
  /** "" for the default region, else "/<code>". */
  prefix: string;
  /** Absolute origin, no trailing slash. */
  origin: string;
  originName: string;
  group: "us" | "eu" | "cn";
  /** Local-storage path scope of the session (seed 000 §4). */
  storageScope: "/us" | "/eu" | "/cn";
  fullPageLoads: boolean;
  settings: Spec.RegionalSettings;
}

export interface RouteModel {
  /** Site path: "/" for the default home, "/us" for a region home, "/us/manuals" otherwise. */
  path: string;
  region: string;
  /** Page id from pages.yaml ("where-to-buy/hongkong-macao"). */
  page: string;
  template: Template | null;
  /** Canonical product id (aliases resolved) of a product page. */
  product: string | null;
  campaign: string | null;
  redirect: { to: string; status: 301 | 302 } | null;
  window: Spec.Window | null;
  scrollTo: string | null;
  /** A route that only groups child pages: nothing is served at its own path. */
  childrenOnly: boolean;
}

export interface ProductModel {
  id: string;
  series: string;
  image: string;
  bundle: string[];
  /** Identifiers that name this product too. */
  aliases: string[];
  regions: Record<string, Spec.ProductCatalogue["products"][string]["regions"] extends infer R ? R extends Record<string, infer E> ? E : never : never>;
}

export interface SiteModel {
  specs: ValidSpecs;
  name: string;
  defaultRegion: string;
  regions: Map<string, RegionModel>;
  routes: RouteModel[];
  routesByPath: Map<string, RouteModel>;
  products: Map<string, ProductModel>;
  /** List price of a product (any identifier) in a region, or null where it is not sold. */
  price(product: string, region: string): number | null;
  /** The identifier a product is filed under, aliases resolved; undefined if unknown. */
  canonicalProduct(id: string): string | undefined;
}

export function regionPath(prefix: string, page: string): string {
  const rest = page === "home" || page === "" ? "" : `/${page}`;
  return prefix + rest || "/";
}

const at = (v: Valid<unknown>, path: PathSegment[], key = false): Location => locate(v.spec, path, { key });

export function link(specs: ValidSpecs): Result<SiteModel | undefined> {
  const diagnostics: Diagnostic[] = [];
  const report = <C extends DiagnosticCode>(code: C, args: Parameters<typeof diagnostic<C>>[1], location: Location) =>
    diagnostics.push(diagnostic(code, args, location));

  const { site } = specs;
  if (!site) return { value: undefined, diagnostics };

  // Regions: site.yaml names them; each needs a settings file and a message table.
  const regionCodes = Object.keys(site.data.regions);
  const originNames = Object.keys(site.data.origins);
  const checkRegion = (code: string, location: Location): boolean => {
    if (site.data.regions[code]) return true;
    report("unknown-region", { value: code, known: regionCodes, suggestion: closest(code, regionCodes) }, location);
    return false;
  };
  checkRegion(site.data.defaultRegion, at(site, ["defaultRegion"]));
  const regions = new Map<string, RegionModel>();
  for (const [code, r] of Object.entries(site.data.regions)) {
    if (!site.data.origins[r.origin]) report("unknown-origin", { value: r.origin, known: originNames }, at(site, ["regions", code, "origin"]));
    const settings = specs.regions.get(code);
    const fileIsInvalid = specs.invalid.some((d) => d.kind === "region" && d.name === code);
    if (!settings && !fileIsInvalid) report("missing-region-file", { region: code }, at(site, ["regions", code], true));
    const language = r.locale.slice(0, 2) as Language;
    const messagesInvalid = specs.invalid.some((d) => d.kind === "messages" && d.name === language);
    if (!specs.messages.has(language) && !messagesInvalid) {
      report("missing-messages-file", { language, region: code }, at(site, ["regions", code, "locale"]));
    }
    if (!settings) continue;
    const prefix = code === site.data.defaultRegion ? "" : `/${code}`;
    regions.set(code, {
      code,
      name: r.name,
      locale: r.locale,
      language,
      hreflang: r.hreflang ?? r.locale,
      prefix,
      origin: (site.data.origins[r.origin] ?? "").replace(/\/$/, ""),
      originName: r.origin,
      group: r.group,
      storageScope: `/${r.group}`,
      fullPageLoads: r.fullPageLoads ?? false,
      settings: settings.data,
    });
  }
  for (const [code, file] of specs.regions) {
    if (!site.data.regions[code]) checkRegion(code, { file: file.spec.source.path, offset: 0, length: 0 });
  }

  // Products: aliases resolve to the product they name.
  const catalogue = specs.catalogue;
  const productIds = Object.keys(catalogue?.data.products ?? {});
  const canonicalProduct = (id: string): string | undefined => {
    const seen = new Set<string>();
    let current = id;
    while (catalogue?.data.products[current]?.aliasOf && !seen.has(current)) {
      seen.add(current);
      current = catalogue.data.products[current]!.aliasOf!;
    }
    return catalogue?.data.products[current] ? current : undefined;
  };
  const checkProduct = (id: string, location: Location): string | undefined => {
    if (!catalogue) return undefined;
    const canonical = canonicalProduct(id);
    if (!canonical) report("unknown-product", { value: id, suggestion: closest(id, productIds) }, location);
    return canonical;
  };
  const products = new Map<string, ProductModel>();
  if (catalogue) {
    for (const [id, p] of Object.entries(catalogue.data.products)) {
      if (p.aliasOf) {
        checkProduct(p.aliasOf, at(catalogue, ["products", id, "aliasOf"]));
        if (p.regions) report("alias-with-facts", { alias: id, target: p.aliasOf }, at(catalogue, ["products", id, "regions"], true));
        continue;
      }
      p.bundle?.forEach((member, i) => checkProduct(member, at(catalogue, ["products", id, "bundle", i])));
      for (const code of Object.keys(p.regions ?? {})) checkRegion(code, at(catalogue, ["products", id, "regions", code], true));
      products.set(id, { id, series: p.series, image: p.image, bundle: p.bundle ?? [], aliases: [], regions: p.regions ?? {} });
    }
    for (const [id, p] of Object.entries(catalogue.data.products)) {
      const target = p.aliasOf ? canonicalProduct(id) : undefined;
      if (target) products.get(target)?.aliases.push(id);
    }
  }

  // Prices: one row per product, one cell per column.
  const prices = specs.prices;
  const priceCells = new Map<string, Map<string, number | null>>();
  const misalignedRows = new Set<string>();
  if (prices) {
    const columns = prices.data.columns;
    columns.forEach((code, i) => checkRegion(code, at(prices, ["columns", i])));
    for (const [id, row] of Object.entries(prices.data.list)) {
      const entry = catalogue?.data.products[id];
      if (entry?.aliasOf) {
        report("price-on-alias", { alias: id, target: entry.aliasOf }, at(prices, ["list", id], true));
        continue;
      }
      if (!checkProduct(id, at(prices, ["list", id], true))) continue;
      // A row of the wrong length (reported by validate) has no telling which cell is missing.
      if (row.length !== columns.length) {
        misalignedRows.add(id);
        continue;
      }
      priceCells.set(id, new Map(columns.map((code, i) => [code, row[i] ?? null])));
    }
  }
  const price = (product: string, region: string): number | null => {
    const id = canonicalProduct(product) ?? product;
    return priceCells.get(id)?.get(region) ?? null;
  };

  // Uses of a product in a region, to check against its price: a page, a nav entry, a buy link.
  const uses = new Set<string>();
  const useProduct = (id: string | undefined, region: string, what: string, location: Location) => {
    if (!id || !prices || misalignedRows.has(id)) return;
    uses.add(`${id}@${region}`);
    if (price(id, region) === null) report("product-not-sold", { product: id, region, use: what }, location);
  };
  if (catalogue) {
    for (const [id, p] of products) {
      for (const [code, facts] of Object.entries(p.regions)) {
        if (facts.buy) useProduct(id, code, `catalogue.yaml gives it a buy link there`, at(catalogue, ["products", id, "regions", code, "buy"]));
      }
    }
  }

  // Pages become routes, one per region that carries them.
  const routes: RouteModel[] = [];
  const routesByPath = new Map<string, RouteModel>();
  const pages = specs.pages;
  const campaignIds = [...specs.campaigns.keys()];
  const campaignsChecked = !specs.invalid.some((d) => d.kind === "campaign");
  const checkCampaign = (id: string, location: Location): boolean => {
    if (specs.campaigns.has(id)) return true;
    if (campaignsChecked) report("unknown-campaign", { value: id, suggestion: closest(id, campaignIds) }, location);
    return false;
  };
  if (pages) {
    const addPages = (entries: Record<string, Spec.Page>, parentId: string | null, yamlPath: PathSegment[]) => {
      for (const [key, page] of Object.entries(entries)) {
        const id = parentId ? `${parentId}/${key}` : key;
        const pagePath = [...yamlPath, key];
        const pageRegions = page.regions === "all" ? regionCodes : page.regions;
        const regionLocation = (code: string) =>
          page.regions === "all" ? at(pages, [...pagePath, "regions"]) : at(pages, [...pagePath, "regions", page.regions.indexOf(code)]);
        const childRegions = new Set(
          Object.values(page.children ?? {}).flatMap((c) => (c.regions === "all" ? regionCodes : c.regions)),
        );
        const product = page.product ? checkProduct(page.product, at(pages, [...pagePath, "product"])) : undefined;
        if (page.campaign) checkCampaign(page.campaign, at(pages, [...pagePath, "campaign"]));
        if (page.template === "product" && !page.product) report("page-missing-subject", { page: id, template: "product", field: "product" }, at(pages, pagePath, true));
        if (page.template === "campaign" && !page.campaign) report("page-missing-subject", { page: id, template: "campaign", field: "campaign" }, at(pages, pagePath, true));

        const emptyIn = pageRegions.filter((code) => !page.template && !page.redirect && !childRegions.has(code));
        if (emptyIn.length > 0) report("page-without-target", { page: id, regions: emptyIn }, at(pages, pagePath, true));

        // A region gets this route if the page is there, or if one of its children is (a grouping route).
        for (const code of new Set([...pageRegions, ...childRegions])) {
          const carried = pageRegions.includes(code);
          if (carried && !checkRegion(code, regionLocation(code))) continue;
          const region = regions.get(code);
          if (!region) continue;
          if (carried && page.template === "product") useProduct(product, code, `the page ${id} shows it there`, regionLocation(code));
          const route: RouteModel = {
            path: regionPath(region.prefix, id),
            region: code,
            page: id,
            template: carried ? (page.template ?? null) : null,
            product: carried ? (product ?? null) : null,
            campaign: carried ? (page.campaign ?? null) : null,
            redirect: carried && page.redirect ? { to: page.redirect.to, status: page.redirect.status } : null,
            window: carried ? (page.window ?? null) : null,
            scrollTo: carried ? (page.scrollTo ?? null) : null,
            childrenOnly: !carried,
          };
          const existing = routesByPath.get(route.path);
          if (existing) {
            report("duplicate-route", { path: route.path, other: existing.page }, at(pages, pagePath, true));
            continue;
          }
          routes.push(route);
          routesByPath.set(route.path, route);
        }
        if (page.children) addPages(page.children, id, [...pagePath, "children"]);
      }
    };
    addPages(pages.data.pages, null, ["pages"]);

    // Redirect targets exist in the same region, and become paths.
    for (const route of routes) {
      if (!route.redirect) continue;
      const yamlPath = ["pages", ...route.page.split("/").flatMap((s, i) => (i === 0 ? [s] : ["children", s])), "redirect", "to"];
      const target = route.redirect.to;
      if (!findPage(pages.data.pages, target)) {
        report("unknown-page", { value: target, suggestion: closest(target, routes.map((r) => r.page)) }, at(pages, yamlPath));
        continue;
      }
      const region = regions.get(route.region)!;
      const targetPath = regionPath(region.prefix, target);
      const targetRoute = routesByPath.get(targetPath);
      if (!targetRoute || targetRoute.childrenOnly) {
        report("redirect-out-of-region", { page: route.page, to: target, region: route.region }, at(pages, yamlPath));
        continue;
      }
      route.redirect = { ...route.redirect, to: targetPath };
    }
  }

  // Links in region files: navigation, footer, banners, header entries.
  const checkLink = (region: RegionModel, file: Valid<unknown>, path: PathSegment[], text: string) => {
    const parsed = parseLink(text);
    if (parsed.kind !== "internal") return;
    const param = /(^|\/)(:[a-z0-9_-]+)/i.exec(parsed.path)?.[2];
    if (param) {
      report("link-missing-param", { link: text, param }, at(file, path));
      return;
    }
    if (!pages) return;
    const resolved = parsed.absolute ? `/${parsed.path}` : regionPath(region.prefix, parsed.path);
    const route = routesByPath.get(resolved);
    if (!route || route.childrenOnly) report("broken-link", { link: text, region: region.code, resolved }, at(file, path));
  };
  for (const [code, file] of specs.regions) {
    const region = regions.get(code);
    if (!region) continue;
    const s = file.data;
    for (const key of ["home", "shop", "account"] as const) {
      const entry = s[key];
      if (entry) checkLink(region, file, [key, "link"], entry.link);
    }
    s.footerNavs.forEach((n, i) => checkLink(region, file, ["footerNavs", i, "link"], n.link));
    s.textBanner?.forEach((b, i) => {
      checkLink(region, file, ["textBanner", i, "link"], b.link);
      if (b.campaign) checkStages(b.campaign, b.stage, file, ["textBanner", i]);
    });
    const walkNav = (items: Spec.NavItem[], path: PathSegment[]) =>
      items.forEach((item, i) => {
        const p = [...path, i];
        if (item.link !== undefined) checkLink(region, file, [...p, "link"], item.link);
        if (item.identify) {
          const id = checkProduct(item.identify, at(file, [...p, "identify"]));
          useProduct(id, code, `the navigation shows it there`, at(file, [...p, "identify"]));
        }
        if (item.campaign) checkStages(item.campaign, item.stage, file, p);
        if (item.children) walkNav(item.children, [...p, "children"]);
      });
    walkNav(s.navigation, ["navigation"]);
  }

  function checkStages(campaign: string, stages: number[] | undefined, file: Valid<unknown>, path: PathSegment[]) {
    if (!checkCampaign(campaign, at(file, [...path, "campaign"]))) return;
    const count = specs.campaigns.get(campaign)!.data.stages.length;
    stages?.forEach((stage, i) => {
      if (stage > count) report("unknown-stage", { campaign, stage, count }, at(file, [...path, "stage", i]));
    });
  }

  // Content: every page a template renders has its texts for every region that carries it.
  if (pages) checkContent();

  function checkContent() {
    const contentChecked = !specs.invalid.some((d) => d.kind === "content");
    for (const [id, file] of specs.content) {
      if (!findPage(pages!.data.pages, id)) {
        report("unknown-page", { value: id, suggestion: closest(id, routes.map((r) => r.page)) }, at(file, []));
      }
      for (const { name, path } of unknownPlaceholders(file.data)) {
        report("unknown-placeholder", { name, known: placeholderNames, suggestion: closest(name, placeholderNames) }, at(file, path));
      }
    }
    // What each template needs beyond head, and whether it is written per language or per region.
    const needs: Partial<Record<Template, { block: "hero" | "body" | "product" | "dealers" | "manuals"; per: "language" | "region"; what: string }>> = {
      home: { block: "hero", per: "language", what: "hero" },
      article: { block: "body", per: "language", what: "body text" },
      product: { block: "product", per: "language", what: "product text" },
      "where-to-buy": { block: "dealers", per: "region", what: "dealer list" },
      manuals: { block: "manuals", per: "region", what: "manual list" },
    };
    const missing = new Map<string, { page: string; what: string; regions: string[]; location: Location }>();
    const miss = (page: string, what: string, region: string, location: Location) => {
      const key = `${page}|${what}`;
      const entry = missing.get(key) ?? { page, what, regions: [], location };
      entry.regions.push(region);
      missing.set(key, entry);
    };
    for (const route of routes) {
      if (!route.template || route.childrenOnly) continue;
      const region = regions.get(route.region)!;
      const pageKey = at(pages!, ["pages", ...route.page.split("/").flatMap((s, i) => (i === 0 ? [s] : ["children", s]))], true);
      const content = specs.content.get(route.page);
      if (!content) {
        if (contentChecked) miss(route.page, "content file", route.region, pageKey);
        continue;
      }
      if (!content.data.head[region.language]) miss(route.page, `${region.language} head (title, description, keywords)`, route.region, at(content, ["head"], true));
      const need = needs[route.template];
      if (need) {
        const key = need.per === "language" ? region.language : region.code;
        const block = content.data[need.block] as Record<string, unknown> | undefined;
        if (!block?.[key]) miss(route.page, `${need.what} for ${need.per === "language" ? `language ${key}` : `region ${key}`}`, route.region, at(content, [need.block], true));
      }
      content.data.body?.[region.language]?.forEach((section, i) =>
        section.links?.forEach((l, j) => checkLink(region, content, ["body", region.language, i, "links", j, "link"], l.link)),
      );
    }
    for (const m of missing.values()) report("missing-content", { page: m.page, regions: m.regions, what: m.what }, m.location);
  }

  // Rich sections: the products they show are sold there, their links lead somewhere, their
  // tabs point at sections of the same page, their stages exist, their images exist.
  const imageKeys = availableImages();
  const checkImage = (key: string | undefined, location: Location) => {
    if (key !== undefined && imageKeys && !imageKeys.has(key)) report("missing-image", { key }, location);
  };
  if (catalogue) {
    for (const [id, p] of Object.entries(catalogue.data.products)) checkImage(p.image, at(catalogue, ["products", id, "image"]));
  }
  if (specs.organisation) checkImage(specs.organisation.data.logo, at(specs.organisation, ["logo"]));
  for (const [pageId, content] of specs.content) {
    for (const [code, sections] of Object.entries(content.data.sections ?? {})) {
      if (!checkRegion(code, at(content, ["sections", code], true))) continue;
      const region = regions.get(code);
      if (!region) continue;
      const pageCampaign = findPage(pages?.data.pages ?? {}, pageId)?.campaign;
      const ids = new Set(sections.flatMap((s) => [s.id, ...(s.type === "products" ? s.groups.map((g) => g.id) : [])]).filter(Boolean));
      const pagePath = regionPath(region.prefix, pageId);
      /** A link to an #anchor of this same page must name a section (or product group) it has. */
      const checkAnchor = (text: string, where: PathSegment[]) => {
        const parsed = parseLink(text);
        if (parsed.kind !== "internal" || !parsed.anchor) return;
        const target = parsed.absolute ? `/${parsed.path}` : regionPath(region.prefix, parsed.path);
        if ((parsed.path === "" && !parsed.absolute) || target === pagePath) {
          if (!ids.has(parsed.anchor)) report("broken-anchor", { link: text, page: pageId, region: code }, at(content, where));
        }
      };
      sections.forEach((section, i) => {
        const path: PathSegment[] = ["sections", code, i];
        const show = (productId: string, where: PathSegment[]) => {
          const canonical = checkProduct(productId, at(content, where));
          useProduct(canonical, code, `page ${pageId} shows it there`, at(content, where));
        };
        const campaignId = section.campaign ?? pageCampaign;
        if (section.campaign) checkCampaign(section.campaign, at(content, [...path, "campaign"]));
        if (section.stage && campaignId && specs.campaigns.has(campaignId)) {
          const count = specs.campaigns.get(campaignId)!.data.stages.length;
          section.stage.forEach((stage, j) => {
            if (stage > count) report("unknown-stage", { campaign: campaignId, stage, count }, at(content, [...path, "stage", j]));
          });
        }
        if ("image" in section) checkImage(section.image, at(content, [...path, "image"]));
        switch (section.type) {
          case "preview":
            section.products.forEach((p, j) => show(p, [...path, "products", j]));
            break;
          case "products":
            section.groups.forEach((g, j) => g.items.forEach((item, k) => show(item.product, [...path, "groups", j, "items", k, "product"])));
            break;
          case "cards":
            section.items.forEach((item, j) => {
              if (item.product) show(item.product, [...path, "items", j, "product"]);
              if (item.link) checkLink(region, content, [...path, "items", j, "link"], item.link);
              checkImage(item.image, at(content, [...path, "items", j, "image"]));
            });
            break;
          case "comparison":
            section.products.forEach((p, j) => show(p, [...path, "products", j]));
            break;
          case "offers":
            section.items.forEach((item, j) => {
              if (item.link) checkLink(region, content, [...path, "items", j, "link"], item.link);
              if (item.link) checkAnchor(item.link, [...path, "items", j, "link"]);
              checkImage(item.image, at(content, [...path, "items", j, "image"]));
            });
            break;
          case "quotes":
            section.items.forEach((item, j) => checkImage(item.icon, at(content, [...path, "items", j, "icon"])));
            break;
          case "gallery":
            section.images.forEach((key, j) => checkImage(key, at(content, [...path, "images", j])));
            break;
          case "tabs":
            section.items.forEach((item, j) => {
              if (!ids.has(item.link.slice(1))) report("broken-anchor", { link: item.link, page: pageId, region: code }, at(content, [...path, "items", j, "link"]));
            });
            break;
          case "booking":
            // The booking sells the product of its page.
            if (!findPage(pages?.data.pages ?? {}, pageId)?.product) {
              report("page-missing-subject", { page: pageId, template: "booking section", field: "product" }, at(content, [...path, "type"]));
            }
            break;
          case "banner":
          case "promo":
            if (section.link) checkLink(region, content, [...path, "link"], section.link);
            if (section.link) checkAnchor(section.link, [...path, "link"]);
            break;
        }
      });
    }
  }

  // Campaign prices: one per stage, for products sold in the region, below the list price.
  for (const [id, campaign] of specs.campaigns) {
    const stageCount = campaign.data.stages.length;
    for (const [code, products] of Object.entries(campaign.data.offers ?? {})) {
      if (!checkRegion(code, at(campaign, ["offers", code], true))) continue;
      for (const [productId, row] of Object.entries(products)) {
        const where = at(campaign, ["offers", code, productId]);
        const canonical = checkProduct(productId, at(campaign, ["offers", code, productId], true));
        if (!canonical) continue;
        useProduct(canonical, code, `campaign ${id} offers it there`, at(campaign, ["offers", code, productId], true));
        if (row.length !== stageCount) report("offer-row-length", { product: productId, region: code, count: row.length, stages: stageCount }, where);
        const list = price(canonical, code);
        row.forEach((value, i) => {
          if (value !== null && list !== null && value >= list) {
            report("campaign-price-not-below-list", { product: productId, region: code, stage: i + 1, price: value, list }, at(campaign, ["offers", code, productId, i]));
          }
        });
      }
    }
  }

  // Campaigns run in known regions; per-region instants name only those regions.
  for (const [, campaign] of specs.campaigns) {
    campaign.data.regions.forEach((code, i) => checkRegion(code, at(campaign, ["regions", i])));
    campaign.data.stages.forEach((stage, i) => {
      for (const key of ["start", "end"] as const) {
        const value = stage[key];
        if (value && typeof value === "object") {
          for (const code of Object.keys(value)) checkRegion(code, at(campaign, ["stages", i, key, code], true));
        }
      }
    });
  }

  // Region chooser options lead to known regions.
  const chooser = specs.regionChooser;
  chooser?.data.options.forEach((o, i) => checkRegion(o.region, at(chooser, ["options", i, "region"])));

  // A price nobody can see is probably a mistake (or a product about to be launched).
  if (prices && catalogue && pages && specs.regions.size > 0) {
    for (const [id, cells] of priceCells) {
      for (const [code, value] of cells) {
        if (value !== null && !uses.has(`${id}@${code}`) && regions.has(code)) {
          const column = prices.data.columns.indexOf(code);
          report("price-unused", { product: id, region: code }, at(prices, ["list", id, column]));
        }
      }
    }
  }

  checkMessages(specs, diagnostics);
  diagnostics.push(...checkWindows(specs, regionCodes));

  const model: SiteModel = {
    specs,
    name: site.data.name,
    defaultRegion: site.data.defaultRegion,
    regions,
    routes,
    routesByPath,
    products,
    price,
    canonicalProduct,
  };
  return { value: model, diagnostics };
}

/** Image keys that have an asset in templates/images (null: the folder is missing, nothing to check against). */
function availableImages(): Set<string> | null {
  const dir = new URL("../templates/images/", import.meta.url);
  try {
    return new Set(readdirSync(dir).map((f) => f.replace(/\.[a-z]+$/, "")));
  } catch {
    return null;
  }
}

/**
 * The unknown placeholders of a file's data and where they are. They depend on nothing else, so
 * they are remembered by data object: site dev's loader keeps the data of unchanged files.
 */
function unknownPlaceholders(data: object): { name: string; path: PathSegment[] }[] {
  let found = unknownPlaceholdersOf.get(data);
  if (!found) {
    const list: { name: string; path: PathSegment[] }[] = [];
    forEachText(data, [], (text, path) => {
      for (const name of placeholdersIn(text)) if (!(placeholderNames as string[]).includes(name)) list.push({ name, path });
    });
    unknownPlaceholdersOf.set(data, (found = list));
  }
  return found;
}
const unknownPlaceholdersOf = new WeakMap<object, { name: string; path: PathSegment[] }[]>();

function forEachText(value: unknown, path: PathSegment[], visit: (text: string, path: PathSegment[]) => void) {
  if (typeof value === "string") visit(value, path);
  else if (Array.isArray(value)) value.forEach((v, i) => forEachText(v, [...path, i], visit));
  else if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) forEachText(v, [...path, k], visit);
}

function findPage(pages: Record<string, Spec.Page>, id: string): Spec.Page | undefined {
  const [head, ...rest] = id.split("/");
  let page = pages[head!];
  for (const segment of rest) page = page?.children?.[segment];
  return page;
}

/** Every message key should exist in every language: at run time a missing one is empty text. */
function checkMessages(specs: ValidSpecs, diagnostics: Diagnostic[]) {
  const keysOf = (value: unknown, prefix: string[] = []): string[][] =>
    value && typeof value === "object"
      ? Object.entries(value).flatMap(([k, v]) => keysOf(v, [...prefix, k]))
      : [prefix];
  const tables = [...specs.messages.entries()];
  const keySets = new Map(tables.map(([lang, t]) => [lang, new Set(keysOf(t.data).map((k) => k.join(".")))]));
  const all = new Map<string, string[]>();
  for (const [, t] of tables) for (const k of keysOf(t.data)) all.set(k.join("."), k);
  for (const [key, path] of all) {
    const presentIn = tables.find(([lang]) => keySets.get(lang)!.has(key))![1];
    for (const [lang, table] of tables) {
      if (keySets.get(lang)!.has(key)) continue;
      // Point at the deepest part of the path the lacking file does have: that is where it goes.
      let depth = path.length - 1;
      let node: unknown = table.data;
      for (let i = 0; i < path.length - 1; i++) {
        const next = (node as Record<string, unknown> | undefined)?.[path[i]!];
        if (!next || typeof next !== "object") {
          depth = i;
          break;
        }
        node = next;
      }
      diagnostics.push(
        diagnostic(
          "missing-message",
          { key, presentIn: presentIn.spec.source.path, missingIn: table.spec.source.path },
          locate(table.spec, path.slice(0, depth), { key: depth > 0 }),
        ),
      );
    }
  }
}
