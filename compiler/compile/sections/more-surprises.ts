// A teaser for what a campaign still holds.

import type { SectionOf } from "../route-data.ts";
import type { WrittenSection } from "./place.ts";

export function moreSurprisesSection(section: WrittenSection<"more-surprises">): SectionOf<"more-surprises"> {
  return {
    type: "more-surprises",
    id: section.id ?? null,
    describe: section.describe,
    subDescribe: section.subDescribe ?? null,
  };
}
