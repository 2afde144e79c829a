// Campaign rules of the link stage: where a campaign is seen (its promotion entries lead to pages
// of the region, at stages it has), that shoppers can reach its landing page at every stage, and
// that a headline's "up to N%" is what the price table and the campaign's offers say. Only the
// headlines read prices: checkCampaigns lists them and checkHeadlines judges them once the prices
// are linked, so that site dev, after an edit of the price table alone, judges only them again.

import { appendAll, closest, type Location } from "../../diagnostics/index.ts";
import { literalPattern, type PathSegment } from "../../load/index.ts";
import { at, atPart, type LinkContext, type Report } from "../context.ts";
import { regionEntry, regionMeant } from "../regions.ts";
import { findPage, forEachPage, landingPages, pageRegions, pageYamlPath, regionEntryPath } from "../pages.ts";
import { checkLink, checkStageNumbers } from "./navigation.ts";
import { linkTarget, parseLink } from "../syntax.ts";
import type { RegionModel } from "../model.ts";
import type * as Spec from "../../validate/spec-types.ts";
import type { OfferRow } from "../prices.ts";
import type { Valid, ValidSpecs } from "../../validate/index.ts";
import { setSeparatedApart } from "../../validate/figures.ts";
import type { DateTime } from "luxon";
import { campaignStages, regionZoneOf } from "../../time/windows.ts";

type UpTo = (campaign: string, region: string, stage: number) => number | null;

/**
 * A figure followed by % in a headline: what the headline promises. Tried only where a number
 * starts (the lookbehind), where every match began anyway: from every digit, a headline of 40,000
 * digits kept site check busy for a second, and ten times as many for minutes.
 */
const PERCENT = /(?<!\d)(\d+(?:[.,]\d+)?)\s?%/g;

/** A text that may promise a saving, and the stages of a campaign in a region it is shown at. */
export interface Headline {
  file: Valid<unknown>;
  path: PathSegment[];
  texts: Record<string, string | undefined>;
  campaign: string;
  region: string;
  stages: readonly number[];
}

/**
 * The regions a campaign's list means: those it names, and for a name no region has (its own
 * unknown-region error, 'dee'), the region it comes closest to. What follows from the typo, a
 * page or entries there said to be outside the campaign, is not a mistake of its own.
 */
function regionsMeant(cx: LinkContext, listed: readonly string[]): Set<string> {
  const codes = [...cx.regions.keys()];
  return new Set(listed.map((r) => regionMeant(r, codes, listed) ?? r));
}

/**
 * A campaign's pages are in the campaign's regions: a page has the window of its campaign in its
 * region, and where the campaign does not run it has none and would be up for ever. What the
 * campaign writes for that region is named in the same error: one region taken out of a
 * campaign is one mistake.
 */
function checkPageRegions(cx: LinkContext, pages: Valid<Spec.Pages>): void {
  forEachPage(pages.data.pages, (id, page, path) => {
    const campaign = page.campaign ? cx.specs.campaigns.get(page.campaign) : undefined;
    if (!campaign) return;
    const runsIn = regionsMeant(cx, campaign.data.regions);
    const unused = unusedEntries(cx, campaign);
    // The regions where the campaign writes nothing are one error (a page kept in last year's
    // regions for a campaign that runs in fewer); each that it writes for names what it writes.
    const silent: string[] = [];
    for (const code of pageRegions(page, [...cx.regions.keys()])) {
      if (runsIn.has(code) || !cx.regions.has(code)) continue;
      const what = unused.get(code)?.what;
      if (!what) silent.push(code);
      else
        cx.report(
          "page-outside-campaign",
          { page: id, campaign: page.campaign!, region: code, what },
          at(pages, [...path, ...regionEntryPath(page, code)]),
        );
    }
    const [first, ...others] = silent;
    if (first)
      cx.report(
        "page-outside-campaign",
        { page: id, campaign: page.campaign!, region: first, ...(others.length ? { others } : {}) },
        at(pages, [...path, ...regionEntryPath(page, first)]),
      );
  });
}

/** The regions a campaign's pages are in (where it does not run, page-outside-campaign says what it writes there). */
function regionsOfPages(cx: LinkContext, campaign: string): Set<string> {
  const regions = new Set<string>();
  const pages = cx.specs.pages;
  if (pages)
    forEachPage(pages.data.pages, (_id, page) => {
      if (page.campaign === campaign) for (const code of pageRegions(page, [...cx.regions.keys()])) regions.add(code);
    });
  return regions;
}

