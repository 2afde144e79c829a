// Stage 1, load: read every spec file and parse it into plain data. Source positions are needed
// only when there is a problem to point at, so the positioned YAML document of a file is built
// on demand: a clean build of 10,000 routes never builds one. The fast path (js-yaml) declines
// whatever it cannot read exactly as the positioned parser would; that parser then reads the
// file and words its errors.

import { readdirSync, type Dirent } from "node:fs";
import { join, relative, sep } from "node:path";
import { deserialize } from "node:v8";
import type { CST, Document, Node, Pair, YAMLError, YAMLMap } from "yaml";
import {
  appendAll,
  diagnostic,
  type Diagnostic,
  editDistance,
  type Location,
  type Result,
} from "../diagnostics/index.ts";
import { decodeSpec } from "./encoding.ts";
import { sourceFile, type SourceFile } from "./source.ts";
import { dataTooDeep, deepestLine, documentTooDeep, MAX_DEPTH, tokensTooDeep } from "./depth.ts";
import { entryAt, linkAt, readBytes, reasonOf, specsRoot, stampOf, type Entry } from "./entries.ts";
import { loadedCompilerFingerprint, settled } from "../fingerprint.ts";
import type { CachedFile, Derived, ParseCache } from "./parse-cache.ts";
import { jsYaml, yaml } from "./parsers.ts";
import { complexKeyErrors, complexKeys } from "./complex-keys.ts";
import { duplicateKeyErrors, duplicateKeys } from "./duplicates.ts";
import { misindentedLine, withoutComment } from "./indentation.ts";
import { byCodeUnit } from "../order.ts";

export { MAX_DEPTH } from "./depth.ts";

/**
 * The one table of spec kinds: where each kind lives in a specs folder. Each kind has a schema in
 * schemas/<kind>.schema.json. A file kind has exactly one file; a folder kind has one spec per
 * file, named by its path without .yaml: regions/us.yaml is region 'us', and
 * content/where-to-buy/hongkong-macao.yaml the content of that page.
 */
const specKinds = {
  site: { file: "site.yaml" },
  pages: { file: "pages.yaml" },
  prices: { file: "prices.yaml" },
  catalogue: { file: "catalogue.yaml" },
  "region-chooser": { file: "region-chooser.yaml" },
  organisation: { file: "organisation.yaml" },
  api: { file: "api.yaml" },
  constants: { file: "constants.yaml" },
  artwork: { file: "artwork.yaml" },
  region: { folder: "regions" },
  messages: { folder: "messages" },
  campaign: { folder: "campaigns" },
  content: { folder: "content" },
} as const satisfies Record<string, SpecPlace>;

interface SpecPlace {
  file?: string;
  folder?: string;
}

export type SpecKind = keyof typeof specKinds;

/** The folder of the specs that holds picture files (images/<key>.png or .jpg) instead of specs. */
export const PICTURES_FOLDER = "images";

/** Every kind of spec file. */
export const SPEC_KINDS = Object.keys(specKinds) as SpecKind[];

/** Files of which there is exactly one, and their kind. */
const singletonFiles: Record<string, SpecKind> = Object.fromEntries(
  SPEC_KINDS.flatMap((kind) => {
    const where: SpecPlace = specKinds[kind];
    return where.file ? [[where.file, kind]] : [];
  }),
);

/** Folders whose every file is one spec of a kind, and their kind. */
const folderKinds: Record<string, SpecKind> = Object.fromEntries(
  SPEC_KINDS.flatMap((kind) => {
    const where: SpecPlace = specKinds[kind];
    return where.folder ? [[where.folder, kind]] : [];
  }),
);

export type PathSegment = string | number;

export interface SpecDocument {
  kind: SpecKind;
  /** For folder kinds, the file's name without .yaml (the region code, language or campaign id). */
  name: string;
  source: SourceFile;
  /** The positioned YAML document, parsed on first use. */
  readonly doc: Document;
  /** Plain data of the document; undefined when the YAML did not parse. */
  data: unknown;
  /**
   * Set when the data is kept serialized (by the parse cache, which keeps only files that parsed
   * cleanly, or as a read-ahead thread sent it): it is there, and read back when first asked for
   * (a check that reads no file's data reads none).
   */
  readonly cached?: true;
  /**
   * The checks this same data passed with nothing to report, in this run or an earlier one (the
   * parse cache keeps it with the data), as a token that names the checks (validate's checksToken).
   */
  checksPassed?: string;
  /**
   * What rules of later stages worked out of this same data alone (link/derived.ts): replaced
   * whole when a rule adds to it. The parse cache keeps it by the file's stamp, as site dev keeps
   * the document of an unchanged file.
   */
  derived?: Derived;
}

export interface LoadedSpecs {
  dir: string;
  documents: SpecDocument[];
}

/**
 * A location for the node at `path` in a document: its key when `key` is set, else its value.
 * Stages pass locations along before they know whether anything is wrong (the link stage makes
 * hundreds of thousands for a large site), so the span is found only when something reads it.
 */
export function locate(
  spec: SpecDocument,
  path: readonly PathSegment[],
  options: { key?: boolean; part?: TextPart } = {},
): Location {
  return new SpecLocation(spec, path, options.key ?? false, options.part);
}

/**
 * A part of a text value, for a mistake inside a long text: the `nth` match (from 0) of `pattern`
 * (global) in the value's source. The value's own span when the source has fewer matches.
 */
export interface TextPart {
  pattern: RegExp;
  nth: number;
}

/** A text as the source of a pattern that matches it as written: each character RegExp reads as syntax escaped. */
export const literalPattern = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * A location in a spec file as plain data, to keep between runs (link/kept.ts): the node's path in
 * the file, found again in the file's document of a later run by `locate`.
 */
export interface LocationRef {
  file: string;
  path: readonly PathSegment[];
  key: boolean;
  part?: TextPart;
}

/** The plain data of a location `locate` made; undefined for a location of another kind. */
export function locationRef(location: Location): LocationRef | undefined {
  return location instanceof SpecLocation ? location.ref() : undefined;
}

class SpecLocation implements Location {
  readonly file: string;
  #span: { offset: number; length: number } | undefined;
  constructor(
    private readonly spec: SpecDocument,
    private readonly path: readonly PathSegment[],
    private readonly key: boolean,
    private readonly part: TextPart | undefined,
  ) {
    this.file = spec.source.path;
  }
  ref(): LocationRef {
    return { file: this.file, path: this.path, key: this.key, ...(this.part ? { part: this.part } : {}) };
  }
  get offset(): number {
    return this.span().offset;
  }
  get length(): number {
    return this.span().length;
  }
  private span(): { offset: number; length: number } {
    this.#span ??= keptSpan(this.spec, this.path, this.key, this.part);
    return this.#span;
  }
}

