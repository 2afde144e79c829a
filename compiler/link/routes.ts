// The routes of the model: every page of pages.yaml in every region that carries it, its window
// (derived from its campaign), its redirect resolved to a path.

import type { DateTime } from "luxon";
import { closest, type Location } from "../diagnostics/index.ts";
import type { PathSegment } from "../load/index.ts";
import { campaignStages, campaignWindow, regionZoneOf } from "../time/windows.ts";
import type { Valid, ValidSpecs } from "../validate/index.ts";
import type * as Spec from "../validate/spec-types.ts";
import { at, type LinkContext, type Report } from "./context.ts";
import type { RouteModel } from "./model.ts";
import { findPage, forEachPage, pageRegions, pageYamlPath, regionEntryPath } from "./pages.ts";
import type { Products } from "./products.ts";
import { originsByHost, type Regions } from "./regions.ts";
import { regionPath } from "./syntax.ts";
import { byCodeUnit } from "../order.ts";

export interface Routes {
  routes: RouteModel[];
  routesByPath: Map<string, RouteModel>;
  /** True when the campaign is known; else reports it. */
  checkCampaign(id: string, location: Location): boolean;
  /** The campaigns a spec names (checkCampaign found them): a renamed one is not among them. */
  campaignsNamed: ReadonlySet<string>;
}

