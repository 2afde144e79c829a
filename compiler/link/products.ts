// The products of the model: the catalogue's entries, aliases resolved to the product they name.

import { closest, type Location } from "../diagnostics/index.ts";
import type { ValidSpecs } from "../validate/index.ts";
import { at, type Report } from "./context.ts";
import type { ProductModel } from "./model.ts";

export interface Products {
  products: Map<string, ProductModel>;
  /** The identifier a product is filed under, aliases resolved; undefined if unknown. */
  canonicalProduct(id: string): string | undefined;
  /** The product's canonical id; undefined (reported) when unknown. */
  checkProduct(id: string, location: Location): string | undefined;
  /** The products something resolved (a use, a price row, an alias): a renamed one is not among them. */
  resolved: ReadonlySet<string>;
}

export function buildProducts(
  specs: ValidSpecs,
  report: Report,
  checkRegion: (code: string, location: Location) => boolean,
): Products {
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
    if (!canonical) report("unknown-product", { value: id, suggestion: closest(id, productIds) }, location);
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
      for (const code of Object.keys(p.regions ?? {}))
        checkRegion(code, at(catalogue, ["products", id, "regions", code], true));
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
