// Keys that are a list or a block of fields (`[a, b]: 1`, `? {a: 1} : 2`, or an alias of one).
// YAML allows them; plain data cannot hold them, and yaml would turn each into text with a
// process warning of its own on stderr. No spec names one, so each is an error at the key.

import type { Document, Node, YAMLError } from "yaml";
import { yaml } from "./parsers.ts";

/** Whether each error's key is a list or a block of fields. */
export const complexKeys = new WeakMap<YAMLError, "list" | "block">();

/** A NON_STRING_KEY error at each key of the document that is a list or a block, in text order. */
export function complexKeyErrors(doc: Document): YAMLError[] {
  const { isAlias, isCollection, isMap, isSeq, YAMLParseError } = yaml();
  const errors: YAMLError[] = [];
  // A stack of its own: the walk holds however deep the document goes.
  const stack: unknown[] = [doc.contents];
  while (stack.length > 0) {
    const node = stack.pop();
    if (isMap(node)) {
      for (const pair of node.items) {
        const key = pair.key as Node | null;
        const target = isAlias(key) ? key.resolve(doc) : key;
        if (isCollection(target) && key?.range) {
          const error = new YAMLParseError([key.range[0], key.range[1]], "NON_STRING_KEY", "Keys must be plain text");
          complexKeys.set(error, isSeq(target) ? "list" : "block");
          errors.push(error);
        }
        stack.push(key, pair.value);
      }
    } else if (isSeq(node)) for (const item of node.items) stack.push(item);
  }
  return errors.sort((a, b) => a.pos[0] - b.pos[0]);
}
