// What the load stage parsed, kept between runs: the plain data of every spec file that parsed
// cleanly, by its path, size and modification time. Parsing is most of a check of large specs
// (about 2 s on one core for the 29 MB of the benchmark's 10,000 routes); reading all the data
// back takes about a quarter second, so each file's is kept serialized on its own and read back
// only when something reads it: with what link found kept, a check that nothing changed reads
// two dozen files' data, and a build after a price edit about sixty (load/index.ts,
// specDocument). The cache is one file per specs folder in the cache folder
// (cache.ts), of the eight folders checked most recently and of the project's own specs folder
// whenever it was checked, and beside it a small file of the files parsed since: a run that parsed
// one edited file of thousands writes that file's data, not everything again (about half a second
// at 10,000 routes). The whole is written again once the small file has grown to a quarter of it.
// Every entry carries its file's stamp, so any mix of the two files, whichever runs wrote them,
// gives only data that is still as the file is. An entry also keeps the token of the checks its
// data passed (validate's checksToken), so that a run validates only the files edited since, and
// the file's first line, so that load checks its schema comment without reading it. What link
// rules worked out of a file alone (link/derived.ts) is kept in a third file, by path and stamp:
// an edit of the catalogue works out every product page's findings again, and only that small
// file (about 1 MB at 10,000 routes) is written again, not the data of every file it names; the
// spans of the problems placed in a file are kept there too (load/index.ts, keptSpan). A
// fourth file keeps what the link stage's rules found besides the prices, under a token of every
// file they read (link/kept.ts): a run after an edit of prices.yaml alone takes it and runs only
// the rules of the price table.

