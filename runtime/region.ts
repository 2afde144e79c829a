import type { SharedData } from "./generated-types.ts";

/** The region of a path: its first segment, lowercased, when that is a region prefix; else the default region. */
export function regionOfPath(pathname: string, shared: Pick<SharedData, "regions" | "defaultRegion">): string {
  const first = pathname.split("/")[1]?.toLowerCase() ?? "";
  const match = Object.values(shared.regions).find((r) => r.prefix === `/${first}`);
  return match ? match.code : shared.defaultRegion;
}

export interface RegionStore {
  region: string;
  /** The region's locale (en-US). */
  regionLanguage: string;
  /** The locale's first part (en). */
  language: string;
  /** Country picked in the region chooser (US, CA, ..., OTHER); persisted. */
  country: string | null;
  setCountry(country: string): void;
  /** The region a client-side navigation has moved to, with its locale. */
  enter(region: string, info: { locale: string; language: string }): void;
}

/** localStorage when the browser allows it; storage can be disabled and the site still works. */
export function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function createRegionStore(
  region: string,
  info: { locale: string; language: string },
  store: Storage | null,
): RegionStore {
  return {
    region,
    regionLanguage: info.locale,
    language: info.language,
    country: store?.getItem("country") ?? null,
    setCountry(country: string) {
      this.country = country;
      store?.setItem("country", country);
    },
    enter(next, nextInfo) {
      this.region = next;
      this.regionLanguage = nextInfo.locale;
      this.language = nextInfo.language;
    },
  };
}

/**
 * The header's region label for a remembered country (seed 000 §3): in us, CA gives 'Canada -
 * English' and any other country that is not US 'Other Regions - English'. null: keep the default.
 */
export function countryLabel(
  region: string,
  country: string | null,
  labels: Record<string, Record<string, string>>,
): string | null {
  const own = labels[region] ?? {};
  if (!country) return null;
  return own[country] ?? own.OTHER ?? null;
}
