// The window model: half-open stages, one live stage at a time, boundaries, and invariance under
// shifting everything by the same amount; and site check-windows as a campaign manager runs it.
import fc from "fast-check";
import { DateTime } from "luxon";
import { describe, expect, test } from "vitest";
import type * as Spec from "../compiler/validate/spec-types.ts";
import { campaignStages, liveStage, nextChange, stateAt, type TimedWindow } from "../compiler/time/windows.ts";
import { runSite } from "./support/cli.ts";
import { materialize } from "./support/fixtures.ts";

const BASE = DateTime.fromISO("2025-01-01T00:00Z", { setZone: true });
const iso = (minutes: number) => BASE.plus({ minutes }).toISO()!;

/** A campaign of consecutive stages from sorted boundaries (minutes after BASE). */
function campaignFrom(bounds: number[]): Spec.Campaign {
  return {
    name: "Generated",
    regions: ["us"],
    stages: bounds.slice(0, -1).map((start, i) => ({ name: `S${i + 1}`, start: iso(start), end: iso(bounds[i + 1]!) })) as Spec.Campaign["stages"],
  };
}
const boundaries = fc.uniqueArray(fc.integer({ min: 0, max: 100_000 }), { minLength: 2, maxLength: 8 }).map((b) => b.sort((x, y) => x - y));

describe("window model", () => {
  test("any instant is in at most one stage, and it is the one whose [start, end) holds it", () => {
    fc.assert(
      fc.property(boundaries, fc.integer({ min: -1000, max: 101_000 }), (bounds, t) => {
        const stages = campaignStages(campaignFrom(bounds), "us");
        const at = BASE.plus({ minutes: t });
        const holding = stages.filter((s) => s.start <= at && (s.end === null || at < s.end));
        expect(holding.length).toBeLessThanOrEqual(1);
        expect(liveStage(stages, at)?.number ?? null).toBe(holding[0]?.number ?? null);
      }),
    );
  });

  test("just before a boundary and at it give the two neighbouring stages", () => {
    fc.assert(
      fc.property(boundaries, fc.nat(), (bounds, pick) => {
        const stages = campaignStages(campaignFrom(bounds), "us");
        const i = pick % (bounds.length - 1);
        const boundary = BASE.plus({ minutes: bounds[i]! });
        expect(liveStage(stages, boundary)?.number).toBe(i + 1);
        expect(liveStage(stages, boundary.minus({ milliseconds: 1 }))?.number ?? null).toBe(i === 0 ? null : i);
      }),
    );
  });

  test("shifting every window and the instant by the same amount changes nothing", () => {
    fc.assert(
      fc.property(boundaries, fc.integer({ min: -1000, max: 101_000 }), fc.integer({ min: -500_000, max: 500_000 }), (bounds, t, shift) => {
        const shifted = bounds.map((b) => b + shift);
        const at = BASE.plus({ minutes: t });
        const a = liveStage(campaignStages(campaignFrom(bounds), "us"), at)?.number ?? null;
        const b = liveStage(campaignStages(campaignFrom(shifted), "us"), at.plus({ minutes: shift }))?.number ?? null;
        expect(b).toBe(a);
        const windows = (bs: number[]): TimedWindow[] =>
          campaignStages(campaignFrom(bs), "us").map((s) => ({ kind: "stage", region: "us", label: "", startsWhat: "s", endsWhat: "e", start: s.start, end: s.end, location: { file: "", offset: 0, length: 0 } }));
        const next = (bs: number[], when: DateTime) => nextChange(windows(bs), when)?.instant.toMillis() ?? null;
        const n1 = next(bounds, at);
        const n2 = next(shifted, at.plus({ minutes: shift }));
        expect(n2).toBe(n1 === null ? null : n1 + shift * 60_000);
      }),
    );
  });

  test("states: upcoming before the start, live from it, over from the end", () => {
    const w = { start: BASE, end: BASE.plus({ hours: 1 }) };
    expect([stateAt(w, BASE.minus({ milliseconds: 1 })), stateAt(w, BASE), stateAt(w, w.end.minus({ milliseconds: 1 })), stateAt(w, w.end)]).toEqual(["upcoming", "live", "live", "over"]);
  });

  test("local times in a campaign are read in the zone it names", () => {
    const stages = campaignStages({ name: "BF", regions: ["eu"], zone: "Europe/Paris", stages: [{ name: "Early", start: "2024-11-14T09:00", end: "2024-11-22T09:00" }] }, "eu");
    expect(stages[0]!.start.toISO()).toBe("2024-11-14T09:00:00.000+01:00");
    expect(stages[0]!.end!.toUTC().toISO()).toBe("2024-11-22T08:00:00.000Z");
  });
});