import { createHash } from "node:crypto";
import { readFileSync, rmSync, statSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { deserialize, serialize } from "node:v8";
import { cacheDir, writeCacheFile } from "../cache.ts";
import { settled } from "../fingerprint.ts";
import { projectRoot } from "../project.ts";

/** Bumped whenever what the loader makes of a text, or how an entry is kept, changes. */
const FORMAT = 4;

interface Entry {
  mtimeMs: number;
  size: number;
  /**
   * The data as V8 serialized it, each file's apart: read back only when something reads that
   * file's data (a build after a price edit, with what link found kept, reads few content files).
   * Undefined in an entry of a file this run parsed, which has its data instead until save()
   * serializes it.
   */
  bytes?: Uint8Array;
  data?: unknown;
  /** The file's first line, which load checks (the schema comment) without reading the file. */
  head: string;
  /** The checks this data passed with nothing to report, as a token (SpecDocument.checksPassed). */
  passed?: string;
}

/**
 * What the rules of later stages worked out of a file's data alone, by rule: each value with a
 * token of everything else it depends on (link/derived.ts).
 */
export type Derived = Readonly<Record<string, { token: string; value: unknown }>>;

/**
 * What the cache knows of a file as it is now: its data (read back when called for), and what
 * rules worked out of it (SpecDocument.derived).
 */
export type CachedFile = Readonly<Pick<Entry, "head" | "passed"> & { data: () => unknown; derived?: Derived }>;

/** What rules worked out of a file, as it was when they did. */
interface DerivedEntry extends FileStamp {
  derived: Derived;
}

/** The size and modification time a file had when it was read. */
export interface FileStamp {
  mtimeMs: number;
  size: number;
}

interface Stored<E = Entry> {
  format: number;
  entries: [string, E][];
}

/** What one of the files holds, and its size on disk (0 when there is none). */
function readStored<E = Entry>(file: URL): { entries: [string, E][]; bytes: number } {
  try {
    const bytes = readFileSync(file);
    const stored = deserialize(bytes) as Stored<E>;
    if (stored.format === FORMAT) return { entries: stored.entries, bytes: bytes.byteLength };
  } catch {
    // None yet, or unreadable: what it held is worked out again, and written anew.
  }
  return { entries: [], bytes: 0 };
}

/** The small file of what was parsed since the whole was written grows to this share of it at most. */
const EDITS_SHARE = 0.25;

export class ParseCache {
  private readonly used = new Map<string, Entry>();
  /** What rules worked out of the files this run read, as the derived file will hold it. */
  private readonly derivedUsed = new Map<string, DerivedEntry>();
  private derivedChanged = false;
  /** What link found besides the prices in this run, to keep (link/kept.ts). */
  private linkFound: [token: string, value: string] | undefined;

  private constructor(
    private readonly file: URL,
    private readonly editsFile: URL,
    /** Every entry of both files, the later file's over the whole's. */
    private readonly kept: Map<string, Entry>,
    /** The paths whose entries the small file holds. */
    private readonly edited: ReadonlySet<string>,
    private readonly wholeBytes: number,
    private readonly derivedFile: URL,
    private readonly derivedKept: ReadonlyMap<string, DerivedEntry>,
    private readonly linkFile: URL,
  ) {}

  /** The file that holds the cache of the specs under `specsDir`. */
  static fileOf(specsDir: string): URL {
    return new URL(`specs-${ParseCache.nameOf(specsDir)}.v8`, cacheDir);
  }

  /** The file of what was parsed since fileOf(specsDir) was written. */
  static editsFileOf(specsDir: string): URL {
    return new URL(`specsedits-${ParseCache.nameOf(specsDir)}.v8`, cacheDir);
  }

  /** The file of what link rules worked out of each file (SpecDocument.derived). */
  static derivedFileOf(specsDir: string): URL {
    return new URL(`specsderived-${ParseCache.nameOf(specsDir)}.v8`, cacheDir);
  }

  /**
   * The file of what link's rules found besides the prices (link/kept.ts): its token on the first
   * line, then the findings as JSON.
   */
  static linkFileOf(specsDir: string): URL {
    return new URL(`specslink-${ParseCache.nameOf(specsDir)}.json`, cacheDir);
  }

  /** Forgets everything parsed under `specsDir`: the next run parses every file (the benchmark's cold build). */
  static clear(specsDir: string): void {
    for (const file of ParseCache.filesOf(specsDir)) rmSync(file, { force: true });
  }

  /** Every file the cache of `specsDir` is kept in. */
  static filesOf(specsDir: string): URL[] {
    return [
      ParseCache.fileOf(specsDir),
      ParseCache.editsFileOf(specsDir),
      ParseCache.derivedFileOf(specsDir),
      ParseCache.linkFileOf(specsDir),
    ];
  }

  private static nameOf(specsDir: string): string {
    return createHash("sha256").update(resolve(specsDir)).digest("hex").slice(0, 16);
  }

  /** The cache of the specs under `specsDir`; empty when there is none yet. */
  static open(specsDir: string): ParseCache {
    const whole = readStored(ParseCache.fileOf(specsDir));
    const edits = readStored(ParseCache.editsFileOf(specsDir));
    return new ParseCache(
      ParseCache.fileOf(specsDir),
      ParseCache.editsFileOf(specsDir),
      new Map([...whole.entries, ...edits.entries]),
      new Set(edits.entries.map(([path]) => path)),
      whole.bytes,
      ParseCache.derivedFileOf(specsDir),
      new Map(readStored<DerivedEntry>(ParseCache.derivedFileOf(specsDir)).entries),
      ParseCache.linkFileOf(specsDir),
    );
  }

  /** The data of the file at `absPath` if it is as it was when parsed: same size, same mtime. */
  lookup(absPath: string): CachedFile | undefined {
    // Found or parsed earlier in this run (read-ahead asks before load does): no second stat.
    const entry = this.used.get(absPath) ?? this.stillAsKept(absPath);
    if (!entry) return undefined;
    const { head, passed, bytes } = entry;
    const found = {
      head,
      ...(passed === undefined ? {} : { passed }),
      data: () => (bytes ? deserialize(bytes) : entry.data),
    };
    const derived = this.derivedKept.get(absPath);
    return derived && derived.mtimeMs === entry.mtimeMs && derived.size === entry.size
      ? { ...found, derived: derived.derived }
      : found;
  }

  private stillAsKept(absPath: string): Entry | undefined {
    const entry = this.kept.get(absPath);
    if (!entry) return undefined;
    const stat = statSync(absPath, { throwIfNoEntry: false });
    if (!stat || stat.mtimeMs !== entry.mtimeMs || stat.size !== entry.size) return undefined;
    this.used.set(absPath, entry);
    return entry;
  }

  /**
   * Notes what this run's checks made of the data of the file at `absPath`, as this run read it:
   * `passed`, the token of the checks it passed with nothing to report; `derived`, what rules
   * worked out of it alone. A later run that reads the same data takes both instead of working
   * them out again.
   */
  checked(absPath: string, { passed, derived }: { passed?: string | undefined; derived?: Derived | undefined }): void {
    const entry = this.used.get(absPath);
    if (!entry) return;
    if (passed !== undefined && passed !== entry.passed) this.used.set(absPath, { ...entry, passed });
    if (!derived) return;
    const { mtimeMs, size } = entry;
    const before = this.derivedKept.get(absPath);
    // The document's facts are the very object the cache gave it unless a rule worked one out.
    if (before?.derived !== derived || before.mtimeMs !== mtimeMs || before.size !== size) this.derivedChanged = true;
    this.derivedUsed.set(absPath, { mtimeMs, size, derived });
  }

  /**
   * The stamp of a file as this run read it, when it had settled (fingerprint.ts): a later run
   * that finds the same stamp takes the same data from the cache. Undefined for a file this run
   * did not read, or one that had only just changed.
   */
  stampIn(absPath: string): string | undefined {
    const entry = this.used.get(absPath);
    return entry && settled(entry.mtimeMs) ? `${entry.size} ${entry.mtimeMs}` : undefined;
  }

  /** What link's rules found besides the prices in the run that last kept it, if under `token`. */
  linkFoundUnder(token: string): string | undefined {
    try {
      const text = readFileSync(this.linkFile, "utf8");
      return text.startsWith(`${token}\n`) ? text.slice(token.length + 1) : undefined;
    } catch {
      return undefined;
    }
  }

  /** Keeps what link's rules found besides the prices, under `token`: written by save(). */
  keepLinkFound(token: string, value: string): void {
    this.linkFound = [token, value];
  }

  /** Keeps what the file parsed to (or its data serialized), and its first line, stamped as it was read. */
  remember(absPath: string, stamp: FileStamp, kept: { data: unknown } | { bytes: Uint8Array }, head: string): void {
    this.used.set(absPath, { mtimeMs: stamp.mtimeMs, size: stamp.size, ...kept, head });
  }

  /**
   * Keeps what this run parsed anew: in the small file while it stays small, else everything
   * read this run as the whole, as also when a file kept is gone or no longer parses. Nothing
   * is written when nothing was parsed and no file is gone.
   */
  save(): void {
    // What was parsed of a file that had only just changed is not kept (fingerprint.ts, settled):
    // its next run parses it again.
    const now = Date.now();
    const keepable = ([, entry]: [string, FileStamp]) => settled(entry.mtimeMs, now);
    if (this.linkFound)
      writeCacheFile(
        this.linkFile,
        `${this.linkFound[0]}\n${this.linkFound[1]}`,
        SPEC_FOLDERS_KEPT,
        projectSpecsCaches(),
      );
    // The derived facts of the files this run read, whole, when a rule worked one out anew.
    if (this.derivedChanged)
      writeCacheFile(
        this.derivedFile,
        serialize({ format: FORMAT, entries: [...this.derivedUsed].filter(keepable) } satisfies Stored<DerivedEntry>),
        SPEC_FOLDERS_KEPT,
        projectSpecsCaches(),
      );
    const fresh = [...this.used].filter(([path, entry]) => this.kept.get(path) !== entry);
    const gone = this.kept.size - (this.used.size - fresh.filter(([path]) => !this.kept.has(path)).length);
    const parsed = fresh.filter(keepable);
    if (parsed.length === 0 && gone === 0) return;
    if (this.wholeBytes > 0 && gone === 0) {
      // The small file keeps what it held that is still read, with this run's over it.
      const edits = [...this.used]
        .filter(([path, entry]) => this.kept.get(path) !== entry || this.edited.has(path))
        .filter(keepable);
      const contents = serialize({ format: FORMAT, entries: edits.map(stored) } satisfies Stored);
      if (contents.byteLength <= this.wholeBytes * EDITS_SHARE) {
        writeCacheFile(this.editsFile, contents, SPEC_FOLDERS_KEPT, projectSpecsCaches());
        return;
      }
    }
    writeCacheFile(
      this.file,
      serialize({ format: FORMAT, entries: [...this.used].filter(keepable).map(stored) } satisfies Stored),
      SPEC_FOLDERS_KEPT,
      projectSpecsCaches(),
    );
    try {
      rmSync(this.editsFile, { force: true });
    } catch {
      // A cache folder that cannot be written to: the next run reads the small file and checks its stamps.
    }
  }
}

/**
 * An entry as it is written: its data serialized, unless it is still as read. Serialized once:
 * the small file and then the whole may both be made in one save.
 */
function stored([path, entry]: [string, Entry]): [string, Entry] {
  entry.bytes ??= serialize(entry.data);
  const { data: _, ...written } = entry;
  return [path, written];
}

/**
 * Tests and benchmarks check many short-lived folders: only the most recent keep their caches,
 * but for the project's own specs folder, whose cache a test run would otherwise always evict.
 */
const SPEC_FOLDERS_KEPT = 8;

function projectSpecsCaches(): string[] {
  const specs = join(projectRoot, "specs");
  return ParseCache.filesOf(specs).map((url) => basename(url.pathname));
}
