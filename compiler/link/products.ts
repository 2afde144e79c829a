// The products of the model: the catalogue's entries, aliases resolved to the product they name.

import type { Regions } from "./regions.ts";
import { closest, type diagnostic, editDistance, type Location } from "../diagnostics/index.ts";
import type { Valid, ValidSpecs } from "../validate/index.ts";
import { at, type MistakenProductPage, type ProductNames, type Report } from "./context.ts";
import type { ProductModel, RegionModel } from "./model.ts";
import { byCodeUnit } from "../order.ts";
import { findPage, forEachPage, pageYamlPath } from "./pages.ts";
import { derivedOnce, derivedToken } from "./derived.ts";

export interface Products {
  products: Map<string, ProductModel>;
  /** The identifier a product is filed under, aliases resolved; undefined if unknown. */
  canonicalProduct(id: string): string | undefined;
  /** The product's canonical id; undefined (reported) when unknown. */
  checkProduct(id: string, location: Location): string | undefined;
  /** The products something resolved (a use, a price row, an alias): a renamed one is not among them. */
  resolved: ReadonlySet<string>;
}

export function buildProducts(specs: ValidSpecs, report: Report, checkRegion: Regions["checkRegion"]): Products {
  const catalogue = specs.catalogue;
  const productIds = Object.keys(catalogue?.data.products ?? {});
  // Asked for by every price a page shows: resolved once per id.
  const canonicalOf = new Map<string, string | undefined>();
  const resolved = new Set<string>();
  const canonicalProduct = (id: string): string | undefined => {
    if (canonicalOf.has(id)) return canonicalOf.get(id);
    const seen = new Set<string>();
    let current = id;
    while (catalogue?.data.products[current]?.aliasOf && !seen.has(current)) {
      seen.add(current);
      current = catalogue.data.products[current]!.aliasOf!;
    }
    const canonical = catalogue?.data.products[current] ? current : undefined;
    canonicalOf.set(id, canonical);
    if (canonical) resolved.add(id).add(canonical);
    return canonical;
  };
  const checkProduct = (id: string, location: Location): string | undefined => {
    if (!catalogue) return undefined;
    const canonical = canonicalProduct(id);
    // An alias whose aliasOf leads nowhere is named all the same: its aliasOf's own error says why
    // it resolves to no product, not each place that names it.
    if (!canonical && Object.hasOwn(catalogue.data.products, id)) resolved.add(id);
    else if (!canonical) report("unknown-product", { value: id, suggestion: closest(id, productIds) }, location);
    return canonical;
  };
  const products = new Map<string, ProductModel>();
  if (catalogue) {
    for (const [id, p] of Object.entries(catalogue.data.products)) {
      if (p.aliasOf) {
        checkProduct(p.aliasOf, at(catalogue, ["products", id, "aliasOf"]));
        if (p.regions)
          report(
            "alias-with-facts",
            { alias: id, target: p.aliasOf },
            at(catalogue, ["products", id, "regions"], true),
          );
        continue;
      }
      p.bundle?.forEach((member, i) => checkProduct(member, at(catalogue, ["products", id, "bundle", i])));
      const sold = Object.keys(p.regions ?? {});
      for (const code of sold) checkRegion(code, at(catalogue, ["products", id, "regions", code], true), sold);
      products.set(id, {
        id,
        series: p.series,
        image: p.image,
        bundle: p.bundle ?? [],
        aliases: [],
        regions: p.regions ?? {},
      });
    }
    for (const [id, p] of Object.entries(catalogue.data.products)) {
      const target = p.aliasOf ? canonicalProduct(id) : undefined;
      if (target) products.get(target)?.aliases.push(id);
    }
  }

  return { products, canonicalProduct, checkProduct, resolved };
}

/**
 * A product's buy link is its own, in its own region's shop. A row copied from another product
 * with its link left sends the shoppers of one to the other in the store (an error); a link to
 * another region's shop (us buying at uk.store) sells in that region's currency and country (a
 * warning: a region may buy in a shop that is not its own `shop:`, as cn's marketplace is).
 */
