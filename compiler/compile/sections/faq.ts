// Questions and answers, each answer as paragraphs.

import { paragraphsOf } from "../../link/placeholders.ts";
import type { SectionOf } from "../route-data.ts";
import type { WrittenSection } from "./place.ts";

export function faqSection(section: WrittenSection<"faq">): SectionOf<"faq"> {
  return {
    type: "faq",
    id: section.id ?? null,
    title: section.title ?? null,
    items: section.items.map((i) => ({ question: i.question, answer: paragraphsOf(i.answer) })),
  };
}
