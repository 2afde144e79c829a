// The one window model for everything timed: campaign stages (and so banners, promotional menu
// entries and sections gated by a stage, release times and the early-bird period), route
// windows, and nav start times. Every window is half-open, [start, end), per region. This file
// resolves the times the specs write into instants, checks them (as part of link), and answers
// "what is live at t" and "when does the output next change" for compile and check-windows.

import { type DateTime, IANAZone } from "luxon";
import { diagnostic, type Diagnostic, type Location } from "../diagnostics/index.ts";
import { locate, type PathSegment } from "../load/index.ts";
import type * as Spec from "../validate/spec-types.ts";
import { forEachPage } from "../link/pages.ts";
import { parseInstant } from "./instant.ts";
import type { Valid, ValidSpecs } from "../validate/index.ts";

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
function campaignInstant(text: CampaignTime, zone: string | undefined, regionZone?: string): ReturnType<typeof parseInstant> {
  const parsed = parseInstant(text);
  if (parsed.ok || parsed.problem !== "naive") return parsed;
  const readIn = isDateOnly(text) ? (regionZone ?? zone) : zone;
  return readIn ? parseInstant(`${text.trim()} ${readIn}`) : parsed;
}

/** The zone a region's shoppers live in (site.yaml), for its dates. */
export function regionZoneOf(specs: Pick<ValidSpecs, "site">, region: string): string | undefined {
  const zone = specs.site?.data.regions[region]?.zone;
  return zone && IANAZone.isValidZone(zone) ? zone : undefined;
}

const pick = (value: Spec.Campaign["stages"][number]["start"] | undefined, region: string): CampaignTime | undefined =>
  value === undefined ? undefined : typeof value === "string" ? value : value[region];

/**
 * The stages of a campaign in one region, in order; a stage without a time for the region is not
 * run there. `regionZone` reads the dates the campaign writes as days.
 */