export function checkBuyLinks(
  specs: ValidSpecs,
  products: ReadonlyMap<string, ProductModel>,
  regions: ReadonlyMap<string, unknown>,
  report: Report,
): void {
  const catalogue = specs.catalogue;
  if (!catalogue) return;
  const buyAt = factAt(catalogue, "buy");
  const shops = regionShops(specs, regions);
  const linkNames = linkNamesProduct(specs, products);
  const firstWithLink = new Map<string, string>();
  for (const [id, product] of products)
    for (const [code, facts] of Object.entries(product.regions)) {
      const link = facts.buy ? urlParts(facts.buy) : undefined;
      if (!link) continue;
      const key = `${code} ${link.host}${link.rest}`;
      const first = firstWithLink.get(key);
      if (first) {
        // Of the two, the one whose words the link does not hold took it by mistake.
        const [wrong, right] = linkNames(link.rest, id) && !linkNames(link.rest, first) ? [first, id] : [id, first];
        report("buy-link-shared", { product: wrong, other: right, region: code }, buyAt(wrong, code));
        firstWithLink.set(key, right);
      } else firstWithLink.set(key, id);
      const owner = shops.ownerOf.get(link.host);
      const own = shops.hostOf.get(code);
      if (owner && owner !== code && own !== link.host)
        report("buy-link-other-region", { product: id, region: code, host: link.host, owner, own }, buyAt(id, code));
    }
}

/**
 * Each region's `shop:` is its own when the two regions pay in different currencies: us's Shop
 * link copied from uk's (uk.store) would send every us shopper to pay in pounds. Regions of one
 * currency may share a shop.
 */
export function checkShops(specs: ValidSpecs, regions: ReadonlyMap<string, unknown>, report: Report): void {
  const { hostOf, ownerOf } = regionShops(specs, regions);
  const currencyOf = (code: string) => specs.regions.get(code)?.data.currency;
  for (const [code, host] of hostOf) {
    const owner = ownerOf.get(host)!;
    if (owner === code || currencyOf(owner) === currencyOf(code)) continue;
    report(
      "shop-other-region",
      { region: code, host, owner, currency: currencyOf(code)!, ownerCurrency: currencyOf(owner)! },
      at(specs.regions.get(code)!, ["shop", "link"]),
    );
  }
}

/**
 * Each region's shop host (`shop:` of its settings), and the region each host is first the shop
 * of. Only the site's regions: a settings file misnamed (`ukk.yaml`) has its own error.
 */
function regionShops(specs: ValidSpecs, regions: ReadonlyMap<string, unknown>) {
  const hostOf = new Map<string, string>();
  for (const [code, file] of specs.regions) {
    if (!regions.has(code)) continue;
    const host = file.data.shop ? urlParts(file.data.shop.link)?.host : undefined;
    if (host) hostOf.set(code, host);
  }
  // A host two regions name is the shop of the one it is named after (us.store is us's, whoever
  // copied it), else of the first by code.
  const ownerOf = new Map<string, string>();
  const namedAfter = (host: string, code: string) => host.split(".").includes(code);
  for (const [code, host] of [...hostOf].sort(([a], [b]) => byCodeUnit(a, b)))
    if (!ownerOf.has(host) || (namedAfter(host, code) && !namedAfter(host, ownerOf.get(host)!)))
      ownerOf.set(host, code);
  return { hostOf, ownerOf };
}

/**
 * Whether a store's link names a product: it most often ends in the id of the product's page on
 * the site, or in its English name in the same words ("AI Base", /products/ai-base).
 */
function linkNamesProduct(specs: ValidSpecs, products: ReadonlyMap<string, ProductModel>) {
  // Asked only of a link two products share, which most builds have none of: made when first asked.
  let wordsOf: Map<string, Set<string>> | undefined;
  return (path: string, product: string) => {
    wordsOf ??= wordsInLinks(specs, products);
    return path.split("/").some((part) => wordsOf!.get(product)?.has(part));
  };
}

