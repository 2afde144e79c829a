// The prices of the model: the price table's cells, the campaigns' offers, and the rules that
// hold them to the catalogue and the regions (a product shown where it is not sold, a price
// nobody can see, a campaign price not below the list price). The rules of the other files note
// the uses of products and list the campaigns' offer rows without reading a price (the link
// stage keeps them across an edit of the price table alone); checkUses judges them here.

import type { Regions } from "./regions.ts";
import { closest, type Location } from "../diagnostics/index.ts";
import type { Valid, ValidSpecs } from "../validate/index.ts";
import type * as Spec from "../validate/spec-types.ts";
import { pricesOutOfLine } from "../validate/figures.ts";
import { at, type Report } from "./context.ts";
import type { Products } from "./products.ts";
import type { RegionModel } from "./model.ts";

/** A place that shows, links or offers a product in a region: what it is, and where. */
interface ProductUse {
  what: string;
  location: Location;
}
/** The uses of products the rules noted, by product and region: what shows each, and where. */
export type ProductUses = Map<string, Map<string, ProductUse[]>>;

/** Records that a product is shown, linked or offered in a region. */
export function noteUse(uses: ProductUses, id: string, region: string, what: string, location: Location): void {
  let byRegion = uses.get(id);
  if (!byRegion) uses.set(id, (byRegion = new Map()));
  const seen = byRegion.get(region);
  if (seen) seen.push({ what, location });
  else byRegion.set(region, [{ what, location }]);
}

/** A campaign's sale prices for a known product in a region, one per stage. */
export interface OfferRow {
  campaign: Valid<Spec.Campaign>;
  region: string;
  product: string;
  canonical: string;
  row: readonly (number | null)[];
}

export interface Prices {
  price(product: string, region: string): number | null;
  offer(campaign: string, product: string, region: string, stage: number): number | null;
  upTo(campaign: string, region: string, stage: number): number | null;
  /**
   * Judges the uses against the table (a product shown where it is not sold, a price nobody can
   * see) and the campaigns' offers against the list prices.
   */
  checkUses(offers: readonly OfferRow[], regions: Map<string, RegionModel>): void;
}

/**
 * A product used in a region where its price is ~: at the use; used in several places there, once
 * at the ~ they all meet (most likely the one mistake), naming them.
 */
function reportNotSold(
  report: Report,
  product: string,
  region: string,
  seen: readonly ProductUse[],
  priceCell: Location | undefined,
): void {
  if (seen.length < 2 || !priceCell) {
    for (const { what, location } of seen) report("product-not-sold", { product, region, uses: [what] }, location);
    return;
  }
  // "the navigation shows it (specs/regions/cn.yaml)": each use, where it is written.
  const uses = seen.map(({ what, location }) => {
    const text = what.replace(/ there$/, "");
    const file = location.file.split("/").at(-1)!;
    return text.includes(file) ? text : `${text} (${location.file})`;
  });
  report("product-not-sold", { product, region, uses, atPrice: true }, priceCell);
}

/**
 * How many decimals a currency's amounts have: 2 for USD and CNY, 0 for JPY and KRW; undefined
 * for a code Intl refuses (a region file's own error says what is wrong with it).
 */
function currencyDigits(currency: unknown): number | undefined {
  if (typeof currency !== "string") return undefined;
  // Asked for every cell (70,000 at 10,000 routes): one number format per currency.
  if (!digitsByCurrency.has(currency)) {
    let digits: number | undefined;
    try {
      digits = new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits;
    } catch {
      digits = undefined;
    }
    digitsByCurrency.set(currency, digits);
  }
  return digitsByCurrency.get(currency);
}
const digitsByCurrency = new Map<string, number | undefined>();

/**
 * Every list price and sale price has no more decimals than its region's currency. Returns the
 * list cells that have ("product\nregion"): an offer compared with one would only repeat the typo.
 */
