// Stage 3, link: the rules that span files (prices against the catalogue and the regions,
// links against routes, pages against templates) and the site model later stages build from.
// Every rule reports against the node it is about; a rule whose input file failed its schema
// is skipped, since validate has already said what is wrong there. This file builds the model
// (regions.ts, products.ts, prices.ts, routes.ts; its types are in model.ts); the rules of
// region files, content, rich sections and campaigns are in rules/.

import { diagnostic, type Diagnostic, type Result } from "../diagnostics/index.ts";
import { checkWindows } from "./rules/windows.ts";
import type { ValidSpecs } from "../validate/index.ts";
import { at, type LinkContext, type Report } from "./context.ts";
import type { SiteModel } from "./model.ts";
import { buildImages } from "./images.ts";
import { buildPrices } from "./prices.ts";
import { buildProducts } from "./products.ts";
import { buildRegions } from "./regions.ts";
import { buildRoutes } from "./routes.ts";
import { checkCampaigns } from "./rules/campaigns.ts";
import { checkContent, checkMessages, checkPlaceholders } from "./rules/content.ts";
import { checkRegionFiles } from "./rules/navigation.ts";
import { checkSections } from "./rules/sections.ts";

export function link(specs: ValidSpecs): Result<SiteModel | undefined> {
  const diagnostics: Diagnostic[] = [];
  const report: Report = (code, args, location) => {
    diagnostics.push(diagnostic(code, args, location));
  };

  const { site } = specs;
  if (!site) return { value: undefined, diagnostics };

  const regionsPart = buildRegions(specs, site, report);
  const { regions, regionCodes, checkRegion } = regionsPart;
  const productsPart = buildProducts(specs, report, checkRegion);
  const pricesPart = buildPrices(specs, site, report, checkRegion, productsPart);
  const { noteProductUse } = pricesPart;
  const { routes, routesByPath, checkCampaign } = buildRoutes(specs, report, regionsPart, productsPart, pricesPart);
  const { checkProduct } = productsPart;
  const images = buildImages(specs, checkProduct, checkCampaign);

  const cx: LinkContext = {
    specs,
    report,
    regions,
    routes,
    routesByPath,
    checkRegion,
    checkProduct,
    checkCampaign,
    noteProductUse,
    images,
  };
  checkRegionFiles(cx);
  checkContent(cx);
  checkSections(cx);
  checkCampaigns(cx, pricesPart.upTo);

  pricesPart.checkAfterUses(regions);

  // Campaigns run in known regions; per-region instants name only those regions.
  for (const [, campaign] of specs.campaigns) {
    campaign.data.regions.forEach((code, i) => checkRegion(code, at(campaign, ["regions", i])));
    campaign.data.stages.forEach((stage, i) => {
      for (const key of ["start", "end"] as const) {
        const value = stage[key];
        if (value && typeof value === "object") {
          for (const code of Object.keys(value)) checkRegion(code, at(campaign, ["stages", i, key, code], true));
        }
      }
    });
  }

  // Region chooser options lead to known regions.
  const chooser = specs.regionChooser;
  chooser?.data.options.forEach((o, i) => checkRegion(o.region, at(chooser, ["options", i, "region"])));

  checkMessages(specs, report);
  checkPlaceholders(specs, report);
  diagnostics.push(...checkWindows(specs, regionCodes));

  const model: SiteModel = {
    specs,
    name: site.data.name,
    defaultRegion: site.data.defaultRegion,
    regions,
    routes,
    routesByPath,
    products: productsPart.products,
    images,
    price: pricesPart.price,
    offer: pricesPart.offer,
    upTo: pricesPart.upTo,
    canonicalProduct: productsPart.canonicalProduct,
  };
  return { value: model, diagnostics };
}
