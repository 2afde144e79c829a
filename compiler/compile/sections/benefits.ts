// The shop's promises (price guarantee, free shipping...), each a label and an icon.

import type { SectionOf } from "../route-data.ts";
import type { WrittenSection } from "./place.ts";

export function benefitsSection(section: WrittenSection<"benefits">): SectionOf<"benefits"> {
  return {
    type: "benefits",
    id: section.id ?? null,
    items: section.items.map((i) => ({ label: i.label, icon: i.icon })),
  };
}
