// The ids a page has in a region, which #anchors of links and tabs may name: its sections' and
// product groups', and those its template gives every page of its kind (templates/anchors.ts).

import content from "../../schemas/content.schema.json" with { type: "json" };
import type { PathSegment } from "../load/index.ts";
import type * as Spec from "../validate/spec-types.ts";
import { pageAnchors, templateAnchors } from "../../templates/anchors.ts";
import type { LinkContext } from "./context.ts";
import { findPage } from "./pages.ts";

export interface SectionId {
  id: string;
  path: PathSegment[];
  section: Spec.RichSection;
}

/** Whether an id is one its schema takes: a refused one (its own invalid-value error) is no element's. */
const ELEMENT_ID = new RegExp(content.$defs.sectionId.pattern);
export const isElementId = (id: string): boolean => ELEMENT_ID.test(id);

/** Every id a page's sections give (their own and their product groups'), where it is written, and its section. */
export function sectionIds(region: string, sections: readonly Spec.RichSection[]): SectionId[] {
  const given: SectionId[] = [];
  sections.forEach((section, i) => {
    if (section.id) given.push({ id: section.id, path: ["sections", region, i, "id"], section });
    if (section.type === "products")
      section.groups.forEach((g, j) => {
        if (g.id) given.push({ id: g.id, path: ["sections", region, i, "groups", j, "id"], section });
      });
  });
  return given;
}

/** The ids a page has in a region: its sections' and product groups', and those its template gives. */
export function idsOfPage(cx: LinkContext, page: { pageId: string; given: readonly SectionId[] }): Set<string> {
  const template = findPage(cx.specs.pages?.data.pages ?? {}, page.pageId)?.template;
  return new Set([...pageAnchors, ...((template && templateAnchors[template]) ?? []), ...page.given.map((e) => e.id)]);
}
