// Stage 3, link: the rules that span files (prices against the catalogue and the regions,
// links against routes, pages against templates) and the site model later stages build from.
// Every rule reports against the node it is about; a rule whose input file failed its schema
// is skipped, since validate has already said what is wrong there. This file builds the model
// (regions.ts, products.ts, prices.ts, routes.ts; its types are in model.ts); the rules of
// region files, content, rich sections and campaigns are in rules/.
//
// The price table is linked last, apart: everything else is the same whatever the prices are, so
// site dev, after an edit of prices.yaml alone, links only the prices again (`LinkReuse`), and a
// new process whose other files are as in the last run takes what the rest found (kept.ts). The
// rules note every use of a product in a region, and the prices part then checks each use
// against the table (a product shown where it is not sold); the campaign rules list the headlines
// that promise a saving, and the prices part checks their figures.

import { appendAll, type Diagnostic, type Location, type Result } from "../diagnostics/index.ts";
import { checkWindows } from "./rules/windows.ts";
import type { ValidSpecs } from "../validate/index.ts";
import { at, type LinkContext, type Report } from "./context.ts";
import type { ImageModel, RegionModel, SiteModel } from "./model.ts";
import { findPage, forEachPage, mistakenLandings } from "./pages.ts";
import { buildImages } from "./images.ts";
import { buildPrices, noteUse, type OfferRow, type ProductUses } from "./prices.ts";
import { type Findings, foundAgain, keptFindings, keptToken, type LinkKeeper } from "./kept.ts";
import {
  buildProducts,
  checkBuyLinks,
  checkProductNames,
  checkProductPageTitles,
  mistakenProductPages,
  productNames,
  titlesNamingOthers,
  checkShops,
  type Products,
} from "./products.ts";
import { buildRegions, checkCurrencies, checkEmailDomains, checkPreproductionHosts, checkZones } from "./regions.ts";
import { checkRegionChooser } from "./rules/chooser.ts";
import { foldRenames, linkDiagnostic, pagesNamed, type RuleNamedKind } from "./renames.ts";
import { buildRoutes } from "./routes.ts";
import { checkCampaignRegions, checkCampaigns, checkHeadlines, checkOffers, type Headline } from "./rules/campaigns.ts";
import { checkContent, checkHeadsShared, checkMessages, checkTexts, checkTranslations } from "./rules/content.ts";
import { checkApiMessages, checkFallbacks } from "./messages.ts";
import {
  checkRegionFiles,
  reportLinksElsewhere,
  reportMissingHome,
  reportPagelessRegions,
} from "./rules/navigation.ts";
import { HOME_PAGE } from "./syntax.ts";
import { checkScrollTargets, checkSections } from "./rules/sections.ts";

/** What site dev keeps of its last link, for the next: set by link, read by the next link. */
export interface LinkReuse {
  last?: { specs: ValidSpecs; besidesPrices: BesidesPrices };
}

/**
 * The site model, and what the rules found. `reuse` is site dev's; `kept` keeps the findings of the
 * rules besides the prices between processes (kept.ts).
 */
export function link(specs: ValidSpecs, reuse?: LinkReuse, kept?: LinkKeeper): Result<SiteModel | undefined> {
  const diagnostics: Diagnostic[] = [];
  const report: Report = (code, args, location, until) => {
    diagnostics.push(linkDiagnostic(code, args, location, until));
  };

  const { site } = specs;
  if (!site) return { value: undefined, diagnostics };

  const last = reuse?.last;
  const linked =
    last && sameSpecsBesides(last.specs, specs, ["prices"]) ? last.besidesPrices : linkBesidesPrices(specs, site, kept);
  appendAll(diagnostics, linked.diagnostics);
  linked.relay.to = report;
  if (reuse) reuse.last = { specs, besidesPrices: linked };

  const { regions, productsPart, cx } = linked;
  const pricesPart = buildPrices(specs, site, report, cx.checkRegion, productsPart, linked.uses);
  pricesPart.checkUses(linked.offers, regions);
  checkHeadlines(report, pricesPart.upTo, linked.headlines);

  const model: SiteModel = {
    specs,
    name: site.data.name,
    defaultRegion: site.data.defaultRegion,
    regions,
    routes: cx.routes,
    routesByPath: cx.routesByPath,
    products: productsPart.products,
    images: linked.images,
    price: pricesPart.price,
    offer: pricesPart.offer,
    upTo: pricesPart.upTo,
    canonicalProduct: productsPart.canonicalProduct,
  };
  const named: Record<RuleNamedKind, ReadonlySet<string>> = { ...linked.named, product: productsPart.resolved };
  const before = linked.namedBefore;
  if (before)
    for (const kind of Object.keys(named) as RuleNamedKind[]) named[kind] = new Set([...before[kind], ...named[kind]]);
  return { value: model, diagnostics: foldRenames(diagnostics, specs, { ...named, page: pagesNamed(specs) }) };
}

