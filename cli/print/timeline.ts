// What `site check-windows` reports: every window per region with its state at an instant,
// the windows already over (warnings), and the next instant at which any region's output changes.
// The printed report is for campaign managers: windows running or upcoming (all with --all),
// grouped by campaign and stage under their spec names, one row for the regions that share a
// stage's times, dates with year and weekday, and OVERLAP where two live windows fight over the
// same output. The JSON report keeps one row per window and region.

import type { DateTime, Zone } from "luxon";
import { textColumns } from "./width.ts";
import { appendAll, diagnostic, type Diagnostic } from "../../compiler/diagnostics/index.ts";
import type { SiteModel } from "../../compiler/link/model.ts";
import type * as Spec from "../../compiler/validate/spec-types.ts";
import { isTimeZone } from "../../compiler/time/instant.ts";
import { zoneAbbreviation } from "../../compiler/time/index.ts";
import { byCodeUnit } from "../../compiler/order.ts";
import {
  collectWindows,
  nextChange,
  regionZoneOf,
  stateAt,
  type TimedWindow,
  type WindowState,
} from "../../compiler/time/windows.ts";

interface TimelineRow {
  region: string;
  window: string;
  kind: TimedWindow["kind"];
  state: WindowState;
  /** ISO instants with the region's offset. */
  start: string | null;
  end: string | null;
  /** "Fri 22 Nov 2024 09:00 CET": in the region's zone. The end shows the last minute inside the window. */
  startLocal: string | null;
  endLocal: string | null;
  /** A stage's campaign and stage, by id and number and by the names the campaign file gives them. */
  campaign?: string;
  campaignName?: string;
  stage?: number;
  stageName?: string;
  /** "Black Friday 2024 › Black Friday", "page sale", "nav Flagship Bumblebee". */
  name: string;
  /** Windows live at the same instant in the same region that change the same output (state OVERLAP in the report). */
  overlapsWith?: string[];
}

/** The printed state: OVERLAP is a live window another live window contradicts. */
type ReportState = WindowState | "OVERLAP";

/** One row of the printed report: one window in the regions that share its times and state. */
interface ReportRow {
  name: string;
  kind: TimedWindow["kind"];
  regions: string[];
  state: ReportState;
  startText: string;
  endText: string;
  /** Set when the regions' own zones would show different times: the zone the times are shown in instead. */
  shownIn: { zone: string; campaign: string | null } | null;
}

export interface Timeline {
  at: string;
  rows: TimelineRow[];
  next: { at: string; changes: { region: string; what: string }[] } | null;
  warnings: Diagnostic[];
  /** The printed report (not part of --json). */
  report: {
    /** `at` as the user wrote it, to the minute. */
    at: string;
    atLocal: string;
    rows: ReportRow[];
    overlaps: { regions: string[]; text: string }[];
    next: { at: string; atLocal: string; changes: { what: string; regions: string[] }[] } | null;
  };
}

/**
 * "Fri 29 Nov 2024 15:00 PST": the zone by the name the pages show shoppers (PST, CET, BST), its
 * offset ("GMT+9") only where the zone has no such name.
 */
function local(instant: DateTime, zone: string | Zone): string {
  const there = instant.setZone(zone);
  const name =
    (there.zone.type === "iana" && zoneAbbreviation(there.zoneName!, there)) ||
    there.toFormat("ZZZZ", { locale: "en-GB" });
  return `${there.toFormat("ccc d LLL yyyy HH:mm", { locale: "en-GB" })} ${name}`;
}
const iso = (instant: DateTime, zone: string) => instant.setZone(zone).toISO({ suppressMilliseconds: true });
const SECTION: Record<TimedWindow["kind"], number> = { stage: 0, route: 1, nav: 2 };

/** "Black Friday 2024 › Early Black Friday" for a stage; the window's label otherwise. */
function windowName(w: TimedWindow): string {
  return w.kind === "stage" && w.campaignName && w.stageName ? `${w.campaignName} › ${w.stageName}` : w.label;
}

