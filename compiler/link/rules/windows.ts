// Window rules of the link stage: every time a campaign or page writes parses and is unambiguous,
// stages follow each other in order, without overlap or an undeclared pause, inside the
// campaign's window, and a landing page's own window says what its campaign does.

import type { DateTime } from "luxon";
import { diagnostic, type Diagnostic, type Location } from "../../diagnostics/index.ts";
import { locate, type PathSegment } from "../../load/index.ts";
import { instantMeant, isTimeZone, parseInstant, withWrittenZone, writtenZone } from "../../time/instant.ts";
import { campaignInstant, campaignStages, campaignWindow, regionZoneOf, type Stage } from "../../time/windows.ts";
import type { Valid, ValidSpecs } from "../../validate/index.ts";
import type * as Spec from "../../validate/spec-types.ts";
import { forEachPage, pageRegions } from "../pages.ts";
import { regionMeant } from "../regions.ts";
import { byCodeUnit } from "../../order.ts";

const at = (v: Valid<unknown>, path: PathSegment[]) => locate(v.spec, path);

/** Checks every time in the specs; reported by link (site check) and by check-windows. */
export function checkWindows(specs: ValidSpecs, regionCodes: readonly string[]): Diagnostic[] {
  return [
    ...[...specs.campaigns].flatMap(([id, campaign]) => checkCampaignTimes(specs, regionCodes, id, campaign)),
    ...checkRouteWindows(specs, regionCodes),
    ...checkCopiedTimes(specs, regionCodes),
  ];
}

/**
 * A campaign whose every stage starts and ends when another's does, in every region the two share:
 * a campaign file copied for next year with its dates left (black-friday-2025 running in 2024).
 * Both would run at once, their banners and menu entries side by side. A warning at the later of
 * the two by id, the copy most likely: two campaigns may be meant to share their days.
 */
function checkCopiedTimes(specs: ValidSpecs, regionCodes: readonly string[]): Diagnostic[] {
  const out: Diagnostic[] = [];
  const campaigns = [...specs.campaigns].sort(([a], [b]) => byCodeUnit(a, b));
  // Each campaign's stage times in a region, as one text: worked out once, compared with each other campaign's.
  const times = new Map<string, string>();
  const timesIn = (id: string, campaign: Spec.Campaign, region: string) => {
    const key = `${id} ${region}`;
    let written = times.get(key);
    if (written === undefined) {
      written = campaignStages(campaign, region, regionZoneOf(specs, region))
        .map((s) => `${+s.start}-${s.end ? +s.end : ""}`)
        .join(" ");
      times.set(key, written);
    }
    return written;
  };
  for (const [i, [id, later]] of campaigns.entries()) {
    for (const [other, earlier] of campaigns.slice(0, i)) {
      const regions = later.data.regions.filter((r) => regionCodes.includes(r) && earlier.data.regions.includes(r));
      const copied =
        regions.length > 0 &&
        later.data.stages.length === earlier.data.stages.length &&
        regions.every(
          (r) => timesIn(id, later.data, r) !== "" && timesIn(id, later.data, r) === timesIn(other, earlier.data, r),
        );
      if (!copied) continue;
      out.push(
        diagnostic("campaign-times-copied", { campaign: id, other, regions }, at(later, ["stages", 0, "start"])),
      );
      break;
    }
  }
  return out;
}

/**
 * The offset or zone of the time written whole nearest `time` in its campaign's file, of its own
 * region where the file has one (regions keep their own offsets), for a time written without.
 */
function zoneBeside<T extends { text: string; region: string | null }>(
  times: readonly T[],
  time: T,
): string | undefined {
  const index = times.indexOf(time);
  const whole = times
    .map((t, i) => ({ zone: writtenZone(t.text), region: t.region, distance: Math.abs(i - index) }))
    .filter((t) => t.zone !== undefined)
    .sort((a, b) => a.distance - b.distance);
  return (whole.find((t) => t.region === time.region) ?? whole[0])?.zone;
}

