// The one window model for everything timed: campaign stages (and so banners, promotional menu
// entries and sections gated by a stage, release times and the early-bird period), route
// windows, and nav start times. Every window is half-open, [start, end), per region. This file
// resolves the times the specs write into instants, checks them (as part of link), and answers
// "what is live at t" and "when does the output next change" for compile and check-windows.

import type { DateTime } from "luxon";
import type { Location } from "../diagnostics/index.ts";
import { locate, type PathSegment } from "../load/index.ts";
import type * as Spec from "../validate/spec-types.ts";
import { forEachPage, pageRegions } from "../link/pages.ts";
import { isTimeZone, parseInstant } from "./instant.ts";
import type { ValidSpecs } from "../validate/index.ts";
import type { SiteModel } from "../link/model.ts";

export interface Stage {
  /** 1-based. */
  number: number;
  name: string;
  start: DateTime;
  end: DateTime | null;
  gapBefore: boolean;
  /** The spec wrote local dates (2024-12-09): shoppers read them as days, with no time or zone. */
  dateOnly: boolean;
}

export interface TimedWindow {
  kind: "stage" | "route" | "nav";
  region: string;
  /** What the window is, in a report: "black-friday-2024 stage 2", "page sale", "nav Flagship Bumblebee". */
  label: string;
  /** What happens at its start and end, for "next change" lines. */
  startsWhat: string;
  endsWhat: string;
  campaign?: string;
  stage?: number;
  /** A stage's names as the campaign file writes them ("Black Friday 2024", "Early Black Friday"), for reports. */
  campaignName?: string;
  stageName?: string;
  start: DateTime | null;
  end: DateTime | null;
  location: Location;
}

type CampaignTime = string;

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** A campaign time written as a date: a local day, the same calendar day in every region. */
const isDateOnly = (text: CampaignTime): boolean => DATE_ONLY.test(text.trim());

/**
 * An instant from a campaign file: with an offset or zone it stands alone; a date (2024-12-09) is
 * the start of that day in the region's own zone; a local time is read in the campaign's zone. A
 * local time with no campaign zone is naive and has no instant.
 */
export function campaignInstant(
  text: CampaignTime,
  zone: string | undefined,
  regionZone?: string,
): ReturnType<typeof parseInstant> {
  const parsed = parseInstant(text);
  if (parsed.ok || parsed.problem !== "naive") return parsed;
  const readIn = isDateOnly(text) ? (regionZone ?? zone) : zone;
  return readIn ? parseInstant(`${text.trim()} ${readIn}`) : parsed;
}

/** The zone a region's shoppers live in (site.yaml), for its dates. */
export function regionZoneOf(specs: Pick<ValidSpecs, "site">, region: string): string | undefined {
  const zone = specs.site?.data.regions[region]?.zone;
  return zone && isTimeZone(zone) ? zone : undefined;
}

const pick = (value: Spec.Campaign["stages"][number]["start"] | undefined, region: string): CampaignTime | undefined =>
  value === undefined ? undefined : typeof value === "string" ? value : value[region];

/**
 * The stages of a campaign in one region, in order; a stage without a time for the region is not
 * run there. `regionZone` reads the dates the campaign writes as days.
 */
export function campaignStages(campaign: Spec.Campaign, region: string, regionZone?: string): readonly Stage[] {
  let byRegion = stagesOf.get(campaign);
  if (!byRegion) stagesOf.set(campaign, (byRegion = new Map()));
  const key = `${region} ${regionZone ?? ""}`;
  let stages = byRegion.get(key);
  if (!stages) byRegion.set(key, (stages = stagesIn(campaign, region, regionZone)));
  return stages;
}

/**
 * Stages by campaign (its spec data) and region: parsing their instants is costly, and link, the
 * time stage and each of site dev's compiles ask for the same ones again.
 */
const stagesOf = new WeakMap<Spec.Campaign, Map<string, readonly Stage[]>>();

function stagesIn(campaign: Spec.Campaign, region: string, regionZone?: string): readonly Stage[] {
  if (!campaign.regions.includes(region)) return [];
  const stages: Stage[] = [];
  campaign.stages.forEach((stage, i) => {
    const startText = pick(stage.start, region);
    if (startText === undefined) return;
    const start = campaignInstant(startText, campaign.zone, regionZone);
    const endText = pick(stage.end, region);
    const end = endText === undefined ? null : campaignInstant(endText, campaign.zone, regionZone);
    if (!start.ok || (end && !end.ok)) return;
    stages.push({
      number: i + 1,
      name: stage.name,
      start: start.instant,
      end: end?.ok ? end.instant : null,
      gapBefore: stage.gapBefore ?? false,
      dateOnly: isDateOnly(startText) && (endText === undefined || isDateOnly(endText)),
    });
  });
  return stages;
}

