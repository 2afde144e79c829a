// The regions of the model: site.yaml names them; each needs a settings file and a message table.

import common from "../../schemas/common.schema.json" with { type: "json" };
import { closest, editDistance, type Location } from "../diagnostics/index.ts";
import { currencyOfCountry, type Valid, type ValidSpecs } from "../validate/index.ts";
import type * as Spec from "../validate/spec-types.ts";
import { at, type Report } from "./context.ts";
import { isTimeZone } from "../time/instant.ts";
import { regionZoneOf } from "../time/windows.ts";
import type { Language, RegionModel } from "./model.ts";

export interface Regions {
  regions: Map<string, RegionModel>;
  regionCodes: string[];
  /** True when the region is known; else reports it, with the region meant (regionMeant). */
  checkRegion(code: string, location: Location, siblings?: readonly string[]): boolean;
  /** The regions a spec names (checkRegion found them): a renamed one is not among them. */
  named: ReadonlySet<string>;
  /** The origins a region names. */
  originsNamed: ReadonlySet<string>;
}

/**
 * The region a code in a spec means: itself when it is one; else (its own unknown-region error)
 * the region it comes closest to, so that what follows from the typo is not reported again. Of a
 * list or a block written per region, not one its other items already name (`siblings`): in
 * [cn, us, en], en means eu, not cn a second time.
 */
export function regionMeant(
  code: string,
  regionCodes: readonly string[],
  siblings: readonly string[] = [],
): string | undefined {
  if (regionCodes.includes(code)) return code;
  return closest(
    code,
    regionCodes.filter((other) => !siblings.includes(other)),
  );
}

/**
 * A region's entry of a block written per region (a campaign's offers), read as meant: under its
 * own key, or else under a key that names no region and most likely means it (usa for us), whose
 * own error (unknown-region) says so.
 */
export function regionEntry<T>(
  byRegion: Readonly<Record<string, T>> | undefined,
  region: string,
  regionCodes: readonly string[],
): T | undefined {
  if (!byRegion) return undefined;
  if (Object.hasOwn(byRegion, region)) return byRegion[region];
  const typo = Object.keys(byRegion).find(
    (key, _i, keys) => !regionCodes.includes(key) && regionMeant(key, regionCodes, keys) === region,
  );
  return typo === undefined ? undefined : byRegion[typo];
}

export function buildRegions(specs: ValidSpecs, site: Valid<Spec.Site>, report: Report): Regions {
  const regionCodes = Object.keys(site.data.regions);
  const originNames = Object.keys(site.data.origins);
  const named = new Set<string>();
  const originsNamed = new Set<string>();
  const checkRegion = (code: string, location: Location, siblings?: readonly string[]): boolean => {
    if (site.data.regions[code]) {
      named.add(code);
      return true;
    }
    const suggestion = regionMeant(code, regionCodes, siblings);
    report("unknown-region", { value: code, known: regionCodes, suggestion }, location);
    return false;
  };
  checkRegion(site.data.defaultRegion, at(site, ["defaultRegion"]));
  for (const key of ["xDefault", "notFoundRegions"] as const)
    site.data[key]?.forEach((code, i, list) => checkRegion(code, at(site, [key, i]), list));
  // The regions a settings file named for no region most likely belongs to: its own error (unknown
  // region, with the one it may mean) says so, and the region's missing file is not another.
  const misnamedFiles = new Set(
    [...specs.regions.keys()].flatMap((code) => {
      const meant = site.data.regions[code] ? undefined : closest(code, regionCodes);
      return meant ? [meant] : [];
    }),
  );
  const regions = new Map<string, RegionModel>();
  // A message table missing is one error for its language, at the first region written in it.
  const withoutMessages = new Map<Language, string[]>();
  for (const [code, r] of Object.entries(site.data.regions)) {
    if (site.data.origins[r.origin]) originsNamed.add(r.origin);
    else report("unknown-origin", { value: r.origin, known: originNames }, at(site, ["regions", code, "origin"]));
    const settings = specs.regions.get(code);
    const fileIsInvalid = specs.invalid.some((d) => d.kind === "region" && d.name === code);
    if (!settings && !fileIsInvalid && !misnamedFiles.has(code))
      report("missing-region-file", { region: code }, at(site, ["regions", code], true));
    const language = languageOfLocale(r.locale);
    const messagesInvalid = specs.invalid.some((d) => d.kind === "messages" && d.name === language);
    // FR-FR for fr-FR is the locale's own error (its shape, with the locale meant), not a table missing.
    const miscased = specs.messages.has(language.toLowerCase());
    if (!specs.messages.has(language) && !messagesInvalid && !miscased)
      withoutMessages.set(language, [...(withoutMessages.get(language) ?? []), code]);
    if (!settings) continue;
    const prefix = code === site.data.defaultRegion ? "" : `/${code}`;
    regions.set(code, {
      code,
      name: r.name,
      locale: r.locale,
      formats: formatLocale(r.locale),
      language,
      hreflang: r.hreflang ?? r.locale,
      prefix,
      origin: (site.data.origins[r.origin] ?? "").replace(/\/$/, ""),
      zone: regionZoneOf(specs, code) ?? "UTC",
      originName: r.origin,
      group: r.group,
      storageScope: `/${r.group}`,
      fullPageLoads: r.fullPageLoads ?? false,
      settings: settings.data,
    });
  }
  for (const [language, codes] of withoutMessages)
    report(
      "missing-messages-file",
      {
        language,
        regions: codes,
        ...(writtenNowhere(specs, language) ? { written: [...specs.messages.keys()].sort() } : {}),
      },
      at(site, ["regions", codes[0]!, "locale"]),
    );
  for (const [code, file] of specs.regions) {
    if (!site.data.regions[code]) checkRegion(code, { file: file.spec.source.path, offset: 0, length: 0 });
  }

  return { regions, regionCodes, checkRegion, named, originsNamed };
}

