// The time stage: what is in force at `now`, resolved once per build and region. Compile and the
// sections read only this: the stage of each campaign, the price in force for each product, each
// product's pre-order phase, the live entry points of campaigns, whether a route is open. No other
// part of the compiler compares instants, so two parts of a page cannot disagree about the time.

import type { DateTime } from "luxon";
import type { RegionModel, RouteModel, SiteModel } from "../link/model.ts";
import type * as Spec from "../validate/spec-types.ts";
import { parseInstant } from "./instant.ts";
import { landingPages } from "../link/pages.ts";
import { namesYear } from "../link/placeholders.ts";
import { campaignStages, collectWindows, nextChange, stateAt, type Stage } from "./windows.ts";

type StageState = "over" | "live" | "upcoming";

export interface StageAt extends Stage {
  state: StageState;
  /** The stage's days as a shopper of the region reads them ("November 14 – 21"), its last minute inside. */
  dates: string;
  /** The same, naming the zone when the times are not the region's own local days ("November 14 – 21 (CET)"). */
  datesWithZone: string;
  /** First day, and last day inside the stage, each as a date label. */
  startDate: string;
  endDate: string | null;
  /**
   * The stage's first and last minute written out, with the year, and with the time and zone when
   * the campaign gives times ("November 22, 2024 at 00:00 CET"): what terms state as the period.
   */
  startsAt: string;
  lastMinute: string | null;
}

/**
 * A product's pre-order phase, when a campaign runs its pre-order: before it opens (sign-up
 * only), while a stage gives it an early-bird price, and after (the regular price).
 */
export type ProductPhase = "pre-heat" | "early-bird" | "regular";

interface PriceInForce {
  /** What the product costs now: the sale price of a live stage, else the list price. */
  amount: number;
  list: number;
  /** The campaign stage whose offer sets the price; null when the list price applies. */
  sale: { campaign: string; stage: number } | null;
}

type PromotionEntry = NonNullable<Spec.Campaign["promotion"]>[string][number];

/** A campaign's entry point that shows now. */
interface LivePromotion {
  campaign: string;
  stage: StageAt;
  /** Where it leads, as the spec writes links: the entry's own link or the campaign's landing page. */
  link: string;
  entry: PromotionEntry;
}

type RouteState = "before" | "open" | "over";

export interface RegionInForce {
  region: RegionModel;
  stages(campaign: string): readonly StageAt[];
  live(campaign: string): StageAt | null;
  /** Has the campaign begun in the region (its texts may be published)? */
  begun(campaign: string): boolean;
  /** Null where the product is not sold. */
  price(product: string): PriceInForce | null;
  /** Null for a product no campaign runs a pre-order for in the region. */
  phase(product: string): ProductPhase | null;
  /** The live entry points of every campaign, in the order their stages began. */
  promotions: readonly LivePromotion[];
}

export interface SiteInForce {
  now: DateTime;
  region(code: string): RegionInForce;
  routeState(route: RouteModel): RouteState;
  /** The first instant after `now` at which some output would change, or null. */
  nextChange: string | null;
}

