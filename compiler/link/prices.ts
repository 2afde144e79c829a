// The prices of the model: the price table's cells, the campaigns' offers, and the rules that
// hold them to the catalogue and the regions (a product shown where it is not sold, a price
// nobody can see, a campaign price not below the list price).

import type { Location } from "../diagnostics/index.ts";
import type { Valid, ValidSpecs } from "../validate/index.ts";
import type * as Spec from "../validate/spec-types.ts";
import { at, type Report } from "./context.ts";
import type { Products } from "./products.ts";
import type { RegionModel } from "./model.ts";

export interface Prices {
  price(product: string, region: string): number | null;
  offer(campaign: string, product: string, region: string, stage: number): number | null;
  upTo(campaign: string, region: string, stage: number): number | null;
  /** Records that a product is shown, linked or offered in a region, and reports it if not sold there. */
  noteProductUse(id: string | undefined, region: string, what: string, location: Location): void;
  /** After every use is recorded: campaign prices, and prices nobody can see. */
  checkAfterUses(regions: Map<string, RegionModel>): void;
}

export function buildPrices(
  specs: ValidSpecs,
  site: Valid<Spec.Site>,
  report: Report,
  checkRegion: (code: string, location: Location) => boolean,
  { products, canonicalProduct, checkProduct }: Products,
): Prices {
  const catalogue = specs.catalogue;
  const prices = specs.prices;
  const priceCells = new Map<string, Map<string, number | null>>();
  const misalignedRows = new Set<string>();
  if (prices) {
    const columns = prices.data.columns;
    columns.forEach((code, i) => checkRegion(code, at(prices, ["columns", i])));
    for (const [id, row] of Object.entries(prices.data.list)) {
      const entry = catalogue?.data.products[id];
      if (entry?.aliasOf) {
        report("price-on-alias", { alias: id, target: entry.aliasOf }, at(prices, ["list", id], true));
        continue;
      }
      if (!checkProduct(id, at(prices, ["list", id], true))) continue;
      // A row of the wrong length (reported by validate) has no telling which cell is missing.
      if (row.length !== columns.length) {
        misalignedRows.add(id);
        continue;
      }
      priceCells.set(id, new Map(columns.map((code, i) => [code, row[i] ?? null])));
    }
  }
  const price = (product: string, region: string): number | null => {
    const id = canonicalProduct(product) ?? product;
    return priceCells.get(id)?.get(region) ?? null;
  };

  // Uses of a product in a region, to check against its price: a page, a nav entry, a buy link.
  // A column header that names no region (cm for cn) leaves its region without prices: every
  // use there would be "not sold", a cascade with one cause, reported at the header only.
  const columnsBroken = prices?.data.columns.some((c) => !site.data.regions[c]);
  const uses = new Set<string>();
  const noteProductUse = (id: string | undefined, region: string, what: string, location: Location) => {
    if (!id || !prices || misalignedRows.has(id)) return;
    uses.add(`${id}@${region}`);
    if (columnsBroken && !prices.data.columns.includes(region)) return;
    if (price(id, region) === null) report("product-not-sold", { product: id, region, use: what }, location);
  };
  if (catalogue) {
    for (const [id, p] of products) {
      for (const [code, facts] of Object.entries(p.regions)) {
        if (facts.buy)
          noteProductUse(
            id,
            code,
            `catalogue.yaml gives it a buy link there`,
            at(catalogue, ["products", id, "regions", code, "buy"]),
          );
      }
    }
  }

  // Each price, menu and card asks for offers: a campaign's rows in a region are indexed once by
  // product (aliases resolved), not searched on every call (at 10,000 routes that was a second).
  const offerRows = new Map<string, Map<string | undefined, (number | null)[]>>();
  const offer = (campaignId: string, product: string, region: string, stage: number): number | null => {
    const offers = specs.campaigns.get(campaignId)?.data.offers?.[region];
    if (!offers) return null;
    const index = `${campaignId}\n${region}`;
    let rows = offerRows.get(index);
    if (!rows) {
      rows = new Map();
      // The first row of a product wins, as a search from the top would find it.
      for (const [key, row] of Object.entries(offers)) {
        const id = canonicalProduct(key);
        if (!rows.has(id)) rows.set(id, row);
      }
      offerRows.set(index, rows);
    }
    return rows.get(canonicalProduct(product))?.[stage - 1] ?? null;
  };
  const upTo = (campaignId: string, region: string, stage: number): number | null => {
    let best: number | null = null;
    for (const product of Object.keys(specs.campaigns.get(campaignId)?.data.offers?.[region] ?? {})) {
      const sale = offer(campaignId, product, region, stage);
      const list = price(product, region);
      if (sale === null || list === null || sale >= list) continue;
      const percent = Math.floor(((list - sale) / list) * 100 + 1e-9);
      if (best === null || percent > best) best = percent;
    }
    return best;
  };

  const checkAfterUses = (regions: Map<string, RegionModel>) => {
    // Campaign prices: one per stage, for products sold in the region, below the list price.
    for (const [id, campaign] of specs.campaigns) {
      const stageCount = campaign.data.stages.length;
      for (const [code, products] of Object.entries(campaign.data.offers ?? {})) {
        if (!checkRegion(code, at(campaign, ["offers", code], true))) continue;
        for (const [productId, row] of Object.entries(products)) {
          const where = at(campaign, ["offers", code, productId]);
          const canonical = checkProduct(productId, at(campaign, ["offers", code, productId], true));
          if (!canonical) continue;
          noteProductUse(
            canonical,
            code,
            `campaign ${id} offers it there`,
            at(campaign, ["offers", code, productId], true),
          );
          if (row.length !== stageCount)
            report(
              "offer-row-length",
              { product: productId, region: code, count: row.length, stages: stageCount },
              where,
            );
          const list = price(canonical, code);
          row.forEach((value, i) => {
            if (value !== null && list !== null && value >= list) {
              report(
                "campaign-price-not-below-list",
                { product: productId, region: code, stage: i + 1, price: value, list },
                at(campaign, ["offers", code, productId, i]),
              );
            }
          });
        }
      }
    }

    // A price nobody can see is probably a mistake (or a product about to be launched).
    if (prices && catalogue && specs.pages && specs.regions.size > 0) {
      for (const [id, cells] of priceCells) {
        for (const [code, value] of cells) {
          if (value !== null && !uses.has(`${id}@${code}`) && regions.has(code)) {
            const column = prices.data.columns.indexOf(code);
            report("price-unused", { product: id, region: code }, at(prices, ["list", id, column]));
          }
        }
      }
    }
  };
  return { price, offer, upTo, noteProductUse, checkAfterUses };
}
