// Link rules of the region files: navigation, footer, banners and header entries lead to routes
// of the site and name products sold there.

import { closest } from "../../diagnostics/index.ts";
import { filesOfPlaces, specsFolderOf } from "../renames.ts";
import type { PathSegment } from "../../load/index.ts";
import { at, type LinkContext } from "../context.ts";
import type { RegionModel } from "../model.ts";
import { findPage, forEachPage, pageRegions, pageYamlPath } from "../pages.ts";
import { idsOfPage, sectionIds } from "../page-ids.ts";
import { HOME_PAGE, linkTarget, pageIdOf, parseLink, regionPage, regionPath } from "../syntax.ts";
import { originsByHost, regionMeant } from "../regions.ts";
import type * as Spec from "../../validate/spec-types.ts";
import type { Valid } from "../../validate/index.ts";

/** An internal link leads to a route of the site (when there are pages to lead to). */
export function checkLink(
  cx: LinkContext,
  region: RegionModel,
  file: Valid<unknown>,
  path: PathSegment[],
  text: string,
): void {
  const { report } = cx;
  const parsed = parseLink(text);
  if (parsed.kind === "external") checkNotOwnOrigin(cx, region, file, path, parsed.url);
  if (parsed.kind !== "internal") return;
  const param = /(^|\/)(:[a-z0-9_-]+)/i.exec(parsed.path)?.[2];
  if (param) {
    report("link-missing-param", { link: text, param }, at(file, path));
    return;
  }
  if (!cx.specs.pages) return;
  const resolved = linkTarget(parsed, region.prefix);
  const route = cx.routesByPath.get(resolved);
  if (!route || route.childrenOnly) {
    // With no page home in pages.yaml, a link to a region's root follows from that one error (reportMissingHome).
    if (cx.rootLinks && isRegionRoot(cx, resolved)) {
      cx.rootLinks.push(at(file, path));
      return;
    }
    // A link to a page whose content file pages.yaml does not list follows from that file's error.
    const page = regionPage(region.prefix, resolved);
    if (cx.unlistedContent.has(page)) return;
    // A page of pages.yaml that the region lacks, under the region's own prefix.
    const listed = inRegion(region, resolved) && findPage(cx.specs.pages.data.pages, page) !== undefined;
    // So does a link of a region no page names to such a page.
    const lacking = cx.pagelessRegions.get(region.code);
    if (lacking && listed) {
      lacking.push({ page, location: at(file, path) });
      return;
    }
    // The pages the region carries, written as this link was (relative to the region, or absolute).
    const pages = cx.routes
      .filter((r) => r.region === region.code && !r.childrenOnly)
      .map((r) => (parsed.absolute ? r.path.slice(1) : r.page));
    const suggestion = closest(parsed.path, pages);
    const args = { link: text, region: region.code, resolved, ...(suggestion ? { suggestion } : {}) };
    // A page of pages.yaml that is not in the region: judged with the other links to it (reportLinksElsewhere).
    if (!route && listed) {
      // Unless its regions: names the region mistyped (`en` for eu): that is its unknown-region error.
      if (regionMistyped(cx, findPage(cx.specs.pages.data.pages, page)!, region.code)) return;
      const elsewhere = cx.linksElsewhere.get(page) ?? cx.linksElsewhere.set(page, []).get(page)!;
      elsewhere.push({ args, location: at(file, path) });
      return;
    }
    report("broken-link", args, at(file, path));
    return;
  }
  // A bare #anchor is of the page it is written on (rules/sections.ts judges those).
  if (parsed.anchor && (parsed.path !== "" || parsed.absolute))
    checkOtherPageAnchor(cx, region, file, path, text, parsed.anchor, route.page);
}

/**
 * The #anchor of a link to another page names an element that page has in the region (a link to
 * the page itself is judged with the page's own sections, rules/sections.ts): faq linking to
 * where-to-buy#hongkong, which no section of where-to-buy is, opens the page at its top.
 */
function checkOtherPageAnchor(
  cx: LinkContext,
  region: RegionModel,
  file: Valid<unknown>,
  path: PathSegment[],
  text: string,
  anchor: string,
  page: string,
): void {
  if (file.spec.kind === "content" && file.spec.name === page) return;
  const sections = cx.specs.content.get(page)?.data.sections?.[region.code] ?? [];
  const ids = idsOfPage(cx, { pageId: page, given: sectionIds(region.code, sections) });
  if (ids.has(anchor)) return;
  const suggestion = closest(anchor, ids);
  cx.report(
    "broken-anchor",
    { link: text, page, region: region.code, ...(suggestion ? { suggestion } : {}) },
    at(file, path),
  );
}