export function resolveInForce(model: SiteModel, now: DateTime): SiteInForce {
  const campaigns = model.specs.campaigns;
  const landing = landingPages(model.specs.pages?.data.pages ?? {});
  const preOrders = new Map<string, string>();
  for (const [id, c] of campaigns) {
    const product = c.data.preOrder && model.canonicalProduct(c.data.preOrder);
    if (product && !preOrders.has(product)) preOrders.set(product, id);
  }

  // A campaign not run in a region has begun there when it began anywhere (its news is news).
  const begunAnywhere = new Map<string, boolean>();
  const begun = (campaignId: string, here: readonly StageAt[]): boolean => {
    if (here.length > 0) return here[0]!.state !== "upcoming";
    if (!begunAnywhere.has(campaignId)) {
      const campaign = campaigns.get(campaignId)?.data;
      const anywhere = (campaign?.regions ?? []).some((code) => {
        const region = model.regions.get(code);
        return region !== undefined && campaignStages(campaign!, code, region.zone).some((s) => s.start <= now);
      });
      begunAnywhere.set(campaignId, anywhere);
    }
    return begunAnywhere.get(campaignId)!;
  };

  const regions = new Map<string, RegionInForce>();
  const regionInForce = (region: RegionModel): RegionInForce => {
    const stagesBy = new Map<string, StageAt[]>();
    const stages = (campaignId: string): StageAt[] => {
      let list = stagesBy.get(campaignId);
      if (!list) {
        const campaign = campaigns.get(campaignId)?.data;
        list = campaign
          ? campaignStages(campaign, region.code, region.zone).map((s) => stageAt(s, campaign, region, now))
          : [];
        stagesBy.set(campaignId, list);
      }
      return list;
    };
    const live = (campaignId: string) => stages(campaignId).find((s) => s.state === "live") ?? null;

    const prices = new Map<string, PriceInForce | null>();
    const price = (product: string): PriceInForce | null => {
      if (prices.has(product)) return prices.get(product)!;
      const list = model.price(product, region.code);
      let inForce: PriceInForce | null = list === null ? null : { amount: list, list, sale: null };
      if (inForce) {
        // The lowest sale price of any campaign live now: two campaigns at once still give one price.
        for (const campaignId of campaigns.keys()) {
          const stage = live(campaignId);
          const sale = stage ? model.offer(campaignId, product, region.code, stage.number) : null;
          if (stage && sale !== null && sale < inForce.amount)
            inForce = { amount: sale, list: inForce.list, sale: { campaign: campaignId, stage: stage.number } };
        }
      }
      prices.set(product, inForce);
      return inForce;
    };

    // Asked for by every card and menu entry that shows the product: decided once per region.
    const phases = new Map<string, ProductPhase | null>();
    const phase = (product: string): ProductPhase | null => {
      if (!phases.has(product)) phases.set(product, phaseNow(product));
      return phases.get(product)!;
    };
    const phaseNow = (product: string): ProductPhase | null => {
      const canonical = model.canonicalProduct(product);
      const campaignId = canonical ? preOrders.get(canonical) : undefined;
      const list = campaignId ? stages(campaignId) : [];
      if (!campaignId || list.length === 0) return null;
      if (list[0]!.state === "upcoming") return "pre-heat";
      const stage = live(campaignId);
      return stage && model.offer(campaignId, canonical!, region.code, stage.number) !== null
        ? "early-bird"
        : "regular";
    };

    const promotions: LivePromotion[] = [];
    for (const [campaignId, c] of campaigns) {
      const stage = live(campaignId);
      if (!stage) continue;
      for (const entry of c.data.promotion?.[region.code] ?? []) {
        const link = entry.link ?? landing.get(campaignId);
        if (entry.stage.includes(stage.number) && link !== undefined)
          promotions.push({ campaign: campaignId, stage, link, entry });
      }
    }
    promotions.sort((a, b) => +a.stage.start - +b.stage.start);

    return {
      region,
      stages,
      live,
      begun: (campaignId) => begun(campaignId, stages(campaignId)),
      price,
      phase,
      promotions,
    };
  };

  let next: string | null | undefined;
  return {
    now,
    region(code) {
      let found = regions.get(code);
      if (!found) regions.set(code, (found = regionInForce(model.regions.get(code)!)));
      return found;
    },
    routeState(route) {
      const start = route.window?.start ? parseInstant(route.window.start) : null;
      const end = route.window?.end ? parseInstant(route.window.end) : null;
      const state = stateAt({ start: start?.ok ? start.instant : null, end: end?.ok ? end.instant : null }, now);
      return state === "upcoming" ? "before" : state === "live" ? "open" : "over";
    },
    // Every window of the specs is looked at: only when asked (site dev knows it from the last build).
    get nextChange() {
      if (next !== undefined) return next;
      // A window's edge, or a year beginning where a copyright line names the year.
      const edges = [nextChange(collectWindows(model), now)?.instant, nextNewYear(model, now)];
      const [first] = edges.filter((edge) => edge !== undefined && edge !== null).sort((a, b) => +a - +b);
      return (next = first?.toISO({ suppressMilliseconds: true }) ?? null);
    },
  };
}

/** The first new year after `now` in the zone of a region whose copyright line names {year}, or null. */
function nextNewYear(model: SiteModel, now: DateTime): DateTime | null {
  let first: DateTime | null = null;
  for (const region of model.regions.values()) {
    if (!namesYear(region.settings.copyright)) continue;
    const begins = now.setZone(region.zone).startOf("year").plus({ years: 1 });
    if (!first || begins < first) first = begins;
  }
  return first;
}

