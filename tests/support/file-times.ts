// Spec files as if written long before the test: the compiler trusts a file's size and time to
// tell an edit only once the file is two seconds old (compiler/fingerprint.ts, settled), so what
// a test writes and checks at once would never be kept or reused. Each file set here gets a time
// of its own, a second after the last one set, an hour ago and on: two versions of a file never
// share a stamp.
import { readdirSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";

let clock = Date.now() - 3_600_000;

/** Gives the file a time of its own from the past. */
export function settle(path: string): void {
  clock += 1_000;
  utimesSync(path, clock / 1_000, clock / 1_000);
}

/** Every file below `dir`, settled. */
export function settleTree(dir: string): void {
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true }))
    if (entry.isFile()) settle(join(entry.parentPath, entry.name));
}

/** Writes the file, settled: as an edit made a while before the run that reads it. */
export function writeSettled(path: string, text: string): void {
  writeFileSync(path, text);
  settle(path);
}
