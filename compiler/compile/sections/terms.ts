// A campaign's terms as paragraphs.

import { paragraphsOf } from "../../link/placeholders.ts";
import type { SectionOf } from "../route-data.ts";
import type { WrittenSection } from "./place.ts";

export function termsSection(section: WrittenSection<"terms">): SectionOf<"terms"> {
  return { type: "terms", id: section.id ?? null, title: section.title, paragraphs: paragraphsOf(section.content) };
}
