// The compiler's cache folder, node_modules/.cache/site-compiler, or the folder SITE_CACHE_DIR
// names (a CI runner's cached folder, a test's own): what one run can hand the next (the compiled
// schema validators, the parsed specs, the bundles). Anything in it may be deleted at any time; a
// file that is missing or cannot be read is made again.

import { mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

export const cacheDir = process.env.SITE_CACHE_DIR
  ? pathToFileURL(`${resolve(process.env.SITE_CACHE_DIR)}/`)
  : new URL("../node_modules/.cache/site-compiler/", import.meta.url);

/** A cache file written in the last minute may be in use by a run going on now. */
const IN_USE_MS = 60_000;
/** What a killed run left half-written. */
const ABANDONED_MS = 3_600_000;

/**
 * Writes a cache file whole, then renames it into place, so runs side by side never read half a
 * file; then keeps, of the files of its kind (the name up to its first "-"), the `keep` most
 * recently written, and those named in `pinned` whenever they were written. Failing to write is
 * no error: the next run makes the file again.
 */
export function writeCacheFile(
  file: URL,
  contents: string | Uint8Array,
  keep: number,
  pinned: readonly string[] = [],
): void {
  const partial = new URL(`${file.href}.${process.pid}.tmp`);
  try {
    mkdirSync(cacheDir, { recursive: true });
    writeFileSync(partial, contents);
    renameSync(partial, file);
    const name = file.pathname.slice(file.pathname.lastIndexOf("/") + 1);
    pruneKind(name.slice(0, name.indexOf("-") + 1), keep, pinned);
  } catch {
    rmSync(partial, { force: true });
  }
}

function pruneKind(prefix: string, keep: number, pinned: readonly string[]): void {
  const now = Date.now();
  const files = readdirSync(cacheDir)
    .filter((name) => name.startsWith(prefix))
    .map((name) => ({
      name,
      path: new URL(name, cacheDir),
      mtimeMs: statSync(new URL(name, cacheDir), { throwIfNoEntry: false })?.mtimeMs ?? 0,
    }));
  const written = files
    .filter((f) => !f.name.endsWith(".tmp") && !pinned.includes(f.name))
    .sort((a, b) => b.mtimeMs - a.mtimeMs);
  const displaced = written.slice(keep).filter((f) => f.mtimeMs < now - IN_USE_MS);
  const abandoned = files.filter((f) => f.name.endsWith(".tmp") && f.mtimeMs < now - ABANDONED_MS);
  for (const stale of [...displaced, ...abandoned]) rmSync(stale.path, { force: true });
}