/**
 * What a campaign writes for each region it does not run in (its offers, its promotion, a stage's
 * instant there), and where: at the one block, or at the campaign's regions when there are
 * several, which is where the region went missing.
 */
function unusedEntries(
  cx: LinkContext,
  file: Valid<Spec.Campaign>,
): Map<string, { what: string[]; path: PathSegment[] }> {
  const { regions, offers, promotion, stages } = file.data;
  const unused = new Map<string, { what: string[]; path: PathSegment[] }>();
  const runsIn = regionsMeant(cx, regions);
  const note = (code: string, what: string, path: PathSegment[]) => {
    if (runsIn.has(code) || !cx.regions.has(code)) return;
    const found = unused.get(code);
    if (found) found.what.push(what);
    else unused.set(code, { what: [what], path });
  };
  for (const code of Object.keys(offers ?? {})) note(code, "offers", ["offers", code]);
  for (const code of Object.keys(promotion ?? {})) note(code, "promotion", ["promotion", code]);
  stages.forEach((stage, i) => {
    for (const key of ["start", "end"] as const) {
      const value = stage[key];
      if (value && typeof value === "object")
        for (const code of Object.keys(value)) note(code, `stage ${i + 1} ${key}`, ["stages", i, key, code]);
    }
  });
  return unused;
}

/**
 * What a campaign writes for a region it does not run in is never used: said once per region, as
 * after a region is taken out of the campaign and its entries left behind. Where a page of the
 * campaign is in that region, its page-outside-campaign error says it.
 */
function checkUnusedRegions(cx: LinkContext, file: Valid<Spec.Campaign>): void {
  const withPages = regionsOfPages(cx, file.spec.name);
  for (const [code, { what, path }] of unusedEntries(cx, file)) {
    if (withPages.has(code)) continue;
    cx.report(
      "campaign-region-unused",
      { campaign: file.spec.name, region: code, what },
      at(file, what.length === 1 ? path : ["regions"], true),
    );
  }
}

/** When a campaign first starts anywhere, in ms; undefined when its times do not parse (their own error). */
function firstStart(cx: LinkContext, id: string): number | undefined {
  const campaign = cx.specs.campaigns.get(id)?.data;
  if (!campaign) return undefined;
  const starts = campaign.regions.flatMap((region) => {
    const [first] = campaignStages(campaign, region, regionZoneOf(cx.specs, region));
    return first ? [first.start.toMillis()] : [];
  });
  return starts.length > 0 ? Math.min(...starts) : undefined;
}

/**
 * A campaign no page of pages.yaml names (a campaign file copied for next year, its page not yet
 * added): its `entries` promotion entries with no link of their own lead nowhere. One error for
 * them all, which holds while the campaign runs: once it is over its entries are shown nowhere, and
 * last year's campaign, its page given to this year's, stops no build (`until`).
 */
function reportLeadingNowhere(
  cx: LinkContext,
  id: string,
  file: Valid<Spec.Campaign>,
  entries: number,
  landing: ReadonlyMap<string, string>,
): void {
  // Last year's campaign whose page was given to this year's (black-friday-2024, its page now
  // black-friday-2026's) is the everyday case: the hint says what to do with the old one.
  const stem = (campaign: string) => campaign.replace(/\d+/g, "#");
  const starts = firstStart(cx, id);
  const successor = [...landing].find(
    ([other]) =>
      other !== id && stem(other) === stem(id) && starts !== undefined && (firstStart(cx, other) ?? 0) > starts,
  );
  const over = overAt(cx, id);
  cx.report(
    "campaign-without-page",
    {
      campaign: id,
      entries,
      ...(successor ? { successor } : landing.size > 0 ? { example: [...landing][0]! } : {}),
      // In the zone its times are read in, as the campaign manager wrote them.
      ...(over ? { over: `${over.toFormat("yyyy-MM-dd HH:mm")} ${over.zoneName}` } : {}),
    },
    at(file, ["promotion"], true),
    over?.toUTC().toISO() ?? undefined,
  );
}

/**
 * The instant a campaign is over everywhere it runs: its last stage's end, the latest of its
 * regions'. Undefined while a stage runs on with no end.
 */
