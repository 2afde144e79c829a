// The region chooser: a heading in each language of the site and every country a visitor can
// pick, each leading to its region's home (on the sister site's domain for cn).

import type { Language, RegionModel, RouteModel } from "../../link/model.ts";
import type { CompileContext } from "../context.ts";
import type { PageOf } from "../route-data.ts";

export function regionChooserPage(
  cx: CompileContext,
  _route: RouteModel,
  region: RegionModel,
): PageOf<"region-chooser"> {
  const chooser = cx.model.specs.regionChooser!.data;
  // The region's own language greets its shoppers (us, uk and eu share English); the other
  // five follow for whoever came to the wrong region.
  const languages = Object.keys(chooser.title) as Language[];
  languages.sort((a, b) => Number(b === region.language) - Number(a === region.language));
  return {
    template: "region-chooser",
    headings: languages.map((language) => ({
      language,
      title: chooser.title[language],
      description: chooser.description[language],
    })),
    options: chooser.options.map((o) => {
      const target = cx.model.regions.get(o.region)!;
      const path = target.prefix || "/";
      return {
        label: o.label,
        country: o.country,
        region: o.region,
        href: target.originName === region.originName ? path : target.origin + path,
      };
    }),
  };
}
