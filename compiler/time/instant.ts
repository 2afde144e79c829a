// Instants as the specs write them. Every instant carries an offset or an IANA zone: a naive
// timestamp means a different moment in every region, so it is rejected rather than guessed.

import { DateTime, IANAZone, Settings } from "luxon";
import { closest } from "../diagnostics/index.ts";

// Luxon's default locale is fixed, not the machine's: every date the site shows is formatted in its
// region's locale, given explicitly, and the instants compared here and in link are written with
// numeric tokens, which must not come out in another script's digits. It also spares the first
// DateTime of every command asking ICU for the system's locale (about 25 ms).
Settings.defaultLocale = "en-US";

export type ParsedInstant =
  | { ok: true; instant: DateTime; zone: string | null; inDstGap: boolean }
  | { ok: false; problem: "naive" | "invalid"; reason: string };

const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}(:?\d{2})?)$/;
const ISO_LOCAL = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?$/;

// Specs repeat the same few instants across regions and routes, and compile reads them again on
// every build of site dev; luxon's parsing and zone checks are slow enough to show. A DateTime
// never changes, so a parsed instant can be shared.
const parsedInstants = new Map<string, ParsedInstant>();
const PARSED_INSTANTS_KEPT = 10_000;

// luxon checks a zone name by making an Intl.DateTimeFormat for it, every time it is asked (about
// 0.1 ms): link asks for each region's zone once per campaign, stage and route.
const knownZones = new Map<string, boolean>();

/** Whether `name` is an IANA time zone this runtime knows (Europe/Paris). */
export function isTimeZone(name: string): boolean {
  let known = knownZones.get(name);
  if (known === undefined) knownZones.set(name, (known = IANAZone.isValidZone(name)));
  return known;
}

/**
 * Why an offset no clock on Earth keeps is one (+80:00 for +08:00, +08:75): luxon reads it
 * as given, and the campaign would start days away from the moment meant.
 */
function offsetOutOfRange(value: string): string | null {
  const offset = /([+-])(\d{2}):?(\d{2})?$/.exec(value);
  if (!offset) return null; // Z
  const hours = Number(offset[2]);
  const minutes = Number(offset[3] ?? 0);
  const total = (offset[1] === "-" ? -1 : 1) * (hours * 60 + minutes);
  if (minutes < 60 && total >= -12 * 60 && total <= 14 * 60) return null;
  return `${offset[0]} is not an offset any clock keeps: they run from -12:00 to +14:00`;
}

/** The end of a day written as ISO 8601 allows: 2024-11-21T24:00. */
const END_OF_DAY = /T24:00(:00(\.0+)?)?$/;

/** "2024-11-14 09:00", with or without an offset or zone after it: the T written as a space. */
const DATE_SPACE_TIME = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}.*)$/;

/** Parses `2025-04-28T15:00+08:00` or `2024-11-14T09:00 Europe/Paris`. */
export function parseInstant(text: string): ParsedInstant {
  let parsed = parsedInstants.get(text);
  if (parsed === undefined) {
    if (parsedInstants.size >= PARSED_INSTANTS_KEPT) parsedInstants.clear();
    parsed = parseUncached(text);
    parsedInstants.set(text, parsed);
  }
  return parsed;
}

function parseUncached(text: string): ParsedInstant {
  const value = text.trim();
  const spaced = DATE_SPACE_TIME.exec(value);
  if (spaced)
    return {
      ok: false,
      problem: "invalid",
      reason: `a T goes between the date and the time: ${spaced[1]}T${spaced[2]}`,
    };
  if (ISO_WITH_OFFSET.test(value)) {
    const offsetProblem = offsetOutOfRange(value);
    if (offsetProblem) return { ok: false, problem: "invalid", reason: offsetProblem };
    const instant = DateTime.fromISO(value, { setZone: true });
    return instant.isValid
      ? { ok: true, instant, zone: null, inDstGap: false }
      : { ok: false, problem: "invalid", reason: invalidReason(instant, value) };
  }
  const space = value.lastIndexOf(" ");
  if (space > 0) {
    const local = value.slice(0, space);
    const zone = value.slice(space + 1);
    if (!ISO_LOCAL.test(local))
      return { ok: false, problem: "invalid", reason: "the date is not in the form 2024-11-14T09:00" };
    if (!isTimeZone(zone)) return { ok: false, problem: "invalid", reason: `'${zone}' is not a time zone name` };
    const instant = DateTime.fromISO(local, { zone });
    if (!instant.isValid) return { ok: false, problem: "invalid", reason: invalidReason(instant, local) };
    // A local time skipped by a DST change is moved forward by luxon; report it so nobody is surprised.
    // 24:00 is the end of its day, as ISO 8601 writes it: the next day's 00:00, skipped by nothing.
    const written = local.length === 10 ? `${local}T00:00` : local.slice(0, 16);
    const inDstGap = !END_OF_DAY.test(local) && instant.toFormat("yyyy-MM-dd'T'HH:mm") !== written;
    return { ok: true, instant, zone, inDstGap };
  }
  if (ISO_LOCAL.test(value)) {
    // A date that exists nowhere (month 13) is wrong before it lacks a zone: said first.
    const local = DateTime.fromISO(value, { zone: "UTC" });
    if (!local.isValid) return { ok: false, problem: "invalid", reason: invalidReason(local, value) };
    return { ok: false, problem: "naive", reason: "no offset or zone" };
  }
  return { ok: false, problem: "invalid", reason: "it is not a date and time" };
}