function checkPrecision(
  report: Report,
  prices: Valid<Spec.PriceTable>,
  offers: readonly OfferRow[],
  regions: Map<string, RegionModel>,
): Set<string> {
  const wrong = (value: number | null, region: string, location: () => Location): boolean => {
    const currency = regions.get(region)?.settings.currency;
    const digits = currencyDigits(currency);
    if (value === null || digits === undefined) return false;
    if (Math.abs(value * 10 ** digits - Math.round(value * 10 ** digits)) <= 1e-6) return false;
    report("price-precision", { price: value, currency: String(currency), digits }, location());
    return true;
  };
  const wrongCells = new Set<string>();
  const { columns, list } = prices.data;
  for (const [id, row] of Object.entries(list)) {
    if (row.length !== columns.length) continue;
    row.forEach((value, i) => {
      if (wrong(value, columns[i]!, () => at(prices, ["list", id, i]))) wrongCells.add(`${id}\n${columns[i]}`);
    });
  }
  for (const { campaign, region, product, row } of offers)
    row.forEach((value, i) => wrong(value, region, () => at(campaign, ["offers", region, product, i])));
  return wrongCells;
}

/**
 * A sale price is below its list price (an error when not), and not two thirds or more below it
 * (a warning: most often a digit left out, 59 for 599). A list cell already reported (`doubtful`:
 * "product\nregion") is no measure.
 */
function checkAgainstList(
  report: Report,
  price: (product: string, region: string) => number | null,
  offers: readonly OfferRow[],
  doubtful: ReadonlySet<string>,
): void {
  for (const { campaign, region, product, canonical, row } of offers) {
    const list = price(canonical, region);
    if (list === null || doubtful.has(`${canonical}\n${region}`)) continue;
    row.forEach((value, i) => {
      if (value === null) return;
      const args = { product, region, stage: i + 1, price: value, list };
      const where = () => at(campaign, ["offers", region, product, i]);
      if (value >= list) report("campaign-price-not-below-list", args, where());
      else if (value * 3 < list) report("campaign-price-far-below-list", args, where());
    });
  }
}

/**
 * Two regions whose price columns are the same figure for figure price in one currency (eu, fr
 * and de all write 1599 for the Bumblebee, in euros): a region among them with another currency
 * (de set to USD) would show those figures in it. Reported at the currency of the region the
 * others outnumber, or of the later one of two; only over three prices or more.
 */
function checkCurrencyOfTwins(
  report: Report,
  prices: Valid<Spec.PriceTable>,
  columnOf: ReadonlyMap<string, number>,
  regions: Map<string, RegionModel>,
  specs: ValidSpecs,
): void {
  const { columns, list } = prices.data;
  const rows = Object.values(list).filter((row) => row.length === columns.length);
  const cells = (i: number) => rows.map((row) => row[i] ?? null);
  const priced = (i: number) => cells(i).filter((v) => v !== null).length;
  const groups = new Map<string, string[]>();
  // Each region's column as the table is read (two swapped headers read as meant).
  for (const code of columns) {
    const i = columnOf.get(code)!;
    if (priced(i) < 3 || !regions.has(code)) continue;
    const key = JSON.stringify(cells(i));
    groups.set(key, [...(groups.get(key) ?? []), code]);
  }
  for (const twins of groups.values()) {
    if (twins.length < 2) continue;
    const currencyOf = (code: string) => String(regions.get(code)!.settings.currency);
    const count = (currency: string) => twins.filter((code) => currencyOf(code) === currency).length;
    const usual = [...twins].map(currencyOf).sort((a, b) => count(b) - count(a))[0]!;
    for (const code of twins) {
      const currency = currencyOf(code);
      if (currency === usual) continue;
      const other = twins.find((c) => currencyOf(c) === usual);
      const file = specs.regions.get(code);
      if (!other || !file) continue;
      report(
        "currency-of-twin",
        { region: code, currency, other, otherCurrency: currencyOf(other) },
        at(file, ["currency"]),
      );
    }
  }
}

/**
 * Two column headers swapped (columns: [uk, us, ...]) give each of the two regions the other's
 * prices: every product one sells and the other does not is "not sold" where it is shown and
 * "unused" where it is priced, and every sale price is judged against the wrong list price. When
 * swapping two headers makes what the two columns price what their regions show, where it did
 * not, that is one error at the headers, and the table is read as meant (`columnOf` swapped).
 */
