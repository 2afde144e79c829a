// The pages of pages.yaml as a tree: one walk, one lookup by id, one YAML path per id, for every
// rule and stage that reads pages (routes, windows, campaigns, content).

import { editDistance } from "../diagnostics/index.ts";
import type { PathSegment } from "../load/index.ts";
import type * as Spec from "../validate/spec-types.ts";

/** Every page, children included, with its id ("where-to-buy/hongkong-macao") and YAML path. */
export function forEachPage(
  entries: Record<string, Spec.Page>,
  visit: (id: string, page: Spec.Page, path: PathSegment[]) => void,
  prefix = "",
  path: PathSegment[] = ["pages"],
): void {
  for (const [key, page] of Object.entries(entries)) {
    visit(prefix + key, page, [...path, key]);
    if (page.children) forEachPage(page.children, visit, `${prefix}${key}/`, [...path, key, "children"]);
  }
}

/** The regions a page is in: its own list, or every region of the site (`regionCodes`) for "all". */
export function pageRegions(page: Spec.Page, regionCodes: readonly string[]): readonly string[] {
  return page.regions === "all" ? regionCodes : page.regions;
}

/** Where, inside a page's entry, the region `code` is named: its item of the list, or `regions: all`. */
export function regionEntryPath(page: Spec.Page, code: string): PathSegment[] {
  return page.regions === "all" ? ["regions"] : ["regions", page.regions.indexOf(code)];
}

/** The page of an id, children included. */
export function findPage(pages: Record<string, Spec.Page>, id: string): Spec.Page | undefined {
  const [head, ...rest] = id.split("/");
  let page = pages[head!];
  for (const segment of rest) page = page?.children?.[segment];
  return page;
}

/** Where a page id is written in pages.yaml: ["pages", "where-to-buy", "children", "hongkong-macao"]. */
export function pageYamlPath(id: string): PathSegment[] {
  return ["pages", ...id.split("/").flatMap((segment, i) => (i === 0 ? [segment] : ["children", segment]))];
}

/** The landing page of each campaign: the first page of pages.yaml that names it. */
export function landingPages(
  pages: Record<string, Spec.Page>,
  mistaken: ReadonlyMap<string, string> = new Map(),
): Map<string, string> {
  const landing = new Map<string, string>();
  forEachPage(pages, (id, page) => {
    if (page.campaign && !landing.has(page.campaign) && !mistaken.has(id)) landing.set(page.campaign, id);
  });
  return landing;
}

/**
 * Pages that name a campaign another page names too, while a campaign has no page: most likely a
 * page copied and its campaign left (black-friday naming christmas-2024, as christmas-sale does,
 * and black-friday-2024 with no page). By page: the campaign it means, the one without a page
 * its id is closer to than to the campaign it names.
 */
export function mistakenLandings(pages: Record<string, Spec.Page>, campaigns: Iterable<string>): Map<string, string> {
  const naming = new Map<string, string[]>();
  forEachPage(pages, (id, page) => {
    if (page.campaign) naming.set(page.campaign, [...(naming.get(page.campaign) ?? []), id]);
  });
  const mistaken = new Map<string, string>();
  const withoutPage = [...campaigns].filter((c) => !naming.has(c));
  for (const [named, ids] of naming) {
    if (ids.length < 2) continue;
    for (const meant of withoutPage) {
      const page = ids
        .filter((id) => !mistaken.has(id) && editDistance(id, meant) < editDistance(id, named))
        .sort((a, b) => editDistance(a, meant) - editDistance(b, meant))[0];
      if (page) mistaken.set(page, meant);
    }
  }
  return mistaken;
}
