// The site model: what link builds from the specs and every later stage reads. Types only, so
// that any stage may import it without importing the rules that build it.

import type * as Spec from "../validate/spec-types.ts";
import type { ValidSpecs } from "../validate/index.ts";

export type Language = "zh" | "en" | "de" | "fr" | "ja" | "ko";
export type Template = NonNullable<Spec.Page["template"]>;

export interface RegionModel {
  code: string;
  name: string;
  locale: string;
  /** The locale dates and prices are written in (formatLocale): the locale, or en-150 for en-EU. */
  formats: string;
  /** First part of the locale: picks the message table. */
  language: Language;
  /** Tag used in alternate links (the locale unless the site says otherwise). */
  hreflang: string;
  /** "" for the default region, else "/<code>". */
  prefix: string;
  /** Absolute origin, no trailing slash. */
  origin: string;
  /** IANA zone of the region's shoppers: their calendar days and clock times. */
  zone: string;
  originName: string;
  group: "us" | "eu" | "cn";
  /** Local-storage path scope of the session (seed 000 §4). */
  storageScope: "/us" | "/eu" | "/cn";
  fullPageLoads: boolean;
  settings: Spec.RegionalSettings;
}

export interface RouteModel {
  /** Site path: "/" for the default home, "/us" for a region home, "/us/manuals" otherwise. */
  path: string;
  region: string;
  /** Page id from pages.yaml ("where-to-buy/hongkong-macao"). */
  page: string;
  template: Template | null;
  /** Canonical product id (aliases resolved) of a product page. */
  product: string | null;
  campaign: string | null;
  redirect: { to: string; status: 301 | 302 } | null;
  window: Spec.Window | null;
  scrollTo: string | null;
  /** A route that only groups child pages: nothing is served at its own path. */
  childrenOnly: boolean;
}

export interface ProductModel {
  id: string;
  series: string;
  image: string;
  bundle: string[];
  /** Identifiers that name this product too. */
  aliases: string[];
  regions: Record<
    string,
    Spec.ProductCatalogue["products"][string]["regions"] extends infer R
      ? R extends Record<string, infer E>
        ? E
        : never
      : never
  >;
}

/** The colours and silhouette a product is drawn in (catalogue.yaml `art`). */
export type ProductArt = Spec.ProductArt;
export type Palette = Spec.Palette;
export type ArtView = Spec.Image["view"] | "icon" | "mini";

/**
 * An image key and what makes it: a picture file, or a drawing (compiler/images/art/) of its
 * products in their colours, over the palette of its campaign or of the brand.
 */
export interface ImageModel {
  key: string;
  /** Absolute path of a picture file (specs/images/<key>.png or .jpg), which replaces any drawing. */
  picture: string | null;
  view: ArtView;
  /** The products shown, first the subject (a bundle: its members). */
  products: ProductArt[];
  palette: Palette;
  motif: NonNullable<Spec.CampaignArt["motif"]>;
  variant: number;
  /** The gift (view gift), the benefit icon (view icon) or gift icon (view mini) drawn. */
  item: string | null;
  /** A badge's publication. */
  label: string | null;
}

export interface SiteModel {
  specs: ValidSpecs;
  /** Every image a spec may name, by key. */
  images: Map<string, ImageModel>;
  name: string;
  defaultRegion: string;
  regions: Map<string, RegionModel>;
  routes: RouteModel[];
  routesByPath: Map<string, RouteModel>;
  products: Map<string, ProductModel>;
  /** List price of a product (any identifier) in a region, or null where it is not sold. */
  price(product: string, region: string): number | null;
  /** A campaign's sale price of a product in a region at a stage (1-based), or null. */
  offer(campaign: string, product: string, region: string, stage: number): number | null;
  /** The largest saving of a campaign's stage in a region, in whole percent rounded down; null without offers. */
  upTo(campaign: string, region: string, stage: number): number | null;
  /** The identifier a product is filed under, aliases resolved; undefined if unknown. */
  canonicalProduct(id: string): string | undefined;
}
