// The load stage of site build on large specs: the files are read and parsed on every core at
// once, this thread and worker threads each taking the next file of one list, before load() runs.
// What comes back is only text and data (from another thread serialized, as the parse cache keeps
// it, and read back when first asked for); load() builds its documents from it.

import { availableParallelism } from "node:os";
import { join } from "node:path";
import { serialize } from "node:v8";
import { Worker } from "node:worker_threads";
import { bundled } from "../run-ts.js";
import { filesBelow, readSpecFile, type ReadAhead, type ReadAheadFile } from "./index.ts";
import { stampOf } from "./entries.ts";
import type { ParseCache } from "./parse-cache.ts";

/** Below this much YAML, parsing takes less than starting a thread (about a quarter second). */
const BYTES_PER_THREAD = 4 * 1024 * 1024;

/** Files a thread parses between two looks at what the others sent. */
const CHUNK = 32;

/**
 * Reads and parses the spec files under `dir` that earlier runs did not parse as they are now, on
 * every core; undefined when they are too few to bother (less than `bytesPerThread` for each of
 * two threads: tests pass a smaller figure, to read small specs the way large ones are read).
 */
export async function readAhead(
  dir: string,
  parsed?: ParseCache,
  bytesPerThread = BYTES_PER_THREAD,
): Promise<ReadAhead | undefined> {
  const files = yamlFilesBelow(dir)
    .filter((path) => !parsed?.lookup(path))
    .map((path) => ({ path, size: stampOf(path)?.size ?? 0 }));
  const total = files.reduce((sum, f) => sum + f.size, 0);
  const threads = Math.min(availableParallelism(), Math.floor(total / bytesPerThread));
  if (threads < 2) return undefined;

  // Every thread, this one included, takes the next file of one list (largest first) until none
  // is left: the threads end together however late each starts and however fast it runs.
  const paths = files.sort((a, b) => b.size - a.size).map((f) => f.path);
  const next = new Int32Array(new SharedArrayBuffer(4));
  const read: ReadAhead = new Map();
  const script = await bundled("compiler/load/read-ahead-worker.ts", "read-ahead-worker", ["compiler"]);
  const others = Array.from(
    { length: threads - 1 },
    () =>
      new Promise<void>((resolve, reject) => {
        const worker = new Worker(script, { workerData: { paths, next: next.buffer } satisfies ReadAheadShare });
        worker.on("message", (chunk: [string, ReadAheadFile][] | null) => {
          if (chunk) for (const [path, file] of chunk) read.set(path, file);
          else {
            resolve();
            void worker.terminate();
          }
        });
        worker.once("error", reject);
      }),
  );
  // This thread reads too; between chunks it takes in what the others sent meanwhile.
  for (let i = Atomics.add(next, 0, 1), n = 0; i < paths.length; i = Atomics.add(next, 0, 1)) {
    read.set(paths[i]!, readSpecFile(paths[i]!, { positioned: true }));
    if (++n % CHUNK === 0) await new Promise(setImmediate);
  }
  await Promise.all(others);
  return read;
}

/** What a read-ahead thread is given: every path, and the index of the next one to take. */
export interface ReadAheadShare {
  paths: string[];
  next: SharedArrayBuffer;
}

/** A read-ahead thread's work (read-ahead-worker.ts): files of the list until none is left, sent in chunks. */
export function readShare(share: ReadAheadShare, send: (chunk: [string, ReadAheadFile][] | null) => void): void {
  const next = new Int32Array(share.next);
  let chunk: [string, ReadAheadFile][] = [];
  for (let i = Atomics.add(next, 0, 1); i < share.paths.length; i = Atomics.add(next, 0, 1)) {
    const path = share.paths[i]!;
    const { parsed, ...file } = readSpecFile(path, { positioned: true });
    // Serialized here, as posting would, once: the parse cache keeps these very bytes.
    chunk.push([path, { ...file, parsed: parsed && { serialized: serialize(parsed.data) } }]);
    if (chunk.length === CHUNK) {
      send(chunk);
      chunk = [];
    }
  }
  if (chunk.length) send(chunk);
  send(null);
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