function readSwappedColumns(
  prices: Valid<Spec.PriceTable>,
  rows: ReadonlyMap<string, readonly (number | null)[]>,
  uses: ProductUses,
  columnOf: Map<string, number>,
  report: Report,
): void {
  const { columns } = prices.data;
  // How many products the column prices where the region shows none, or the other way round.
  const mismatches = (region: string, column: number) => {
    let count = 0;
    for (const [id, row] of rows) if (uses.get(id)?.has(region) !== (row[column] != null)) count++;
    return count;
  };
  // Each column against its own region first: in a table that agrees with the uses (the everyday
  // case) no pair is worth swapping, and none is tried.
  const own = columns.map((code, i) => mismatches(code, i));
  let best: { a: number; b: number; before: number; after: number } | undefined;
  for (let a = 0; a < columns.length; a++)
    for (let b = a + 1; b < columns.length; b++) {
      const [ra, rb] = [columns[a]!, columns[b]!];
      if (columnOf.get(ra) !== a || columnOf.get(rb) !== b) continue; // a region written twice
      const before = own[a]! + own[b]!;
      if (before < 2) continue;
      const after = mismatches(ra, b) + mismatches(rb, a);
      if (after * 4 <= before && (!best || before - after > best.before - best.after)) best = { a, b, before, after };
    }
  if (!best) return;
  const [ra, rb] = [columns[best.a]!, columns[best.b]!];
  const meant = columns.map((code, i) => (i === best.a ? rb : i === best.b ? ra : code));
  report(
    "price-columns-swapped",
    { first: ra, second: rb, mismatches: best.before, meant },
    at(prices, ["columns", best.a]),
  );
  columnOf.set(ra, best.b);
  columnOf.set(rb, best.a);
}

