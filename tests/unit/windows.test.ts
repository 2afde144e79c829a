// The window model: half-open stages, one live stage at a time, boundaries, and invariance under
// shifting everything by the same amount. (site check-windows as a campaign manager runs it is
// tests/integration/check-windows.test.ts.)
import fc from "fast-check";
import { DateTime } from "luxon";
import { describe, expect, test } from "vitest";
import type * as Spec from "../../compiler/validate/spec-types.ts";
import { campaignStages, liveStage, nextChange, stateAt, type TimedWindow } from "../../compiler/time/windows.ts";

const BASE = DateTime.fromISO("2025-01-01T00:00Z", { setZone: true });
const iso = (minutes: number) => BASE.plus({ minutes }).toISO()!;

/** A campaign of consecutive stages from sorted boundaries (minutes after BASE). */
function campaignFrom(bounds: number[]): Spec.Campaign {
  return {
    name: "Generated",
    regions: ["us"],
    stages: bounds.slice(0, -1).map((start, i) => ({
      name: `S${i + 1}`,
      start: iso(start),
      end: iso(bounds[i + 1]!),
    })) as Spec.Campaign["stages"],
  };
}
const boundaries = fc
  .uniqueArray(fc.integer({ min: 0, max: 100_000 }), { minLength: 2, maxLength: 8 })
  .map((b) => b.sort((x, y) => x - y));

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
      fc.property(
        boundaries,
        fc.integer({ min: -1000, max: 101_000 }),
        fc.integer({ min: -500_000, max: 500_000 }),
        (bounds, t, shift) => {
          const shifted = bounds.map((b) => b + shift);
          const at = BASE.plus({ minutes: t });
          const a = liveStage(campaignStages(campaignFrom(bounds), "us"), at)?.number ?? null;
          const b = liveStage(campaignStages(campaignFrom(shifted), "us"), at.plus({ minutes: shift }))?.number ?? null;
          expect(b).toBe(a);
          const windows = (bs: number[]): TimedWindow[] =>
            campaignStages(campaignFrom(bs), "us").map((s) => ({
              kind: "stage",
              region: "us",
              label: "",
              startsWhat: "s",
              endsWhat: "e",
              start: s.start,
              end: s.end,
              location: { file: "", offset: 0, length: 0 },
            }));
          const next = (bs: number[], when: DateTime) => nextChange(windows(bs), when)?.instant.toMillis() ?? null;
          const n1 = next(bounds, at);
          const n2 = next(shifted, at.plus({ minutes: shift }));
          expect(n2).toBe(n1 === null ? null : n1 + shift * 60_000);
        },
      ),
    );
  });

  test("states: upcoming before the start, live from it, over from the end", () => {
    const w = { start: BASE, end: BASE.plus({ hours: 1 }) };
    expect([
      stateAt(w, BASE.minus({ milliseconds: 1 })),
      stateAt(w, BASE),
      stateAt(w, w.end.minus({ milliseconds: 1 })),
      stateAt(w, w.end),
    ]).toEqual(["upcoming", "live", "live", "over"]);
  });

  test("local times in a campaign are read in the zone it names", () => {
    const stages = campaignStages(
      {
        name: "BF",
        regions: ["eu"],
        zone: "Europe/Paris",
        stages: [{ name: "Early", start: "2024-11-14T09:00", end: "2024-11-22T09:00" }],
      },
      "eu",
    );
    expect(stages[0]!.start.toISO()).toBe("2024-11-14T09:00:00.000+01:00");
    expect(stages[0]!.end!.toUTC().toISO()).toBe("2024-11-22T08:00:00.000Z");
  });
});