function overAt(cx: LinkContext, id: string): DateTime | undefined {
  const campaign = cx.specs.campaigns.get(id)?.data;
  if (!campaign) return undefined;
  let last: DateTime | undefined;
  for (const region of campaign.regions)
    for (const { end } of campaignStages(campaign, region, regionZoneOf(cx.specs, region))) {
      if (!end) return undefined;
      if (!last || end > last) last = end;
    }
  return last;
}

/**
 * The regions a campaign runs in where it shows nothing: no offers, no promotion entry and no page
 * of its there, as when a region is added to `regions` and nothing is written for it yet, or the
 * campaign was only just begun (site new campaign). Its stages would read as live there
 * (check-windows) while shoppers see none of it.
 */
function checkSilentRegions(cx: LinkContext, file: Valid<Spec.Campaign>, pages: Valid<Spec.Pages>): void {
  const { regions, offers, promotion } = file.data;
  const codes = [...cx.regions.keys()];
  const withPage = new Set<string>();
  forEachPage(pages.data.pages, (_, page) => {
    if (page.campaign === file.spec.name) for (const code of pageRegions(page, codes)) withPage.add(code);
  });
  const silent = regions.filter(
    (code) => cx.regions.has(code) && !offers?.[code] && !promotion?.[code] && !withPage.has(code),
  );
  const [first] = silent;
  if (first === undefined) return;
  // One warning for the campaign, at its first silent region: a campaign just begun is silent in all.
  cx.report(
    "campaign-region-silent",
    { campaign: file.spec.name, regions: silent, all: silent.length === regions.length },
    at(file, ["regions", regions.indexOf(first)]),
  );
}

/**
 * A campaign copied for another (black-friday-2025 from black-friday-2024) with its buyQuery left
 * tags the new campaign's orders with the old one's id: the shop's reports would count them there.
 * A value of buyQuery that is another campaign's id, and not this one's, is a warning.
 */
function checkBuyQuery(cx: LinkContext, file: Valid<Spec.Campaign>): void {
  const own = file.spec.name;
  for (const [key, value] of Object.entries(file.data.buyQuery ?? {}))
    if (value !== own && cx.specs.campaigns.has(value))
      cx.report("buy-query-other-campaign", { campaign: own, key, other: value }, at(file, ["buyQuery", key]));
}

/**
 * A pre-order's product can be bought in every region the pre-order runs in where the catalogue
 * lists it: without a buy link its Pre-Order button would lead nowhere (compile shows none).
 */
function checkPreOrderBuyable(cx: LinkContext, id: string, file: Valid<Spec.Campaign>, productId: string): void {
  const product = cx.checkProduct(productId, at(file, ["preOrder"]));
  if (product && checkPreOrderOffered(cx, file, product)) return;
  const catalogue = cx.specs.catalogue;
  const facts = product ? catalogue?.data.products[product]?.regions : undefined;
  if (!catalogue || !facts) return;
  for (const code of regionsMeant(cx, file.data.regions))
    if (cx.regions.has(code) && facts[code] && !facts[code]!.buy)
      cx.report(
        "pre-order-without-buy",
        { product: product!, region: code, campaign: id },
        at(catalogue, ["products", product!, "regions", code], true),
      );
}

/**
 * A pre-order campaign's offers are for the product it pre-sells: a launch file copied for the
 * next launch, its offers rewritten and its preOrder left, would put the old product's page back
 * into pre-order and leave the new one's at its list price. When every offer is for one other
 * product, that is one error at preOrder, with the product meant; true when reported.
 */
function checkPreOrderOffered(cx: LinkContext, file: Valid<Spec.Campaign>, product: string): boolean {
  const offered = new Set(
    Object.values(file.data.offers ?? {}).flatMap((rows) =>
      Object.keys(rows).map((key) => cx.canonicalProduct(key) ?? key),
    ),
  );
  const [meant, ...more] = offered;
  if (!meant || more.length > 0 || meant === product) return false;
  cx.report("pre-order-other-product", { product, meant }, at(file, ["preOrder"]));
  return true;
}

/** What a promotion entry shows, of the three places a campaign is seen. */
const PROMOTION_KINDS = ["textBanner", "menu", "homeBanner"] as const;

