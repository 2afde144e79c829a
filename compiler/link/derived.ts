// What a rule works out of one spec file's data alone, worked out once per file and kept with its
// document: site dev keeps the document of a file that did not change, and the parse cache keeps
// the value, by the file's stamp, for the next process (a build after a price edit checks 2,273
// files of which one changed). Each value carries a token of everything else the rule read (the
// compiler's code, the site's languages, the catalogue's names): a value under another token is
// worked out again.

import { createHash } from "node:crypto";
import { checksToken, isOwnData, type Valid } from "../validate/index.ts";

/** The value `rule` worked out of the file's data under `token`, worked out by `work` when there is none. */
export function derivedOnce<T>(file: Valid<unknown>, rule: string, token: string, work: () => T): T {
  const { spec } = file;
  // Data validate made readable (fields left out or renamed) is not the file's own, and not kept.
  if (!isOwnData(file)) return work();
  const known = spec.derived?.[rule];
  if (known?.token === token) return known.value as T;
  const value = work();
  spec.derived = { ...spec.derived, [rule]: { token, value } };
  return value;
}

/** A token of the compiler's code and of `inputs`, everything else a rule's value depends on. */
export function derivedToken(inputs: unknown): string {
  return createHash("sha256").update(checksToken()).update(JSON.stringify(inputs)).digest("base64url").slice(0, 22);
}