/** One campaign: its zones, that every time parses, and the order of its stages in each region. */
function checkCampaignTimes(
  specs: ValidSpecs,
  regionCodes: readonly string[],
  id: string,
  campaign: Valid<Spec.Campaign>,
): Diagnostic[] {
  const out: Diagnostic[] = [];
  const data = campaign.data;
  const zone = data.zone && isTimeZone(data.zone) ? data.zone : undefined;
  // A zone that is no zone is its own error (unknown-zone): the times read in it are not judged.
  if (data.zone && !zone) return out;

  // Every time written in the file, parsed in the campaign's zone.
  const times: { path: PathSegment[]; text: string; region: string | null }[] = [];
  const collect = (value: Spec.Campaign["stages"][number]["start"] | undefined, path: PathSegment[]) => {
    if (typeof value === "string") times.push({ path, text: value, region: null });
    else if (value)
      for (const [region, text] of Object.entries(value)) times.push({ path: [...path, region], text, region });
  };
  data.stages.forEach((s, i) => {
    collect(s.start, ["stages", i, "start"]);
    collect(s.end, ["stages", i, "end"]);
  });
  collect(data.window?.start, ["window", "start"]);
  collect(data.window?.end, ["window", "end"]);
  let allParsed = true;
  // Times with no offset or zone in a file with no zone: its zone: line taken out, most likely.
  // One error at the first, counting the others, not one per time.
  const naive: typeof times = [];
  for (const t of times) {
    // A date is a day in each region's zone; any region's zone tells whether it is a date at all.
    const parsed = campaignInstant(t.text, zone, regionZoneOf(specs, t.region ?? data.regions[0] ?? "") ?? "UTC");
    if (!parsed.ok) {
      allParsed = false;
      if (parsed.problem === "naive") naive.push(t);
      else
        out.push(
          diagnostic(
            "invalid-timestamp",
            { value: t.text, reason: parsed.reason, suggestion: instantMeant(t.text) },
            at(campaign, t.path),
          ),
        );
    } else if (parsed.inDstGap || isAmbiguous(parsed.instant, parsed.zone)) {
      out.push(
        diagnostic(
          "dst-local-time",
          { value: t.text, zone: parsed.zone ?? "", gap: parsed.inDstGap },
          at(campaign, t.path),
        ),
      );
    }
  }
  const [first, ...others] = naive;
  if (first) {
    const zone = zoneBeside(times, first);
    out.push(
      diagnostic(
        "naive-timestamp",
        {
          value: first.text,
          ...(others.length > 0 ? { others: others.length } : {}),
          ...(zone ? { meant: withWrittenZone(first.text, zone) } : {}),
        },
        at(campaign, first.path),
      ),
    );
  }
  if (!allParsed) return out;

  const windowStart = data.window?.start ? campaignInstant(data.window.start, zone) : null;
  const windowEnd = data.window?.end ? campaignInstant(data.window.end, zone) : null;
  if (windowStart?.ok && windowEnd?.ok && windowEnd.instant <= windowStart.instant) {
    out.push(diagnostic("window-end-not-after-start", { what: `campaign ${id}` }, at(campaign, ["window", "end"])));
  }
  out.push(...checkEndsPerRegion(id, campaign, regionCodes));
  out.push(
    ...checkStageOrder(
      specs,
      regionCodes,
      id,
      campaign,
      windowStart?.ok ? windowStart.instant : null,
      windowEnd?.ok ? windowEnd.instant : null,
    ),
  );
  return out;
}

/**
 * A stage whose end is written per region ends in every region it starts in: a region left out
 * of the end's list would keep the stage, and its sale prices, for good. (A stage with no end at
 * all, the launch's regular price, is open on purpose.)
 */
function checkEndsPerRegion(id: string, campaign: Valid<Spec.Campaign>, regionCodes: readonly string[]): Diagnostic[] {
  const out: Diagnostic[] = [];
  campaign.data.stages.forEach((stage, i) => {
    const { start, end } = stage;
    if (!end || typeof end !== "object") return;
    const written = new Set(Object.keys(end).map((k, _i, keys) => regionMeant(k, regionCodes, keys) ?? k));
    const open = campaign.data.regions.filter(
      (r) => regionCodes.includes(r) && (typeof start !== "object" || r in start) && !written.has(r),
    );
    if (open.length > 0)
      out.push(
        diagnostic(
          "stage-end-missing",
          { what: `${id} stage ${i + 1} (${stage.name})`, regions: open, ends: Object.keys(end) },
          locate(campaign.spec, ["stages", i, "end"], { key: true }),
        ),
      );
  });
  return out;
}

