// The images of the model: every key a spec may name, and what makes it. A key is drawn from
// artwork.yaml, or from the catalogue when it is a product's own image; the gifts the schema
// names are drawn from their names; a picture file specs/images/<key>.png or
// .jpg replaces the drawing. A key none of these makes is missing (rules/sections.ts says so).

import { readdirSync } from "node:fs";
import { join } from "node:path";
import type { Location } from "../diagnostics/index.ts";
import { PICTURES_FOLDER } from "../load/index.ts";
import type { ValidSpecs } from "../validate/index.ts";
import type * as Spec from "../validate/spec-types.ts";
import { at } from "./context.ts";
import { derivedOnce, derivedToken } from "./derived.ts";
import type { ImageModel, Palette, ProductArt } from "./model.ts";

const PICTURE = /^([a-z0-9][a-z0-9-]*)\.(png|jpe?g)$/;

export function buildImages(
  specs: ValidSpecs,
  checkProduct: (id: string, location: Location) => string | undefined,
  checkCampaign: (id: string, location: Location) => boolean,
): Map<string, ImageModel> {
  const images = new Map<string, ImageModel>();
  const artwork = specs.artwork;
  const brand: Palette = artwork?.data.brand.palette ?? {
    background: "#0b1220",
    primary: "#f5c518",
    accent: "#38bdf8",
  };
  const base = { picture: null, palette: brand, motif: "rays", variant: 1, item: null, label: null } as const;
  const productsArt = productArtOf(specs);

  // A product without art of its own is drawn as a plain robot in the brand's colours.
  const plain: ProductArt = {
    palette: { body: brand.primary, trim: brand.background, glow: brand.accent },
    silhouette: "agent",
  };
  for (const [id, p] of Object.entries(specs.catalogue?.data.products ?? {})) {
    const products = productsArt(id);
    images.set(p.image, { ...base, key: p.image, view: "portrait", products: products.length ? products : [plain] });
  }
  for (const [key, entry] of Object.entries(artwork?.data.images ?? {})) {
    const where = (field: string) => at(artwork!, ["images", key, field]);
    const products = [entry.product, entry.versus].flatMap((id, i) => {
      if (!id) return [];
      const canonical = checkProduct(id, where(i === 0 ? "product" : "versus"));
      return canonical ? productsArt(canonical) : [];
    });
    const campaign =
      entry.campaign && checkCampaign(entry.campaign, where("campaign"))
        ? specs.campaigns.get(entry.campaign)?.data.art
        : undefined;
    images.set(key, {
      ...base,
      key,
      view: entry.view,
      products,
      palette: campaign?.palette ?? brand,
      motif: campaign?.motif ?? "rays",
      variant: entry.variant ?? 1,
      item: entry.item ?? null,
      label: entry.label ?? null,
    });
  }
  for (const gift of giftsShown(specs))
    images.set(`gift-${gift}`, { ...base, key: `gift-${gift}`, view: "mini", products: [], item: gift });
  for (const [key, file] of pictureFiles(specs.dir)) {
    const drawn = images.get(key);
    images.set(
      key,
      drawn ? { ...drawn, picture: file } : { ...base, key, view: "portrait", products: [], picture: file },
    );
  }
  return images;
}

/**
 * The gifts of sale items, named by a word of their schema: drawn from it (art/icons.ts). Each
 * file's kept with it (derived.ts): a check that reads no content file's data reads none here.
 */
function giftsShown(specs: ValidSpecs): Set<string> {
  const gifts = new Set<string>();
  const token = derivedToken(null);
  for (const [, content] of specs.content)
    for (const gift of derivedOnce(content, "gifts", token, () => giftsIn(content.data))) gifts.add(gift);
  return gifts;
}

function giftsIn(content: Spec.PageContent): string[] {
  const gifts = new Set<string>();
  for (const sections of Object.values(content.sections ?? {}))
    for (const section of sections)
      if (section.type === "products")
        for (const item of section.groups.flatMap((g) => g.items)) for (const g of item.gifts ?? []) gifts.add(g);
  return [...gifts];
}

/** The art of a product: its own, its alias target's, or its bundle members'. */
function productArtOf(specs: ValidSpecs): (id: string) => ProductArt[] {
  const products = specs.catalogue?.data.products ?? {};
  const artOf = (id: string, seen: Set<string>): ProductArt[] => {
    const p = products[id];
    if (!p || seen.has(id)) return [];
    seen.add(id);
    if (p.art) return [p.art];
    if (p.aliasOf) return artOf(p.aliasOf, seen);
    return (p.bundle ?? []).flatMap((member) => artOf(member, seen));
  };
  return (id) => artOf(id, new Set());
}

/** Picture files of the specs folder's images/, by key. */
function pictureFiles(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  let names: string[] = [];
  try {
    names = readdirSync(join(dir, PICTURES_FOLDER));
  } catch {
    return files;
  }
  for (const name of names.sort()) {
    const match = PICTURE.exec(name);
    if (match) files.set(match[1]!, join(dir, PICTURES_FOLDER, name));
  }
  return files;
}