export function timeline(model: SiteModel, at: DateTime): Timeline {
  const regionOrder = [...model.regions.keys()];
  const regionIndex = (region: string) => regionOrder.indexOf(region);
  const windows = collectWindows(model);
  const validZone = (zone: string | undefined) => (zone && isTimeZone(zone) ? zone : undefined);
  const zoneOf = (region: string) => regionZoneOf(model.specs, region) ?? "UTC";
  const campaignOf = (w: TimedWindow) => (w.campaign ? model.specs.campaigns.get(w.campaign)?.data : undefined);

  // Report order: campaigns by their first start, each stage by number; then pages; then nav.
  const firstStart = new Map<string, number>();
  for (const w of windows)
    if (w.campaign && w.start)
      firstStart.set(w.campaign, Math.min(firstStart.get(w.campaign) ?? Infinity, w.start.toMillis()));
  const ms = (t: DateTime | null, none: number) => t?.toMillis() ?? none;
  const sorted = [...windows].sort(
    (a, b) =>
      SECTION[a.kind] - SECTION[b.kind] ||
      (a.kind === "stage"
        ? (firstStart.get(a.campaign!) ?? 0) - (firstStart.get(b.campaign!) ?? 0) ||
          byCodeUnit(a.campaign!, b.campaign!) ||
          a.stage! - b.stage!
        : ms(a.start, -Infinity) - ms(b.start, -Infinity) || byCodeUnit(a.label, b.label)) ||
      regionIndex(a.region) - regionIndex(b.region),
  );

  const { overlapsWith, overlapNotes } = findOverlaps(
    sorted.filter((w) => stateAt(w, at) === "live"),
    campaignOf,
  );

  const reportState = (w: TimedWindow): ReportState => (overlapsWith.has(w) ? "OVERLAP" : stateAt(w, at));
  // --json keeps its order: by region, then start.
  const byRegion = [...windows].sort(
    (a, b) => regionIndex(a.region) - regionIndex(b.region) || ms(a.start, 0) - ms(b.start, 0),
  );
  const rows = byRegion.map((w): TimelineRow => {
    const zone = zoneOf(w.region);
    const others = overlapsWith.get(w);
    return {
      region: w.region,
      window: w.label,
      kind: w.kind,
      state: stateAt(w, at),
      start: w.start ? iso(w.start, zone) : null,
      end: w.end ? iso(w.end, zone) : null,
      startLocal: w.start ? local(w.start, zone) : null,
      endLocal: w.end ? local(w.end.minus({ minutes: 1 }), zone) : null,
      ...(w.kind === "stage"
        ? { campaign: w.campaign, campaignName: w.campaignName, stage: w.stage, stageName: w.stageName }
        : {}),
      name: windowName(w),
      ...(others ? { overlapsWith: others } : {}),
    };
  });

  // One printed row per window, times and state, listing its regions.
  const groups = new Map<string, TimedWindow[]>();
  for (const w of sorted) {
    const key = [
      w.kind,
      w.campaign ?? "",
      w.stage ?? "",
      w.label,
      ms(w.start, NaN),
      ms(w.end, NaN),
      reportState(w),
    ].join("|");
    groups.set(key, [...(groups.get(key) ?? []), w]);
  }
  const reportRows = [...groups.values()].map((members): ReportRow => {
    const w = members[0]!;
    const text = (zone: string) =>
      [w.start ? local(w.start, zone) : "-", w.end ? local(w.end.minus({ minutes: 1 }), zone) : "-"] as const;
    const texts = members.map((m) => text(zoneOf(m.region)).join("|"));
    let shownIn: ReportRow["shownIn"] = null;
    let [startText, endText] = text(zoneOf(w.region));
    if (texts.some((t) => t !== texts[0])) {
      const campaign = campaignOf(w);
      const campaignZone = validZone(campaign?.displayZone) ?? validZone(campaign?.zone);
      shownIn = { zone: campaignZone ?? "UTC", campaign: campaignZone ? (w.campaignName ?? null) : null };
      [startText, endText] = text(shownIn.zone);
    }
    return {
      name: windowName(w),
      kind: w.kind,
      regions: members.map((m) => m.region),
      state: reportState(w),
      startText,
      endText,
      shownIn,
    };
  });

  const warnings = byRegion
    .filter((w) => w.kind !== "nav" && stateAt(w, at) === "over")
    .map((w) =>
      diagnostic(
        "window-over",
        { what: windowName(w), region: w.region, end: iso(w.end!, zoneOf(w.region))! },
        w.location,
      ),
    );

  const next = nextChange(windows, at);
  let nextReport: Timeline["report"]["next"] = null;
  if (next) {
    const changes = new Map<string, string[]>();
    const add = (what: string, region: string) => changes.set(what, [...(changes.get(what) ?? []), region]);
    for (const w of sorted) {
      if (w.end && +w.end === +next.instant && w.endsWhat)
        add(w.kind === "stage" ? `${windowName(w)} ends` : w.endsWhat, w.region);
      if (w.start && +w.start === +next.instant)
        add(w.kind === "stage" ? `${windowName(w)} starts` : w.startsWhat, w.region);
    }
    nextReport = {
      at: next.instant.setZone(at.zone).toISO({ suppressMilliseconds: true, suppressSeconds: true })!,
      atLocal: local(next.instant, at.zone),
      changes: [...changes].map(([what, regions]) => ({ what, regions })),
    };
  }
  return {
    at: at.toISO({ suppressMilliseconds: true })!,
    rows,
    next: next ? { at: nextReport!.at, changes: next.changes } : null,
    warnings,
    report: {
      at: at.startOf("minute").toISO({ suppressMilliseconds: true, suppressSeconds: true })!,
      atLocal: local(at, at.zone),
      rows: reportRows,
      overlaps: [...overlapNotes].map(([text, regions]) => ({ text, regions: [...new Set(regions)] })),
      next: nextReport,
    },
  };
}

