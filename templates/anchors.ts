// The ids the templates give parts of a page: what a page's scrollTo (pages.yaml) and a content
// link's #anchor may name besides its sections' ids. The link stage checks them against this
// list; tests/integration/build.test.ts checks that the built pages have them.
import type { Template } from "../compiler/link/model.ts";

/** On every page: the main content (the skip link's target), the site header and its navigation. */
export const pageAnchors: readonly string[] = ["main", "header", "site-nav"];

/** On every page of a template (a product page's yield to a section that takes the id). */
export const templateAnchors: Partial<Record<Template, readonly string[]>> = {
  home: ["hero"],
  product: ["banner", "overview", "specs"],
  "where-to-buy": ["dealers"],
};
