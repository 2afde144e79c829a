// Duplicate keys in a positioned document, found with one set per mapping. yaml can find them
// itself (uniqueKeys), but it compares each new key with every key before it in the mapping: a
// 100,000-line price table with one typo in it took 95 s to check. The rule is yaml's: two
// scalar keys are the same when their values are, and any other key is never a duplicate.

import type { Document, Node, YAMLError } from "yaml";
import { yaml } from "./parsers.ts";

/**
 * What a duplicate key error says besides its key: whether its block is a map of pages
 * (pages.yaml's pages: or a page's children:, where a key repeated is a page declared twice);
 * for the first of a run of keys repeated one after the other, the keys after it; for the others
 * of the run, the error of its first.
 */
export interface DuplicateKey {
  pageEntry: boolean;
  run: string[];
  inRunOf?: YAMLError;
}

/** What duplicateKeyErrors found about each error it made. */
export const duplicateKeys = new WeakMap<YAMLError, DuplicateKey>();

/**
 * yaml's DUPLICATE_KEY error for each key that repeats one before it in its mapping, in text
 * order. Keys repeated one after the other (a block's fields, after the block's own key line was
 * taken out and they fell into the block before) are one mistake: duplicateKeys says which run
 * each error is in.
 */
export function duplicateKeyErrors(doc: Document): YAMLError[] {
  const { isMap, isPair, isScalar, isSeq, YAMLParseError } = yaml();
  const errors: YAMLError[] = [];
  // A stack of its own: the walk holds however deep the document goes. Each node with the key
  // it is the value of, to tell a map of pages.
  const stack: { node: unknown; key: unknown; depth: number }[] = [{ node: doc.contents, key: null, depth: 0 }];
  while (stack.length > 0) {
    const { node, key: nodeKey, depth } = stack.pop()!;
    if (isMap(node)) {
      const pageEntry = (nodeKey === "pages" && depth === 1) || nodeKey === "children";
      const keys = new Set<unknown>();
      let first: YAMLError | undefined;
      for (const pair of node.items) {
        const key = pair.key as Node | null;
        if (isScalar(key)) {
          if (keys.has(key.value) && key.range) {
            const at = key.range[0];
            const error = new YAMLParseError([at, at + 1], "DUPLICATE_KEY", "Map keys must be unique");
            errors.push(error);
            if (first) {
              duplicateKeys.get(first)!.run.push(String(key.value));
              duplicateKeys.set(error, { pageEntry, run: [], inRunOf: first });
            } else {
              first = error;
              duplicateKeys.set(error, { pageEntry, run: [] });
            }
          } else first = undefined;
          keys.add(key.value);
        } else {
          first = undefined;
          stack.push({ node: key, key: null, depth: depth + 1 });
        }
        stack.push({ node: pair.value, key: isScalar(key) ? key.value : null, depth: depth + 1 });
      }
    } else if (isSeq(node)) for (const item of node.items) stack.push({ node: item, key: null, depth: depth + 1 });
    else if (isPair(node)) stack.push({ node: node.key, key: null, depth }, { node: node.value, key: null, depth });
  }
  return errors.sort((a, b) => a.pos[0] - b.pos[0]);
}
