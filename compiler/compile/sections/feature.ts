// A product feature: paragraphs, a list, and an image; a video that plays in a dialog, and more
// about the feature in a dialog of its own. The dialogs take their ids from the section's, which
// the schema requires of a feature with either.

import { paragraphsOf } from "../../link/placeholders.ts";
import type { SectionOf } from "../route-data.ts";
import type { SectionPlace, WrittenSection } from "./place.ts";

export function featureSection(
  section: WrittenSection<"feature">,
  { cx, region, first }: SectionPlace,
): SectionOf<"feature"> {
  const close = cx.message(region.language, "ui.common.close");
  const { video, dialog } = section;
  return {
    type: "feature",
    id: section.id ?? null,
    title: section.title,
    paragraphs: paragraphsOf(section.text),
    list: section.list ?? [],
    // Illustrates the title beside it, which says what it shows.
    image: cx.picture(section.image, first ? "hero" : "feature", "", first),
    video: video
      ? {
          src: `/videos/${video}.webm`,
          dialogId: `${section.id}-video`,
          labels: {
            watch: region.settings.labels.watchVideo,
            replay: cx.message(region.language, "ui.product.replayVideo"),
            fullScreen: cx.message(region.language, "ui.product.fullScreen"),
            close,
          },
        }
      : null,
    dialog: dialog
      ? {
          id: `${section.id}-more`,
          button: dialog.button,
          title: dialog.title,
          paragraphs: dialog.text ? paragraphsOf(dialog.text) : [],
          items: dialog.items,
          close,
        }
      : null,
  };
}