/**
 * No two promotion entries of a region show the same kind of thing at one stage (two text banners
 * at Black Friday): an entry's stage mistyped ([2] for [3]) does that, and leaves its own stage
 * without the entry. Returns the regions reported: their stage left without a way in follows from it.
 */
function checkPromotionStages(cx: LinkContext, file: Valid<Spec.Campaign>): Set<string> {
  const reported = new Set<string>();
  for (const [region, entries] of Object.entries(file.data.promotion ?? {})) {
    const shown = new Set<string>();
    const covered = new Set(entries.flatMap((e) => e.stage));
    const stagesHere = campaignStages(file.data, region, regionZoneOf(cx.specs, region)).map((s) => s.number);
    const missing = stagesHere.find((n) => !covered.has(n));
    entries.forEach((entry, i) => {
      const kinds = PROMOTION_KINDS.filter((kind) => entry[kind] !== undefined);
      const twice = entry.stage.flatMap((n) =>
        kinds.filter((kind) => shown.has(`${n} ${kind}`)).map((kind) => ({ n, kind })),
      );
      for (const n of entry.stage) for (const kind of kinds) shown.add(`${n} ${kind}`);
      if (twice.length === 0) return;
      reported.add(region);
      cx.report(
        "promotion-stage-twice",
        { region, stage: twice[0]!.n, kind: twice[0]!.kind, ...(missing ? { missing } : {}) },
        at(file, ["promotion", region, i, "stage"]),
      );
    });
  }
  return reported;
}

/** A campaign's pages and what it writes per region are in the regions it runs in, and the converse. */
export function checkCampaignRegions(cx: LinkContext): void {
  const pages = cx.specs.pages;
  if (pages) checkPageRegions(cx, pages);
  for (const file of cx.specs.campaigns.values()) {
    checkUnusedRegions(cx, file);
    checkBuyQuery(cx, file);
    if (pages) checkSilentRegions(cx, file, pages);
  }
}

/**
 * The campaigns not to tell they have no landing page, because a page that is most likely theirs
 * has its own error: a page naming a campaign that does not exist (unknown-campaign), for the
 * campaign it comes closest to; a campaign page naming none (page-missing-subject), or a content
 * file whose page is not in pages.yaml (unknown-page), for the one campaign that needs a landing
 * page and has none.
 */
function landingsMeant(
  specs: ValidSpecs,
  landing: ReadonlyMap<string, string>,
  unlistedContent: ReadonlySet<string>,
): Set<string> {
  const ids = [...specs.campaigns.keys()];
  const meant = new Set<string>();
  for (const named of landing.keys()) {
    const id = specs.campaigns.has(named) ? undefined : closest(named, ids);
    if (id) meant.add(id);
  }
  // A campaign page that names no campaign, or a page taken out of pages.yaml whose content file
  // stays (each its own error), is the landing page of the one campaign whose promotion needs one
  // and has none, when there is one of each.
  let pagesWithoutCampaign = unlistedContent.size;
  forEachPage(specs.pages?.data.pages ?? {}, (_, page) => {
    if (page.template === "campaign" && !page.campaign) pagesWithoutCampaign++;
  });
  const needing = ids.filter(
    (id) =>
      !landing.has(id) &&
      !meant.has(id) &&
      Object.values(specs.campaigns.get(id)!.data.promotion ?? {}).some((entries) => entries.some((e) => !e.link)),
  );
  if (pagesWithoutCampaign === 1 && needing.length === 1) meant.add(needing[0]!);
  return meant;
}

/**
 * Reports each stage of the campaign that nothing of its promotion leads to its landing page in,
 * with the regions where: a stage added without its entries lacks them in every region, and is
 * one error at the stage naming them all, not one per region.
 */
