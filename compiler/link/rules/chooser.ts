// The region chooser: every option leads to a known region, and every live region is one to pick.

import type { ValidSpecs } from "../../validate/index.ts";
import { at, type LinkContext } from "../context.ts";
import { countryOfLocale } from "../regions.ts";

/**
 * Options lead to known regions, and every region with pages is one to pick: one left out is
 * reached only by typing its address. A region no page names yet is not live.
 */
export function checkRegionChooser(
  specs: ValidSpecs,
  site: NonNullable<ValidSpecs["site"]>,
  { report, checkRegion, pagelessRegions }: LinkContext,
): void {
  const chooser = specs.regionChooser;
  if (!chooser) return;
  const { options } = chooser.data;
  const chosen = options.map((o) => o.region);
  options.forEach((o, i) => checkRegion(o.region, at(chooser, ["options", i, "region"]), chosen));
  const offered = new Set(options.map((o) => o.region));
  const countryOf = (region: string) => {
    const locale = site.data.regions[region]?.locale;
    return locale ? countryOfLocale(locale) : undefined;
  };
  for (const code of Object.keys(site.data.regions)) {
    if (offered.has(code) || pagelessRegions.has(code)) continue;
    // An option for the region's own country that leads to a region of another country took its
    // place (a line copied, its region left): said there, with the region it means.
    const country = countryOf(code);
    const taken = options.findIndex(
      (o) => o.country === country && o.region !== code && countryOf(o.region) !== country,
    );
    if (country && taken >= 0)
      report(
        "chooser-option-other-region",
        { label: options[taken]!.label, country, region: options[taken]!.region, meant: code },
        at(chooser, ["options", taken, "region"]),
      );
    else
      report(
        "region-not-in-chooser",
        { region: code, name: site.data.regions[code]!.name },
        at(chooser, ["options"], true),
      );
  }
}