/** The words a store's link to each product may end in: its page's id, its names in link form. */
function wordsInLinks(specs: ValidSpecs, products: ReadonlyMap<string, ProductModel>) {
  const wordsOf = new Map<string, Set<string>>();
  const note = (product: string, words: string) => {
    if (words) wordsOf.set(product, (wordsOf.get(product) ?? new Set()).add(words));
  };
  if (specs.pages)
    forEachPage(specs.pages.data.pages, (pageId, page) => {
      if (page.product) note(page.product, pageId.split("/").at(-1)!);
    });
  for (const [id, product] of products)
    for (const facts of Object.values(product.regions))
      if (facts.name)
        note(
          id,
          facts.name
            .toLowerCase()
            .replace(/[^a-z0-9]+/g, "-")
            .replace(/^-|-$/g, ""),
        );
  return wordsOf;
}

/**
 * A product's name is its own in each region: two products of a region with one name (a row
 * copied, its name left) read as one on every menu and card; a name one region writes a slip
 * away from what two or more others write (Flagship Bumblebe) is most likely a typo (a warning:
 * a translation may differ on purpose, but by more than a slip).
 */
export function checkProductNames(
  specs: ValidSpecs,
  products: ReadonlyMap<string, ProductModel>,
  report: Report,
): void {
  const catalogue = specs.catalogue;
  if (!catalogue) return;
  const nameAt = factAt(catalogue, "name");
  const namedIn = new Map<string, string>();
  // Whether a name is a product's own: its id says it (aiBase, "AI Base"), or it writes the name
  // in another region too. The row a name was copied into has neither.
  const idWords = (id: string) => id.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
  const ownName = (id: string, region: string, name: string) =>
    idWords(id) === name.replace(/[^\p{L}\p{N}]+/gu, " ").trim() ||
    Object.entries(products.get(id)?.regions ?? {}).some(
      ([code, facts]) => code !== region && facts.name?.trim().toLowerCase() === name,
    );
  for (const [id, product] of products) {
    const regionsByName = new Map<string, string[]>();
    for (const [code, facts] of Object.entries(product.regions)) {
      if (!facts.name) continue;
      regionsByName.set(facts.name, [...(regionsByName.get(facts.name) ?? []), code]);
      const name = facts.name.trim().toLowerCase();
      const key = `${code}\n${name}`;
      const other = namedIn.get(key);
      if (!other) namedIn.set(key, id);
      else {
        const [wrong, right] = ownName(id, code, name) && !ownName(other, code, name) ? [other, id] : [id, other];
        report(
          "product-name-shared",
          { product: wrong, other: right, region: code, name: facts.name },
          nameAt(wrong, code),
        );
      }
    }
    for (const [name, [region, ...more]] of regionsByName) {
      if (more.length > 0) continue;
      const meant = [...regionsByName].find(
        ([other, regions]) =>
          regions.length >= 2 &&
          other.length >= 6 &&
          // Two edits change the length by two at most: most names of other scripts are told apart here.
          Math.abs(other.length - name.length) <= 2 &&
          editDistance(name, other) <= 2,
      );
      if (meant)
        report(
          "product-name-slip",
          { product: id, region: region!, name, meant: meant[0], regions: meant[1] },
          nameAt(id, region!),
        );
    }
  }
}

interface Named {
  product: string;
  name: string;
}

/**
 * Product names by their first three letters, then their length, then their last three letters,
 * to find those a text holds without trying each product's. A text is looked up at every letter
 * a name may start at (26,000 titles and descriptions at 10,000 routes), and a line of products
 * shares its first words ("Flagship Bumblebee 7", "Flagship Bumblebee 8"): keyed by both ends,
 * only a name the text holds, or nearly, is compared with it. Each key is a small integer
 * (trigramKey), not a string made at each letter; letters that share one are told apart by the
 * name itself.
 */