export function buildPrices(
  specs: ValidSpecs,
  site: Valid<Spec.Site>,
  report: Report,
  checkRegion: Regions["checkRegion"],
  { canonicalProduct, checkProduct, products }: Products,
  uses: ProductUses,
): Prices {
  const prices = specs.prices;
  // Each product's row as the table writes it; a column's index by its region (the last of a
  // region written twice, as a lookup by region finds it).
  const rows = new Map<string, readonly (number | null)[]>();
  const columnOf = new Map<string, number>();
  // Products whose row is there but cannot be read: misaligned, or under a misspelt id.
  const unreadableRows = new Set<string>();
  if (prices) {
    const columns = prices.data.columns;
    columns.forEach((code, i) => {
      checkRegion(code, at(prices, ["columns", i]), columns);
      columnOf.set(code, i);
    });
    const catalogue = specs.catalogue;
    for (const [id, row] of Object.entries(prices.data.list)) {
      const entry = catalogue?.data.products[id];
      if (entry?.aliasOf) {
        report("price-on-alias", { alias: id, target: entry.aliasOf }, at(prices, ["list", id], true));
        // With no row of its own, the product is priced under its other name: price-on-alias says
        // so, and the product's uses are not also "not sold" or without prices.
        const target = canonicalProduct(id);
        if (target && !Object.hasOwn(prices.data.list, target)) unreadableRows.add(target);
        continue;
      }
      if (!checkProduct(id, at(prices, ["list", id], true))) {
        // A row under a misspelt id is most likely the row of the product it comes closest to:
        // unknown-product says so, and that product's uses are not each "not sold" as well.
        const meant = closest(id, Object.keys(catalogue?.data.products ?? {}));
        if (meant && !Object.hasOwn(prices.data.list, meant)) unreadableRows.add(meant);
        continue;
      }
      // A row of the wrong length (reported by validate) has no telling which cell is missing.
      if (row.length !== columns.length) {
        unreadableRows.add(id);
        continue;
      }
      rows.set(id, row);
    }
  }
  if (prices) readSwappedColumns(prices, rows, uses, columnOf, report);
  const cell = (id: string, region: string): number | null => {
    const column = columnOf.get(region);
    return column === undefined ? null : (rows.get(id)?.[column] ?? null);
  };
  const price = (product: string, region: string): number | null => cell(canonicalProduct(product) ?? product, region);

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
  // Worked out once per campaign, region and stage: every text of a campaign's page that is
  // filled asks for it again, and each answer walks all of the campaign's offers in the region.
  const savings = new Map<string, number | null>();
  const upTo = (campaignId: string, region: string, stage: number): number | null => {
    const key = `${campaignId}\n${region}\n${stage}`;
    let best = savings.get(key);
    if (best === undefined) savings.set(key, (best = largestSaving(campaignId, region, stage)));
    return best;
  };
  const largestSaving = (campaignId: string, region: string, stage: number): number | null => {
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

  // A column header that names no region (cm for cn) leaves its region without prices: every
  // use there would be "not sold", a cascade with one cause, reported at the header only. A
  // region with no column at all (taken out of the table) is one error at columns, likewise.
  const checkSold = (uses: ProductUses, table: NonNullable<typeof prices>) => {
    const columnsBroken = table.data.columns.some((c) => !site.data.regions[c]);
    const catalogue = specs.catalogue;
    const withoutColumn = new Map<string, { uses: number; products: string[] }>();
    for (const [id, byRegion] of uses) {
      if (unreadableRows.has(id)) continue;
      // No row at all: one error at the product, not "not sold" at each of its uses.
      if (catalogue?.data.products[id] && !Object.hasOwn(table.data.list, id)) {
        const seen = [...byRegion.values()].reduce((sum, list) => sum + list.length, 0);
        report(
          "product-without-prices",
          { product: id, uses: seen, regions: [...byRegion.keys()] },
          at(catalogue, ["products", id], true),
        );
        continue;
      }
      for (const [region, seen] of byRegion) {
        // A region site.yaml does not list is its own error (unknown-region), wherever it is named.
        if (columnOf.has(region) || columnsBroken || !site.data.regions[region]) continue;
        const found = withoutColumn.get(region) ?? withoutColumn.set(region, { uses: 0, products: [] }).get(region)!;
        found.uses += seen.length;
        found.products.push(id);
      }
      checkSoldWhereColumns(id, byRegion);
    }
    for (const [region, { uses: count, products: shown }] of withoutColumn)
      report("region-without-prices", { region, uses: count, products: shown }, at(table, ["columns"]));
  };

  /** Each use of a product in a region with a column: a price there, and the catalogue's entry for the region. */
  const checkSoldWhereColumns = (id: string, byRegion: ReadonlyMap<string, readonly ProductUse[]>) => {
    const catalogue = specs.catalogue;
    // Sold in a region (a price there) but not in the catalogue's entries of it: nothing to call it there.
    const canonical = canonicalProduct(id);
    const facts = canonical ? products.get(canonical)?.regions : undefined;
    const unnamed: string[] = [];
    let unnamedUses = 0;
    for (const [region, seen] of byRegion) {
      if (!columnOf.has(region)) continue;
      if (price(id, region) === null) {
        const row = Object.hasOwn(prices?.data.list ?? {}, id) ? id : canonicalProduct(id);
        const priceCell = prices && row && rows.has(row) ? at(prices, ["list", row, columnOf.get(region)!]) : undefined;
        reportNotSold(report, id, region, seen, priceCell);
      } else if (facts && !facts[region]) {
        unnamed.push(region);
        unnamedUses += seen.length;
      }
    }
    if (unnamed.length > 0 && catalogue && canonical)
      report(
        "product-without-region-entry",
        { product: canonical, regions: unnamed, uses: unnamedUses },
        at(catalogue, ["products", canonical, "regions"], true),
      );
  };

  // A price nobody can see is probably a mistake (or a product about to be launched).
  const checkUnused = (uses: ProductUses, table: NonNullable<typeof prices>, regions: Map<string, RegionModel>) => {
    if (!specs.catalogue || !specs.pages || specs.regions.size === 0) return;
    for (const [id, row] of rows) {
      const used = uses.get(id);
      for (const [code, column] of columnOf) {
        if (row[column] != null && !used?.has(code) && regions.has(code))
          report("price-unused", { product: id, region: code }, at(table, ["list", id, column]));
      }
    }
  };

  const checkUses = (offers: readonly OfferRow[], regions: Map<string, RegionModel>) => {
    if (!prices) return;
    checkSold(uses, prices);
    // A list price already reported (too many decimals, or a digit off its row) is no measure for offers.
    const doubtful = checkPrecision(report, prices, offers, regions);
    for (const { product, column } of pricesOutOfLine(prices.data))
      doubtful.add(`${product}\n${prices.data.columns[column]}`);
    checkAgainstList(report, price, offers, doubtful);
    checkUnused(uses, prices, regions);
    checkCurrencyOfTwins(report, prices, columnOf, regions, specs);
  };
  return { price, offer, upTo, checkUses };
}
