// A lucky draw: its rules as paragraphs.

import { paragraphsOf } from "../../link/placeholders.ts";
import type { SectionOf } from "../route-data.ts";
import type { SectionPlace, WrittenSection } from "./place.ts";

export function luckyDrawSection(section: WrittenSection<"lucky-draw">, { cx }: SectionPlace): SectionOf<"lucky-draw"> {
  return {
    type: "lucky-draw",
    id: section.id ?? null,
    title: section.title,
    describe: section.describe,
    paragraphs: paragraphsOf(section.content),
    image: cx.picture(section.image, "feature"),
  };
}
