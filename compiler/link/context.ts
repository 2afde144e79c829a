// What the rule areas of the link stage share (link.ts builds it; link-navigation.ts,
// link-content.ts and link-sections.ts check with it): the specs, the model built so far, and
// the checks that report a problem as they resolve a name.

import type { diagnostic, DiagnosticCode, Location } from "../diagnostics/index.ts";
import { locate, type PathSegment, type TextPart } from "../load/index.ts";
import type { ImageModel, RegionModel, RouteModel } from "./model.ts";
import type { Valid, ValidSpecs } from "../validate/index.ts";

export type Report = <C extends DiagnosticCode>(
  code: C,
  args: Parameters<typeof diagnostic<C>>[1],
  location: Location,
  /** The instant the problem is gone from by itself (Diagnostic's until). */
  until?: string,
) => void;

export interface LinkContext {
  specs: ValidSpecs;
  report: Report;
  regions: Map<string, RegionModel>;
  routes: RouteModel[];
  routesByPath: Map<string, RouteModel>;
  /** True when the region is known; else reports it, with the region meant (regions.ts regionMeant). */
  checkRegion(code: string, location: Location, siblings?: readonly string[]): boolean;
  /** The product's canonical id; undefined (reported) when unknown. */
  checkProduct(id: string, location: Location): string | undefined;
  /** The product's canonical id (aliases followed), undefined when unknown; nothing reported. */
  canonicalProduct(id: string): string | undefined;
  /** The catalogue's product names, to find in a link's label (products.ts productNames). */
  productNames: ProductNames;
  /** True when the campaign is known; else reports it. */
  checkCampaign(id: string, location: Location): boolean;
  /** Records that a product is shown, linked or offered in a region, and reports it if not sold there. */
  noteProductUse(id: string | undefined, region: string, what: string, location: Location): void;
  /** Every image key the specs make (images.ts): a key not in it is missing. */
  images: ReadonlyMap<string, ImageModel>;
  /** The image keys a spec names that exist (checkSections notes them): a renamed one is not among them. */
  imagesNamed: Set<string>;
  /**
   * Content files of pages that pages.yaml does not list (unknown-page, reported at the file): a
   * page id mistyped in pages.yaml, most likely. Links to them, and what their sections need of
   * their page, follow from that one error and are not reported.
   */
  unlistedContent: ReadonlySet<string>;
  /**
   * Pages that name the campaign another page names while a campaign has no page (pages.ts
   * mistakenLandings), by page: the campaign each most likely means. One error says so; their
   * sections are not numbered by the wrong campaign's stages.
   */
  mistakenLandings: ReadonlyMap<string, string>;
  /**
   * Product pages whose product: is the mistake (products.ts mistakenProductPages), by page: one
   * error says so; the menu entries that name the product meant and lead there are not reported.
   */
  mistakenProductPages: ReadonlyMap<string, MistakenProductPage>;
  /**
   * The regions no page of pages.yaml names (a region just added to site.yaml): only the pages for
   * every region are theirs. Their links to the pages they lack are gathered here, by region, and
   * reported as one error for each region (reportPagelessRegions), not one per link.
   */
  pagelessRegions: ReadonlyMap<string, { page: string; location: Location }[]>;
  /**
   * Set when pages.yaml has no page home, the page at a region's root: the links to a region's
   * root, gathered for the one error that says so (reportMissingHome), not reported one by one.
   */
  rootLinks: Location[] | undefined;
  /**
   * The links to pages of pages.yaml from regions they are not in, by page: reported together
   * once every rule has run (reportLinksElsewhere), at the page or at each link.
   */
  linksElsewhere: Map<string, { args: Parameters<typeof diagnostic<"broken-link">>[1]; location: Location }[]>;
  /**
   * The sections content files write for regions their page is not in, by page: reported with the
   * links elsewhere, unless the page's regions are the mistake (page-not-in-regions says so).
   */
  unbuiltSections: Map<string, { regions: string[]; pageRegions: readonly string[]; location: Location }>;
}

/** What a text says of products: whether it names one, and the other product it names. */
export interface ProductNames {
  /** Whether the text holds one of the product's names, in any region. */
  names(text: string, product: string): boolean;
  /** The product other than `except` whose name (in any region) the text holds, the longest such name. */
  otherNamed(text: string, except: string): { product: string; written: string } | undefined;
  /**
   * Every product the text names, in order, the longest name where two start at one letter; each
   * with the name as written and how many times that name came before (a TextPart's nth).
   */
  namedIn(text: string): { product: string; written: string; nth: number }[];
}

/** A product page whose `product:` names another page's product (mistakenProductPages). */
export interface MistakenProductPage {
  /** The product the page most likely means. */
  meant: string;
  /** Another page that shows the product it names. */
  other: string;
}

export const at = (v: Valid<unknown>, path: PathSegment[], key = false): Location => locate(v.spec, path, { key });
/** A part of the text at `path`: where in a long text the mistake is (load's TextPart). */
export const atPart = (v: Valid<unknown>, path: PathSegment[], part: TextPart): Location =>
  locate(v.spec, path, { part });