/**
 * A location's span, kept with what rules worked out of the file (SpecDocument.derived), which the
 * parse cache keeps by the file's stamp: a problem reported run after run in a large file is
 * shown without parsing the file with positions again (the catalogue's 2 MB at 10,000 routes:
 * about 0.8 s of every check while it has a warning). Under a token of the compiler's code.
 */
function keptSpan(
  spec: SpecDocument,
  path: readonly PathSegment[],
  key: boolean,
  part: TextPart | undefined,
): { offset: number; length: number } {
  const id = JSON.stringify([path, key, part ? [part.pattern.source, part.pattern.flags, part.nth] : 0]);
  const token = loadedCompilerFingerprint();
  const kept = spec.derived?.[SPANS];
  let spans = kept?.token === token ? (kept.value as Record<string, [number, number]>) : undefined;
  const known = spans?.[id];
  if (known) return { offset: known[0], length: known[1] };
  const whole = findSpan(spec, path, key);
  const span = part ? partOf(spec.source.text, whole, part) : whole;
  // The kept spans are the cache's own (it tells a change by a new object): they are copied
  // once, and the copy grows.
  if (!spans || !spansMade.has(spans)) {
    spans = { ...spans };
    spansMade.add(spans);
    spec.derived = { ...spec.derived, [SPANS]: { token, value: spans } };
  }
  spans[id] = [span.offset, span.length];
  return span;
}

const SPANS = "spans";
/** The spans objects this run made: grown in place. */
const spansMade = new WeakSet<object>();

// The source of a text, not its value, is searched: in a block scalar (`text: |`) the value has
// lost the indentation of its lines, and a quoted one its quotes and escapes.
function partOf(text: string, whole: { offset: number; length: number }, part: TextPart) {
  const source = text.slice(whole.offset, whole.offset + whole.length);
  let n = 0;
  for (const match of source.matchAll(part.pattern))
    if (n++ === part.nth) return { offset: whole.offset + match.index, length: match[0].length };
  return whole;
}

function findSpan(spec: SpecDocument, path: readonly PathSegment[], key: boolean): { offset: number; length: number } {
  const { isAlias } = yaml();
  let { node, keyNode } = nodeAt(spec, path);
  // A block an alias repeats is pointed at itself, not at the key before it, from every path that
  // reaches it: the one written there and each alias's.
  if (isAlias(node)) node = node.resolve(spec.doc);
  const anchored = typeof (node as Node | undefined)?.anchor === "string";
  // A key written with no value (`{name}` is a map of name to nothing) is pointed at by its key.
  const target = ((key || !node) && keyNode && !anchored ? keyNode : node) as Node | undefined;
  const range = target?.range;
  return range ? { offset: range[0], length: Math.max(0, range[1] - range[0]) } : { offset: 0, length: 0 };
}

/**
 * Where a field that is not one is a value cut short: inside { } a comma ends a value, so
 * `{ label: Meet Bumblebee, the new flagship, bg: black }` is a label 'Meet Bumblebee' and a
 * field 'the new flagship' with no value. The field cut, and the whole text as it was written.
 */
export function commaCut(
  spec: SpecDocument,
  mapPath: readonly PathSegment[],
  field: string,
): { field: string; written: string } | undefined {
  const { isMap, isScalar } = yaml();
  const { node } = nodeAt(spec, mapPath);
  if (!isMap(node) || !node.flow) return undefined;
  const i = node.items.findIndex((p) => scalarValue(p.key) === field);
  const pair = node.items[i];
  const before = node.items[i - 1];
  // Written with no colon (a bare word), after a field whose value is a plain text.
  if (!pair || pair.value !== null || !before || !isScalar(before.value) || before.value.type !== "PLAIN")
    return undefined;
  const start = before.value.range?.[0];
  const end = (pair.key as Node).range?.[1];
  if (start === undefined || end === undefined) return undefined;
  return { field: String(scalarValue(before.key)), written: spec.source.text.slice(start, end) };
}

/** The node at `path`, and the key it is written under (none for a list's item). */
function nodeAt(spec: SpecDocument, path: readonly PathSegment[]): { node: unknown; keyNode: unknown } {
  const { isAlias, isMap, isSeq } = yaml();
  let node: unknown = spec.doc.contents;
  let keyNode: unknown;
  for (const segment of path) {
    // Into an alias's anchored data: what is wrong there is wrong where it is written, once for
    // every place that shares it (`uk: *en` and `eu: *en` point at the us block they repeat).
    if (isAlias(node)) node = node.resolve(spec.doc);
    if (isMap(node)) {
      const pair = pairOf(node, String(segment));
      if (!pair) break;
      keyNode = pair.key;
      node = pair.value;
    } else if (isSeq(node) && typeof segment === "number") {
      if (segment >= node.items.length) break;
      keyNode = undefined;
      node = node.items[segment];
    } else break;
  }
  return { node, keyNode };
}

/**
 * A text written bare in { } or [ ] ("{name}", "[New] Timeline"), which YAML reads as a map or a
 * list: the value at `path`, or the map `path` is a key of when its keys have no values (`{name}`
 * is name with nothing). Where that value is, what YAML made of it, and its line as it should
 * be written, with the value in quotes.
 */
export function bracketedText(
  spec: SpecDocument,
  path: readonly PathSegment[],
): { path: readonly PathSegment[]; read: "map" | "list"; quoted: string } | undefined {
  const { isMap, isSeq, isScalar } = yaml();
  for (const at of [path, path.slice(0, -1)]) {
    const { node, keyNode } = nodeAt(spec, at);
    if (!(isMap(node) || isSeq(node)) || !node.flow || !node.range) continue;
    if (at !== path && !(isMap(node) && node.items.every((pair) => pair.value === null))) continue;
    const written = spec.source.text.slice(node.range[0], node.range[1]).trim();
    if (written.includes("\n")) continue;
    const before = isScalar(keyNode) ? `${String(keyNode.value)}: ` : typeof at.at(-1) === "number" ? "- " : "";
    return { path: at, read: isMap(node) ? "map" : "list", quoted: `${before}${JSON.stringify(written)}` };
  }
  return undefined;
}

/**
 * The first pair of a mapping with this key. A large mapping's pairs are indexed by key on the
 * first lookup: locating each of 130,000 unknown fields scanned their mapping once per field.
 */