type NameIndex = Map<number, Map<number, Map<number, Named[]>>>;

const trigramKey = (text: string, at: number) =>
  text.charCodeAt(at) * 961 + text.charCodeAt(at + 1) * 31 + text.charCodeAt(at + 2);

/** Adds a name of three letters or more: a shorter one would be found inside too many words. */
function addName(index: NameIndex, product: string, name: string): void {
  if (name.length < 3) return;
  const start = trigramKey(name, 0);
  const byLength = index.get(start) ?? index.set(start, new Map()).get(start)!;
  const byEnd = byLength.get(name.length) ?? byLength.set(name.length, new Map()).get(name.length)!;
  const end = trigramKey(name, name.length - 3);
  const names = byEnd.get(end);
  if (names) names.push({ product, name });
  else byEnd.set(end, [{ product, name }]);
}

/** The names a (folded) text holds from `at`, a name added twice in the order it was. */
function namesAt(index: NameIndex, text: string, at: number): readonly Named[] {
  const byLength = index.get(trigramKey(text, at));
  if (!byLength) return NONE;
  let found: Named[] | undefined;
  for (const [length, byEnd] of byLength) {
    if (at + length > text.length) continue;
    for (const named of byEnd.get(trigramKey(text, at + length - 3)) ?? [])
      if (text.startsWith(named.name, at)) (found ??= []).push(named);
  }
  return found ?? NONE;
}
const NONE: readonly Named[] = [];

/**
 * Whether a name may start at this letter of a (folded) text: not inside a word of Latin letters
 * or digits (Base in "database"). Chinese and Japanese write no spaces: any of their letters may.
 */
const mayStartAt = (text: string, at: number) =>
  at === 0 || !(isAsciiWord(text.charCodeAt(at - 1)) && isAsciiWord(text.charCodeAt(at)));
/** a-z or 0-9: the text is folded to lower case. */
const isAsciiWord = (code: number) => (code >= 97 && code <= 122) || (code >= 48 && code <= 57);

/** The longest name of a product other than `except` that a text (lower case, on one line) holds, and where. */
function longestOtherName(index: NameIndex | undefined, text: string, except: string) {
  let named: { product: string; name: string; at: number } | undefined;
  for (let at = 0; index && at + 3 <= text.length; at++)
    if (mayStartAt(text, at))
      for (const { product, name } of namesAt(index, text, at))
        if (product !== except && name.length > (named?.name.length ?? 0)) named = { product, name, at };
  return named;
}

/** Whether a (folded) text holds one of the names. */
function namesHeld(names: ReadonlySet<string> | undefined, text: string): boolean {
  for (const name of names ?? []) if (text.includes(name)) return true;
  return false;
}

/** A text as names are compared: lower case, on one line (a name may break where a card breaks it). */
const folded = (text: string) => {
  const lower = text.toLowerCase();
  // Most texts are one line with single spaces: looked at once, not copied.
  return NOT_ONE_SPACE.test(lower) ? lower.replace(/\s+/g, " ") : lower;
};
/** Whitespace that is not one plain space. */
const NOT_ONE_SPACE = /\s{2,}|[^\S ]/;

/** The part of a text a name found in it (`longestOtherName`) covers, as the text writes it. */
const writtenAt = (text: string, at: number, name: string) => text.replace(/\s+/g, " ").slice(at, at + name.length);