/**
 * The links to pages of pages.yaml from regions they are not in (cx.linksElsewhere), and the
 * sections written for them (cx.unbuiltSections). When most of
 * the regions that link to a page lack it, and two or more do, its regions: in pages.yaml is the
 * mistake (a region left out, or `all` narrowed): one error there. So it is when the page is home,
 * whatever the counts. Else each link is the mistake, a broken-link where it is written.
 */
export function reportLinksElsewhere(cx: LinkContext): void {
  const pages = cx.specs.pages;
  if (!pages) return;
  const narrowed = new Set<string>();
  for (const [page, links] of cx.linksElsewhere) {
    // In the order of site.yaml, as every list of regions is told.
    const codes = [...cx.regions.keys()];
    const lacking = codes.filter((code) => links.some((l) => l.args.region === code));
    const having = pageRegions(findPage(pages.data.pages, page)!, codes);
    // A region lacking its root's page (home) is always pages.yaml's mistake: its root is a 404.
    if (page === HOME_PAGE || (lacking.length >= 2 && lacking.length > having.length)) {
      narrowed.add(page);
      cx.report(
        "page-not-in-regions",
        {
          page,
          regions: having,
          lacking,
          links: links.length,
          files: filesOfPlaces(
            links.map((l) => l.location),
            specsFolderOf(cx.specs),
          ),
        },
        at(pages, [...pageYamlPath(page), "regions"]),
      );
    } else for (const { args, location } of links) cx.report("broken-link", args, location);
  }
  // A page's sections for regions it is not in follow from its regions when those are the mistake.
  for (const [page, { location, ...args }] of cx.unbuiltSections)
    if (!narrowed.has(page)) cx.report("sections-outside-page", { page, ...args }, location);
}

/** A labelled link: where it is written, its words and where it leads. */
interface LinkWords {
  file: Valid<unknown>;
  /** The link's entry (its `label` and `link` are under it). */
  path: PathSegment[];
  label: string;
  link: string;
}

/** A labelled link leads where its words say: to the product, or the page, they name. */
export function checkLinkWords(cx: LinkContext, region: RegionModel, words: LinkWords): void {
  checkLabelLeadsToItsProduct(cx, region, words);
  checkLabelNamesItsPage(cx, region, words);
}

/**
 * A link whose words are a page's name leads to that page: "Where to Buy" copied onto the FAQ's
 * link (or the other way round) sends shoppers where its words do not say. Judged only where the
 * words, written as a page id (Where to Buy: where-to-buy), are a page of the region; a warning,
 * as a label may name a page and lead to a section elsewhere on purpose.
 */
function checkLabelNamesItsPage(cx: LinkContext, region: RegionModel, words: LinkWords): void {
  const { file, path, label, link } = words;
  const parsed = parseLink(link);
  if (parsed.kind !== "internal") return;
  const named = pageIdOf(label);
  const namedRoute = cx.routesByPath.get(regionPath(region.prefix, named));
  const target = cx.routesByPath.get(linkTarget(parsed, region.prefix));
  if (!namedRoute || namedRoute.page !== named || !target || target.page === named) return;
  // A page under the named one (where-to-buy/hongkong-macao for Where to Buy) is still its part.
  if (target.page.startsWith(`${named}/`)) return;
  cx.report("label-other-page", { label, page: named, leadsTo: target.page }, at(file, [...path, "link"]));
}

/**
 * A link to a page of the site is written as the page, not as the site's full address copied from
 * the address bar (https://www.mechanova.com/us/news): that one leaves a preview or staging build
 * for the live site, and loads the whole page again where the runtime would swap it in. A warning.
 */
function checkNotOwnOrigin(
  cx: LinkContext,
  region: RegionModel,
  file: Valid<unknown>,
  path: PathSegment[],
  url: URL,
): void {
  const origin = cx.specs.site && originsByHost(cx.specs.site.data).get(url.host);
  if (!origin) return;
  const sitePath = url.pathname.replace(/\/+$/, "") || "/";
  const route = cx.routesByPath.get(sitePath);
  // The page as this region's links write it: relative where it is the region's, else absolute.
  const page = route && (route.region === region.code ? route.page : sitePath);
  cx.report(
    "link-to-own-origin",
    { link: url.href, origin, ...(page ? { page: page + url.hash } : {}) },
    at(file, path),
  );
}

/** Whether a site path is one of the region's own (under its prefix). */
const inRegion = (region: RegionModel, path: string) =>
  path === (region.prefix || "/") || path.startsWith(`${region.prefix}/`);

/** Whether the page's regions: names `code` mistyped, as a code no region has that most likely means it. */
export function regionMistyped(cx: LinkContext, page: Spec.Page, code: string): boolean {
  const written = page.regions;
  if (written === "all") return false;
  const codes = [...cx.regions.keys()];
  return written.some((other) => !cx.regions.has(other) && regionMeant(other, codes, written) === code);
}

