// Figures that content texts name as {placeholders} instead of writing them: the value differs
// per region or lives in one other spec, and a figure written twice can disagree.

import type { RegionModel } from "./model.ts";
import type * as Spec from "../validate/spec-types.ts";

export interface PlaceholderContext {
  brand: string;
  region: RegionModel;
  constants: Spec.SystemConstants;
  organisation: Spec.Organisation;
  /** Texts of a campaign (its promotion entries, its pages' sections). */
  campaign?: CampaignFigures;
}

/** What a campaign's texts may name: the live stage's figures, and every stage's first and last minute. */
export interface CampaignFigures {
  /** Null while no stage is live. */
  live: { upTo: number | null; dates: string } | null;
  /** The stages held in the region, for {stage2Start} and {stage2End}. */
  stages: readonly { number: number; startsAt: string; lastMinute: string | null }[];
}

const placeholders = {
  brand: (c: PlaceholderContext) => c.brand,
  returnDays: (c: PlaceholderContext) => String(c.region.settings.returnDays),
  warrantyYears: (c: PlaceholderContext) => String(c.constants.warrantyYears),
  priceGuaranteeDays: (c: PlaceholderContext) => String(c.constants.priceGuaranteeDays),
  deliveryDelayMin: (c: PlaceholderContext) => String(c.constants.deliveryDelayDays.min),
  deliveryDelayMax: (c: PlaceholderContext) => String(c.constants.deliveryDelayDays.max),
  supportEmail: (c: PlaceholderContext) =>
    c.organisation.contactPoints.find((p) => p.contactType === "customer support")?.email ??
    c.organisation.contactPoints[0]!.email,
} as const;

/**
 * {year} in a region's copyright line (© {year} Mechanova): the year at the build's instant in the
 * region's zone. The line changes when a year begins there, and the build's next change says so.
 */
export const COPYRIGHT_YEAR = "year";
const copyrightYear = new RegExp(`\\{${COPYRIGHT_YEAR}\\}`, "g");
export const namesYear = (copyright: string): boolean => copyright.includes(`{${COPYRIGHT_YEAR}}`);
export const copyrightLine = (copyright: string, year: number): string =>
  copyright.replace(copyrightYear, String(year));

export type PlaceholderName = keyof typeof placeholders;
export const placeholderNames = Object.keys(placeholders) as PlaceholderName[];

const PATTERN = /\{([A-Za-z][A-Za-z0-9]*)\}/g;

// Most texts name no placeholder: looking for a brace first keeps the regex off them, and
// hands back the very same string, which site dev's comparison of compiled data then passes at once.

/** The placeholder names a text uses. */
export function placeholdersIn(text: string): string[] {
  if (!text.includes("{")) return [];
  return [...text.matchAll(PATTERN)].map((m) => m[1]!);
}

/** A brace and a name with no closing brace ("Hallo {name!"): nothing fills it, and it shows as written. */
const UNCLOSED = /\{([A-Za-z][A-Za-z0-9]*)(?![A-Za-z0-9}])/g;

/** The names a text opens as placeholders and does not close. */
export function unclosedPlaceholdersIn(text: string): string[] {
  if (!text.includes("{")) return [];
  return [...text.matchAll(UNCLOSED)].map((m) => m[1]!);
}

/** A name and a closing brace with no opening one ("Hello, name}"): a placeholder's { left out. */
const UNOPENED = /(?<![{A-Za-z0-9])([A-Za-z][A-Za-z0-9]*)\}/g;

/** The names a text closes as placeholders and does not open. */
export function unopenedPlaceholdersIn(text: string): string[] {
  if (!text.includes("}")) return [];
  return [...text.matchAll(UNOPENED)].map((m) => m[1]!);
}

/** How a text writes a placeholder: whole (`{name}`), left open (`{name`) or with no opening brace (`name}`). */
export type PlaceholderForm = "whole" | "unclosed" | "unopened";

/** What finds one placeholder's uses of one form in a text, as the three above do. */
export function placeholderPattern(name: string, form: PlaceholderForm): RegExp {
  const source = {
    whole: `\\{${name}\\}`,
    unclosed: `\\{${name}(?![A-Za-z0-9}])`,
    unopened: `(?<![{A-Za-z0-9])${name}\\}`,
  }[form];
  return new RegExp(source, "g");
}

/** Figures of a campaign's texts at its live stage: link's checks make sure they appear nowhere else. */
const livePlaceholders: Record<string, (live: NonNullable<CampaignFigures["live"]>) => string | null> = {
  upTo: (live) => (live.upTo === null ? null : String(live.upTo)),
  dates: (live) => live.dates,
};
export const liveStageNames = Object.keys(livePlaceholders);

/** {stage2Start} and {stage2End}: a stage's first and last minute, so terms never restate a date the campaign sets. */
const STAGE_BOUNDARY = /^stage([1-9][0-9]*)(Start|End)$/;

/** The stage boundary names of a campaign's stages, by whether each has an end. */
export function stageBoundaryNames(stages: readonly { end?: unknown }[]): string[] {
  return stages.flatMap((stage, i) => [`stage${i + 1}Start`, ...(stage.end === undefined ? [] : [`stage${i + 1}End`])]);
}

export const isStageBoundaryName = (name: string): boolean => STAGE_BOUNDARY.test(name);

function campaignValue(name: string, campaign: CampaignFigures): string | null {
  if (name in livePlaceholders) return campaign.live && livePlaceholders[name]!(campaign.live);
  const boundary = STAGE_BOUNDARY.exec(name);
  const stage = boundary && campaign.stages.find((s) => s.number === Number(boundary[1]));
  if (!stage) return null;
  return boundary[2] === "Start" ? stage.startsAt : stage.lastMinute;
}

export function fillPlaceholders(text: string, context: PlaceholderContext): string {
  if (!text.includes("{")) return text;
  return text.replace(PATTERN, (whole, name: string) => {
    if (name in placeholders) return placeholders[name as PlaceholderName](context);
    return (context.campaign && campaignValue(name, context.campaign)) ?? whole;
  });
}

/**
 * Every text of a spec value with its placeholders filled: what reaches a page cannot hold a
 * {name} that one field forgot to fill. Parts with nothing to fill are handed back as they are.
 */
export function fillAll<T>(value: T, fill: (text: string) => string): T {
  if (typeof value === "string") return fill(value) as T;
  if (Array.isArray(value)) {
    let copy: unknown[] | null = null;
    value.forEach((item, i) => {
      const filled = fillAll(item, fill);
      if (filled !== item) (copy ??= [...value])[i] = filled;
    });
    return (copy ?? value) as T;
  }
  if (value && typeof value === "object") {
    let copy: Record<string, unknown> | null = null;
    for (const [key, item] of Object.entries(value)) {
      const filled = fillAll(item, fill);
      if (filled !== item) (copy ??= { ...(value as Record<string, unknown>) })[key] = filled;
    }
    return (copy ?? value) as T;
  }
  return value;
}

/**
 * A text's paragraphs (split at blank lines), remembered by text: pages of every region show the
 * same texts, and equal texts give the same array, cheap for site dev to compare. Read only.
 */
export function paragraphsOf(text: string): readonly string[] {
  let found = paragraphCache.get(text);
  if (!found) {
    if (paragraphCache.size > 100_000) paragraphCache.clear();
    found = text
      .split(/\n\s*\n/)
      .map((p) => p.trim())
      .filter(Boolean);
    paragraphCache.set(text, found);
  }
  return found;
}
const paragraphCache = new Map<string, readonly string[]>();