/** How checkStageOrder reports about one stage: where its times are, and one problem for its regions. */
interface StageReport {
  where: (stage: Stage, key: "start" | "end") => Location;
  /** A stage's time as the file writes it for the region. */
  written: (stage: Stage, key: "start" | "end") => string | undefined;
  flag: (code: string, location: Location, report: (regions: string) => Diagnostic) => void;
  what: (regions: string) => string;
}

/** A stage follows the one before it: after its start, with no overlap and no undeclared pause. */
function checkFollows(previous: Stage, stage: Stage, { where, written, flag, what }: StageReport): void {
  const location = where(stage, "start");
  if (stage.start < previous.start) {
    flag("order", location, (r) =>
      diagnostic("stage-out-of-order", { what: what(r), previous: previous.number }, location),
    );
  }
  // An end already reported as not after its start (a typo) says nothing of what follows it.
  else if (previous.end && previous.end <= previous.start) return;
  else if (previous.end === null || stage.start < previous.end) {
    flag("overlap", location, (r) =>
      diagnostic("stage-overlap", { what: what(r), previous: previous.number }, location),
    );
  } else if (stage.start > previous.end && !stage.gapBefore) {
    const gap = gapBetween(previous.end, stage.start, written(previous, "end") ?? "");
    // A gap of a last minute or day is the mistake of the end before it.
    const at = gap.unit ? where(previous, "end") : location;
    flag(`gap ${gap.from} ${gap.to}`, at, (r) =>
      diagnostic("stage-gap", { what: what(r), previous: previous.number, previousName: previous.name, ...gap }, at),
    );
  }
}

/**
 * A pause between two stages as the diagnostic tells it. A pause of one minute after an end
 * written at minute 59, or of one day after an end written as a date, is an end written as the
 * stage's last minute (23:59) or day (2024-12-31), not the first one it is over: told in the
 * file's terms, with the end meant.
 */
function gapBetween(
  end: DateTime,
  start: DateTime,
  endWritten: string,
): { from: string; to: string; unit?: "minute" | "day"; endAt?: string } {
  if (/T\d\d:59\b/.test(endWritten) && start.diff(end, "seconds").seconds <= 60) {
    const to = instantText(start);
    return { from: instantText(end), to, unit: "minute", endAt: to };
  }
  if (/^\d{4}-\d\d-\d\d$/.test(endWritten.trim()) && end.plus({ days: 1 }).equals(start)) {
    const to = start.toFormat("yyyy-MM-dd");
    return { from: end.toFormat("yyyy-MM-dd"), to, unit: "day", endAt: to };
  }
  const iso = (t: DateTime) => t.toISO({ suppressMilliseconds: true })!;
  return { from: iso(end), to: iso(start) };
}

/** An instant as a spec writes it: local time and zone (2024-11-22T00:00 Europe/Paris), or with its offset. */
function instantText(instant: DateTime): string {
  return instant.zone.type === "iana"
    ? `${instant.toFormat("yyyy-MM-dd'T'HH:mm")} ${instant.zoneName}`
    : instant.toISO({ suppressSeconds: true, suppressMilliseconds: true })!;
}

/** Half a year: the longest stage of the seeds runs a month; one longer than this is most likely a slip. */
const LONGEST_LIKELY_STAGE_DAYS = 183;
const DAY_MS = 86_400_000;

/**
 * The stages of a campaign in each region: each ends after it starts, lies inside the campaign's
 * window, and follows the one before without overlap or an undeclared pause. A time shared by
 * several regions is one mistake, reported once for all of them.
 */