/** A locale's country (GB of en-GB); undefined for a bare language or a malformed locale (its own error). */
export function countryOfLocale(locale: string): string | undefined {
  try {
    return new Intl.Locale(locale).region;
  } catch {
    return undefined;
  }
}

/** A locale's language (en of en-GB): it picks the message table the region's texts come from. */
export const languageOfLocale = (locale: string): Language => locale.slice(0, 2) as Language;

/**
 * A language with no message table whose text no page has either: a locale mistyped, or a language
 * not begun. Its missing-messages-file stands for every page's text it lacks (rules/content.ts).
 */
export function writtenNowhere(specs: ValidSpecs, language: string): boolean {
  if (specs.messages.has(language) || specs.invalid.some((d) => d.kind === "messages" && d.name === language))
    return false;
  for (const content of specs.content.values()) if (content.data.head[language]) return false;
  return true;
}

const originsOfSite = new WeakMap<Spec.Site, ReadonlyMap<string, string>>();

/** The site's origins by host (www.mechanova.com: global), lower case; worked out once per site.yaml read. */
export function originsByHost(site: Spec.Site): ReadonlyMap<string, string> {
  let byHost = originsOfSite.get(site);
  if (!byHost) {
    const hosts = new Map<string, string>();
    for (const [name, origin] of Object.entries(site.origins)) {
      try {
        hosts.set(new URL(origin).host.toLowerCase(), name);
      } catch {} // not a URL: the schema's error says so
    }
    originsOfSite.set(site, (byHost = hosts));
  }
  return byHost;
}

/**
 * A page decides its API by its host: on a pre-production host it calls the pre-production API.
 * A host the site is published on (an origin of site.yaml) listed there would send every shopper
 * of that origin to the pre-production API.
 */
export function checkPreproductionHosts(specs: ValidSpecs, site: Valid<Spec.Site>, report: Report): void {
  const api = specs.api;
  if (!api) return;
  const originOf = originsByHost(site.data);
  api.data.preproductionHosts.forEach((host, i) => {
    const origin = originOf.get(host.toLowerCase());
    if (origin) report("preproduction-host-is-live", { host, origin }, at(api, ["preproductionHosts", i]));
  });
}

/** The currencies the site prices in (common.schema.json). */
const PRICED_IN: ReadonlySet<string> = new Set(common.$defs.currency.enum);

/**
 * A region prices in the money of its locale's country: a settings file copied from another
 * region (jp.yaml from cn.yaml) with its currency left would show every yen price as yuan. A
 * warning, as a region may serve several countries in one currency. Not judged: a locale with no
 * country, a country the table does not know (the EU of en-EU), and a country whose money is none
 * the site prices in (common.schema.json's currencies: Canada sold to in dollars).
 */