function stageAt(stage: Stage, campaign: Spec.Campaign, region: RegionModel, now: DateTime): StageAt {
  let byLocale = stageTexts.get(stage);
  if (!byLocale) stageTexts.set(stage, (byLocale = new Map()));
  let texts = byLocale.get(region.formats);
  if (!texts) byLocale.set(region.formats, (texts = textsOfStage(stage, campaign, region)));
  return { ...stage, state: stateAt(stage, now), ...texts };
}

type StageTexts = Omit<StageAt, keyof Stage | "state">;

/**
 * Each stage's texts by the locale they are written in. A stage is one campaign's in one region
 * (windows.ts, campaignStages), and its texts are the same at every instant: site dev's compile
 * after each edit asks for every campaign's stages in a region again, and formats none.
 */
const stageTexts = new WeakMap<Stage, Map<string, StageTexts>>();

function textsOfStage(stage: Stage, campaign: Spec.Campaign, region: RegionModel): StageTexts {
  // Dates a campaign writes as days are the region's own days; times are shown in the zone the
  // campaign names, and name it (Black Friday in CET everywhere), or else in the region's own.
  const zone = stage.dateOnly ? region.zone : (campaign.displayZone ?? campaign.zone ?? region.zone);
  const format = dateFormat(region.formats, zone);
  const last = stage.end ? stage.end.minus({ minutes: 1 }) : null;
  const dates = last
    ? format.formatRange(stage.start.toJSDate(), last.toJSDate())
    : format.format(stage.start.toJSDate());
  const abbreviation =
    stage.dateOnly || !(campaign.displayZone ?? campaign.zone) ? null : zoneAbbreviation(zone, stage.start);
  const full = fullDateFormat(region.formats, zone, !stage.dateOnly);
  const written = (instant: DateTime) => {
    const text = full.format(instant.toJSDate());
    const name = abbreviation && zoneAbbreviation(zone, instant);
    return name ? `${text} ${name}` : text;
  };
  return {
    dates,
    datesWithZone: abbreviation ? `${dates} (${abbreviation})` : dates,
    startDate: format.format(stage.start.toJSDate()),
    endDate: last ? format.format(last.toJSDate()) : null,
    startsAt: written(stage.start),
    lastMinute: last ? written(last) : null,
  };
}

// Building a date format is costly next to using one: one per locale and zone.
const dateFormats = new Map<string, Intl.DateTimeFormat>();
function dateFormat(locale: string, zone: string): Intl.DateTimeFormat {
  const key = `${locale}|${zone}`;
  let format = dateFormats.get(key);
  if (!format)
    dateFormats.set(key, (format = new Intl.DateTimeFormat(locale, { month: "long", day: "numeric", timeZone: zone })));
  return format;
}

/** A date with its year, and its time on the 24-hour clock when `withTime`, as the locale writes them. */
function fullDateFormat(locale: string, zone: string, withTime: boolean): Intl.DateTimeFormat {
  const key = `${locale}|${zone}|${withTime}`;
  let format = fullDateFormats.get(key);
  if (!format) {
    const time = withTime ? ({ hour: "2-digit", minute: "2-digit", hourCycle: "h23" } as const) : {};
    format = new Intl.DateTimeFormat(locale, {
      year: "numeric",
      month: "long",
      day: "numeric",
      ...time,
      timeZone: zone,
    });
    fullDateFormats.set(key, format);
  }
  return format;
}
const fullDateFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A zone as people write it (CET, PDT, BST), or null where the only name is a raw offset
 * ("GMT+8"): a shopper should never have to read an offset.
 */
export function zoneAbbreviation(zone: string, at: DateTime): string | null {
  const key = `${zone} ${at.toMillis()}`;
  if (!zoneNames.has(key)) zoneNames.set(key, nameOfZone(zone, at));
  return zoneNames.get(key)!;
}

/** Zone names by zone and instant: two number formats each, asked for by every region's stages on every compile. */
const zoneNames = new Map<string, string | null>();

function nameOfZone(zone: string, at: DateTime): string | null {
  for (const locale of ["en-US", "en-GB"]) {
    const name = new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: "short" })
      .formatToParts(at.toJSDate())
      .find((p) => p.type === "timeZoneName")?.value;
    if (name && !/^(GMT|UTC)[+-−]/.test(name)) return name;
  }
  return null;
}
