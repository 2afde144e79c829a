// What the load stage parsed, kept between runs: the plain data of every spec file that parsed
// cleanly, by its path, size and modification time. Parsing is most of a check of large specs
// (about 2 s on one core for the 29 MB of the benchmark's 10,000 routes); reading the data back
// takes about a quarter second. The cache is one file per specs folder in the cache folder
// (cache.ts), of the eight folders checked most recently.

import { createHash } from "node:crypto";
import { readFileSync, statSync } from "node:fs";
import { resolve } from "node:path";
import { deserialize, serialize } from "node:v8";
import { cacheDir, writeCacheFile } from "../cache.ts";

/** Bumped whenever what the loader makes of a text changes. */
const FORMAT = 2;

interface Entry {
  mtimeMs: number;
  size: number;
  data: unknown;
}

/** The size and modification time a file had when it was read. */
export interface FileStamp {
  mtimeMs: number;
  size: number;
}

export class ParseCache {
  private readonly used = new Map<string, Entry>();
  private changed = false;

  private constructor(
    private readonly file: URL,
    private readonly kept: Map<string, Entry>,
  ) {}

  /** The file that holds the cache of the specs under `specsDir`. */
  static fileOf(specsDir: string): URL {
    const name = createHash("sha256").update(resolve(specsDir)).digest("hex").slice(0, 16);
    return new URL(`specs-${name}.v8`, cacheDir);
  }

  /** The cache of the specs under `specsDir`; empty when there is none yet. */
  static open(specsDir: string): ParseCache {
    const file = ParseCache.fileOf(specsDir);
    let kept = new Map<string, Entry>();
    try {
      const stored = deserialize(readFileSync(file)) as { format: number; entries: [string, Entry][] };
      if (stored.format === FORMAT) kept = new Map(stored.entries);
    } catch {
      // None yet, or unreadable: everything is parsed, and the cache written anew.
    }
    return new ParseCache(file, kept);
  }

  /** The data of the file at `absPath` if it is as it was when parsed: same size, same mtime. */
  lookup(absPath: string): { data: unknown } | undefined {
    // Found or parsed earlier in this run (read-ahead asks before load does): no second stat.
    const known = this.used.get(absPath);
    if (known) return { data: known.data };
    const entry = this.kept.get(absPath);
    if (!entry) return undefined;
    const stat = statSync(absPath, { throwIfNoEntry: false });
    if (!stat || stat.mtimeMs !== entry.mtimeMs || stat.size !== entry.size) return undefined;
    this.used.set(absPath, entry);
    return { data: entry.data };
  }

  /** Keeps what the file parsed to, stamped as it was read. */
  remember(absPath: string, stamp: FileStamp, data: unknown): void {
    this.used.set(absPath, { mtimeMs: stamp.mtimeMs, size: stamp.size, data });
    this.changed = true;
  }

  /** Writes the files read this run, if any was parsed anew or is gone. */
  save(): void {
    if (!this.changed && this.used.size === this.kept.size) return;
    writeCacheFile(this.file, serialize({ format: FORMAT, entries: [...this.used] }), SPEC_FOLDERS_KEPT);
  }
}

/** Tests and benchmarks check many short-lived folders: only the most recent keep their caches. */
const SPEC_FOLDERS_KEPT = 8;