/**
 * Columns padded to their widest cell, the last one unpadded; widths as a terminal shows them
 * (a Chinese or Japanese character takes two columns).
 */
function table(cells: string[][]): string[] {
  if (!cells.length) return [];
  const widths = cells[0]!.map((_, i) => cells.reduce((widest, c) => Math.max(widest, textColumns(c[i]!)), 0));
  return cells.map((c) =>
    c
      .map((v, i) => (i === c.length - 1 ? v : v + " ".repeat(widths[i]! - textColumns(v) + 2)))
      .join("")
      .trimEnd(),
  );
}

/**
 * The report: a heading with the instant, one row per window (running and upcoming; finished
 * ones too with `all`), notes on zones and overlaps, the next change, and how many finished
 * windows were left out.
 */
export function printTimeline(t: Timeline, options: { all?: boolean } = {}): string {
  const { report } = t;
  const rows = options.all ? report.rows : report.rows.filter((r) => r.state !== "over");
  const hidden = report.rows.length - rows.length;
  const lines = [`${options.all ? "All windows" : "Windows running or upcoming"} at ${report.at} (${report.atLocal})`];

  const campaignZones = new Map<string, string>();
  let inUtc = false;
  const mark = (r: ReportRow) => {
    if (!r.shownIn) return "";
    if (r.shownIn.campaign) campaignZones.set(r.shownIn.campaign, r.shownIn.zone);
    else inUtc = true;
    return r.shownIn.campaign ? " *" : " †";
  };
  if (rows.length) {
    const cells = rows.map((r) => {
      const m = mark(r);
      return [r.name, r.regions.join(" "), r.state, r.startText + m, r.endText === "-" ? "-" : r.endText + m];
    });
    appendAll(lines, table([["window", "regions", "state", "start", "end (last minute)"], ...cells]));
  } else {
    lines.push(options.all ? "(no windows)" : "(no window is running or upcoming)");
  }
  if (campaignZones.size) {
    const zones = [...new Set(campaignZones.values())];
    const which =
      zones.length === 1
        ? `${zones[0]}, the campaign's zone`
        : `each campaign's zone (${[...campaignZones].map(([c, z]) => `${c}: ${z}`).join("; ")})`;
    lines.push(`* times in ${which}: the row's regions have different local times`);
  }
  if (inUtc) lines.push("† times in UTC: the row's regions have different local times and no campaign zone applies");
  for (const o of report.overlaps) lines.push(`OVERLAP in ${o.regions.join(" ")}: ${o.text}`);

  if (report.next) {
    lines.push(`next change: ${report.next.at} (${report.next.atLocal})`);
    appendAll(lines, table(report.next.changes.map((c) => [`  ${c.what}`, c.regions.join(" ")])));
  } else {
    lines.push("next change: none (no window starts or ends after this instant)");
  }
  if (hidden > 0) lines.push(`${hidden} finished window${hidden === 1 ? "" : "s"} not shown; --all lists them`);
  return lines.join("\n");
}

/** Overlaps: two live windows of one kind in one region that change the same output. */
function findOverlaps(live: TimedWindow[], campaignOf: (w: TimedWindow) => Spec.Campaign | undefined) {
  const offered = (w: TimedWindow): Set<string> => {
    const prices = campaignOf(w)?.offers?.[w.region] ?? {};
    return new Set(
      Object.entries(prices)
        .filter(([, perStage]) => perStage[(w.stage ?? 0) - 1] != null)
        .map(([product]) => product),
    );
  };
  const conflict = (a: TimedWindow, b: TimedWindow): string | null => {
    if (a.kind !== b.kind || a.region !== b.region || a.kind === "nav") return null;
    if (a.kind === "route") return a.label === b.label ? "both open" : null;
    if (a.campaign === b.campaign) return a.stage !== b.stage ? "both live" : null;
    const shared = [...offered(a)].filter((p) => offered(b).has(p));
    return shared.length ? `both offer ${shared.join(", ")}` : null;
  };
  const overlapsWith = new Map<TimedWindow, string[]>();
  const overlapNotes = new Map<string, string[]>();
  live.forEach((a, i) =>
    live.slice(i + 1).forEach((b) => {
      const why = conflict(a, b);
      if (!why) return;
      overlapsWith.set(a, [...(overlapsWith.get(a) ?? []), b.label]);
      overlapsWith.set(b, [...(overlapsWith.get(b) ?? []), a.label]);
      const text = `${windowName(a)} and ${windowName(b)} ${why}`;
      overlapNotes.set(text, [...(overlapNotes.get(text) ?? []), a.region]);
    }),
  );

  return { overlapsWith, overlapNotes };
}