/** The model and the rules' findings without the prices, which none of them reads. */
interface BesidesPrices {
  regions: Map<string, RegionModel>;
  /** The regions, campaigns, origins and images the specs name (a product's uses are the products part's). */
  named: Omit<Record<RuleNamedKind, ReadonlySet<string>>, "product">;
  /** What the rules named, when their findings were kept from an earlier run (kept.ts): `named` holds the builders' only. */
  namedBefore?: Findings["named"];
  productsPart: Products;
  images: Map<string, ImageModel>;
  cx: LinkContext;
  /** What the rules reported. */
  diagnostics: Diagnostic[];
  /** The uses of products the rules noted: the prices part checks each is sold where it is used. */
  uses: ProductUses;
  /** The campaigns' offer rows: the prices part holds them below the list prices. */
  offers: OfferRow[];
  /** The campaign headlines, whose figures the prices decide. */
  headlines: Headline[];
  /** Where the checks kept in `cx` report: the link under way (one of site dev may reuse them). */
  relay: { to: Report };
}

function linkBesidesPrices(
  specs: ValidSpecs,
  site: NonNullable<ValidSpecs["site"]>,
  keeper: LinkKeeper | undefined,
): BesidesPrices {
  const diagnostics: Diagnostic[] = [];
  const relay: { to: Report } = { to: () => {} };
  // While this part runs its reports are its own; after, the checks it keeps report to the link under way.
  const report: Report = (code, args, location, until) => relay.to(code, args, location, until);
  relay.to = (code, args, location, until) => {
    diagnostics.push(linkDiagnostic(code, args, location, until));
  };
  const uses: ProductUses = new Map();
  const noteProductUse = (id: string | undefined, region: string, what: string, location: Location) => {
    if (id) noteUse(uses, id, region, what, location);
  };
  const built = buildModel(specs, site, report, noteProductUse);
  const { regionsPart, productsPart, campaignsNamed, images, cx } = built;
  const parts = { regions: regionsPart.regions, productsPart, images, cx, relay };
  const named = {
    region: regionsPart.named,
    origin: regionsPart.originsNamed,
    campaign: campaignsNamed,
    image: cx.imagesNamed,
  };

  // The model is made anew either way; what the rules found, if nothing they read changed, is taken.
  const token = keeper && keptToken(specs, images, keeper);
  const found = token === undefined ? undefined : foundAgain(keeper!.foundUnder(token), specs);
  if (found) return { ...parts, ...found, named, namedBefore: found.named };

  const { offers, headlines } = checkBesidesPrices(specs, site, built);
  appendAll(diagnostics, checkWindows(specs, regionsPart.regionCodes));
  if (token !== undefined) {
    const snapshot = (set: ReadonlySet<string>) => [...set];
    keeper!.keep(
      token,
      keptFindings({
        diagnostics,
        uses,
        offers,
        headlines,
        named: {
          region: snapshot(named.region),
          origin: snapshot(named.origin),
          campaign: snapshot(named.campaign),
          image: snapshot(named.image),
          product: snapshot(productsPart.resolved),
        },
      }),
    );
  }
  return { ...parts, named, diagnostics, uses, offers, headlines };
}

/** The model's parts besides the prices, and the context the rules check with. */
interface BuiltModel {
  regionsPart: ReturnType<typeof buildRegions>;
  productsPart: Products;
  titles: ReturnType<typeof titlesNamingOthers>;
  campaignsNamed: ReadonlySet<string>;
  images: Map<string, ImageModel>;
  cx: LinkContext;
}

function buildModel(
  specs: ValidSpecs,
  site: NonNullable<ValidSpecs["site"]>,
  report: Report,
  noteProductUse: LinkContext["noteProductUse"],
): BuiltModel {
  const regionsPart = buildRegions(specs, site, report);
  const { regions, regionCodes, checkRegion } = regionsPart;
  const productsPart = buildProducts(specs, report, checkRegion);
  const { checkProduct, canonicalProduct } = productsPart;
  const titles = titlesNamingOthers(specs, productsPart.products, canonicalProduct, regions);
  const mistakenProducts = mistakenProductPages(specs, canonicalProduct, titles);
  const { routes, routesByPath, checkCampaign, campaignsNamed } = buildRoutes(
    specs,
    report,
    regionsPart,
    productsPart,
    { noteProductUse, mistakenProductPages: mistakenProducts },
  );
  const images = buildImages(specs, checkProduct, checkCampaign);

  const cx: LinkContext = {
    specs,
    report,
    regions,
    routes,
    routesByPath,
    checkRegion,
    checkProduct,
    canonicalProduct,
    productNames: productNames(productsPart.products),
    checkCampaign,
    noteProductUse,
    images,
    imagesNamed: new Set(),
    unlistedContent: new Set(
      [...specs.content.keys()].filter((id) => specs.pages && !findPage(specs.pages.data.pages, id)),
    ),
    pagelessRegions: pagelessRegions(specs, regionCodes),
    mistakenLandings: mistakenLandings(specs.pages?.data.pages ?? {}, specs.campaigns.keys()),
    mistakenProductPages: mistakenProducts,
    linksElsewhere: new Map(),
    unbuiltSections: new Map(),
    rootLinks: specs.pages && !findPage(specs.pages.data.pages, HOME_PAGE) ? [] : undefined,
  };
  return { regionsPart, productsPart, titles, campaignsNamed, images, cx };
}

