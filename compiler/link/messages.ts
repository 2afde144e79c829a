// The message tables and their fallbacks: a text missing in one language shows in the language
// its table falls back to (de -> en), so a shopper never meets an empty button. Compile looks
// texts up here; link checks that every chain ends in a text.

import type { Language } from "./model.ts";
import type { ValidSpecs } from "../validate/index.ts";
import { at, type Report } from "./context.ts";
import { byCodeUnit } from "../order.ts";
import { closest } from "../diagnostics/index.ts";

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

/**
 * Every answer code of api.yaml but success has its toast's text: the runtime shows the region's
 * api text for the code the API answers with (its language's, else along its fallback chain),
 * else the default ("Server error"). A code no table has a text for is most likely mistyped in
 * api.yaml (loginExpired: 4030 while every table writes 4003): one error there, with the code the
 * tables write. (A table that lacks a text the others have is missing-message's, as any text.)
 */
export function checkApiMessages(specs: Pick<ValidSpecs, "messages" | "api">, report: Report): void {
  const api = specs.api;
  if (!api || specs.messages.size === 0) return;
  const tables = [...specs.messages.values()];
  const all = Object.values(api.data.codes).map(String);
  const codes = Object.entries(api.data.codes).filter(([name]) => name !== "success");
  const named = new Set(codes.map(([, value]) => String(value)));
  for (const [name, value] of codes) {
    const code = String(value);
    // A code written for two answers is api-code-shared's mistake.
    if (all.indexOf(code) !== all.lastIndexOf(code)) continue;
    if (tables.some((table) => table.data.api[code] !== undefined)) continue;
    // The code every table has a text for that api.yaml names not: the one meant, if a slip away.
    const written = Object.keys(tables[0]!.data.api).filter(
      (key) => key !== "default" && !named.has(key) && tables.every((table) => table.data.api[key] !== undefined),
    );
    const suggestion = closest(code, written);
    report("api-code-without-message", { name, code, ...(suggestion ? { suggestion } : {}) }, at(api, ["codes", name]));
  }
}

/**
 * Every fallback chain ends in a table that falls back to none (en): one that comes back to a
 * language already on it (`fallback: de` in de.yaml, or fr and de naming each other) never reaches
 * a complete table. One error per loop, at the first of its tables by name.
 */
export function checkFallbacks(specs: Pick<ValidSpecs, "messages">, report: Report): void {
  const reported = new Set<string>();
  for (const language of [...specs.messages.keys()].sort(byCodeUnit)) {
    const chain = fallbackChain(specs, language);
    const last = specs.messages.get(chain.at(-1)!)?.data.fallback;
    if (!last || !chain.includes(last) || reported.has(last)) continue;
    const loop = chain.slice(chain.indexOf(last));
    for (const member of loop) reported.add(member);
    // Named from its first language by name, round to it again: de -> fr -> de.
    const first = [...loop].sort(byCodeUnit)[0]!;
    const from = loop.indexOf(first);
    const root = [...specs.messages].find(([, table]) => !table.data.fallback)?.[0];
    report(
      "fallback-loop",
      { language: first, loop: [...loop.slice(from), ...loop.slice(0, from), first], root },
      at(specs.messages.get(first)!, ["fallback"]),
    );
  }
}