function checkStageOrder(
  specs: ValidSpecs,
  regionCodes: readonly string[],
  id: string,
  campaign: Valid<Spec.Campaign>,
  windowStart: DateTime | null,
  windowEnd: DateTime | null,
): Diagnostic[] {
  const data = campaign.data;
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
    const written = (stage: Stage, key: "start" | "end") => {
      const value = data.stages[stage.number - 1]![key];
      return value && typeof value === "object" ? value[region] : value;
    };
    stages.forEach((stage, i) => {
      const what = (regions: string) => `${id} stage ${stage.number} (${stage.name}) in ${regions}`;
      const flag = (code: string, location: Location, report: (regions: string) => Diagnostic) =>
        problem(location, code, region, report);
      if (stage.end && stage.end <= stage.start) {
        const location = where(stage, "end");
        flag("end", location, (r) => diagnostic("window-end-not-after-start", { what: what(r) }, location));
      }
      // A year typed wrong (2023-11-14 for 2024) makes a week's stage a year long, and passes
      // every other rule: the stage runs, only from a year before.
      const days = stage.end ? Math.round((stage.end.toMillis() - stage.start.toMillis()) / DAY_MS) : 0;
      if (days > LONGEST_LIKELY_STAGE_DAYS) {
        const location = where(stage, "start");
        const [from, to] = [stage.start, stage.end!].map((t) => t.toFormat("d LLL yyyy"));
        flag("long", location, (r) =>
          diagnostic("stage-long", { what: what(r), days, from: from!, to: to! }, location),
        );
      }
      if (windowStart && stage.start < windowStart) {
        const location = where(stage, "start");
        flag("before", location, (r) =>
          diagnostic("stage-outside-campaign", { what: what(r), edge: "starts before" }, location),
        );
      }
      if (windowEnd && (stage.end === null || stage.end > windowEnd)) {
        const location = where(stage, "end");
        flag("after", location, (r) =>
          diagnostic("stage-outside-campaign", { what: what(r), edge: "ends after" }, location),
        );
      }
      const previous = stages[i - 1];
      if (previous) checkFollows(previous, stage, { where, written, flag, what });
    });
  }
  return [...found.values()].map(({ report, regions }) => report(regions.join(", ")));
}

/** A page's own window ends after it starts; a landing page's, if written, says what its campaign does. */
function checkRouteWindows(specs: ValidSpecs, regionCodes: readonly string[]): Diagnostic[] {
  const pages = specs.pages;
  if (!pages) return [];
  const out: Diagnostic[] = [];
  forEachPage(pages.data.pages, (id, page, path) => {
    if (!page.window) return;
    const start = page.window.start ? parseInstant(page.window.start) : null;
    const end = page.window.end ? parseInstant(page.window.end) : null;
    if (start?.ok && end?.ok && end.instant <= start.instant)
      out.push(diagnostic("window-end-not-after-start", { what: `page ${id}` }, at(pages, [...path, "window", "end"])));
    const campaign = page.campaign ? specs.campaigns.get(page.campaign)?.data : undefined;
    if (!campaign || start?.ok === false || end?.ok === false) return;
    const window = { start: start?.instant ?? null, end: end?.instant ?? null };
    const mismatch = pageRegions(page, regionCodes)
      .map((region) => windowMismatch(specs, campaign, region, window))
      .find(Boolean);
    if (mismatch) {
      const located = at(pages, [...path, "window", ...(page.window[mismatch.edge] ? [mismatch.edge] : [])]);
      out.push(diagnostic("route-window-mismatch", { page: id, campaign: page.campaign!, ...mismatch }, located));
    }
  });
  return out;
}

/** Where a written window disagrees with the one a campaign gives its landing page in a region, if it does. */
function windowMismatch(
  specs: ValidSpecs,
  campaign: Spec.Campaign,
  region: string,
  window: { start: DateTime | null; end: DateTime | null },
) {
  const derived = campaignWindow(campaignStages(campaign, region, regionZoneOf(specs, region)));
  if (!derived) return null;
  const startDiffers = +(window.start ?? NaN) !== +derived.start;
  const endDiffers = (window.end ? +window.end : null) !== (derived.end ? +derived.end : null);
  if (!startDiffers && !endDiffers) return null;
  const edge: "start" | "end" = startDiffers ? "start" : "end";
  const expected = (edge === "start" ? derived.start : derived.end)?.toISO({ suppressMilliseconds: true }) ?? "no end";
  return { region, edge, expected };
}

function isAmbiguous(instant: DateTime, zone: string | null): boolean {
  if (!zone) return false;
  // The same times are asked about at every check (site dev checks at each save), and luxon's
  // zone arithmetic is a tenth of a millisecond each.
  const key = `${instant.toMillis()} ${instant.zoneName} ${zone}`;
  let ambiguous = ambiguity.get(key);
  if (ambiguous === undefined) {
    // A wall time that occurs twice (clocks set back): the same local time an hour away.
    const wall = instant.toFormat("yyyy-MM-dd'T'HH:mm");
    ambiguous = [instant.minus({ hours: 1 }), instant.plus({ hours: 1 })].some(
      (other) => other.setZone(zone).toFormat("yyyy-MM-dd'T'HH:mm") === wall,
    );
    ambiguity.set(key, ambiguous);
  }
  return ambiguous;
}
const ambiguity = new Map<string, boolean>();
