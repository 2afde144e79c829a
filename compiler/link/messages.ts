// The message tables and their fallbacks: a text missing in one language shows in the language
// its table falls back to (de -> en), so a shopper never meets an empty button. Compile looks
// texts up here; link checks that every chain ends in a text.

import type { Language } from "./model.ts";
import type { ValidSpecs } from "../validate/index.ts";

/** A language and the languages it falls back to, in order; a loop in the chain ends it. */
export function fallbackChain(specs: Pick<ValidSpecs, "messages">, language: string): string[] {
  const chain = [language];
  for (
    let next = specs.messages.get(language)?.data.fallback;
    next && !chain.includes(next);
    next = specs.messages.get(next)?.data.fallback
  )
    chain.push(next);
  return chain;
}

/** The text at a dotted path of one table, or undefined. */
function textAt(table: unknown, path: readonly string[]): string | undefined {
  let node = table;
  for (const key of path) node = (node as Record<string, unknown> | undefined)?.[key];
  return typeof node === "string" ? node : undefined;
}

/** A message along the fallback chain, and the language it came from ("" where none has it). */
export function lookupMessage(
  specs: Pick<ValidSpecs, "messages">,
  language: Language,
  path: string,
): { text: string; from: string | null } {
  const keys = path.split(".");
  for (const candidate of fallbackChain(specs, language)) {
    const text = textAt(specs.messages.get(candidate)?.data, keys);
    if (text !== undefined) return { text, from: candidate };
  }
  return { text: "", from: null };
}

/** A group of texts (ui.login) with the fallback language's texts under the table's own. */
export function textsOf(
  specs: Pick<ValidSpecs, "messages">,
  language: Language,
  group: string,
): Record<string, string> {
  const keys = group.split(".");
  const merged: Record<string, string> = {};
  for (const candidate of fallbackChain(specs, language).reverse()) {
    let node: unknown = specs.messages.get(candidate)?.data;
    for (const key of keys) node = (node as Record<string, unknown> | undefined)?.[key];
    for (const [key, value] of Object.entries((node ?? {}) as Record<string, unknown>))
      if (typeof value === "string") merged[key] = value;
  }
  return merged;
}