describe("site check-windows", () => {
  test("answers --at with what is live per region and the next change (the issue's example)", () => {
    const { code, stdout } = runSite(["check-windows", "--at", "2024-11-22T09:00 Europe/Paris"]);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^window +regions +state +start +end \(last minute\)$/m);
    expect(stdout).toMatch(/^Black Friday 2024 › Black Friday +us uk eu fr de +live +Fri 22 Nov 2024 \d\d:00 CET \* +Fri 29 Nov 2024 23:59 CET \*$/m);
    expect(stdout).toMatch(/^Black Friday 2024 › Cyber Monday +uk eu fr de +upcoming +Sat 30 Nov 2024 00:00 CET \*/m);
    expect(stdout).toMatch(/^next change: 2024-11-30T00:00\+01:00 \(Sat 30 Nov 2024 00:00 CET\)$/m);
    expect(stdout).toMatch(/^ {2}Black Friday 2024 › Cyber Monday starts +us uk eu fr de$/m);
  });

  test("Black Friday starts the minute Early Black Friday ends: no hole between the stages", () => {
    const states = (at: string) => {
      const { stdout } = runSite(["check-windows", "--at", at, "--json", "--all"]);
      const report = JSON.parse(stdout) as { windows: { region: string; window: string; state: string }[] };
      return report.windows.filter((w) => w.region === "eu" && w.window.startsWith("black-friday-2024")).map((w) => w.state);
    };
    expect(states("2024-11-21T23:59 Europe/Paris")).toEqual(["live", "upcoming", "upcoming"]);
    expect(states("2024-11-22T00:00 Europe/Paris")).toEqual(["over", "live", "upcoming"]);
    expect(states("2024-11-22T08:59 Europe/Paris")).toEqual(["over", "live", "upcoming"]);
  });

  test("windows already over are warnings, not errors", () => {
    const { code, stdout } = runSite(["check-windows", "--at", "2026-01-01T00:00Z", "--json"]);
    expect(code).toBe(0);
    const report = JSON.parse(stdout) as { diagnostics: { code: string; severity: string }[]; nextChange: unknown };
    expect(report.diagnostics.some((d) => d.code === "window-over" && d.severity === "warning")).toBe(true);
    expect(report.nextChange).toBeNull();
  });

  test("overlapping stages fail with exit 1 and the stage's position", () => {
    const { root, cleanup } = materialize("stage-overlap");
    try {
      const { code, stdout } = runSite(["check-windows", "--json"], { cwd: root });
      expect(code).toBe(1);
      const report = JSON.parse(stdout) as { diagnostics: { code: string; file: string; line: number }[] };
      expect(report.diagnostics).toContainEqual(expect.objectContaining({ code: "stage-overlap", file: "specs/campaigns/summer.yaml", line: 6 }));
    } finally {
      cleanup();
    }
  });

  test("--at must be an instant", () => {
    const { code, stderr } = runSite(["check-windows", "--at", "tomorrow"]);
    expect(code).toBe(2);
    expect(stderr).toMatch(/^site: --at 'tomorrow' is not an instant/);
  });
});
