// The bundles of earlier builds, kept by the hash of their inputs: the code (runtime, templates,
// styles, esbuild's version: fingerprint.ts), the generated modules, the page shapes and the
// options. A build whose inputs were bundled before takes that bundle instead of running esbuild:
// a price edit changes the generated modules, but a build of the same specs at another instant,
// or in another folder, or after its output was deleted, does not.

import { createHash } from "node:crypto";
import { readFileSync, utimesSync } from "node:fs";
import { deserialize, serialize } from "node:v8";
import { cacheDir, writeCacheFile } from "../cache.ts";
import { codeFingerprint } from "../fingerprint.ts";

/** Bumped whenever what a bundle holds changes shape. */
const FORMAT = 2;
/** Bundles kept, the most recently used: a few edits of a few spec folders. */
const KEPT = 8;

/** The bundle of these inputs from the cache, else made by `make` and kept; `code`: the code's fingerprint, if known. */
export async function cachedBundle<Output>(
  inputs: unknown,
  make: () => Promise<Output>,
  code = codeFingerprint(),
): Promise<Output> {
  const hash = createHash("sha256").update(`${FORMAT}\n${code}\n`);
  hash.update(JSON.stringify(inputs, (_key, value: unknown) => (value instanceof Map ? [...value] : value)));
  const file = new URL(`bundle-${hash.digest("hex").slice(0, 32)}.v8`, cacheDir);
  let cached: Output | undefined;
  try {
    cached = deserialize(readFileSync(file)) as Output;
  } catch {
    // Not bundled before, or unreadable: made again.
  }
  if (cached !== undefined) {
    // Taken counts as written: the cache keeps the bundles most recently used, not made
    // (writeCacheFile), so the bundle a folder's builds take every day outlives one-off ones.
    touch(file);
    return cached;
  }
  const output = await make();
  writeCacheFile(file, serialize(output), KEPT);
  return output;
}

function touch(file: URL): void {
  try {
    const now = new Date();
    utimesSync(file, now, now);
  } catch {
    // A cache that cannot be written to is still read.
  }
}