const isRegionRoot = (cx: LinkContext, path: string) =>
  [...cx.regions.values()].some((region) => path === (region.prefix || "/"));

/**
 * The one error of a pages.yaml with no page home (cx.rootLinks): at the page whose template is
 * home, renamed, or at pages:. Said only when something leads to a region's root.
 */
export function reportMissingHome(cx: LinkContext): void {
  const pages = cx.specs.pages;
  if (!pages || !cx.rootLinks) return;
  const content = cx.unlistedContent.has(HOME_PAGE);
  if (cx.rootLinks.length === 0 && !content) return;
  const misnamed = homeTemplatePage(pages.data.pages);
  cx.report(
    "home-page-missing",
    {
      ...(misnamed ? { misnamed } : {}),
      links: cx.rootLinks.length,
      files: filesOfPlaces(cx.rootLinks, specsFolderOf(cx.specs)),
      content,
    },
    at(pages, misnamed ? pageYamlPath(misnamed) : ["pages"], true),
  );
}

/** The first page of pages.yaml rendered with the home template. */
export function homeTemplatePage(pages: Record<string, Spec.Page>): string | undefined {
  return Object.entries(pages).find(([, page]) => page.template === "home")?.[0];
}

/** One error for each region no page names whose links lead to pages it lacks (cx.pagelessRegions). */
export function reportPagelessRegions(cx: LinkContext, site: Valid<Spec.Site>): void {
  const pages = cx.specs.pages?.data.pages;
  if (!pages) return;
  const everywhere: string[] = [];
  forEachPage(pages, (id, page) => page.regions === "all" && everywhere.push(id));
  for (const [code, links] of cx.pagelessRegions)
    if (links.length > 0)
      cx.report(
        "region-without-pages",
        { region: code, links: links.length, pages: [...new Set(links.map((l) => l.page))], everywhere },
        at(site, ["regions", code], true),
      );
}

/** The product page a link of the region leads to, if it leads to one. */
function productPageAt(
  cx: LinkContext,
  region: RegionModel,
  link: string,
): { page: string; product: string } | undefined {
  const parsed = parseLink(link);
  if (parsed.kind !== "internal") return undefined;
  const route = cx.routesByPath.get(linkTarget(parsed, region.prefix));
  return route?.product ? { page: route.page, product: route.product } : undefined;
}

/** The region's page of a product, to name in a hint. */
const ownPageOf = (cx: LinkContext, region: RegionModel, product: string) =>
  cx.routes.find((r) => r.region === region.code && r.product === product && !r.childrenOnly)?.page;

/**
 * A menu entry labelled with a product's name leads to that product's page, not to another
 * product's (an entry copied and its identify changed, its link not).
 */
function checkLeadsToOwnPage(
  cx: LinkContext,
  region: RegionModel,
  file: Valid<unknown>,
  path: PathSegment[],
  product: string,
  link: string,
): void {
  const target = productPageAt(cx, region, link);
  if (!target || target.product === product || cx.mistakenProductPages.get(target.page)?.meant === product) return;
  const own = ownPageOf(cx, region, product);
  cx.report("nav-other-product", { product, leadsTo: target.product, own }, at(file, [...path, "link"]));
}

/**
 * A link whose words name a product leads to that product's page, not another's: jp's text banner
 * rewritten for the Flagship Megatron with its link left on the Bumblebee's page. Names are the
 * catalogue's in every region (jp's banner writes the English name); a label naming the page's
 * own product too is fine.
 */
function checkLabelLeadsToItsProduct(cx: LinkContext, region: RegionModel, words: LinkWords): void {
  const { file, path, label, link } = words;
  const target = productPageAt(cx, region, link);
  if (!target || cx.productNames.names(label, target.product)) return;
  const named = cx.productNames.otherNamed(label, target.product);
  // A page whose product: is the mistake is the one error (mistakenProductPages).
  if (!named || cx.mistakenProductPages.get(target.page)?.meant === named.product) return;
  cx.report(
    "label-other-product",
    { ...named, leadsTo: target.product, page: target.page, own: ownPageOf(cx, region, named.product) },
    at(file, [...path, "link"]),
  );
}

const NAV_PLACES = ["header", "footer", "mobile"] as const;

/**
 * Each entry of a menu shows somewhere (an entry hidden in the header, the footer and on mobile
 * is a warning: it shows nowhere), and no two entries shown in one place lead to one page (an
 * entry copied and its link left, or the same page listed twice).
 */
