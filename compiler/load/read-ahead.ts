// The load stage of site build on large specs: the files are read and parsed on every core at
// once, one share on this thread and the others on worker threads, before load() runs. What
// comes back is only text and plain data; load() builds its documents from it.

import { availableParallelism } from "node:os";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import { bundled } from "../run-ts.js";
import { filesBelow, readSpecFile, type ReadAhead, type ReadAheadFile } from "./index.ts";
import { stampOf } from "./entries.ts";
import type { ParseCache } from "./parse-cache.ts";

/** Below this much YAML, parsing takes less than starting a thread (about a quarter second). */
const BYTES_PER_THREAD = 4 * 1024 * 1024;

/**
 * Reads and parses the spec files under `dir` that earlier runs did not parse as they are now, on
 * every core; undefined when they are too few to bother.
 */
export async function readAhead(dir: string, parsed?: ParseCache): Promise<ReadAhead | undefined> {
  const files = yamlFilesBelow(dir)
    .filter((path) => !parsed?.lookup(path))
    .map((path) => ({ path, size: stampOf(path)?.size ?? 0 }));
  const total = files.reduce((sum, f) => sum + f.size, 0);
  const threads = Math.min(availableParallelism(), Math.floor(total / BYTES_PER_THREAD));
  if (threads < 2) return undefined;

  // Largest first, each to the lightest share: the shares end at about the same time.
  const shares = Array.from({ length: threads }, () => ({ bytes: 0, paths: [] as string[] }));
  for (const file of files.sort((a, b) => b.size - a.size)) {
    const lightest = shares.reduce((min, s) => (s.bytes < min.bytes ? s : min));
    lightest.bytes += file.size;
    lightest.paths.push(file.path);
  }
  const script = await bundled("compiler/load/read-ahead-worker.ts", "read-ahead-worker", ["compiler"]);
  const others = shares.slice(1).map(
    (share) =>
      new Promise<[string, ReadAheadFile][]>((resolve, reject) => {
        const worker = new Worker(script, { workerData: share.paths });
        worker.once("message", (read: [string, ReadAheadFile][]) => {
          resolve(read);
          void worker.terminate();
        });
        worker.once("error", reject);
      }),
  );
  const own = shares[0]!.paths.map((path): [string, ReadAheadFile] => [path, readSpecFile(path, { positioned: true })]);
  return new Map([...own, ...(await Promise.all(others)).flat()]);
}

/**
 * Every .yaml file under `dir`, as paths joined onto it, found by the loader's own walk (links
 * inside the folder followed, what cannot be read left to load() to report).
 */
export function yamlFilesBelow(dir: string): string[] {
  return filesBelow(dir, dir, () => {})
    .filter((name) => name.endsWith(".yaml"))
    .map((name) => join(dir, name));
}