export function campaignStages(campaign: Spec.Campaign, region: string, regionZone?: string): Stage[] {
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

/** Checks every time in the specs; reported by link (site check) and by check-windows. */
export function checkWindows(specs: ValidSpecs, regionCodes: readonly string[]): Diagnostic[] {
  const out: Diagnostic[] = [];
  const at = (v: Valid<unknown>, path: PathSegment[]) => locate(v.spec, path);

  for (const [id, campaign] of specs.campaigns) {
    const data = campaign.data;
    for (const key of ["zone", "displayZone"] as const) {
      const zone = data[key];
      if (zone && !IANAZone.isValidZone(zone)) out.push(diagnostic("invalid-value", { value: zone, description: "a time zone name such as Europe/Paris" }, at(campaign, [key])));
    }
    const zone = data.zone && IANAZone.isValidZone(data.zone) ? data.zone : undefined;

    // Every time written in the file, parsed in the campaign's zone.
    const times: { path: PathSegment[]; text: string; region: string | null }[] = [];
    const collect = (value: Spec.Campaign["stages"][number]["start"] | undefined, path: PathSegment[]) => {
      if (typeof value === "string") times.push({ path, text: value, region: null });
      else if (value) for (const [region, text] of Object.entries(value)) times.push({ path: [...path, region], text, region });
    };
    data.stages.forEach((s, i) => {
      collect(s.start, ["stages", i, "start"]);
      collect(s.end, ["stages", i, "end"]);
    });
    collect(data.window?.start, ["window", "start"]);
    collect(data.window?.end, ["window", "end"]);
    let allParsed = true;
    for (const t of times) {
      // A date is a day in each region's zone; any region's zone tells whether it is a date at all.
      const parsed = campaignInstant(t.text, zone, regionZoneOf(specs, t.region ?? data.regions[0] ?? "") ?? "UTC");
      if (!parsed.ok) {
        allParsed = false;
        out.push(
          parsed.problem === "naive"
            ? diagnostic("naive-timestamp", { value: t.text }, at(campaign, t.path))
            : diagnostic("invalid-timestamp", { value: t.text, reason: parsed.reason }, at(campaign, t.path)),
        );
      } else if (parsed.inDstGap || isAmbiguous(parsed.instant, parsed.zone)) {
        out.push(diagnostic("dst-local-time", { value: t.text, zone: parsed.zone ?? "", gap: parsed.inDstGap }, at(campaign, t.path)));
      }
    }
    if (!allParsed) continue;

    const windowStart = data.window?.start ? campaignInstant(data.window.start, zone) : null;
    const windowEnd = data.window?.end ? campaignInstant(data.window.end, zone) : null;
    if (windowStart?.ok && windowEnd?.ok && windowEnd.instant <= windowStart.instant) {
      out.push(diagnostic("window-end-not-after-start", { what: `campaign ${id}` }, at(campaign, ["window", "end"])));
    }
    // A time shared by several regions is one mistake, reported once for all of them.
    const found = new Map<string, { report: (regions: string) => Diagnostic; regions: string[] }>();
    const problem = (location: Location, key: string, region: string, report: (regions: string) => Diagnostic) => {
      const place = `${key}@${location.offset}`;
      const entry = found.get(place);
      if (entry) entry.regions.push(region);
      else found.set(place, { report, regions: [region] });
    };
    for (const region of data.regions.filter((r) => regionCodes.includes(r))) {
      const stages = campaignStages(data, region, regionZoneOf(specs, region));
      const where = (stage: Stage, key: "start" | "end") => {
        const value = data.stages[stage.number - 1]![key];
        return at(campaign, ["stages", stage.number - 1, key, ...(value && typeof value === "object" ? [region] : [])]);
      };
      stages.forEach((stage, i) => {
        const what = (regions: string) => `${id} stage ${stage.number} (${stage.name}) in ${regions}`;
        const flag = (code: string, location: Location, report: (regions: string) => Diagnostic) => problem(location, code, region, report);
        if (stage.end && stage.end <= stage.start) {
          const location = where(stage, "end");
          flag("end", location, (r) => diagnostic("window-end-not-after-start", { what: what(r) }, location));
        }
        if (windowStart?.ok && stage.start < windowStart.instant) {
          const location = where(stage, "start");
          flag("before", location, (r) => diagnostic("stage-outside-campaign", { what: what(r), edge: "starts before" }, location));
        }
        if (windowEnd?.ok && (stage.end === null || stage.end > windowEnd.instant)) {
          const location = where(stage, "end");
          flag("after", location, (r) => diagnostic("stage-outside-campaign", { what: what(r), edge: "ends after" }, location));
        }
        const previous = stages[i - 1];
        if (!previous) return;
        const location = where(stage, "start");
        if (stage.start < previous.start) {
          flag("order", location, (r) => diagnostic("stage-out-of-order", { what: what(r), previous: previous.number }, location));
        } else if (previous.end === null || stage.start < previous.end) {
          flag("overlap", location, (r) => diagnostic("stage-overlap", { what: what(r), previous: previous.number }, location));
        } else if (stage.start > previous.end && !stage.gapBefore) {
          const [from, to] = [previous.end.toISO({ suppressMilliseconds: true })!, stage.start.toISO({ suppressMilliseconds: true })!];
          flag(`gap ${from} ${to}`, location, (r) => diagnostic("stage-gap", { what: what(r), previous: previous.number, from, to }, location));
        }
      });
    }
    for (const { report, regions } of found.values()) out.push(report(regions.join(", ")));
  }

  // Route windows: their own order. A campaign's landing page takes its window from the
  // campaign; one written as well must say the same, or the two disagree about when it is seen.
  const pages = specs.pages;
  if (pages) {
    forEachPage(pages.data.pages, (id, page, path) => {
      if (!page.window) return;
      const start = page.window.start ? parseInstant(page.window.start) : null;
      const end = page.window.end ? parseInstant(page.window.end) : null;
      if (start?.ok && end?.ok && end.instant <= start.instant) out.push(diagnostic("window-end-not-after-start", { what: `page ${id}` }, at(pages, [...path, "window", "end"])));
      const campaign = page.campaign ? specs.campaigns.get(page.campaign)?.data : undefined;
      if (!campaign || start?.ok === false || end?.ok === false) return;
      for (const region of page.regions === "all" ? regionCodes : page.regions) {
        const derived = campaignWindow(campaignStages(campaign, region, regionZoneOf(specs, region)));
        if (!derived) continue;
        const startDiffers = +(start?.instant ?? NaN) !== +derived.start;
        const endDiffers = (end?.instant ? +end.instant : null) !== (derived.end ? +derived.end : null);
        if (startDiffers || endDiffers) {
          const edge = startDiffers ? "start" : "end";
          const expected = (edge === "start" ? derived.start : derived.end)?.toISO({ suppressMilliseconds: true }) ?? "no end";
          out.push(diagnostic("route-window-mismatch", { page: id, campaign: page.campaign!, region, edge, expected }, at(pages, [...path, "window", ...(page.window[edge] ? [edge] : [])])));
          break;
        }
      }
    });
  }
  return out;
}

function isAmbiguous(instant: DateTime, zone: string | null): boolean {
  if (!zone) return false;
  // A wall time that occurs twice (clocks set back): the same local time an hour away.
  const wall = instant.toFormat("yyyy-MM-dd'T'HH:mm");
  return [instant.minus({ hours: 1 }), instant.plus({ hours: 1 })].some((other) => other.setZone(zone).toFormat("yyyy-MM-dd'T'HH:mm") === wall);
}

/** Every window of the site per region, for reports and the next-change instant. */
export function collectWindows(specs: ValidSpecs, regionCodes: readonly string[]): TimedWindow[] {
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
      for (const region of page.regions === "all" ? regionCodes : page.regions) {
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
            windows.push({
              kind: "nav",
              region,
              label: `nav ${item.label}`,
              startsWhat: `${item.label} gets its ${item.tag?.label ?? "NEW"} tag`,
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

export type WindowState = "upcoming" | "live" | "over";

/** The one test of a window, half-open [start, end): every stage, route and report asks it. */
export function stateAt(window: { start: DateTime | null; end: DateTime | null }, at: DateTime): WindowState {
  if (window.start && at < window.start) return "upcoming";
  if (window.end && at >= window.end) return "over";
  return "live";
}

/** The first instant after `at` at which a window starts or ends, and what happens then. */
export function nextChange(windows: readonly TimedWindow[], at: DateTime): { instant: DateTime; changes: { region: string; what: string }[] } | null {
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
