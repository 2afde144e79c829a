// The voice commands a robot understands, in groups, listed in a dialog.

import type { SectionOf } from "../route-data.ts";
import type { SectionPlace, WrittenSection } from "./place.ts";

export function voiceCommandsSection(
  section: WrittenSection<"voice-commands">,
  { cx, region }: SectionPlace,
): SectionOf<"voice-commands"> {
  return {
    type: "voice-commands",
    id: section.id ?? null,
    title: section.title,
    groups: section.groups,
    dialogId: `${section.id ?? "voice-commands"}-dialog`,
    close: cx.message(region.language, "ui.common.close"),
  };
}
