// A product feature: paragraphs, a list, and an image or a video.

import { paragraphsOf } from "../../link/placeholders.ts";
import type { SectionOf } from "../route-data.ts";
import type { SectionPlace, WrittenSection } from "./place.ts";

export function featureSection(section: WrittenSection<"feature">, { region }: SectionPlace): SectionOf<"feature"> {
  return {
    type: "feature",
    id: section.id ?? null,
    title: section.title,
    paragraphs: paragraphsOf(section.text),
    list: section.list ?? [],
    image: section.image ?? null,
    video: section.video ?? false,
    watchVideo: region.settings.labels.watchVideo,
  };
}
