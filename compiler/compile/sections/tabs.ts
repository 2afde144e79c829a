// Tabs: links to anchors of the page (the index drops those whose section is not shown).

import type { SectionOf } from "../route-data.ts";
import type { WrittenSection } from "./place.ts";

export function tabsSection(section: WrittenSection<"tabs">): SectionOf<"tabs"> {
  return {
    type: "tabs",
    id: section.id ?? null,
    items: section.items.map((i) => ({ label: i.label, href: i.link, external: false })),
  };
}
