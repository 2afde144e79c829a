// What `site check-windows` reports: every window per region with its state at an instant,
// the windows already over (warnings), and the next instant at which any region's output changes.

import type { DateTime } from "luxon";
import { diagnostic, type Diagnostic } from "./diagnostics.ts";
import type { SiteModel } from "./link.ts";
import { collectWindows, nextChange, stateAt, type TimedWindow, type WindowState } from "./windows.ts";

export interface TimelineRow {
  region: string;
  window: string;
  kind: TimedWindow["kind"];
  state: WindowState;
  /** ISO instants with the region's offset. */
  start: string | null;
  end: string | null;
  /** "Fri 22 Nov 09:00 CET": in the region's zone. The end shows the last minute inside the window. */
  startLocal: string | null;
  endLocal: string | null;
}

export interface Timeline {
  at: string;
  rows: TimelineRow[];
  next: { at: string; changes: { region: string; what: string }[] } | null;
  warnings: Diagnostic[];
}

const LOCAL = "ccc d LLL HH:mm ZZZZ";

export function timeline(model: SiteModel, at: DateTime): Timeline {
  const regionOrder = [...model.regions.keys()];
  const windows = collectWindows(model.specs, regionOrder).sort(
    (a, b) => regionOrder.indexOf(a.region) - regionOrder.indexOf(b.region) || (a.start?.toMillis() ?? 0) - (b.start?.toMillis() ?? 0),
  );
  const zoneOf = (region: string) => model.specs.site?.data.regions[region]?.zone ?? "UTC";
  const rows = windows.map((w): TimelineRow => {
    const zone = zoneOf(w.region);
    return {
      region: w.region,
      window: w.label,
      kind: w.kind,
      state: stateAt(w, at),
      start: w.start ? w.start.setZone(zone).toISO({ suppressMilliseconds: true }) : null,
      end: w.end ? w.end.setZone(zone).toISO({ suppressMilliseconds: true }) : null,
      startLocal: w.start ? w.start.setZone(zone).toFormat(LOCAL, { locale: "en-GB" }) : null,
      endLocal: w.end ? w.end.minus({ minutes: 1 }).setZone(zone).toFormat(LOCAL, { locale: "en-GB" }) : null,
    };
  });
  const warnings = windows
    .filter((w) => w.kind !== "nav" && stateAt(w, at) === "over")
    .map((w) => diagnostic("window-over", { what: w.label, region: w.region, end: w.end!.setZone(zoneOf(w.region)).toISO({ suppressMilliseconds: true })! }, w.location));
  const next = nextChange(windows, at);
  return {
    at: at.toISO({ suppressMilliseconds: true })!,
    rows,
    next: next ? { at: next.instant.setZone(at.zone).toISO({ suppressMilliseconds: true, suppressSeconds: true })!, changes: next.changes } : null,
    warnings,
  };
}

/** The table of the issue: region, window, state, start and end in local time; then the next change. */
export function printTimeline(t: Timeline, options: { all?: boolean } = {}): string {
  const rows = options.all ? t.rows : t.rows.filter((r) => r.state !== "over");
  const header = ["region", "window", "state", "start (local)", "end (local)"];
  const cells = rows.map((r) => [r.region, r.window, r.state, r.startLocal ?? "-", r.endLocal ?? "-"]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) => c.map((v, i) => (i === c.length - 1 ? v : v.padEnd(widths[i]! + 2))).join("").trimEnd();
  const hidden = t.rows.length - rows.length;
  const lines = [line(header), ...cells.map(line)];
  if (hidden > 0) lines.push(`(${hidden} windows already over; --all lists them)`);
  if (t.next) {
    const groups = new Map<string, string[]>();
    for (const c of t.next.changes) groups.set(c.what, [...(groups.get(c.what) ?? []), c.region]);
    lines.push(`next change: ${t.next.at} (${[...groups].map(([what, regions]) => `${regions.join(", ")}: ${what}`).join("; ")})`);
  } else {
    lines.push("next change: none (no window starts or ends after this instant)");
  }
  return lines.join("\n");
}
