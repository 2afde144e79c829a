// Duplicate keys in a positioned document, found with one set per mapping. yaml can find them
// itself (uniqueKeys), but it compares each new key with every key before it in the mapping: a
// 100,000-line price table with one typo in it took 95 s to check. The rule is yaml's: two
// scalar keys are the same when their values are, and any other key is never a duplicate.

import type { Document, Node, YAMLError } from "yaml";
import { yaml } from "./parsers.ts";

/** yaml's DUPLICATE_KEY error for each key that repeats one before it in its mapping, in text order. */
export function duplicateKeyErrors(doc: Document): YAMLError[] {
  const { isMap, isPair, isScalar, isSeq, YAMLParseError } = yaml();
  const errors: YAMLError[] = [];
  // A stack of its own: the walk holds however deep the document goes.
  const stack: unknown[] = [doc.contents];
  while (stack.length > 0) {
    const node = stack.pop();
    if (isMap(node)) {
      const keys = new Set<unknown>();
      for (const pair of node.items) {
        const key = pair.key as Node | null;
        if (isScalar(key)) {
          if (keys.has(key.value) && key.range) {
            const at = key.range[0];
            errors.push(new YAMLParseError([at, at + 1], "DUPLICATE_KEY", "Map keys must be unique"));
          }
          keys.add(key.value);
        } else stack.push(key);
        stack.push(pair.value);
      }
    } else if (isSeq(node)) for (const item of node.items) stack.push(item);
    else if (isPair(node)) stack.push(node.key, node.value);
  }
  return errors.sort((a, b) => a.pos[0] - b.pos[0]);
}