/** Finds the catalogue's product names, in every region's words, in a text (a link's label). */
export function productNames(products: ReadonlyMap<string, ProductModel>): ProductNames {
  const namesOf = new Map<string, Set<string>>();
  // Every name once, in one index: 2,200 products at 10,000 routes.
  const index: NameIndex = new Map();
  for (const [id, product] of products)
    for (const facts of Object.values(product.regions)) {
      const name = facts.name && folded(facts.name.trim());
      if (!name || namesOf.get(id)?.has(name)) continue;
      namesOf.set(id, (namesOf.get(id) ?? new Set()).add(name));
      addName(index, id, name);
    }
  return {
    names: (text, product) => namesHeld(namesOf.get(product), folded(text)),
    otherNamed(text, except) {
      const named = longestOtherName(index, folded(text), except);
      return named && { product: named.product, written: writtenAt(text, named.at, named.name) };
    },
    namedIn(text) {
      const lower = folded(text);
      const found: { product: string; name: string; written: string; nth: number }[] = [];
      for (let at = 0; at + 3 <= lower.length; at++) {
        if (!mayStartAt(lower, at)) continue;
        let longest: Named | undefined;
        for (const named of namesAt(index, lower, at))
          if (named.name.length > (longest?.name.length ?? 0)) longest = named;
        if (!longest) continue;
        const nth = found.filter((f) => f.name === longest.name).length;
        found.push({ product: longest.product, name: longest.name, written: writtenAt(text, at, longest.name), nth });
        at += longest.name.length - 1;
      }
      return found;
    },
  };
}

/**
 * A product page's title or description that names another product: what page-title-other-product
 * says of it, and where (checkProductPageTitles reports it).
 */
export type TitleNamingOther = Parameters<typeof diagnostic<"page-title-other-product">>[1] & { location: Location };

/**
 * The product pages' titles and descriptions that name another product and not their own: a page
 * copied from another product's with its head left (title Flagship Megatron on the Flagship
 * Bumblebee page) would be that product in every search result and browser tab. Judged per language against the
 * names the catalogue gives the products in regions of that language; a title naming its own
 * product as well (a comparison) is fine.
 */
export function titlesNamingOthers(
  specs: ValidSpecs,
  products: ReadonlyMap<string, ProductModel>,
  canonical: (id: string) => string | undefined,
  regions: ReadonlyMap<string, RegionModel>,
): TitleNamingOther[] {
  const found: TitleNamingOther[] = [];
  if (!specs.pages) return found;
  // The names by language as the catalogue writes them: the token of every page's finding.
  const named: [string, string, string][] = [];
  for (const [id, product] of products)
    for (const [code, facts] of Object.entries(product.regions)) {
      const language = regions.get(code)?.language;
      if (facts.name && language) named.push([id, language, facts.name]);
    }
  const namesToken = derivedToken(named);
  // Each product's names by language, and every name in an index per language: made only when a
  // page's titles are looked at, as those of a file not edited are kept (derived.ts).
  let names: { namesIn: Map<string, Map<string, Set<string>>>; indexOf: Map<string, NameIndex> } | undefined;
  const namesByLanguage = () => {
    if (names) return names;
    names = { namesIn: new Map(), indexOf: new Map() };
    for (const [id, language, written] of named) {
      const name = folded(written.trim());
      const byLanguage = names.namesIn.get(id) ?? names.namesIn.set(id, new Map()).get(id)!;
      byLanguage.set(language, (byLanguage.get(language) ?? new Set()).add(name));
      addName(names.indexOf.get(language) ?? names.indexOf.set(language, new Map()).get(language)!, id, name);
    }
    return names;
  };
  forEachPage(specs.pages.data.pages, (pageId, page) => {
    const own = page.product && canonical(page.product);
    const content = own ? specs.content.get(pageId) : undefined;
    if (!own || !content) return;
    const titles = derivedOnce(content, "titles-naming-others", `${namesToken} ${own}`, () => {
      const { namesIn, indexOf } = namesByLanguage();
      const others: Pick<TitleNamingOther, "other" | "written" | "language" | "field">[] = [];
      for (const [language, head] of Object.entries(content.data.head ?? {}))
        for (const field of ["title", "description"] as const) {
          const text = head?.[field] && folded(head[field]);
          if (!text || namesHeld(namesIn.get(own)?.get(language), text)) continue;
          const named = longestOtherName(indexOf.get(language), text, own);
          if (named)
            others.push({
              other: named.product,
              written: writtenAt(head![field]!, named.at, named.name),
              language,
              field,
            });
        }
      return others;
    });
    for (const title of titles)
      found.push({
        page: pageId,
        product: own,
        ...title,
        location: at(content, ["head", title.language, title.field]),
      });
  });
  return found;
}