/** The window of a campaign's landing page in a region: its first stage's start to its last stage's end. */
export function campaignWindow(stages: readonly Stage[]): { start: DateTime; end: DateTime | null } | null {
  const first = stages[0];
  const last = stages.at(-1);
  return first && last ? { start: first.start, end: last.end } : null;
}

/** The stage live at `at`, or null. */
export function liveStage(stages: readonly Stage[], at: DateTime): Stage | null {
  return stages.find((s) => stateAt(s, at) === "live") ?? null;
}

/** Every window of the site per region, for reports and the next-change instant. */
export function collectWindows(model: SiteModel): TimedWindow[] {
  const { specs } = model;
  const regionCodes = [...model.regions.keys()];
  const windows: TimedWindow[] = [];
  for (const [id, campaign] of specs.campaigns) {
    for (const region of campaign.data.regions.filter((r) => regionCodes.includes(r))) {
      for (const stage of campaignStages(campaign.data, region, regionZoneOf(specs, region))) {
        windows.push({
          kind: "stage",
          region,
          label: `${id} stage ${stage.number}`,
          startsWhat: `${stage.name} starts`,
          endsWhat: `${stage.name} ends`,
          campaign: id,
          stage: stage.number,
          campaignName: campaign.data.name,
          stageName: stage.name,
          start: stage.start,
          end: stage.end,
          location: locate(campaign.spec, ["stages", stage.number - 1]),
        });
      }
    }
  }
  const pages = specs.pages;
  if (pages) {
    forEachPage(pages.data.pages, (id, page, path) => {
      if (!page.window) return;
      const start = page.window.start ? parseInstant(page.window.start) : null;
      const end = page.window.end ? parseInstant(page.window.end) : null;
      for (const region of pageRegions(page, regionCodes)) {
        windows.push({
          kind: "route",
          region,
          label: `page ${id}`,
          startsWhat: `page ${id} opens`,
          endsWhat: `page ${id} closes`,
          start: start?.ok ? start.instant : null,
          end: end?.ok ? end.instant : null,
          location: locate(pages.spec, [...path, "window"]),
        });
      }
    });
  }
  for (const [region, file] of specs.regions) {
    const walk = (items: Spec.NavItem[], path: PathSegment[]) =>
      items.forEach((item, i) => {
        if (item.startTime) {
          const parsed = parseInstant(item.startTime);
          if (parsed.ok) {
            const label = navLabel(model, item, region);
            windows.push({
              kind: "nav",
              region,
              label: `nav ${label}`,
              startsWhat: `${label} gets its ${item.tag?.label ?? "NEW"} tag`,
              endsWhat: "",
              start: parsed.instant,
              end: null,
              location: locate(file.spec, [...path, i, "startTime"]),
            });
          }
        }
        if (item.children) walk(item.children, [...path, i, "children"]);
      });
    walk(file.data.navigation, ["navigation"]);
  }
  return windows;
}

/**
 * What a menu entry says in a region, as the menu shows it (compile/context.ts): for an entry that
 * names a product, the name of the product it resolves to (link's canonicalProduct) on one line;
 * otherwise, or where that product has no name there, its label.
 */
function navLabel(model: SiteModel, item: Spec.NavItem, region: string): string {
  const product = item.identify ? model.canonicalProduct(item.identify) : undefined;
  const name = product ? model.products.get(product)?.regions[region]?.name : undefined;
  return name ? name.split("\n").join(" ") : (item.label ?? item.identify ?? "");
}

export type WindowState = "upcoming" | "live" | "over";

/** The one test of a window, half-open [start, end): every stage, route and report asks it. */
export function stateAt(window: { start: DateTime | null; end: DateTime | null }, at: DateTime): WindowState {
  if (window.start && at < window.start) return "upcoming";
  if (window.end && at >= window.end) return "over";
  return "live";
}

/** The first instant after `at` at which a window starts or ends, and what happens then. */
export function nextChange(
  windows: readonly TimedWindow[],
  at: DateTime,
): { instant: DateTime; changes: { region: string; what: string }[] } | null {
  let instant: DateTime | null = null;
  for (const w of windows) {
    for (const edge of [w.start, w.end]) if (edge && edge > at && (!instant || edge < instant)) instant = edge;
  }
  if (!instant) return null;
  const changes: { region: string; what: string }[] = [];
  for (const w of windows) {
    if (w.start && +w.start === +instant) changes.push({ region: w.region, what: w.startsWhat });
    if (w.end && +w.end === +instant && w.endsWhat) changes.push({ region: w.region, what: w.endsWhat });
  }
  return { instant, changes };
}