function checkWaysIn(
  cx: LinkContext,
  id: string,
  file: Valid<Spec.Campaign>,
  page: string,
  doubled: ReadonlySet<string>,
): void {
  const campaign = file.data;
  // The regions each stage has no way in, in route order.
  const unreached = new Map<number, { name: string; regions: string[] }>();
  for (const route of cx.routes) {
    if (route.page !== page || route.childrenOnly) continue;
    const entries = campaign.promotion?.[route.region] ?? [];
    // An entry for a stage the campaign lacks (unknown-stage) was meant for one it has: that
    // error says so, and the stage left without a way in here only follows from it.
    if (entries.some((e) => e.stage.some((n) => n > campaign.stages.length))) continue;
    // So was an entry whose stage doubles another's (promotion-stage-twice).
    if (doubled.has(route.region)) continue;
    for (const stage of campaignStages(campaign, route.region, regionZoneOf(cx.specs, route.region))) {
      const leadsThere = entries.some(
        (e) => e.stage.includes(stage.number) && pathOf(cx, route.region, e.link ?? page) === route.path,
      );
      if (leadsThere) continue;
      const known = unreached.get(stage.number);
      if (known) known.regions.push(route.region);
      else unreached.set(stage.number, { name: stage.name, regions: [route.region] });
    }
  }
  // No stage has a way in, in the same regions: the campaign has no promotion there at all, one error.
  const all = [...unreached.values()];
  const sameRegions = (regions: readonly string[]) => regions.join() === all[0]!.regions.join();
  if (all.length > 1 && all.length === campaign.stages.length && all.every((u) => sameRegions(u.regions))) {
    const { regions } = all[0]!;
    const where =
      regions.length === 1 && campaign.promotion?.[regions[0]!]
        ? at(file, ["promotion", regions[0]!], true)
        : at(file, ["stages", 0, "name"]);
    cx.report(
      "campaign-unreachable",
      { campaign: id, page, regions, stage: 1, stageName: all[0]!.name, allStages: all.map((u) => u.name) },
      where,
    );
    return;
  }
  for (const [stage, { name, regions }] of unreached) {
    const region = regions.length === 1 ? regions[0]! : undefined;
    const where =
      region && campaign.promotion?.[region]
        ? at(file, ["promotion", region], true)
        : at(file, ["stages", stage - 1, "name"]);
    cx.report("campaign-unreachable", { campaign: id, page, regions, stage, stageName: name }, where);
  }
}

/**
 * A promotion entry's stages run in its region: a stage whose start is written per region and
 * leaves the region out (Happy New Year runs in us and uk only) never shows the entry there.
 */
function checkStagesRunThere(
  cx: LinkContext,
  file: Valid<Spec.Campaign>,
  region: string,
  stages: readonly number[],
  path: PathSegment[],
): void {
  const codes = [...cx.regions.keys()];
  stages.forEach((n, j) => {
    const start = file.data.stages[n - 1]?.start;
    if (!start || typeof start !== "object") return;
    const written = Object.keys(start).map((k, _i, keys) => regionMeant(k, codes, keys));
    if (!written.includes(region))
      cx.report(
        "stage-not-in-region",
        {
          campaign: file.spec.name,
          stage: n,
          stageName: file.data.stages[n - 1]!.name,
          region,
          runs: Object.keys(start),
        },
        at(file, [...path, "stage", j]),
      );
  });
}

