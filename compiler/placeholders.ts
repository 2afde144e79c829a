// Figures that content texts name as {placeholders} instead of writing them: the value differs
// per region or lives in one other spec, and a figure written twice can disagree.

import type { RegionModel } from "./link.ts";
import type * as Spec from "./spec-types.ts";

export interface PlaceholderContext {
  brand: string;
  region: RegionModel;
  constants: Spec.SystemConstants;
  organisation: Spec.Organisation;
}

export const placeholders = {
  brand: (c: PlaceholderContext) => c.brand,
  returnDays: (c: PlaceholderContext) => String(c.region.settings.returnDays),
  warrantyYears: (c: PlaceholderContext) => String(c.constants.warrantyYears),
  priceGuaranteeDays: (c: PlaceholderContext) => String(c.constants.priceGuaranteeDays),
  deliveryDelayMin: (c: PlaceholderContext) => String(c.constants.deliveryDelayDays.min),
  deliveryDelayMax: (c: PlaceholderContext) => String(c.constants.deliveryDelayDays.max),
  supportEmail: (c: PlaceholderContext) =>
    c.organisation.contactPoints.find((p) => p.contactType === "customer support")?.email ?? c.organisation.contactPoints[0]!.email,
} as const;

export type PlaceholderName = keyof typeof placeholders;
export const placeholderNames = Object.keys(placeholders) as PlaceholderName[];

const PATTERN = /\{([A-Za-z]+)\}/g;

// Most texts name no placeholder: looking for a brace first keeps the regex off them, and
// hands back the very same string, which site dev's comparison of compiled data then passes at once.

/** The placeholder names a text uses. */
export function placeholdersIn(text: string): string[] {
  if (!text.includes("{")) return [];
  return [...text.matchAll(PATTERN)].map((m) => m[1]!);
}

export function fillPlaceholders(text: string, context: PlaceholderContext): string {
  if (!text.includes("{")) return text;
  return text.replace(PATTERN, (whole, name: string) => (name in placeholders ? placeholders[name as PlaceholderName](context) : whole));
}

/**
 * A text's paragraphs (split at blank lines), remembered by text: pages of every region show the
 * same texts, and equal texts give the same array, cheap for site dev to compare. Read only.
 */
export function paragraphsOf(text: string): readonly string[] {
  let found = paragraphCache.get(text);
  if (!found) {
    if (paragraphCache.size > 100_000) paragraphCache.clear();
    found = text.split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean);
    paragraphCache.set(text, found);
  }
  return found;
}
const paragraphCache = new Map<string, readonly string[]>();
