// A newsletter sign-up inside a page, with its own texts.

import type { SectionOf } from "../route-data.ts";
import type { SectionPlace, WrittenSection } from "./place.ts";

export function subscribeSection(
  section: WrittenSection<"subscribe">,
  { cx, region }: SectionPlace,
): SectionOf<"subscribe"> {
  return {
    type: "subscribe",
    id: section.id ?? null,
    texts: {
      title: section.title,
      describe: section.describe,
      placeholder: section.placeholder,
      button: section.button,
      invalid: section.invalid,
      success: section.success,
      emailLabel: cx.message(region.language, "ui.subscribe.emailLabel"),
      successView: null,
    },
  };
}
