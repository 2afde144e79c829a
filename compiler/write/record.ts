// What a build leaves for the next one to reuse, in its own folder beside site/ and manifests/
// (never served): a hash of everything its output is a function of, its summary, for each page a
// hash of what the page and its manifest are made of (the route's data, the assets it links, the
// template code), and a hash of every file as written. A later build with the same inputs keeps
// the output as it is; one with some routes' data changed renders only those and links the other
// pages from this build, and a page whose region's layout alone changed (a price in the menu) is
// this build's HTML with the new header and footer in the places recorded; the build after that
// one writes over this build's folder (the spare) and leaves the files whose hashes say they hold
// what it would write.

import { createHash } from "node:crypto";
import { existsSync, linkSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type { DateTime } from "luxon";
import type { CompileNotes, RouteManifest, RouteNotes } from "../compile/index.ts";
import type { RouteData } from "../compile/route-data.ts";
import { codeFingerprint, specsFingerprint } from "../fingerprint.ts";
import { clearKilledBuilds, pageFiles } from "./index.ts";
import { clearStaleLock } from "./output-guard.ts";
import type { Diagnostic } from "../diagnostics/index.ts";
import { type SourceFile, sourceOnDisk } from "../load/source.ts";
import { byCodeUnit } from "../order.ts";

/** The record's file name inside a build folder. */
const RECORD_FILE = ".site-record.json";
/** The compile's notes (compile/notes.ts), beside the record. */
const NOTES_FILE = ".site-notes.json";
/** Bumped whenever what the notes hold, or what an input key means, changes. */
const NOTES_FORMAT = 3;

/** Bumped whenever what a record holds, or how a page's key is made, changes. */
const FORMAT = 7;

/**
 * Where a page's header and footer lie in its HTML, as offsets into the text: [header start,
 * header end, footer start, footer end]. A page whose region's layout changes and nothing else
 * gets the new header and footer in their place (render/pool.ts).
 */
export type LayoutSlots = [number, number, number, number];

/** What the summary of a build needs of a page that was not rendered again. */
export interface RecordedPage {
  key: string;
  bytes: number;
  islands: string[];
  /** Hashes of the page's HTML and of its manifest as written (write/index.ts, writePage). */
  htmlHash: string;
  manifestHash: string;
  /** The key of what the page is made of but its region's layout (pageKeys). */
  own: string;
  /** Its layout's frame (render/index.tsx, layoutFrame) and where its header and footer lie. */
  frame: string;
  slots: LayoutSlots;
}

export interface BuildRecord<Summary = unknown> {
  /** The instant the output shows (routes.json's `now`). */
  now: string;
  /** The hash of the inputs; null when its specs had only just changed (PreviousBuild.inputs). */
  inputs: string | null;
  summary: Summary;
  /**
   * The check's warnings, as plain data, and the folder the build ran in: a build whose output
   * stands shows them again without a check, as the one that wrote it did.
   */
  warnings: RecordedWarnings;
  /** By route path. */
  pages: Record<string, RecordedPage>;
  /** Hashes of the other files as written, by path inside the output (write/index.ts, hashOf). */
  files: Record<string, string>;
}

/** The record of the build in `folder`, or null when it has none or one of another format. */
function readRecord<Summary>(folder: string | null): BuildRecord<Summary> | null {
  if (!folder) return null;
  try {
    const stored = JSON.parse(readFileSync(join(folder, RECORD_FILE), "utf8")) as BuildRecord<Summary> & {
      format: number;
    };
    return stored.format === FORMAT ? stored : null;
  } catch {
    return null;
  }
}

export function writeRecord(folder: string, record: BuildRecord): void {
  // Routes and files in order, so that two builds of the same site write the same record.
  const sorted = <T>(entries: Record<string, T>) =>
    Object.fromEntries(Object.entries(entries).sort(([a], [b]) => byCodeUnit(a, b)));
  writeFileSync(
    join(folder, RECORD_FILE),
    `${JSON.stringify({ format: FORMAT, ...record, pages: sorted(record.pages), files: sorted(record.files) })}\n`,
  );
}

/**
 * The record of the spare a build is about to write over (write/index.ts, stagingFolder), taken out
 * of it: until the build ends, the folder holds neither that build nor this one.
 */
export function takeRecord<Summary>(folder: string): BuildRecord<Summary> | null {
  const record = readRecord<Summary>(folder);
  rmSync(join(folder, RECORD_FILE), { force: true });
  // The spare's notes go with its record: never paired with another build's.
  rmSync(join(folder, NOTES_FILE), { force: true });
  return record;
}

/**
 * The notes as written: the keys, effects and alternate lists the routes share are written once,
 * and each route names them by number (tens of megabytes less at 10,000 routes); each key's value
 * beside it, in `values`.
 */
interface StoredNotes extends Omit<CompileNotes, "routes" | "values"> {
  format: number;
  keys: string[];
  values: (string | null)[];
  effects: string[];
  alternates: RouteNotes["head"]["alternates"][];
  routes: Record<
    string,
    Omit<RouteNotes, "keys" | "effects" | "head"> & {
      keys: number[];
      effects: number[];
      head: Omit<RouteNotes["head"], "alternates"> & { alternates: number };
    }
  >;
}

/** The notes of the compile of the build in `folder`, or null. Read only by a build that compiles. */
export function readNotes(folder: string | null): CompileNotes | null {
  if (!folder) return null;
  try {
    const stored = JSON.parse(readFileSync(join(folder, NOTES_FILE), "utf8")) as StoredNotes;
    if (stored.format !== NOTES_FORMAT) return null;
    const { keys, values, effects, alternates, routes, format: _, ...rest } = stored;
    if (values.length !== keys.length) return null;
    const known = keys.flatMap((key, i): [string, string][] =>
      typeof values[i] === "string" ? [[key, values[i]]] : [],
    );
    const notes: CompileNotes = { ...rest, routes: {}, values: new Map(known) };
    for (const [path, route] of Object.entries(routes))
      notes.routes[path] = {
        ...route,
        keys: route.keys.map((i) => keys[i]!),
        effects: route.effects.map((i) => effects[i]!),
        head: { ...route.head, alternates: alternates[route.head.alternates]! },
      };
    return notes;
  } catch {
    // No notes, or notes of another shape than this compiler writes (changed by hand): as good as none.
    return null;
  }
}

export function writeNotes(folder: string, notes: CompileNotes): void {
  const table = <T>(key: (value: T) => string = String) => {
    const numbers = new Map<string, number>();
    const values: T[] = [];
    const numberOf = (value: T) => {
      const name = key(value);
      let number = numbers.get(name);
      if (number === undefined) {
        numbers.set(name, (number = values.length));
        values.push(value);
      }
      return number;
    };
    return { values, numberOf };
  };
  const keys = table<string>();
  // Every key with a value is in the table, a layout's too.
  for (const key of notes.values.keys()) keys.numberOf(key);
  const effects = table<string>();
  // Lists read from the last notes are one object per list: each is written out once.
  const written = new Map<RouteNotes["head"]["alternates"], string>();
  const alternates = table<RouteNotes["head"]["alternates"]>((list) => {
    let text = written.get(list);
    if (text === undefined) written.set(list, (text = JSON.stringify(list)));
    return text;
  });
  const routes: StoredNotes["routes"] = {};
  for (const [path, route] of Object.entries(notes.routes))
    routes[path] = {
      ...route,
      keys: route.keys.map(keys.numberOf),
      effects: route.effects.map(effects.numberOf),
      head: { ...route.head, alternates: alternates.numberOf(route.head.alternates) },
    };
  const stored: StoredNotes = {
    format: NOTES_FORMAT,
    ...notes,
    keys: keys.values,
    values: keys.values.map((key) => notes.values.get(key) ?? null),
    effects: effects.values,
    alternates: alternates.values,
    routes,
  };
  writeFileSync(join(folder, NOTES_FILE), `${JSON.stringify(stored)}\n`);
}

/** The previous build's notes, linked into the build folder (a build restamped from it). */
export function keepNotes(target: { staging: string; previous: string }): void {
  try {
    linkSync(join(target.previous, NOTES_FILE), join(target.staging, NOTES_FILE));
  } catch {
    // None to keep: the next build compiles every route.
  }
}

/** Every file of a recorded build, pages and manifests included, with its hash. */
export function filesOf(record: BuildRecord): Map<string, string> {
  const files = new Map(Object.entries(record.files));
  for (const [path, page] of Object.entries(record.pages)) {
    const { file, manifestFile } = pageFiles(path);
    files.set(file, page.htmlHash);
    files.set(manifestFile, page.manifestHash);
  }
  return files;
}

/** What a build is asked to do, as far as its record is concerned (pipeline.ts: BuildOptions). */
interface Asked {
  specsDir: string;
  out: string;
  /** How --out was written: the same output however it is written, so no input. */
  outAsWritten?: string;
  now: DateTime;
  cwd?: string;
  threads?: number;
  onStage?: (stage: string, detail: string, ms: number) => void;
  onProgress?: unknown;
}

/** The build --out holds, and whether its output stands for the build asked for. */
export interface PreviousBuild<Summary> {
  /** The build folder --out links to, if any. */
  folder: string | null;
  record: BuildRecord<Summary> | null;
  /**
   * The hash of the inputs of the build asked for; null when a spec file changed too recently for
   * a later equal hash to prove it unchanged (fingerprint.ts, settled): that build never stands.
   */
  inputs: string | null;
  /** The folder the build asked for runs in (its warnings' messages name files from there). */
  cwd: string;
}

/**
 * The build --out holds, and the hash of everything the output asked for is a function of but
 * the instant: the code, the specs folder's files and every other option that is data (where,
 * and how fast, left out). The instant is compared apart (standingBuild). Reads no spec and loads
 * no stage: site build with nothing changed ends here.
 */
export function previousBuild<Summary>(options: Asked, code = codeFingerprint()): PreviousBuild<Summary> {
  const {
    specsDir,
    out,
    outAsWritten: _written,
    cwd = process.cwd(),
    threads: _threads,
    onProgress: _p,
    onStage: _s,
    now: _now,
    ...rest
  } = options;
  const specs = specsFingerprint(specsDir);
  const inputs = { code, specs: specs.hash, ...rest };
  const folder = existsSync(out) ? realpathSync(out) : null;
  return {
    folder,
    record: readRecord<Summary>(folder),
    inputs: specs.settled ? createHash("sha256").update(JSON.stringify(inputs)).digest("hex") : null,
    cwd,
  };
}

/**
 * The result of a build whose inputs are those of the build --out holds: that output stands, and
 * its recorded summary is the summary. Null when something changed.
 */
export function standingBuild<Summary extends { fileCount: number; nextChange: string | null }>(
  options: Asked,
  previous: PreviousBuild<Summary>,
  started: number,
) {
  if (!previous.record || outputAt(previous, options.now) !== "as it is") return null;
  // The output stands; what builds killed since left beside it goes, as a writing build clears it.
  clearStaleLock(options.out);
  clearKilledBuilds(options.out);
  options.onStage?.("check", "nothing changed since the last build: its output stands", performance.now() - started);
  return standingResult(previous.record, started);
}

/**
 * What a build whose output stood (as it is, or restamped) gives back: its record's summary and
 * warnings, with the texts of the files they point into, read when a printer asks.
 */
export function standingResult<Summary extends { fileCount: number }>(record: BuildRecord<Summary>, started: number) {
  const { fileCount, ...summary } = record.summary;
  const { cwd, diagnostics } = record.warnings;
  const sources = new Map<string, SourceFile>();
  for (const { location } of diagnostics)
    if (!sources.has(location.file))
      sources.set(location.file, sourceOnDisk(location.file, resolve(cwd, location.file)));
  return {
    model: undefined,
    diagnostics,
    sources,
    fileCount,
    summary: { ...summary, ms: performance.now() - started },
  };
}

/**
 * A check's warnings as a record keeps them. A message may name a file by its path from the folder
 * the build ran in, so they are shown again only by a build run in the same folder (outputAt).
 */
export interface RecordedWarnings {
  cwd: string;
  diagnostics: Diagnostic[];
}

/** The check's warnings as plain data: link's locations work out their offset when asked, from the document they keep. */
export function recordedWarnings(diagnostics: readonly Diagnostic[], cwd = process.cwd()): RecordedWarnings {
  return {
    cwd,
    diagnostics: diagnostics.map(({ code, severity, message, hint, location }) => ({
      code,
      severity,
      message,
      ...(hint === undefined ? {} : { hint }),
      location: { file: location.file, offset: location.offset, length: location.length },
    })),
  };
}

/**
 * Whether the output --out holds is the one asked for: "as it is" when its inputs and its instant
 * are those asked for (and its warnings, if any, were found from the same folder); "restamped"
 * when its inputs are and the instant asked for is later than its own but before its next change.
 * No window opens or closes in between, so every page is the same (tests/integration/
 * incremental.test.ts holds the build to a cold one), and only the two files that name the
 * instant, routes.json and build.json, are not. Null when anything else differs.
 */
export function outputAt<Summary extends { nextChange: string | null }>(
  previous: PreviousBuild<Summary>,
  now: DateTime,
): "as it is" | "restamped" | null {
  const { record, inputs } = previous;
  if (!record || inputs === null || record.inputs !== inputs) return null;
  if (record.warnings.diagnostics.length > 0 && record.warnings.cwd !== previous.cwd) return null;
  if (record.now === now.toISO()) return "as it is";
  const at = now.toMillis();
  const next = record.summary.nextChange === null ? Number.POSITIVE_INFINITY : Date.parse(record.summary.nextChange);
  return Date.parse(record.now) <= at && at < next ? "restamped" : null;
}

/** Hashes of a region's layout, once per layout object: every route of a region shares one. */
const layoutHashes = new WeakMap<object, string>();

/**
 * What a page's key is made of, as text: the route's own data as JSON, its manifest as JSON without
 * the head it shares with the data (0 in its place), and its region's layout hashed. A render
 * thread is sent these (render/pool.ts) and parses them only for a page it must render.
 */
export interface PageText {
  layoutHash: string;
  own: string;
  manifest: string;
}

/** The hash of a region's layout, as a page's key takes it. */
function layoutHashOf(layout: object): string {
  let layoutHash = layoutHashes.get(layout);
  if (layoutHash === undefined) {
    layoutHash = createHash("sha1").update(JSON.stringify(layout)).digest("hex");
    layoutHashes.set(layout, layoutHash);
  }
  return layoutHash;
}

export function pageText(data: RouteData, manifest: RouteManifest): PageText {
  const { layout, ...own } = data;
  return {
    layoutHash: layoutHashOf(layout),
    own: JSON.stringify(own),
    manifest: JSON.stringify({ ...manifest, head: manifest.head === data.head ? 0 : manifest.head }),
  };
}

/**
 * What every page of a build shares, as the start of its key: the code and the assets (the asset
 * URLs, the style and preload tables), hashed once per build rather than with each page (3.5 KB,
 * 35 MB to hash at 10,000 routes).
 */
export function keyBase(code: string, assets: unknown): string {
  return createHash("sha1")
    .update(`${code}\n${JSON.stringify(assets)}`)
    .digest("base64url");
}

/**
 * The keys of a page: `key`, equal keys giving the same HTML and manifest; `own`, of all but its
 * region's layout: equal own keys give the same HTML but for what the layout puts in it. `base`:
 * keyBase.
 */
export function pageKeys(base: string, data: RouteData, manifest: RouteManifest): { key: string; own: string } {
  return keysOf(base, pageText(data, manifest));
}

/** A page's keys from its text (pageText). */
export function keysOf(base: string, text: PageText): { key: string; own: string } {
  const own = createHash("sha1").update(base).update(text.own).update(text.manifest).digest("base64url");
  return { own, key: keyFrom(own, text.layoutHash) };
}

/** The key of a page whose own key is `own`, with this layout: the page needs not be made to know it. */
export function keyWithLayout(own: string, layout: RouteData["layout"]): string {
  return keyFrom(own, layoutHashOf(layout));
}

function keyFrom(own: string, layoutHash: string): string {
  return createHash("sha1").update(own).update(layoutHash).digest("base64url");
}