function pairOf(map: YAMLMap, key: string): Pair | undefined {
  const { isPair } = yaml();
  if (map.items.length < 32) return map.items.find((p) => isPair(p) && scalarValue(p.key) === key);
  let index = pairsByKey.get(map);
  if (!index) {
    index = new Map();
    for (const p of map.items) {
      const name = isPair(p) ? scalarValue(p.key) : undefined;
      if (name !== undefined && !index.has(name)) index.set(name, p);
    }
    pairsByKey.set(map, index);
  }
  return index.get(key);
}

const pairsByKey = new WeakMap<YAMLMap, Map<string, Pair>>();

function scalarValue(node: unknown): string | undefined {
  return yaml().isScalar(node) ? String(node.value) : undefined;
}

/** The first line a spec file should have; `name` is its path inside its folder. */
function schemaComment(kind: SpecKind, name: string): string {
  const levels = Object.values(folderKinds).includes(kind) ? 2 + (name.match(/\//g)?.length ?? 0) : 1;
  const depth = "../".repeat(levels);
  return `# yaml-language-server: $schema=${depth}schemas/${kind}.schema.json`;
}

/** Parsed files by absolute path, reused while a file's size and mtime stay the same (site dev). */
export type LoadCache = Map<
  string,
  { mtimeMs: number; size: number; document: SpecDocument; diagnostics: Diagnostic[] }
>;

/**
 * Files read and parsed ahead by other threads (read-ahead.ts), by absolute path: their text and
 * data, as of their size and mtime.
 */
export type ReadAhead = Map<string, ReadAheadFile>;
/** A spec file as read: its text and, when it parsed clean, its plain data. */
export interface ReadFile extends Omit<ReadAheadFile, "parsed"> {
  parsed: { data: unknown } | undefined;
}

export interface ReadAheadFile {
  mtimeMs: number;
  size: number;
  text: string;
  /**
   * The file's plain data, when it parsed clean; undefined leaves the file to load(). A read-ahead
   * thread sends it serialized (V8's format, as the parse cache keeps it), read back when first asked for.
   */
  parsed: { data: unknown } | { serialized: Uint8Array } | undefined;
  /** Why the file cannot be parsed at all; `text` is then only for showing where. */
  problem?: ReadProblem;
}

/** A file that is not read past its bytes: the OS refused them, or they are not UTF-8. */
type ReadProblem =
  | { code: "unreadable-spec"; reason: string }
  | { code: "encoding"; offset: number; encoding?: string; byte?: string };

/**
 * Reads a spec file's text (without a byte-order mark) and gives it to the fast parser. A thread
 * reading ahead also gives what the fast parser declines to the positioned one (`positioned`), so
 * that the thread running load() only parses again the files that have something to report.
 * Never throws: a file that cannot be read or decoded comes back with its `problem`.
 */
export function readSpecFile(absPath: string, options: { positioned?: boolean; parse?: boolean } = {}): ReadFile {
  const read = readBytes(absPath);
  if ("reason" in read)
    return {
      mtimeMs: -1,
      size: -1,
      text: "",
      parsed: undefined,
      problem: { code: "unreadable-spec", reason: read.reason },
    };
  // A byte-order mark would shift every column by one; editors hide it, so it is dropped.
  const { text, problem } = decodeSpec(read.bytes);
  const { mtimeMs, size } = read;
  if (problem) return { mtimeMs, size, text, parsed: undefined, problem: { code: "encoding", ...problem } };
  if (options.parse === false) return { mtimeMs, size, text, parsed: undefined };
  return {
    mtimeMs,
    size,
    text,
    parsed: fastData(text) ?? (options.positioned ? cleanPositionedData(text) : undefined),
  };
}

/** The data of a file the positioned parser reads without a problem. */
export function cleanPositionedData(text: string): { data: unknown } | undefined {
  const { doc, tooDeepAt } = positionedDocument(text);
  if (doc.errors.length > 0 || tooDeepAt !== undefined) return undefined;
  const problems: Diagnostic[] = [];
  const data = toData(doc, "", text, problems);
  return problems.length === 0 ? { data: data ?? null } : undefined;
}

/** What load can reuse instead of reading and parsing again. */
export interface LoadReuse {
  /** Documents of this process (site dev). */
  cache?: LoadCache;
  /** Files read and parsed ahead on other threads (site build of large specs). */
  ahead?: ReadAhead;
  /** Data parsed by earlier runs (parse-cache.ts). */
  parsed?: ParseCache;
  /** The last load and the files a watcher saw change since (site dev): only those are read again. */
  watched?: WatchedLoad;
}

/**
 * Set by site dev before each load: `changed`, the absolute paths of the files its watcher saw
 * change since the last load (undefined: read the whole folder); load keeps its result in `last`.
 */
export interface WatchedLoad {
  last?: Result<LoadedSpecs>;
  changed?: readonly string[];
}

/** Reads every spec under `dir`. Paths in the result are relative to `cwd`. */
export function load(dir: string, cwd = process.cwd(), reuse: LoadReuse = {}): Result<LoadedSpecs> {
  const { watched } = reuse;
  const loaded = (watched && changedOnly(watched, cwd, reuse)) ?? loadFolder(dir, cwd, reuse);
  if (watched) watched.last = loaded;
  return loaded;
}

/**
 * The last load with the files that changed read again, when each is a plain file the last load
 * read: a stat of every other file of a large specs folder costs more than the edit itself. A
 * change to anything else (a file added or removed, a folder, a link) reads the whole folder.
 */
function changedOnly(watched: WatchedLoad, cwd: string, reuse: LoadReuse): Result<LoadedSpecs> | undefined {
  const { last, changed } = watched;
  if (!last || !changed) return undefined;
  const again = new Map(changed.map((path) => [slashPath(relative(cwd, path)), path]));
  const read = new Set(last.value.documents.map((d) => d.source.path));
  const root = specsRoot(last.value.dir);
  for (const [path, absolute] of again)
    if (!read.has(path) || entryAt(absolute, root).kind !== "file") return undefined;
  const diagnostics = last.diagnostics.filter((d) => !again.has(d.location.file));
  const documents = last.value.documents.map((d) => {
    const absolute = again.get(d.source.path);
    return absolute ? parseCached(d.kind, d.name, absolute, d.source.path, diagnostics, reuse) : d;
  });
  return { value: { dir: last.value.dir, documents }, diagnostics };
}

/** A relative path as the specs and diagnostics name it, with forward slashes on every system. */
const slashPath = (path: string) => path.split(sep).join("/");

function loadFolder(dir: string, cwd: string, reuse: LoadReuse): Result<LoadedSpecs> {
  const diagnostics: Diagnostic[] = [];
  const rel = (p: string) => slashPath(relative(cwd, p));
  const at = (path: string) => ({ file: rel(path), offset: 0, length: 0 });
  let entries: string[] = [];
  try {
    entries = readdirSync(dir).sort();
  } catch (error) {
    diagnostics.push(diagnostic("unreadable-spec", { reason: reasonOf(error), folder: true }, at(dir)));
  }
  const cx: FolderLoad = {
    dir,
    root: specsRoot(dir),
    rel,
    at,
    reuse,
    entries,
    diagnostics,
    documents: [],
    readAsMeant: new Set(),
  };
  for (const [fileName, kind] of Object.entries(singletonFiles)) loadSingleton(cx, fileName, kind);
  for (const [folder, kind] of Object.entries(folderKinds)) loadKindFolder(cx, folder, kind);
  reportStrays(cx);
  return { value: { dir, documents: cx.documents }, diagnostics };
}

/** What loading a specs folder works with, and what it has found so far. */
interface FolderLoad {
  dir: string;
  root: string;
  rel: (path: string) => string;
  at: (path: string) => Location;
  reuse: LoadReuse;
  /** The names in the specs folder itself, sorted. */
  entries: readonly string[];
  diagnostics: Diagnostic[];
  documents: SpecDocument[];
  /** Names read as the spec file or folder they most likely mean (meantEntry). */
  readAsMeant: Set<string>;
}

/**
 * A file or folder the specs lack, found under a name one slip from its own (price.yaml,
 * prices.yml, campaign/): read as what it is meant to be, with one error at it, rather than
 * ignored as unknown while its absence fails every rule that needed it. Its path, if any.
 */
function meantEntry(cx: FolderLoad, meant: string, kind: "file" | "folder"): string | undefined {
  const name = cx.entries.find(
    (e) =>
      !cx.readAsMeant.has(e) &&
      !(e in singletonFiles) &&
      !(e in folderKinds) &&
      misnames(e, meant) &&
      entryAt(join(cx.dir, e), cx.root).kind === kind,
  );
  if (name === undefined) return undefined;
  const path = join(cx.dir, name);
  cx.readAsMeant.add(name);
  cx.diagnostics.push(
    diagnostic("misnamed-spec-file", { meant: kind === "folder" ? `${meant}/` : meant }, cx.at(path)),
  );
  return path;
}

function loadSingleton(cx: FolderLoad, fileName: string, kind: SpecKind): void {
  const { diagnostics, rel, reuse } = cx;
  const path = join(cx.dir, fileName);
  const name = fileName.replace(/\.yaml$/, "");
  const entry = entryAt(path, cx.root);
  if (entry.kind === "missing") {
    const meant = meantEntry(cx, fileName, "file");
    if (meant === undefined) diagnostics.push(diagnostic("missing-spec-file", { kind: fileName }, cx.at(path)));
    else cx.documents.push(parseCached(kind, name, meant, rel(meant), diagnostics, reuse));
  }
  // A required file that is not one cannot be skipped: it is refused, and the site is not built.
  else if (entry.kind === "skip" || entry.kind === "unreadable") {
    cx.documents.push(
      problemDocument(kind, name, rel(path), "", { code: "unreadable-spec", reason: entry.reason }, diagnostics),
    );
  } else cx.documents.push(parseCached(kind, name, path, rel(path), diagnostics, reuse));
}

function loadKindFolder(cx: FolderLoad, folder: string, kind: SpecKind): void {
  const { diagnostics, rel, at } = cx;
  let folderPath = join(cx.dir, folder);
  const entry = entryAt(folderPath, cx.root);
  if (entry.kind === "missing") {
    const meant = meantEntry(cx, folder, "folder");
    if (meant === undefined) return;
    folderPath = meant;
  } else if (entry.kind === "file") {
    const hint = `make ${folder}/ a folder of spec files, or remove this file.`;
    diagnostics.push(
      diagnostic("skipped-entry", { what: `a file where the folder ${folder}/ belongs`, hint }, at(folderPath)),
    );
    return;
  }
  const skipped = (path: string, e: Entry) => {
    if (e.kind === "skip") diagnostics.push(diagnostic("skipped-entry", e, at(path)));
    if (e.kind !== "unreadable") return;
    diagnostics.push(diagnostic("unreadable-spec", { reason: e.reason, folder: true }, at(path)));
    // The folder's specs are not known: like a file that does not parse, it keeps the rules
    // that need every spec of its kind (a page's content, a region's file) from guessing.
    cx.documents.push(unknownDocument(kind, slashPath(relative(folderPath, path)), rel(path), ""));
  };
  if (entry.kind !== "folder" && entry.kind !== "missing") {
    skipped(folderPath, entry);
    return;
  }
  const names = filesBelow(folderPath, cx.root, skipped);
  const yaml = new Set(names.filter((name) => name.endsWith(".yaml")));
  for (const name of names) {
    const path = join(folderPath, name);
    // faq.yml beside no faq.yaml: the page's content under another ending.
    const meant = name.endsWith(".yml") ? name.replace(/\.yml$/, ".yaml") : undefined;
    if (meant !== undefined && !yaml.has(meant))
      diagnostics.push(diagnostic("misnamed-spec-file", { meant: `${folder}/${meant}` }, at(path)));
    else if (!name.endsWith(".yaml")) {
      diagnostics.push(unknownFile(rel(path)));
      continue;
    }
    const specName = (meant ?? name).replace(/\.yaml$/, "");
    cx.documents.push(parseCached(kind, specName, path, rel(path), diagnostics, cx.reuse));
  }
}

/** What else the specs folder holds: reported, never read. */
function reportStrays(cx: FolderLoad): void {
  for (const name of cx.entries) {
    if (name in singletonFiles || name in folderKinds || name.startsWith(".") || cx.readAsMeant.has(name)) continue;
    // Pictures, not specs: the images stage reads them (a picture replaces the drawing of its key).
    if (name === PICTURES_FOLDER) continue;
    const path = join(cx.dir, name);
    const entry = entryAt(path, cx.root);
    if (entry.kind === "skip") cx.diagnostics.push(diagnostic("skipped-entry", entry, cx.at(path)));
    else if (entry.kind === "folder")
      cx.diagnostics.push(
        diagnostic(
          "skipped-entry",
          { what: "a folder that is not part of the spec language", hint: knownFilesHint() },
          cx.at(path),
        ),
      );
    else cx.diagnostics.push(unknownFile(cx.rel(path)));
  }
}

/**
 * Whether an entry's name is most likely `meant` misspelt: the other ending (.yml), another case,
 * or one letter off in a name of five letters or more (price.yaml, campaign); not a name of its
 * own that happens to be near (news.yaml is no slip of pages.yaml).
 */
function misnames(name: string, meant: string): boolean {
  const stem = (n: string) => n.replace(/\.ya?ml$/i, "").toLowerCase();
  const [written, wanted] = [stem(name), stem(meant)];
  if (written === wanted) return name !== meant;
  return wanted.length >= 5 && editDistance(written, wanted) === 1;
}

/**
 * Files below a folder as forward-slash names relative to it, in a stable order. What is not
 * read (links that lead nowhere readable, pipes, sockets, folders that cannot be listed) goes to
 * `skipped`. A folder named like a spec file is given as a file: reading it says what it is.
 */
export function filesBelow(
  dir: string,
  root: string,
  skipped: (path: string, entry: Entry) => void,
  prefix = "",
): string[] {
  let entries: Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch (error) {
    skipped(dir, { kind: "unreadable", reason: reasonOf(error) });
    return [];
  }
  return entries
    .sort((a, b) => byCodeUnit(a.name, b.name))
    .flatMap((e) => {
      const path = join(dir, e.name);
      const name = `${prefix}${e.name}`;
      if (e.isDirectory() && !e.name.endsWith(".yaml")) return filesBelow(path, root, skipped, `${name}/`);
      if (e.isFile() || e.isDirectory()) return [name];
      const entry = e.isSymbolicLink() ? linkAt(path, root) : entryAt(path, root);
      if (entry.kind === "file") return [name];
      skipped(path, entry);
      return [];
    });
}

const knownSpecFiles = () => [...Object.keys(singletonFiles), ...Object.keys(folderKinds).map((f) => `${f}/*.yaml`)];
const knownFilesHint = () => `spec files are ${knownSpecFiles().join(", ")}.`;

function unknownFile(file: string): Diagnostic {
  return diagnostic("unknown-spec-file", { known: knownSpecFiles() }, { file, offset: 0, length: 0 });
}

function parseCached(
  kind: SpecKind,
  name: string,
  absPath: string,
  path: string,
  diagnostics: Diagnostic[],
  reuse: LoadReuse,
): SpecDocument {
  const { cache } = reuse;
  const stamp = cache && stampOf(absPath);
  if (!cache || !stamp) return parse(kind, name, absPath, path, diagnostics, reuse);
  const { mtimeMs, size } = stamp;
  const hit = cache.get(absPath);
  if (hit && hit.mtimeMs === mtimeMs && hit.size === size && hit.document.source.path === path) {
    appendAll(diagnostics, hit.diagnostics);
    return hit.document;
  }
  const own: Diagnostic[] = [];
  const document = parse(kind, name, absPath, path, own, { parsed: reuse.parsed });
  // A chmod that makes the file readable leaves its size and mtime as they were; a file that had
  // only just changed may change again with the same stamp (fingerprint.ts, settled).
  if (own.some((d) => d.code === "unreadable-spec") || !settled(mtimeMs)) cache.delete(absPath);
  else cache.set(absPath, { mtimeMs, size, document, diagnostics: own });
  appendAll(diagnostics, own);
  return document;
}

function parse(
  kind: SpecKind,
  name: string,
  absPath: string,
  path: string,
  diagnostics: Diagnostic[],
  reuse: LoadReuse,
): SpecDocument {
  const known = reuse.parsed?.lookup(absPath);
  if (known) return cachedDocument(kind, name, absPath, path, known, diagnostics);
  const read = readAheadOf(absPath, reuse.ahead) ?? readSpecFile(absPath);
  if (read.problem) return problemDocument(kind, name, path, read.text, read.problem, diagnostics);
  const text = read.text;
  const clean = read.parsed;
  const firstTextLine = firstLineOf(text);
  const schemaProblem = schemaCommentProblem(kind, name, path, firstTextLine);
  if (clean && "serialized" in clean) {
    // Parsed by a read-ahead thread: read back when first asked for, and kept by the cache as sent.
    const { serialized } = clean;
    reuse.parsed?.remember(absPath, read, { bytes: serialized }, firstTextLine);
    if (schemaProblem) diagnostics.push(schemaProblem);
    return specDocument(kind, name, sourceFile(path, text), undefined, { cached: () => deserialize(serialized) });
  }
  // A file that the fast parser did not take is parsed with positions at once, to say what is wrong.
  const positioned = clean ? undefined : positionedDocument(text);
  const document = specDocument(kind, name, sourceFile(path, text), clean?.data, { positioned });
  const tooDeepAt = positioned?.tooDeepAt;
  if (tooDeepAt !== undefined) {
    diagnostics.push(diagnostic("too-deep", { limit: MAX_DEPTH }, { file: path, offset: tooDeepAt, length: 1 }));
  } else if (!clean) {
    appendAll(diagnostics, yamlErrors(kind, path, text, document.doc.errors));
    document.data = document.doc.errors.length === 0 ? toData(document.doc, path, text, diagnostics) : undefined;
  }
  // A file with a YAML problem has no data: only clean files are remembered.
  if (document.data !== undefined) reuse.parsed?.remember(absPath, read, { data: document.data }, firstTextLine);
  if (schemaProblem) diagnostics.push(schemaProblem);
  return document;
}

/**
 * A file whose data an earlier run parsed, as it is now (parse-cache.ts): its text is read only
 * when something shows or locates a part of it, which a run with nothing to report never does
 * (at 10,000 routes, reading the 29 MB of them took a third of a second of every build).
 */
function cachedDocument(
  kind: SpecKind,
  name: string,
  absPath: string,
  path: string,
  known: CachedFile,
  diagnostics: Diagnostic[],
): SpecDocument {
  let text: string | undefined;
  // A file changed since it was looked up shows its new text (the next run parses it again).
  const source = sourceFile(path, () => (text ??= readSpecFile(absPath, { parse: false }).text));
  const schemaProblem = schemaCommentProblem(kind, name, path, known.head);
  if (schemaProblem) diagnostics.push(schemaProblem);
  return specDocument(kind, name, source, undefined, {
    checksPassed: known.passed,
    derived: known.derived,
    cached: () => {
      try {
        return known.data();
      } catch {
        // Kept data that does not read back (a damaged cache file) is no error of the specs: the
        // file, clean when kept and the same since, is parsed again.
        return readSpecFile(absPath, { positioned: true }).parsed?.data;
      }
    },
  });
}

/**
 * A document of a file, its positioned YAML parsed from its text when first asked for (unless
 * given), and its data, when `cached` gives it, read back from the parse cache when first asked for.
 */
function specDocument(
  kind: SpecKind,
  name: string,
  source: SourceFile,
  data: unknown,
  options: {
    positioned?: Positioned | undefined;
    checksPassed?: string | undefined;
    derived?: Derived | undefined;
    cached?: () => unknown;
  },
): SpecDocument {
  let positioned = options.positioned;
  let cached = options.cached;
  return {
    kind,
    name,
    source,
    get doc() {
      return (positioned ??= positionedDocument(source.text)).doc;
    },
    get data() {
      if (cached) {
        data = cached();
        cached = undefined;
      }
      return data;
    },
    set data(value) {
      data = value;
      cached = undefined;
    },
    ...(options.cached ? { cached: true as const } : {}),
    ...(options.checksPassed === undefined ? {} : { checksPassed: options.checksPassed }),
    ...(options.derived === undefined ? {} : { derived: options.derived }),
  };
}

function firstLineOf(text: string): string {
  return text.split(/\r?\n/, 1)[0] ?? "";
}

/** Every spec file starts with the comment that gives editors its schema. */
function schemaCommentProblem(kind: SpecKind, name: string, path: string, firstLine: string): Diagnostic | undefined {
  const expected = schemaComment(kind, name);
  if (firstLine.trim() === expected) return undefined;
  return diagnostic("schema-comment", { expected }, { file: path, offset: 0, length: firstLine.length });
}

/**
 * A file read no further than its bytes: no data, so no rule looks into it, and one diagnostic
 * saying why; `text` is what there is to show of it.
 */
function problemDocument(
  kind: SpecKind,
  name: string,
  path: string,
  text: string,
  problem: ReadProblem,
  diagnostics: Diagnostic[],
): SpecDocument {
  if (problem.code === "unreadable-spec")
    diagnostics.push(diagnostic("unreadable-spec", { reason: problem.reason }, { file: path, offset: 0, length: 0 }));
  else {
    const { offset, encoding, byte } = problem;
    diagnostics.push(
      diagnostic(
        "encoding",
        { ...(encoding ? { encoding } : {}), ...(byte ? { byte } : {}) },
        { file: path, offset, length: encoding ? 0 : 1 },
      ),
    );
  }
  return unknownDocument(kind, name, path, text);
}

/** A spec whose data is not known: left out of every rule that reads data. */
function unknownDocument(kind: SpecKind, name: string, path: string, text: string): SpecDocument {
  let doc: Document | undefined;
  return {
    kind,
    name,
    source: sourceFile(path, text),
    get doc() {
      return (doc ??= new (yaml().Document)(null));
    },
    data: undefined,
  };
}

/** The file as read ahead, unless it changed since. */
function readAheadOf(absPath: string, ahead?: ReadAhead): ReadAheadFile | undefined {
  const file = ahead?.get(absPath);
  if (!file) return undefined;
  const stamp = stampOf(absPath);
  return stamp && file.mtimeMs === stamp.mtimeMs && file.size === stamp.size ? file : undefined;
}

interface Positioned {
  doc: Document;
  /** Where the data first nests deeper than MAX_DEPTH; the document is then empty. */
  tooDeepAt?: number;
}

/**
 * The positioned document of a text, as yaml's parseDocument builds it, with the depth checked
 * on the tokens before anything is composed from them (composing recurses) and on the composed
 * document before its data is (aliases nest deeper than the text).
 */
function positionedDocument(text: string): Positioned {
  // yaml makes an Error for each problem it meets, and an Error records the stack where it was
  // made: a file of a million bad lines spent seconds on stacks nobody reads.
  const stackTraceLimit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return positionedParse(text);
  } finally {
    Error.stackTraceLimit = stackTraceLimit;
  }
}

function positionedParse(text: string): Positioned {
  const { Composer, Document, Parser, YAMLParseError } = yaml();
  let tokens: CST.Token[];
  try {
    tokens = Array.from(new Parser().parse(text));
  } catch (error) {
    // Thousands of levels run yaml's parser out of stack (depth.ts, deepestLine).
    if (error instanceof RangeError) return { doc: new Document(null), tooDeepAt: deepestLine(text) };
    throw error;
  }
  const deepInText = tokensTooDeep(tokens);
  if (deepInText !== undefined) return { doc: new Document(null), tooDeepAt: deepInText };
  let doc: Document | undefined;
  for (const next of new Composer({ prettyErrors: false, uniqueKeys: false, strict: true, logLevel: "error" }).compose(
    tokens,
    true,
    text.length,
  )) {
    if (!doc) doc = next;
    else {
      doc.errors.push(
        new YAMLParseError(
          next.range.slice(0, 2) as [number, number],
          "MULTIPLE_DOCS",
          "Source contains multiple documents; please use YAML.parseAllDocuments()",
        ),
      );
      break;
    }
  }
  doc ??= new Document(null);
  for (const error of duplicateKeyErrors(doc)) doc.errors.push(error);
  for (const error of complexKeyErrors(doc)) doc.errors.push(error);
  const tooDeepAt = doc.errors.length === 0 ? documentTooDeep(doc) : undefined;
  return tooDeepAt === undefined ? { doc } : { doc: new Document(null), tooDeepAt };
}

// What the fast parser reads differently from the positioned one goes the positioned way. The
// loader's property test holds the two parsers to the same data on everything else.
const readDifferently: RegExp[] = [
  /(?:^|[\s[{,])!\S/, // tags
  /<</, // merge keys
  /(?:^|\n) *(?:- +)*[?:](?:\s|$)/, // explicit and empty keys in blocks...
  /[{,[] *[?:](?:[\s,\]}]|$)/, // ...and in flow collections
  /(?:^|[\s{,[])(?:~|null|Null|NULL) *:/, // null keys
  /(?:^|\n) *(?:---|\.\.\.)/, // document markers, even indented
  /\t|\r(?!\n)|\uFEFF/, // tabs, lone carriage returns, byte-order marks inside the text
  /(?:^|[\s[{,:])[-+]?[\d_.]*\d[eE][-+]?\d/, // exponents, in a scalar of their own (not a colour's "#e2e8f0")
  /[|>][-+]?[1-9]/, // indentation indicators of block scalars
  // a quoted scalar run into what follows ("x"k: v): js-yaml reads on, the positioned parser refuses
  /(?:(?:^|\n) *(?:- +)*|: +|[[{,] *)(?:"(?:[^"\\]|\\[\s\S])*"[^\s:,\]}]|'(?:[^']|'')*'[^\s:,\]}'])/,
];
const needsPositionedParse = new RegExp(readDifferently.map((r) => r.source).join("|"));

/** The file's data by the fast parser, or undefined when it declines or finds the YAML broken. */
export function fastData(text: string): { data: unknown } | undefined {
  const table = tableData(text);
  if (table) return table;
  try {
    // The guard's backtracking can run out of stack on a quoted scalar millions of characters
    // long (a RangeError, once V8 has compiled the expression): then it declines too.
    if (needsPositionedParse.test(text)) return undefined;
    // js-yaml stops where its own count of levels passes the limit (its count runs a level or two
    // ahead of the data's); past it, or when the data nests deeper than its text (aliases, a
    // [key: value] in a sequence), the positioned parser says where.
    const { CORE_SCHEMA, load } = jsYaml();
    const data = load(text, { schema: CORE_SCHEMA, maxDepth: MAX_DEPTH + 2 });
    const aliased = anchorOrAlias.test(text);
    if (dataTooDeep(data, MAX_DEPTH, aliased)) return undefined;
    if (aliased && !(anchorsPlain(text) && aliasExpansion(data) <= MAX_ALIAS_EXPANSION)) return undefined;
    return { data: data === undefined ? null : data };
  } catch {
    return undefined;
  }
}

// A line of a table: a key and a flow sequence of cells, or a key alone that the rows below it
// (indented two spaces) belong to; blank and comment lines between them.
const tableLine = /^( {2})?([A-Za-z][A-Za-z0-9]*):(?: +\[([^\]#]*)\])?(?: +#.*)? *$/;
const ignoredLine = /^ *(?:#.*)?$/;
const tableCell = /^(?:(~)|(0|[1-9][0-9]{0,14})|([a-z][a-z0-9]*))$/;
// Words the core schema reads as null or true/false, in a cell or as a key: left to the parsers.
const notPlainWords = new Set(["null", "Null", "NULL", "true", "True", "TRUE", "false", "False", "FALSE"]);

/**
 * The data of a file written as a table, as prices.yaml is: keys whose values are rows (flow
 * sequences of whole numbers, ~ and plain lowercase words) or mappings of rows, nothing else. Read
 * line by line: js-yaml takes 15 to 50 ms over the 138 KB price table of 10,000 products, which
 * site dev reads again after every price edit; this takes a tenth of that. Anything else in the
 * file (another scalar, another indentation, a tab, a duplicate key) and it declines, for the
 * parsers to read; the loader's property test holds it to the positioned parser's data.
 */
export function tableData(text: string): { data: unknown } | undefined {
  const data: Record<string, unknown> = {};
  let block: Record<string, unknown> | undefined;
  let blockKey = "";
  // Line by line as far as the first that is not a table's: every spec file comes this way first.
  for (let start = 0, end = 0; start <= text.length; start = end + 1) {
    end = text.indexOf("\n", start);
    if (end < 0) end = text.length;
    const line = text.slice(start, end);
    if (line.includes("\t") || line.includes("\r")) return undefined;
    if (ignoredLine.test(line)) continue;
    const match = tableLine.exec(line);
    if (!match) return undefined;
    const [, indented, key, cells] = match as unknown as [string, string | undefined, string, string | undefined];
    if (notPlainWords.has(key)) return undefined;
    if (indented) {
      if (!block || cells === undefined || Object.hasOwn(block, key)) return undefined;
      const row = tableRow(cells);
      if (!row) return undefined;
      block[key] = row;
      continue;
    }
    if (Object.hasOwn(data, key)) return undefined;
    if (block && Object.keys(block).length === 0) data[blockKey] = null;
    block = undefined;
    if (cells === undefined) {
      block = {};
      blockKey = key;
      data[key] = block;
      continue;
    }
    const row = tableRow(cells);
    if (!row) return undefined;
    data[key] = row;
  }
  if (block && Object.keys(block).length === 0) data[blockKey] = null;
  return Object.keys(data).length > 0 ? { data } : undefined;
}

function tableRow(cells: string): (number | string | null)[] | undefined {
  if (cells.trim() === "") return [];
  const row: (number | string | null)[] = [];
  for (const cell of cells.split(",")) {
    const match = tableCell.exec(cell.trim());
    if (!match) return undefined;
    const [, none, number, word] = match;
    if (none) row.push(null);
    else if (number) row.push(Number(number));
    else if (notPlainWords.has(word!)) return undefined;
    else row.push(word!);
  }
  return row;
}

const anchorOrAlias = /(?:^|[\s[{,])[&*]\S/;
const anchorOrAliasToken = new RegExp(anchorOrAlias.source, "g");
// Where the specs put them: a mapping value or a list item, alone to the end of its line. Both
// parsers read anchors there alike; elsewhere (on keys, before a compact mapping) they differ.
const plainAnchorOrAlias = /(?::|-) [&*][^\s[\]{},]+ *$/gm;

function anchorsPlain(text: string): boolean {
  return text.match(anchorOrAliasToken)!.length === (text.match(plainAnchorOrAlias)?.length ?? 0);
}

/**
 * How many times over aliases repeat a file's data: its size with every alias written out, to its
 * size with each aliased part counted once. Both parsers share an aliased part instead of copying
 * it, so parsing stays cheap, but the stages after load walk the data written out: a few nested
 * aliases ("billion laughs") would stall them. Counted once per shared part, so a bomb is
 * measured without being walked.
 */
export function aliasExpansion(data: unknown): number {
  const expanded = new Map<object, number>();
  let distinct = 0;
  const size = (node: unknown): number => {
    if (node === null || typeof node !== "object") return 1;
    const known = expanded.get(node);
    if (known !== undefined) return known;
    let total = 1;
    distinct++;
    for (const child of Object.values(node)) {
      if (child === null || typeof child !== "object") distinct++;
      total += size(child);
    }
    expanded.set(node, total);
    return total;
  };
  const total = size(data);
  return total / Math.max(1, distinct);
}
/** How many times over aliases may repeat a file's data (yaml's own limit is 100 aliases of one anchor). */
export const MAX_ALIAS_EXPANSION = 100;

/**
 * The diagnostics of yaml's errors: the key errors (duplicate keys, keys that are lists or
 * blocks) before the first syntax error, and that error with the count of what the parser
 * reported after it, when it had lost its footing. Counted, not made into diagnostics: a file of
 * a million bad lines gave a million errors, and making and then folding a diagnostic for each
 * took most of a 20-second check.
 */
function yamlErrors(kind: SpecKind, path: string, text: string, errors: readonly YAMLError[]): Diagnostic[] {
  const isKeyError = (error: YAMLError) => error.code === "DUPLICATE_KEY" || error.code === "NON_STRING_KEY";
  const syntax = errors.filter((error) => !isKeyError(error));
  const first = syntax[0];
  const keyErrors = errors.filter(isKeyError);
  const before = (first ? keyErrors.filter((error) => error.pos[0] < first.pos[0]) : keyErrors).sort(
    (a, b) => a.pos[0] - b.pos[0],
  );
  const found = before.flatMap((error) => {
    const where = errorLocation(path, error);
    if (error.code === "NON_STRING_KEY") {
      const written = text.slice(error.pos[0], error.pos[1]);
      const key = written.length > 60 || written.includes("\n") ? `${written.slice(0, 60).split("\n")[0]}…` : written;
      return [diagnostic("complex-key", { key, list: complexKeys.get(error) === "list" }, where)];
    }
    // A run of keys repeated one after the other is one error, at its first (load/duplicates.ts).
    const info = duplicateKeys.get(error);
    if (info?.inRunOf) return [];
    // The error spans only the start of the key: read the whole key from there.
    const key = /^["']?([^"':\n]+)/.exec(text.slice(error.pos[0], error.pos[0] + 1024))?.[1]?.trim() ?? "?";
    if (kind === "pages" && info?.pageEntry) return [diagnostic("duplicate-page", { key }, where)];
    return [diagnostic("duplicate-key", { key, ...(info?.run.length ? { others: info.run } : {}) }, where)];
  });
  if (!first) return found;
  const more = syntax.length - 1 + keyErrors.length - before.length;
  const location = unclosedFlowStart(text, first.message, errorLocation(path, first));
  const quote =
    first.code === "BLOCK_AS_IMPLICIT_KEY"
      ? valueInQuotes(text, first.pos[0], VALUE_WITH_COLON)
      : first.code === "UNEXPECTED_TOKEN"
        ? valueInQuotes(text, first.pos[0], VALUE_AFTER_BRACKETS)
        : undefined;
  // A line indented off its block is the mistake the parser's message follows from: shown there.
  const misindented = misindentedLine(text, first.pos[0]);
  if (misindented) {
    const { offset, ...indent } = misindented;
    found.push(
      diagnostic("yaml-syntax", { detail: firstLine(first.message), more, indent }, { file: path, offset, length: 0 }),
    );
  } else found.push(diagnostic("yaml-syntax", { detail: firstLine(first.message), more, ...quote }, location));
  return found;
}

/** A key's value (or a list item) with ': ' in it, which YAML reads as the start of a key ("title: Flagship Bumblebee: The Scout"). */
const VALUE_WITH_COLON = /^((?:- )?[^\s:#'"][^:#]*:\s+)([^'"[{|>&*!].*: .*)$/;
/** A value that opens with a {placeholder} or [tag] and goes on after it, which YAML reads as a map or list ("{name} さん"). */
const VALUE_AFTER_BRACKETS =
  /^((?:- )?(?:[^\s:#'"][^:#]*:\s+)?)((\{[^{}]*\}|\[[^[\]]*\])[^,\]}\s#].*|(\{[^{}]*\}|\[[^[\]]*\])\s+[^\s#].*)$/;

/**
 * The line at `offset` with its value put in quotes, and what opened the value, when the value is
 * what YAML stumbled on (`shape`); else undefined.
 */
function valueInQuotes(text: string, offset: number, shape: RegExp): { quoted: string; opening?: string } | undefined {
  const start = text.lastIndexOf("\n", offset - 1) + 1;
  const end = text.indexOf("\n", offset);
  const line = text.slice(start, end < 0 ? text.length : end).trim();
  const parts = shape.exec(line);
  if (!parts) return undefined;
  const value = withoutComment(parts[2]!).trim();
  // A JSON string is a YAML double-quoted one.
  const quoted = `${parts[1]}${JSON.stringify(value)}`;
  return shape === VALUE_AFTER_BRACKETS ? { quoted, opening: value[0] } : { quoted };
}

const errorLocation = (file: string, error: YAMLError): Location => ({
  file,
  offset: error.pos[0],
  length: Math.max(0, error.pos[1] - error.pos[0]),
});

/** Plain data of a parsed document; aliases that repeat it without bound are refused (aliasExpansion). */
function toData(doc: Document, path: string, text: string, diagnostics: Diagnostic[]): unknown {
  let data: unknown;
  let times: number;
  try {
    // Aliased parts are shared, not copied (the limit is ours, below, and not yaml's count).
    data = doc.toJS({ maxAliasCount: -1 });
    times = aliasExpansion(data);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    diagnostics.push(diagnostic("yaml-syntax", { detail }, { file: path, offset: 0, length: 0 }));
    return undefined;
  }
  if (times <= MAX_ALIAS_EXPANSION) return data;
  const alias = /(?:^|[\s[{,])(\*\S+)/.exec(text);
  const offset = alias ? alias.index + alias[0].length - alias[1]!.length : 0;
  diagnostics.push(
    diagnostic(
      "alias-expansion",
      { times: Math.round(times) },
      { file: path, offset, length: alias ? alias[1]!.length : 0 },
    ),
  );
  return undefined;
}

/**
 * The parser notices an unclosed [ or { only where the next line begins; the mistake is at the
 * bracket that was never closed, so point there.
 */
function unclosedFlowStart(text: string, message: string, at: Location): Location {
  const closer = /^Flow (?:map|sequence) .*end with an? ([\]}])/.exec(message)?.[1];
  if (!closer) return at;
  const opener = closer === "]" ? "[" : "{";
  let depth = 0;
  for (let i = Math.min(at.offset, text.length) - 1; i >= 0; i--) {
    const c = text[i];
    if (c === closer) depth++;
    else if (c === opener && depth-- === 0) return { file: at.file, offset: i, length: 1 };
  }
  return at;
}

function firstLine(message: string): string {
  const line = message.split("\n", 1)[0] ?? message;
  // yaml appends " at line N, column M" to some messages; the printer shows the position itself.
  return line.replace(/ at line \d+, column \d+:?$/, "").trim();
}