export function checkCurrencies(specs: ValidSpecs, site: Valid<Spec.Site>, report: Report): void {
  for (const [code, file] of specs.regions) {
    const locale = site.data.regions[code]?.locale;
    const country = locale ? countryOfLocale(locale) : undefined;
    const expected = country && currencyOfCountry(country);
    // A currency the site does not price in is its own error (unknown-currency).
    const { currency } = file.data;
    if (!expected || expected === currency || !PRICED_IN.has(expected) || !PRICED_IN.has(currency)) continue;
    report(
      "currency-not-of-country",
      { region: code, locale: locale!, country: country!, currency, expected },
      at(file, ["currency"]),
    );
  }
}

/**
 * A region keeps the time of its locale's country: jp given Europe/Paris (a line copied from fr)
 * would show its dates in Paris time, and read its times written without a zone there. Judged by
 * the zones Intl knows for the country (Asia/Tokyo for JP; the United States' 29); a locale with
 * no country (en-EU), or in a language the site is not written in (its own error), is not. A
 * warning: a region may serve a country from another's clock.
 */
export function checkZones(specs: ValidSpecs, site: Valid<Spec.Site>, report: Report): void {
  for (const [code, region] of Object.entries(site.data.regions)) {
    if (!region.zone || !specs.messages.has(languageOfLocale(region.locale))) continue;
    // An unknown zone has its own error.
    if (!isTimeZone(region.zone)) continue;
    const zones = zonesOfLocale(region.locale);
    // (A malformed locale, en_US, has none: its own error says so.)
    if (!countryOfLocale(region.locale) || !zones?.length || zones.includes(region.zone)) continue;
    report(
      "zone-not-of-country",
      { region: code, zone: region.zone, locale: region.locale, zones: [...zones] },
      at(site, ["regions", code, "zone"]),
    );
  }
}

/** The zones Intl knows for a locale's country, once per locale: site dev checks at each save. */
function zonesOfLocale(locale: string): readonly string[] | undefined {
  if (!localeZones.has(locale)) {
    let zones: readonly string[] | undefined;
    try {
      zones = (new Intl.Locale(locale) as Intl.Locale & { timeZones?: readonly string[] }).timeZones;
    } catch {
      zones = undefined;
    }
    localeZones.set(locale, zones);
  }
  return localeZones.get(locale);
}
const localeZones = new Map<string, readonly string[] | undefined>();

/**
 * The company's addresses are on its own domains: marketing@mechanova.con, a letter off the site's
 * mechanova.com, would send every message to nowhere. A domain one slip away (a letter wrong,
 * missing, added or two swapped) from one the site is published on is a warning; any other (an
 * agency's, or mechanova.cn beside mechanova.com) is left alone.
 */
export function checkEmailDomains(specs: ValidSpecs, site: Valid<Spec.Site>, report: Report): void {
  const organisation = specs.organisation;
  if (!organisation) return;
  const domains = [...originsByHost(site.data).keys()].map((host) => host.replace(/:\d+$/, "").replace(/^www\./, ""));
  organisation.data.contactPoints.forEach((point, i) => {
    const domain = point.email?.split("@")[1]?.toLowerCase();
    if (!domain || domains.some((known) => domain === known || domain.endsWith(`.${known}`))) return;
    const meant = domains.find((known) => editDistance(domain, known) === 1);
    if (meant)
      report(
        "email-domain-slip",
        { email: point.email!, domain, meant },
        at(organisation, ["contactPoints", i, "email"]),
      );
  });
}

/**
 * The locale a region's dates and prices are written in. Intl has no data for a country it does
 * not know and falls back to the bare language: en-EU, the seeds' locale for Europe, would read
 * American ("November 22 – 29") on pages written in British spelling. The European Union is not a
 * country; the language as written in Europe is its CLDR locale, with the UN's code for Europe
 * (en-150: "22–29 November").
 */
function formatLocale(locale: string): string {
  let tag: Intl.Locale;
  try {
    tag = new Intl.Locale(locale);
  } catch {
    return locale; // malformed (en_US): its own error says so
  }
  if (tag.region !== "EU") return locale;
  return new Intl.Locale(tag.language, { script: tag.script, region: "150" }).toString();
}
