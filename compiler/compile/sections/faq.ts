// Questions and answers, each answer as paragraphs; an answer unfolds in the collapse time of
// constants.yaml (seed 000 §9: 0.5 s).

import { paragraphsOf } from "../../link/placeholders.ts";
import type { SectionOf } from "../route-data.ts";
import type { SectionPlace, WrittenSection } from "./place.ts";

export function faqSection(section: WrittenSection<"faq">, { cx }: SectionPlace): SectionOf<"faq"> {
  return {
    type: "faq",
    id: section.id ?? null,
    title: section.title ?? null,
    items: section.items.map((i) => ({ question: i.question, answer: paragraphsOf(i.answer) })),
    collapseSeconds: cx.model.specs.constants!.data.collapseTransitionSeconds,
  };
}