export function buildRoutes(
  specs: ValidSpecs,
  report: Report,
  { regions, regionCodes, checkRegion }: Regions,
  { checkProduct }: Products,
  { noteProductUse, mistakenProductPages }: Pick<LinkContext, "noteProductUse" | "mistakenProductPages">,
): Routes {
  const routes: RouteModel[] = [];
  const routesByPath = new Map<string, RouteModel>();
  const pages = specs.pages;
  const campaignIds = [...specs.campaigns.keys()];
  const campaignsChecked = !specs.invalid.some((d) => d.kind === "campaign");
  const campaignsNamed = new Set<string>();
  const checkCampaign = (id: string, location: Location): boolean => {
    if (specs.campaigns.has(id)) {
      campaignsNamed.add(id);
      return true;
    }
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
      const where = (...path: PathSegment[]) => at(pages, [...pagePath, ...path]);
      const carriedIn = pageRegions(page, regionCodes);
      const childRegions = new Set(
        Object.values(page.children ?? {}).flatMap((child) => pageRegions(child, regionCodes)),
      );
      const product = page.product ? checkProduct(page.product, where("product")) : undefined;
      checkPageSubject(id, page, where, at(pages, pagePath, true), report, checkCampaign);
      const emptyIn = carriedIn.filter((code) => !page.template && !page.redirect && !childRegions.has(code));
      if (emptyIn.length > 0) report("page-without-target", { page: id, regions: emptyIn }, at(pages, pagePath, true));

      // A region gets this route if the page is there, or if one of its children is (a grouping route).
      for (const code of new Set([...carriedIn, ...childRegions])) {
        const carried = carriedIn.includes(code);
        const regionLocation = where(...regionEntryPath(page, code));
        // `regions: all` names no region of its own: every code it stands for is known.
        if (carried && page.regions !== "all" && !checkRegion(code, regionLocation, page.regions)) continue;
        const region = regions.get(code);
        if (!region) continue;
        // A page whose product: is the mistake is to show the product it means: that one's use.
        if (carried && page.template === "product")
          noteProductUse(
            mistakenProductPages.get(id)?.meant ?? product,
            code,
            `the page ${id} shows it there`,
            regionLocation,
          );
        const route = carried
          ? carriedRoute(id, page, region.prefix, code, product, landingWindow(page.campaign, code))
          : groupingRoute(id, region.prefix, code);
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
        const suggestion =
          pageAtAddress(target, routesByPath, specs.site) ??
          closest(
            target,
            routes.map((r) => r.page),
          );
        report("unknown-page", { value: target, suggestion }, at(pages, yamlPath));
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
    checkRedirectChains(routes, routesByPath, pages, report);
  }

  return { routes, routesByPath, checkCampaign, campaignsNamed };
}

/**
 * The page at a site path or at an address of the site's own origins, written where a page id
 * belongs (a redirect's `to: /us/flagship-bumblebee`): its id.
 */
function pageAtAddress(
  written: string,
  routesByPath: ReadonlyMap<string, RouteModel>,
  site: Valid<Spec.Site> | undefined,
): string | undefined {
  let path = written;
  if (/^https:\/\//i.test(written)) {
    try {
      const url = new URL(written);
      if (!site || !originsByHost(site.data).has(url.host.toLowerCase())) return undefined;
      path = url.pathname;
    } catch {
      return undefined;
    }
  }
  if (!path.startsWith("/")) return undefined;
  return routesByPath.get(path.replace(/\/+$/, "") || "/")?.page;
}

/**
 * A redirect leads to a page: one that leads back round to itself (new-release to new-release,
 * or two pages to each other) would send browsers back and forth until they give up (an error,
 * once per loop of pages); one that leads to another redirect makes two hops where one would do
 * (a warning, with where it ends).
 */
function checkRedirectChains(
  routes: readonly RouteModel[],
  routesByPath: ReadonlyMap<string, RouteModel>,
  pages: Valid<Spec.Pages>,
  report: Report,
): void {
  const told = new Set<string>();
  for (const route of routes) {
    if (!route.redirect) continue;
    const hops = [route];
    let next = routesByPath.get(route.redirect.to);
    while (next?.redirect && !hops.includes(next)) {
      hops.push(next);
      next = routesByPath.get(next.redirect.to);
    }
    const looped = next !== undefined && hops.includes(next);
    const where = (page: string) => at(pages, [...pageYamlPath(page), "redirect", "to"]);
    if (looped) {
      const loop = hops.slice(hops.indexOf(next!)).map((r) => r.page);
      const first = [...loop].sort(byCodeUnit)[0]!;
      const key = `loop ${[...loop].sort(byCodeUnit).join(" ")}`;
      if (!told.has(key)) {
        told.add(key);
        const from = loop.indexOf(first);
        report("redirect-loop", { loop: [...loop.slice(from), ...loop.slice(0, from), first] }, where(first));
      }
    } else if (hops.length > 1 && next && !told.has(`chain ${route.page}`)) {
      told.add(`chain ${route.page}`);
      report("redirect-chain", { page: route.page, via: hops[1]!.page, to: next.page }, where(route.page));
    }
  }
}

/** A product page names its product, a campaign page its campaign, and both exist. */
function checkPageSubject(
  id: string,
  page: Spec.Page,
  where: (...path: PathSegment[]) => Location,
  pageKey: Location,
  report: Report,
  checkCampaign: Routes["checkCampaign"],
): void {
  if (page.campaign) checkCampaign(page.campaign, where("campaign"));
  for (const [template, field] of [
    ["product", "product"],
    ["campaign", "campaign"],
  ] as const) {
    if (page.template === template && !page[field])
      report("page-missing-subject", { page: id, template, field }, pageKey);
  }
}

/** The route of a page in a region that carries it. */
function carriedRoute(
  id: string,
  page: Spec.Page,
  prefix: string,
  region: string,
  product: string | undefined,
  derivedWindow: Spec.Window | null,
): RouteModel {
  return {
    path: regionPath(prefix, id),
    region,
    page: id,
    template: page.template ?? null,
    product: product ?? null,
    campaign: page.campaign ?? null,
    redirect: page.redirect ? { to: page.redirect.to, status: page.redirect.status } : null,
    window: derivedWindow ?? page.window ?? null,
    scrollTo: page.scrollTo ?? null,
    childrenOnly: false,
  };
}

/** A route that only groups the page's children in a region that does not carry the page itself. */
function groupingRoute(id: string, prefix: string, region: string): RouteModel {
  return {
    path: regionPath(prefix, id),
    region,
    page: id,
    template: null,
    product: null,
    campaign: null,
    redirect: null,
    window: null,
    scrollTo: null,
    childrenOnly: true,
  };
}
