// How the time stage reads an instant written in a spec or given as --now and --at: with an
// offset, or local with a zone name; anything else says what is wrong with it first.
import { describe, expect, test } from "vitest";
import fc from "fast-check";
import { parseInstant, withWrittenZone, zoneNearest } from "../../compiler/time/instant.ts";

describe("parseInstant", () => {
  test.for([
    ["2025-04-28T15:00+08:00", "2025-04-28T07:00:00.000Z"],
    ["2024-11-14T09:00 Europe/Paris", "2024-11-14T08:00:00.000Z"],
    ["2024-11-14 Europe/Paris", "2024-11-13T23:00:00.000Z"],
    // 24:00 ends its day: the next day's 00:00, in a zone's local time too (not a skipped hour).
    ["2024-11-21T24:00 Europe/Paris", "2024-11-21T23:00:00.000Z"],
    ["2024-11-21T24:00+01:00", "2024-11-21T23:00:00.000Z"],
    // The ends of the range clocks keep.
    ["2025-01-01T12:00+14:00", "2024-12-31T22:00:00.000Z"],
    ["2025-01-01T12:00-12:00", "2025-01-02T00:00:00.000Z"],
  ] as const)("%s is an instant", ([text, utc], { expect }) => {
    const parsed = parseInstant(text);
    expect(parsed.ok && parsed.instant.toUTC().toISO()).toBe(utc);
    // None of them falls in an hour a clock skips: no warning.
    expect(parsed.ok && parsed.inDstGap).toBe(false);
  });

  test.for([
    ["2025-06-08T00:00", "naive", "no offset or zone"],
    // A date that exists nowhere is wrong before it lacks a zone.
    ["2024-13-01", "invalid", "there is no month 13"],
    ["2024-02-30T10:00", "invalid", "February 2024 has no day 30"],
    ["2024-02-30T10:00+01:00", "invalid", "February 2024 has no day 30"],
    ["2025-11-31T10:00 Europe/Paris", "invalid", "November 2025 has no day 31"],
    ["2024-11-14T25:00+01:00", "invalid", "there is no hour 25"],
    ["2025-06-15T00:00 Europe/Pariss", "invalid", "'Europe/Pariss' is not a time zone name"],
    ["tomorrow", "invalid", "it is not a date and time"],
    // A space where the T goes, as many people write it: not "'09:00' is not a time zone name".
    ["2024-11-14 09:00", "invalid", "a T goes between the date and the time: 2024-11-14T09:00"],
    [
      "2024-11-14 09:00 Europe/Paris",
      "invalid",
      "a T goes between the date and the time: 2024-11-14T09:00 Europe/Paris",
    ],
    ["2024-11-14 09:00+01:00", "invalid", "a T goes between the date and the time: 2024-11-14T09:00+01:00"],
    // An offset no clock keeps (+80:00 typed for +08:00) would move the instant by days.
    ["2025-06-18T15:00+80:00", "invalid", "+80:00 is not an offset any clock keeps: they run from -12:00 to +14:00"],
    ["2025-06-18T15:00+08:75", "invalid", "+08:75 is not an offset any clock keeps: they run from -12:00 to +14:00"],
    ["2025-06-18T15:00-1300", "invalid", "-1300 is not an offset any clock keeps: they run from -12:00 to +14:00"],
  ] as const)("%s is not: %s, %s", ([text, problem, reason], { expect }) => {
    const parsed = parseInstant(text);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) {
      expect(parsed.problem).toBe(problem);
      expect(parsed.reason).toBe(reason);
    }
  });

  test("a local time that a change to summer time skips is moved forward, and says so", () => {
    const parsed = parseInstant("2025-03-30T02:30 Europe/Paris");
    expect(parsed.ok && parsed.inDstGap).toBe(true);
    expect(parsed.ok && parsed.instant.toISO()).toBe("2025-03-30T03:30:00.000+02:00");
  });
});

describe("a time written without the offset or zone of the one nearest it (the naive-timestamp hint)", () => {
  const zones = [...Intl.supportedValuesOf("timeZone"), "UTC"];
  const pad = (n: number) => String(n).padStart(2, "0");
  const local = fc
    .record({
      year: fc.integer({ min: 2020, max: 2035 }),
      month: fc.integer({ min: 1, max: 12 }),
      day: fc.integer({ min: 1, max: 28 }),
      time: fc.option(fc.record({ hour: fc.integer({ min: 0, max: 23 }), minute: fc.integer({ min: 0, max: 59 }) })),
    })
    .map(
      ({ year, month, day, time }) =>
        `${year}-${pad(month)}-${pad(day)}${time ? `T${pad(time.hour)}:${pad(time.minute)}` : ""}`,
    );
  const written = fc.oneof(
    fc.constantFrom(...zones).map((zone) => ` ${zone}`),
    fc.integer({ min: -12 * 4, max: 14 * 4 }).map((quarters) => {
      const minutes = Math.abs(quarters) * 15;
      return `${quarters < 0 ? "-" : "+"}${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
    }),
    fc.constant("Z"),
  );

  test("is given that one's offset or zone as written, and then means the instant the two together write", () => {
    fc.assert(
      fc.property(local, local, written, (naive, beside, zone) => {
        const whole = `${beside.includes("T") || zone.startsWith(" ") ? beside : `${beside}T00:00`}${zone}`;
        const text = `stages:\n  - start: ${naive}\n    end: ${whole}\n`;
        const found = zoneNearest(text, text.indexOf(naive));
        expect(found).toBe(zone);
        const meant = withWrittenZone(naive, found!);
        const parsed = parseInstant(meant);
        // The hint's time is a time, and it is the naive one read with that offset or in that zone.
        expect(parsed.ok || parsed).toBe(true);
        expect(meant.startsWith(naive)).toBe(true);
      }),
    );
  });
});
