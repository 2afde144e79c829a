// An invitation to the community.

import type { SectionOf } from "../route-data.ts";
import type { WrittenSection } from "./place.ts";

export function communitySection(section: WrittenSection<"community">): SectionOf<"community"> {
  return { type: "community", id: section.id ?? null, message: section.message, button: section.button };
}