/** What a time is written in after its date and time: an offset (+08:00, Z) or a zone, with the space before it (" Asia/Tokyo"). */
export function writtenZone(text: string): string | undefined {
  const value = text.trim();
  if (ISO_WITH_OFFSET.test(value)) return /(Z|[+-]\d{2}(:?\d{2})?)$/.exec(value)![1];
  const space = value.lastIndexOf(" ");
  return space > 0 && ISO_LOCAL.test(value.slice(0, space)) && isTimeZone(value.slice(space + 1))
    ? value.slice(space)
    : undefined;
}

/** A time written with no offset or zone, given one (writtenZone): an offset needs a time of day, a zone does not. */
export function withWrittenZone(naive: string, zone: string): string {
  const value = naive.trim();
  return zone.startsWith(" ") || value.includes("T") ? `${value}${zone}` : `${value}T00:00${zone}`;
}

// A date, maybe a time, and an offset or a zone: the times of a file written whole.
const ZONED_TIME =
  /\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)?(?:Z|[+-]\d{2}:?\d{2}| [A-Za-z][\w+-]*(?:\/[\w+-]+)*)/g;

/**
 * The offset or zone of the time written whole nearest to `offset` in a file's text (writtenZone),
 * for a time written there without one: a stage's start copied from its end, its offset left out.
 */
export function zoneNearest(text: string, offset: number): string | undefined {
  let nearest: { distance: number; zone: string } | undefined;
  for (const match of text.matchAll(ZONED_TIME)) {
    const zone = writtenZone(match[0]);
    const distance = Math.abs(match.index - offset);
    if (zone && (!nearest || distance < nearest.distance)) nearest = { distance, zone };
  }
  return nearest?.zone;
}

const MONTHS = "January February March April May June July August September October November December".split(" ");

/**
 * luxon's reason for a date that does not exist, in the checker's words: "February 2024 has no
 * day 30" and "there is no month 13", not "you specified 13 (of type number) as a month, which
 * is invalid".
 */
function invalidReason(instant: DateTime, written: string): string {
  const explanation = instant.invalidExplanation ?? "no such date";
  const unit = /^you specified (-?\d+) \(of type number\) as a (\w+), which is invalid$/.exec(explanation);
  if (!unit) return explanation;
  const [, value, name] = unit;
  const yearMonth = /^(\d{4})-(\d{2})/.exec(written);
  const month = yearMonth ? MONTHS[Number(yearMonth[2]) - 1] : undefined;
  if (name === "day" && month) return `${month} ${yearMonth![1]} has no day ${value}`;
  return `there is no ${name} ${value}`;
}

/** What is wrong with a date written YYYY-MM-DD that does not exist ("November 2023 has no day 31"). */
export function dateProblem(text: string): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text.trim())) return undefined;
  const date = DateTime.fromISO(text.trim(), { zone: "utc" });
  return date.isValid ? undefined : invalidReason(date, text.trim());
}

/** A figure of a date or a time in two digits: 9 is 09. */
const pad = (n: string | number) => String(n).padStart(2, "0");

/**
 * The instant a time written with one digit where two belong (2024-11-14T9:00, 2024-1-5) or a
 * space for the T most likely means, when that one is valid.
 */
export function instantMeant(text: string): string | undefined {
  const parts = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ](\d{1,2}):(\d{2}))?(.*)$/.exec(text.trim());
  if (!parts) return undefined;
  const [, year, month, day, hour, minute, written] = parts;
  // A zone a slip off one (Europe/Pariss): the zone it most likely means.
  const zone = /^ (\S+)$/.exec(written ?? "")?.[1];
  const rest = zone && !isTimeZone(zone) ? ` ${closest(zone, Intl.supportedValuesOf("timeZone")) ?? zone}` : written;
  const meant = `${year}-${pad(month!)}-${pad(day!)}${hour ? `T${pad(hour)}:${minute}` : ""}${rest}`;
  if (meant === text) return undefined;
  // A time with no zone of its own is whole: the campaign's zone completes it.
  const parsed = parseInstant(meant);
  return parsed.ok || parsed.problem === "naive" ? meant : undefined;
}

/**
 * A date written day first (20.11.2023, 20/11/2023) or month first where only that reads
 * (11/20/2023), or year first with its day and month swapped (2023-20-11) or a 0 left out
 * (2023/1/5), as YYYY-MM-DD. None where it could be either (05/06/2023).
 */
export function dateMeant(text: string): string | undefined {
  // The year first, day and month swapped (2023-20-11), or a figure without its 0 (2023-1-5).
  const yearFirst = /^(\d{4})[./-](\d{1,2})[./-](\d{1,2})$/.exec(text.trim());
  if (yearFirst) {
    const [a, b] = [Number(yearFirst[2]), Number(yearFirst[3])];
    const [month, day] = a > 12 && b <= 12 ? [b, a] : [a, b];
    const meant = `${yearFirst[1]}-${pad(month)}-${pad(day)}`;
    return month >= 1 && month <= 12 && day >= 1 && day <= 31 && meant !== text.trim() ? meant : undefined;
  }
  const parts = /^(\d{1,2})([./-])(\d{1,2})\2(\d{4})$/.exec(text.trim());
  if (!parts) return undefined;
  const [a, b] = [Number(parts[1]), Number(parts[3])];
  // Dots are written day first; with a slash, only a first figure over 12 says so, and a second one the month first.
  const dayFirst = parts[2] === "." || a > 12 ? true : b > 12 ? false : undefined;
  if (dayFirst === undefined) return undefined;
  const [day, month] = dayFirst ? [a, b] : [b, a];
  if (month < 1 || month > 12 || day < 1 || day > 31) return undefined;
  return `${parts[4]}-${pad(month)}-${pad(day)}`;
}