/** Checks the campaigns but their headlines' figures, and returns the headlines for checkHeadlines. */
export function checkCampaigns(cx: LinkContext): Headline[] {
  const { specs, report, regions } = cx;
  const headlines: Headline[] = [];
  const offeredAt = new Map<string, ReadonlySet<string> | null>();
  const unoffered: Unoffered = new Map();
  const pages = specs.pages;
  // The landing page of each campaign: the page of pages.yaml that names it.
  const mistaken = cx.mistakenLandings;
  const landing = landingPages(pages?.data.pages ?? {}, mistaken);
  const meant = landingsMeant(specs, landing, cx.unlistedContent);
  for (const [page, campaign] of mistaken) {
    const named = findPage(pages!.data.pages, page)!.campaign!;
    report(
      "landing-campaign-mistaken",
      { page, named, other: landing.get(named)!, meant: campaign },
      at(pages!, [...pageYamlPath(page), "campaign"]),
    );
    meant.add(campaign);
  }

  for (const [id, file] of specs.campaigns) {
    const campaign = file.data;
    if (campaign.preOrder) checkPreOrderBuyable(cx, id, file, campaign.preOrder);
    const promoted = Object.keys(campaign.promotion ?? {});
    // Without pages.yaml (its own error says why), whether the campaign has a page is unknown.
    const pageless = pages !== undefined && !landing.has(id) && !meant.has(id);
    // By where each is written: a block an alias repeats (uk: *en) is one entry.
    const leadingNowhere = new Set<number>();
    for (const [code, entries] of Object.entries(campaign.promotion ?? {})) {
      if (!cx.checkRegion(code, at(file, ["promotion", code], true), promoted)) continue;
      const region = regions.get(code);
      if (!region) continue;
      entries.forEach((entry, i) => {
        const path: PathSegment[] = ["promotion", code, i];
        checkStageNumbers(cx, id, entry.stage, file, path);
        checkStagesRunThere(cx, file, code, entry.stage, path);
        if (entry.link !== undefined) {
          checkLink(cx, region, file, [...path, "link"], entry.link);
          checkLeadsToOffer(cx, offeredAt, id, region, entry.stage, file, [...path, "link"], entry.link);
        } else if (pageless) leadingNowhere.add(at(file, path).offset);
        // An entry with no link of its own leads to the campaign's page: in a region the page is
        // not in, a link to nowhere, judged with the other links there (page-not-in-regions).
        else if (landing.has(id)) checkLink(cx, region, file, path, landing.get(id)!);
        if (entry.homeBanner)
          checkBannerProductsOffered(
            cx,
            offeredAt,
            id,
            code,
            entry.stage,
            file,
            [...path, "homeBanner"],
            entry.homeBanner,
            unoffered,
          );
        headlines.push({ file, path, texts: entryTexts(entry), campaign: id, region: code, stages: entry.stage });
      });
    }

    if (leadingNowhere.size > 0) reportLeadingNowhere(cx, id, file, leadingNowhere.size, landing);

    // No stage shows one kind of entry twice; every stage of a running landing page has a way in,
    // in every region that carries it (but in a region with an entry's stage mistyped).
    const doubled = checkPromotionStages(cx, file);
    const page = landing.get(id);
    if (page) checkWaysIn(cx, id, file, page, doubled);
  }

  // Banners of content sections that belong to a campaign promise what its offers give (but in
  // sections never built: sections-outside-page).
  for (const [pageId, content] of specs.content) {
    const pageCampaign = pages && !mistaken.has(pageId) ? findPage(pages.data.pages, pageId)?.campaign : undefined;
    const unbuilt = cx.unbuiltSections.get(pageId)?.regions ?? [];
    for (const [code, sections] of Object.entries(content.data.sections ?? {})) {
      if (unbuilt.includes(code)) continue;
      sections.forEach((section, i) => {
        if (section.type !== "banner") return;
        const campaignId = section.campaign ?? pageCampaign;
        const campaign = campaignId ? specs.campaigns.get(campaignId)?.data : undefined;
        if (!campaign || !campaignId) return;
        const stages = section.stage ?? campaignStages(campaign, code, regionZoneOf(specs, code)).map((s) => s.number);
        const texts = { title: section.title, discount: section.discount };
        checkBannerProductsOffered(
          cx,
          offeredAt,
          campaignId,
          code,
          stages,
          content,
          ["sections", code, i],
          section,
          unoffered,
        );
        headlines.push({
          file: content,
          path: ["sections", code, i],
          texts,
          campaign: campaignId,
          region: code,
          stages,
        });
      });
    }
  }
  reportUnoffered(cx, unoffered);
  return headlines;
}

/** The texts of a campaign's banner that say what is on sale. */
const BANNER_TEXTS = ["title", "discountDescribe", "text"] as const;

/**
 * A campaign's banner names only products the campaign offers in the region at its stages (or a
 * bundle of them): "Early prices on ... Grimlock G1 Flagship" where Early Black Friday has no
 * Grimlock price in us sends shoppers to a list price. A warning: a banner may name a product
 * for another reason (what a gift comes with).
 */
