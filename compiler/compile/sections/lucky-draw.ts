// A lucky draw: its rules as paragraphs.

import { paragraphsOf } from "../../link/placeholders.ts";
import type { SectionOf } from "../route-data.ts";
import type { WrittenSection } from "./place.ts";

export function luckyDrawSection(section: WrittenSection<"lucky-draw">): SectionOf<"lucky-draw"> {
  return {
    type: "lucky-draw",
    id: section.id ?? null,
    title: section.title,
    describe: section.describe,
    paragraphs: paragraphsOf(section.content),
    image: section.image ?? null,
  };
}
