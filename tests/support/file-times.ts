// Spec files as if written long before the test: the compiler trusts a file's size and time to
// tell an edit only once the file is two seconds old (compiler/fingerprint.ts, settled), so what
// a test writes and checks at once would never be kept or reused. Each file set here gets a time
// of its own, a second after the last one set, from a year ago on: two versions of a file never
// share a stamp, and a process may settle millions of files before the times reach the present
// (from an hour ago, 3,600 would have: a run of the fixture tests, or synthetic specs of 4,000
// files, and the files were young again).
import { readdirSync, readFileSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";

let clock = Date.now() - 365 * 86_400_000;

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

/** Runs `run` with each file edited (written settled), then puts every file back as it was. */
export function withEdits<T>(
  edits: readonly (readonly [path: string, edit: (text: string) => string])[],
  run: () => T,
): T {
  const originals = edits.map(([path]) => readFileSync(path, "utf8"));
  try {
    for (const [path, edit] of edits) writeSettled(path, edit(readFileSync(path, "utf8")));
    return run();
  } finally {
    edits.forEach(([path], i) => writeSettled(path, originals[i]!));
  }
}