/**
 * Product pages whose `product:` names the wrong product, with the product each most likely
 * means: the page shows a product another page shows too, while every title of it that names a
 * product names one no page shows (ai-base given flagshipMegatron, its titles still "AI Base").
 * One error at the line says so (checkProductPageTitles); the titles, and the menu entries that
 * name the meant product and lead to the page, follow from it and are not reported.
 */
export function mistakenProductPages(
  specs: ValidSpecs,
  canonical: (id: string) => string | undefined,
  titles: readonly TitleNamingOther[],
): Map<string, MistakenProductPage> {
  const mistaken = new Map<string, MistakenProductPage>();
  if (!specs.pages) return mistaken;
  const pagesOf = new Map<string, string[]>();
  forEachPage(specs.pages.data.pages, (id, page) => {
    const product = page.product && canonical(page.product);
    if (product) pagesOf.set(product, [...(pagesOf.get(product) ?? []), id]);
  });
  const namedBy = new Map<string, { product: string; others: Set<string> }>();
  // Told by the titles: a description may name another product beside the page's (an accessory's).
  for (const { page, product, other } of titles.filter((t) => t.field === "title")) {
    const named = namedBy.get(page) ?? namedBy.set(page, { product, others: new Set() }).get(page)!;
    named.others.add(other);
  }
  for (const [page, { product, others }] of namedBy) {
    const [meant, ...more] = others;
    const other = pagesOf.get(product)!.find((id) => id !== page);
    if (more.length === 0 && !pagesOf.has(meant!) && other) mistaken.set(page, { meant: meant!, other });
  }
  return mistaken;
}

/**
 * Reports the product pages' titles that name another product (titlesNamingOthers), and for a
 * page whose `product:` is itself the mistake (mistakenProductPages) one error at that line instead.
 */
export function checkProductPageTitles(
  specs: ValidSpecs,
  titles: readonly TitleNamingOther[],
  mistaken: ReadonlyMap<string, MistakenProductPage>,
  report: Report,
): void {
  // A head copied from another product's page names it in each language's title and description:
  // one error at the first, counting the others.
  const byPage = new Map<string, TitleNamingOther[]>();
  for (const title of titles) {
    if (mistaken.has(title.page)) continue;
    const key = `${title.page}\0${title.other}`;
    byPage.set(key, [...(byPage.get(key) ?? []), title]);
  }
  for (const [head, ...more] of byPage.values()) {
    const { location, ...first } = head!;
    report(
      "page-title-other-product",
      {
        ...first,
        ...(more.length > 0
          ? { more: { texts: more.length, languages: [...new Set(more.map((t) => t.language))] } }
          : {}),
      },
      location,
    );
  }
  for (const [page, { meant, other }] of mistaken) {
    const named = findPage(specs.pages!.data.pages, page)!.product!;
    report(
      "product-page-mistaken",
      {
        page,
        named,
        other,
        meant,
        languages: new Set(titles.filter((t) => t.page === page).map((t) => t.language)).size,
      },
      at(specs.pages!, [...pageYamlPath(page), "product"]),
    );
  }
}

/** Where the catalogue writes one fact of a product in a region. */
const factAt =
  (catalogue: Valid<unknown>, field: string) =>
  (product: string, region: string): Location =>
    at(catalogue, ["products", product, "regions", region, field]);

/** A link's host and the rest, as two links to one page compare: no case in the host, no trailing slash. */
function urlParts(link: string): { host: string; rest: string } | undefined {
  try {
    const url = new URL(link);
    return { host: url.host, rest: `${url.pathname.replace(/\/+$/, "")}${url.search}` };
  } catch {
    return undefined;
  }
}
