// Stage 3, link: the rules that span files (prices against the catalogue and the regions,
// links against routes, pages against templates) and the site model later stages build from.
// Every rule reports against the node it is about; a rule whose input file failed its schema
// is skipped, since validate has already said what is wrong there. This file builds the model
// (regions, products, prices, routes; its types are in model.ts) and checks prices; the rules of
// region files, content, rich sections and campaigns are in rules/.

import { closest, diagnostic, type Diagnostic, type Location, type Result } from "../diagnostics/index.ts";
import { checkContent, checkMessages, checkPlaceholders } from "./rules/content.ts";
import { at, type LinkContext, type Report } from "./context.ts";
import { findPage, forEachPage, pageYamlPath } from "./pages.ts";
import { regionPath } from "./syntax.ts";
import { checkCampaigns } from "./rules/campaigns.ts";
import { checkRegionFiles } from "./rules/navigation.ts";
import { checkSections } from "./rules/sections.ts";
import { campaignStages, campaignWindow, checkWindows, regionZoneOf } from "../time/windows.ts";
import type { DateTime } from "luxon";
import type * as Spec from "../validate/spec-types.ts";
import type { ValidSpecs } from "../validate/index.ts";
import type { Language, ProductModel, RegionModel, RouteModel, SiteModel } from "./model.ts";

export function link(specs: ValidSpecs): Result<SiteModel | undefined> {
  const diagnostics: Diagnostic[] = [];
  const report: Report = (code, args, location) => {
    diagnostics.push(diagnostic(code, args, location));
  };

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
  for (const key of ["xDefault", "notFoundRegions"] as const) site.data[key]?.forEach((code, i) => checkRegion(code, at(site, [key, i])));
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
      zone: regionZoneOf(specs, code) ?? "UTC",
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
  // A column header that names no region (cm for cn) leaves its region without prices: every
  // use there would be "not sold", a cascade with one cause, reported at the header only.
  const columnsBroken = prices !== undefined && prices.data.columns.some((c) => !site.data.regions[c]);
  const uses = new Set<string>();
  const useProduct = (id: string | undefined, region: string, what: string, location: Location) => {
    if (!id || !prices || misalignedRows.has(id)) return;
    uses.add(`${id}@${region}`);
    if (columnsBroken && !prices.data.columns.includes(region)) return;
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
  // A campaign's landing page is seen while the campaign runs in the region: the window is derived.
  const landingWindow = (campaignId: string | undefined, code: string): Spec.Window | null => {
    const campaign = campaignId ? specs.campaigns.get(campaignId)?.data : undefined;
    const window = campaign ? campaignWindow(campaignStages(campaign, code, regionZoneOf(specs, code))) : null;
    if (!window) return null;
    const iso = (t: DateTime) => t.toISO({ suppressMilliseconds: true })!;
    return window.end ? { start: iso(window.start), end: iso(window.end) } : { start: iso(window.start) };
  };
  if (pages) {
    forEachPage(pages.data.pages, (id, page, pagePath) => {
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
          window: carried ? (landingWindow(page.campaign, code) ?? page.window ?? null) : null,
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
    });

    // Redirect targets exist in the same region, and become paths.
    for (const route of routes) {
      if (!route.redirect) continue;
      const yamlPath = [...pageYamlPath(route.page), "redirect", "to"];
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

  const offer = (campaignId: string, product: string, region: string, stage: number): number | null => {
    const offers = specs.campaigns.get(campaignId)?.data.offers?.[region];
    if (!offers) return null;
    const id = canonicalProduct(product);
    const key = Object.keys(offers).find((k) => canonicalProduct(k) === id);
    return key ? (offers[key]![stage - 1] ?? null) : null;
  };
  const upTo = (campaignId: string, region: string, stage: number): number | null => {
    let best: number | null = null;
    for (const product of Object.keys(specs.campaigns.get(campaignId)?.data.offers?.[region] ?? {})) {
      const sale = offer(campaignId, product, region, stage);
      const list = price(product, region);
      if (sale === null || list === null || sale >= list) continue;
      const percent = Math.floor(((list - sale) / list) * 100 + 1e-9);
      if (best === null || percent > best) best = percent;
    }
    return best;
  };

  const cx: LinkContext = { specs, report, regions, routes, routesByPath, checkRegion, checkProduct, checkCampaign, useProduct };
  checkRegionFiles(cx);
  checkContent(cx);
  checkSections(cx);
  checkCampaigns(cx, upTo);

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

  checkMessages(specs, report);
  checkPlaceholders(specs, report);
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
    offer,
    upTo,
    canonicalProduct,
  };
  return { value: model, diagnostics };
}
