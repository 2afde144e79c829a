// The ecosystem: the brand's other products and services, each with its link.

import type { SectionOf } from "../route-data.ts";
import type { WrittenSection } from "./place.ts";

export function ecosystemSection(section: WrittenSection<"ecosystem">): SectionOf<"ecosystem"> {
  return {
    type: "ecosystem",
    id: section.id ?? null,
    title: section.title,
    items: section.items.map((i) => ({ title: i.title, describe: i.describe, href: i.link })),
  };
}