/** Every rule but the price table's: what it reports goes to the context's report. */
function checkBesidesPrices(
  specs: ValidSpecs,
  site: NonNullable<ValidSpecs["site"]>,
  { regionsPart, productsPart, titles, cx }: BuiltModel,
): { offers: OfferRow[]; headlines: Headline[] } {
  const { report, checkRegion, noteProductUse } = cx;
  const { regions } = regionsPart;
  checkRegionFiles(cx);
  checkContent(cx);
  checkSections(cx);
  checkScrollTargets(cx);

  // Campaigns run in known regions; per-region instants name only those regions.
  for (const [, campaign] of specs.campaigns) {
    campaign.data.regions.forEach((code, i, list) => checkRegion(code, at(campaign, ["regions", i]), list));
    campaign.data.stages.forEach((stage, i) => {
      for (const key of ["start", "end"] as const) {
        const value = stage[key];
        if (value && typeof value === "object") {
          for (const code of Object.keys(value))
            checkRegion(code, at(campaign, ["stages", i, key, code], true), Object.keys(value));
        }
      }
    });
  }

  checkRegionChooser(specs, site, cx);

  // A shop's link to a product in a region: a use of it there.
  const catalogue = specs.catalogue;
  if (catalogue)
    for (const [id, product] of productsPart.products)
      for (const [code, facts] of Object.entries(product.regions))
        if (facts.buy)
          noteProductUse(
            id,
            code,
            "catalogue.yaml gives it a buy link there",
            at(catalogue, ["products", id, "regions", code, "buy"]),
          );
  checkBuyLinks(specs, productsPart.products, regions, report);
  checkShops(specs, regions, report);
  checkPreproductionHosts(specs, site, report);
  checkCurrencies(specs, site, report);
  checkEmailDomains(specs, site, report);
  checkZones(specs, site, report);
  checkProductNames(specs, productsPart.products, report);
  checkProductPageTitles(specs, titles, cx.mistakenProductPages, report);
  const offers = checkOffers(cx);
  checkCampaignRegions(cx);
  const headlines = checkCampaigns(cx);
  reportPagelessRegions(cx, site);
  reportLinksElsewhere(cx);
  reportMissingHome(cx);
  checkMessages(specs, report);
  checkFallbacks(specs, report);
  checkApiMessages(specs, report);
  checkTexts(specs, report, cx.unbuiltSections);
  checkTranslations(specs, report);
  checkHeadsShared(specs, report, new Set(titles.map((t) => t.page)));
  return { offers, headlines };
}

/** The regions of site.yaml that no page of pages.yaml names (see LinkContext.pagelessRegions). */
function pagelessRegions(specs: ValidSpecs, regionCodes: readonly string[]): LinkContext["pagelessRegions"] {
  const pages = specs.pages?.data.pages;
  if (!pages) return new Map();
  const named = new Set<string>();
  forEachPage(pages, (_id, page) => {
    if (page.regions !== "all") for (const code of page.regions) named.add(code);
  });
  return new Map(regionCodes.filter((code) => !named.has(code)).map((code) => [code, []]));
}

/**
 * Every spec file but those of the kinds named is the very document of the last load (the load
 * stage keeps a file it did not read again), so link and compile make of them what they made before.
 */
export function sameSpecsBesides(last: ValidSpecs, specs: ValidSpecs, besides: readonly (keyof ValidSpecs)[]): boolean {
  for (const key of new Set([...Object.keys(last), ...Object.keys(specs)]) as Set<keyof ValidSpecs>) {
    if (besides.includes(key)) continue;
    const a: unknown = last[key];
    const b: unknown = specs[key];
    if (a instanceof Map && b instanceof Map) {
      if (a.size !== b.size) return false;
      for (const [name, document] of b) if (a.get(name)?.data !== document.data) return false;
    } else if (Array.isArray(a) && Array.isArray(b)) {
      if (a.length !== b.length || a.some((document, i) => document !== b[i])) return false;
    } else if (a && b && typeof a === "object" && typeof b === "object") {
      if ((a as { data?: unknown }).data !== (b as { data?: unknown }).data) return false;
    } else if (a !== b) return false;
  }
  return true;
}