function checkBannerProductsOffered(
  cx: LinkContext,
  offeredAt: Map<string, ReadonlySet<string> | null>,
  campaignId: string,
  region: string,
  stages: readonly number[],
  file: Valid<unknown>,
  path: PathSegment[],
  banner: Partial<Record<(typeof BANNER_TEXTS)[number], string>>,
  unoffered: Unoffered,
): void {
  // A stage the campaign does not have is unknown-stage's error: nothing is judged of it.
  const count = cx.specs.campaigns.get(campaignId)?.data.stages.length ?? 0;
  const known = stages.filter((stage) => stage >= 1 && stage <= count);
  const offered = known.length ? offeredIn(cx, offeredAt, campaignId, region, known) : null;
  if (!offered) return;
  for (const field of BANNER_TEXTS) {
    const text = banner[field];
    if (!text) continue;
    for (const { product, written, nth } of cx.productNames.namedIn(text)) {
      if (offered.has(product)) continue;
      // The name as the file may write it: any case, any run of spaces or a line break between words.
      const pattern = new RegExp(literalPattern(written).replace(/ /g, "\\s+"), "gi");
      const key = `${file.spec.source.path}\n${campaignId}\n${region}`;
      const group = unoffered.get(key);
      if (group) {
        group.count++;
        if (!group.names.includes(written) && written !== group.first.written) group.names.push(written);
        for (const stage of known) group.stages.add(stage);
      } else
        unoffered.set(key, {
          first: { product, written, campaign: campaignId, region },
          location: atPart(file, [...path, field], { pattern, nth }),
          names: [],
          stages: new Set(known),
          count: 1,
        });
    }
  }
}

/**
 * Products a campaign's banners name where it offers them no price, by file, campaign and region:
 * a page written for last year's offers names several, in every stage's banner.
 */
type Unoffered = Map<
  string,
  {
    first: { product: string; written: string; campaign: string; region: string };
    location: Location;
    names: string[];
    stages: Set<number>;
    count: number;
  }
>;

function reportUnoffered(cx: LinkContext, unoffered: Unoffered): void {
  for (const { first, location, names, stages, count } of unoffered.values())
    cx.report(
      "banner-product-not-offered",
      {
        ...first,
        stages: [...stages].sort((a, b) => a - b),
        ...(count > 1 ? { more: count - 1, names } : {}),
      },
      location,
    );
}

/**
 * A promotion that leads to a product's page leads to one the campaign has a price for at its
 * stages: Father's Day's entries left on last year's product, which has no offer this time, send
 * shoppers from "save up to 17%" to a list price. A warning.
 */
function checkLeadsToOffer(
  cx: LinkContext,
  offeredAt: Map<string, ReadonlySet<string> | null>,
  campaignId: string,
  region: RegionModel,
  stages: readonly number[],
  file: Valid<unknown>,
  path: PathSegment[],
  link: string,
): void {
  const parsed = parseLink(link);
  if (parsed.kind !== "internal") return;
  const product = cx.routesByPath.get(linkTarget(parsed, region.prefix))?.product;
  if (!product) return;
  const offered = offeredIn(cx, offeredAt, campaignId, region.code, stages);
  if (offered && offered.size > 0 && !offered.has(product))
    cx.report(
      "promotion-to-product-without-offer",
      { product, campaign: campaignId, region: region.code, stages: [...stages] },
      at(file, path),
    );
}

/** productsOffered, worked out once per campaign, region and stages (a campaign's banners at 10,000 routes are many). */
function offeredIn(
  cx: LinkContext,
  offeredAt: Map<string, ReadonlySet<string> | null>,
  campaignId: string,
  region: string,
  stages: readonly number[],
): ReadonlySet<string> | null {
  const key = `${campaignId}\n${region}\n${stages.join(",")}`;
  if (!offeredAt.has(key)) offeredAt.set(key, productsOffered(cx, campaignId, region, stages));
  return offeredAt.get(key)!;
}

/**
 * The products a campaign offers in a region at any of the stages, and those the bundles on offer
 * hold. null where it is not judged: an unknown region (a typo), or a campaign that offers
 * nothing there (gifts, not prices), is another rule's or none.
 */
function productsOffered(
  cx: LinkContext,
  campaignId: string,
  region: string,
  stages: readonly number[],
): ReadonlySet<string> | null {
  const offers = regionEntry(
    cx.specs.campaigns.get(campaignId)?.data.offers,
    region,
    Object.keys(cx.specs.site?.data.regions ?? {}),
  );
  if (!offers || !cx.regions.has(region)) return null;
  const offered = new Set<string>();
  for (const [key, row] of Object.entries(offers)) {
    const id = cx.canonicalProduct(key);
    if (!id || !stages.some((stage) => row[stage - 1] != null)) continue;
    offered.add(id);
    // A bundle on offer offers what it holds, as its banner may say ("Elite Optimus Prime + AI Base").
    for (const part of cx.specs.catalogue?.data.products[id]?.bundle ?? [])
      offered.add(cx.canonicalProduct(part) ?? part);
  }
  return offered;
}