function checkMenuShowsOnce(
  cx: LinkContext,
  region: RegionModel,
  file: Valid<unknown>,
  items: readonly Spec.NavItem[],
  path: PathSegment[],
  /** The list's schema wants each item once (footerNavs): an item written twice over is its error. */
  uniqueItems = false,
): void {
  interface Shown {
    index: number;
    name: string;
    places: string[];
    /** Its label or product names the page it leads to (FAQ for faq, the AI Base for ai-base). */
    own: boolean;
    /** A product's entry leading to another product's page: nav-other-product reports it. */
    otherProduct: boolean;
  }
  const shownAt = new Map<string, Shown>();
  items.forEach((item, index) => {
    const places: string[] = NAV_PLACES.filter((place) => !item.hidden?.includes(place));
    if (places.length === 0) cx.report("nav-hidden-everywhere", {}, at(file, [...path, index, "hidden"]));
    const parsed = item.link === undefined ? undefined : parseLink(item.link);
    if (parsed?.kind !== "internal") return;
    const page = linkTarget(parsed, region.prefix);
    const target = page + (parsed.anchor ? `#${parsed.anchor}` : "");
    const product = item.identify ? cx.canonicalProduct(item.identify) : undefined;
    const pageProduct = cx.routesByPath.get(page)?.product;
    const shown: Shown = {
      index,
      name: item.label ?? item.identify ?? item.link!,
      places,
      own: product ? pageProduct === product : pageIdOf(item.label ?? "") === parsed.path.split("/").at(-1),
      otherProduct: !!product && !!pageProduct && pageProduct !== product,
    };
    const first = shownAt.get(target);
    if (!first) shownAt.set(target, shown);
    else if (first.places.some((place) => places.includes(place))) {
      // Of the two, the one whose name is not the page's took the link by mistake.
      const [wrong, right] = first.own || !shown.own ? [shown, first] : [first, shown];
      const repeated = uniqueItems && JSON.stringify(item) === JSON.stringify(items[first.index]);
      if (!wrong.otherProduct && !repeated)
        cx.report(
          "nav-duplicate-link",
          { name: wrong.name, other: right.name, target },
          at(file, [...path, wrong.index, "link"]),
        );
    }
  });
}

/** The links, products and stages of every region file. */
export function checkRegionFiles(cx: LinkContext): void {
  const { specs, regions } = cx;
  for (const [code, file] of specs.regions) {
    const region = regions.get(code);
    if (!region) continue;
    const s = file.data;
    for (const key of ["home", "shop", "account"] as const) {
      const entry = s[key];
      if (entry) checkLink(cx, region, file, [key, "link"], entry.link);
    }
    // The footer's bottom row is a menu of its own: no two of its links lead to one page.
    checkMenuShowsOnce(cx, region, file, s.footerNavs, ["footerNavs"], true);
    s.footerNavs.forEach((n, i) => {
      checkLink(cx, region, file, ["footerNavs", i, "link"], n.link);
      checkLinkWords(cx, region, { file, path: ["footerNavs", i], label: n.label, link: n.link });
    });
    s.textBanner?.forEach((b, i) => {
      checkLink(cx, region, file, ["textBanner", i, "link"], b.link);
      checkLinkWords(cx, region, { file, path: ["textBanner", i], label: b.label, link: b.link });
    });
    const walkNav = (items: Spec.NavItem[], path: PathSegment[]) => {
      checkMenuShowsOnce(cx, region, file, items, path);
      items.forEach((item, i) => {
        const p = [...path, i];
        if (item.link !== undefined) checkLink(cx, region, file, [...p, "link"], item.link);
        if (item.link !== undefined && item.label !== undefined && !item.identify)
          checkLinkWords(cx, region, { file, path: p, label: item.label, link: item.link });
        // An entry's label is its product's name where it names one (compile/context.ts); else it is written.
        if (item.label === undefined && !item.identify)
          cx.report("missing-field", { field: "label", description: "Visible text." }, at(file, p));
        if (item.identify) {
          const id = cx.checkProduct(item.identify, at(file, [...p, "identify"]));
          cx.noteProductUse(id, code, `the navigation shows it there`, at(file, [...p, "identify"]));
          if (id && item.link !== undefined) checkLeadsToOwnPage(cx, region, file, p, id, item.link);
        }
        if (item.children) walkNav(item.children, [...p, "children"]);
      });
    };
    walkNav(s.navigation, ["navigation"]);
  }
}

/** The stages a node (its `stage` list) names exist in a campaign already known to exist. */
export function checkStageNumbers(
  cx: LinkContext,
  campaign: string,
  stages: number[] | undefined,
  file: Valid<unknown>,
  path: PathSegment[],
) {
  const count = cx.specs.campaigns.get(campaign)!.data.stages.length;
  stages?.forEach((stage, i) => {
    if (stage > count) cx.report("unknown-stage", { campaign, stage, count }, at(file, [...path, "stage", i]));
  });
}