/**
 * The campaigns' offer rows: in known regions, for known products, one price per stage; each
 * notes its product's use in the region. The rows go to the prices part, which holds each price
 * below the list price.
 */
export function checkOffers(cx: LinkContext): OfferRow[] {
  const rows: OfferRow[] = [];
  for (const [id, campaign] of cx.specs.campaigns) {
    const stageCount = campaign.data.stages.length;
    const own: OfferRow[] = [];
    const offered = Object.keys(campaign.data.offers ?? {});
    for (const [code, products] of Object.entries(campaign.data.offers ?? {})) {
      if (!cx.checkRegion(code, at(campaign, ["offers", code], true), offered)) continue;
      for (const [product, row] of Object.entries(products)) {
        const named = at(campaign, ["offers", code, product], true);
        const canonical = cx.checkProduct(product, named);
        if (!canonical) continue;
        cx.noteProductUse(canonical, code, `campaign ${id} offers it there`, named);
        own.push({ campaign, region: code, product, canonical, row });
      }
    }
    // A figure with a thousands separator is its own error: its row is not too long for that.
    const { found, rest } = setSeparatedApart(campaign.spec, own, {
      expected: stageCount,
      length: (r) => r.row.length,
      path: (r) => ["offers", r.region, r.product],
      what: "campaign prices",
    });
    for (const { args, location } of found) cx.report("separated-figure", args, location);
    // Every row a price short (or over), as after a stage is added or removed: the stages changed, once.
    const lengths = new Set(rest.map((r) => r.row.length));
    const [length] = lengths;
    const stagesChanged = rest.length > 1 && lengths.size === 1 && length !== stageCount;
    if (stagesChanged)
      cx.report(
        "offer-stage-count",
        { campaign: id, count: length!, stages: stageCount },
        at(campaign, ["stages"], true),
      );
    else
      for (const { region, product, row } of rest)
        if (row.length !== stageCount)
          cx.report(
            "offer-row-length",
            { product, region, count: row.length, stages: stageCount },
            at(campaign, ["offers", region, product]),
          );
    // A row of the wrong length on its own says nothing reliable of any one stage: its prices are
    // not judged. (After a change of stages every row is judged as it stands, as before.)
    appendAll(rows, stagesChanged ? rest : own.filter((r) => r.row.length === stageCount));
  }
  return rows;
}

/** Each headline's figures against the saving its campaign's offers give: one report per headline, whichever stage disagrees first. */
export function checkHeadlines(report: Report, upTo: UpTo, headlines: readonly Headline[]): void {
  for (const { file, path, texts, campaign, region, stages } of headlines)
    stages.some((stage) => checkHeadline(report, upTo, file, path, texts, campaign, region, stage));
}

/** The site path an entry's link leads to in a region ("" when it leaves the site). */
function pathOf(cx: LinkContext, region: string, link: string): string {
  const parsed = parseLink(link);
  if (parsed.kind !== "internal") return "";
  const prefix = cx.regions.get(region)?.prefix ?? "";
  return linkTarget(parsed, prefix);
}

function entryTexts(
  entry: NonNullable<Spec.Campaign["promotion"]>[string][number],
): Record<string, string | undefined> {
  return {
    "textBanner.label": entry.textBanner?.label,
    "menu.label": entry.menu?.label,
    "homeBanner.title": entry.homeBanner?.title,
    "homeBanner.discount": entry.homeBanner?.discount,
    "homeBanner.discountDescribe": entry.homeBanner?.discountDescribe,
  };
}

/** Reports the first figure of the texts that is not the stage's derived saving; true if it did. */
function checkHeadline(
  report: Report,
  upTo: UpTo,
  file: Valid<unknown>,
  path: PathSegment[],
  texts: Record<string, string | undefined>,
  campaign: string,
  region: string,
  stage: number,
): boolean {
  for (const [key, text] of Object.entries(texts)) {
    if (!text) continue;
    for (const [nth, match] of [...text.matchAll(PERCENT)].entries()) {
      const written = Number(match[1]!.replace(",", "."));
      const derived = upTo(campaign, region, stage);
      if (written !== derived) {
        report(
          "headline-percent-mismatch",
          { written, derived, region, stage, campaign },
          atPart(file, [...path, ...key.split(".")], { pattern: PERCENT, nth }),
        );
        return true;
      }
    }
  }
  return false;
}
