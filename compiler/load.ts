// Stage 1, load: read every spec file and parse it into plain data. Source positions are needed
// only when there is a problem to point at, so the positioned YAML document of a file is built
// on demand: a clean build of 10,000 routes never builds one. The fast path (js-yaml) declines
// whatever it cannot read exactly as the positioned parser would; that parser then reads the
// file and words its errors.

import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { CORE_SCHEMA, load as loadFast } from "js-yaml";
import { isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, type Document, type Node } from "yaml";
import { diagnostic, type Diagnostic, type Location, type Result } from "./diagnostics.ts";
import type { ParseCache } from "./parse-cache.ts";

/** The kinds of spec file; each has a schema in schemas/<kind>.schema.json. */
export type SpecKind =
  | "site"
  | "pages"
  | "prices"
  | "catalogue"
  | "region-chooser"
  | "organisation"
  | "api"
  | "constants"
  | "region"
  | "messages"
  | "campaign"
  | "content";

/** Files of which there is exactly one, and where they live. */
export const singletonFiles: Record<string, SpecKind> = {
  "site.yaml": "site",
  "pages.yaml": "pages",
  "prices.yaml": "prices",
  "catalogue.yaml": "catalogue",
  "region-chooser.yaml": "region-chooser",
  "organisation.yaml": "organisation",
  "api.yaml": "api",
  "constants.yaml": "constants",
};

/**
 * Folders whose every file is one spec of a kind, named by its path without .yaml: regions/us.yaml
 * is region 'us', content/where-to-buy/hongkong-macao.yaml the content of that page.
 */
export const folderKinds: Record<string, SpecKind> = {
  regions: "region",
  messages: "messages",
  campaigns: "campaign",
  content: "content",
};

export type PathSegment = string | number;

export interface SourceFile {
  /** Path relative to the current directory, forward slashes. */
  path: string;
  text: string;
  readonly lineCounter: LineCounter;
}

export interface SpecDocument {
  kind: SpecKind;
  /** For folder kinds, the file's name without .yaml (the region code, language or campaign id). */
  name: string;
  source: SourceFile;
  /** The positioned YAML document, parsed on first use. */
  readonly doc: Document;
  /** Plain data of the document; undefined when the YAML did not parse. */
  data: unknown;
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
export function locate(spec: SpecDocument, path: readonly PathSegment[], options: { key?: boolean } = {}): Location {
  return new SpecLocation(spec, path, options.key ?? false);
}

class SpecLocation implements Location {
  readonly file: string;
  #span: { offset: number; length: number } | undefined;
  constructor(
    private readonly spec: SpecDocument,
    private readonly path: readonly PathSegment[],
    private readonly key: boolean,
  ) {
    this.file = spec.source.path;
  }
  get offset(): number {
    return (this.#span ??= findSpan(this.spec, this.path, this.key)).offset;
  }
  get length(): number {
    return (this.#span ??= findSpan(this.spec, this.path, this.key)).length;
  }
}

function findSpan(spec: SpecDocument, path: readonly PathSegment[], key: boolean): { offset: number; length: number } {
  let node: unknown = spec.doc.contents;
  let keyNode: unknown;
  for (const segment of path) {
    if (isMap(node)) {
      const pair = node.items.find((p) => isPair(p) && scalarValue(p.key) === String(segment));
      if (!pair) break;
      keyNode = pair.key;
      node = pair.value;
    } else if (isSeq(node) && typeof segment === "number") {
      if (segment >= node.items.length) break;
      keyNode = undefined;
      node = node.items[segment];
    } else break;
  }
  const target = (key && keyNode ? keyNode : node) as Node | undefined;
  const range = target?.range;
  return range ? { offset: range[0], length: Math.max(0, range[1] - range[0]) } : { offset: 0, length: 0 };
}

function scalarValue(node: unknown): string | undefined {
  return isScalar(node) ? String(node.value) : undefined;
}

/** The first line a spec file should have; `name` is its path inside its folder. */
export function schemaComment(kind: SpecKind, name: string): string {
  const levels = Object.values(folderKinds).includes(kind) ? 2 + (name.match(/\//g)?.length ?? 0) : 1;
  const depth = "../".repeat(levels);
  return `# yaml-language-server: $schema=${depth}schemas/${kind}.schema.json`;
}

/** Parsed files by absolute path, reused while a file's size and mtime stay the same (site dev). */
export type LoadCache = Map<string, { mtimeMs: number; size: number; document: SpecDocument; diagnostics: Diagnostic[] }>;

/**
 * Files read and parsed ahead by other threads (read-ahead.ts), by absolute path: their text and
 * data, as of their size and mtime.
 */
export type ReadAhead = Map<string, ReadAheadFile>;
export interface ReadAheadFile {
  mtimeMs: number;
  size: number;
  text: string;
  /** The file's plain data, when it parsed clean; undefined leaves the file to load(). */
  parsed: { data: unknown } | undefined;
}

/**
 * Reads a spec file's text (without a byte-order mark) and gives it to the fast parser. A thread
 * reading ahead also gives what the fast parser declines to the positioned one (`positioned`), so
 * that the thread running load() only parses again the files that have something to report.
 */
export function readSpecFile(absPath: string, options: { positioned?: boolean } = {}): ReadAheadFile {
  const { mtimeMs, size } = statSync(absPath);
  const text = readSpecText(absPath);
  return { mtimeMs, size, text, parsed: fastData(text) ?? (options.positioned ? cleanPositionedData(text) : undefined) };
}

/** The data of a file the positioned parser reads without a problem. */
function cleanPositionedData(text: string): { data: unknown } | undefined {
  const doc = positionedDocument(text);
  if (doc.errors.length > 0) return undefined;
  const problems: Diagnostic[] = [];
  const data = toData(doc, "", text, problems);
  return problems.length === 0 ? { data: data ?? null } : undefined;
}

function readSpecText(absPath: string): string {
  // A byte-order mark would shift every column by one; editors hide it, so drop it.
  return readFileSync(absPath, "utf8").replace(/^\uFEFF/, "");
}

/** What load can reuse instead of reading and parsing again. */
export interface LoadReuse {
  /** Documents of this process (site dev). */
  cache?: LoadCache;
  /** Files read and parsed ahead on other threads (site build of large specs). */
  ahead?: ReadAhead;
  /** Data parsed by earlier runs (parse-cache.ts). */
  parsed?: ParseCache;
}

/** Reads every spec under `dir`. Paths in the result are relative to `cwd`. */
export function load(dir: string, cwd = process.cwd(), reuse: LoadReuse = {}): Result<LoadedSpecs> {
  const diagnostics: Diagnostic[] = [];
  const documents: SpecDocument[] = [];
  const rel = (p: string) => relative(cwd, p).split(sep).join("/");

  for (const [fileName, kind] of Object.entries(singletonFiles)) {
    const path = join(dir, fileName);
    if (!isFile(path)) {
      diagnostics.push(diagnostic("missing-spec-file", { kind: fileName }, { file: rel(path), offset: 0, length: 0 }));
      continue;
    }
    documents.push(parseCached(kind, fileName.replace(/\.yaml$/, ""), path, rel(path), diagnostics, reuse));
  }
  for (const [folder, kind] of Object.entries(folderKinds)) {
    const folderPath = join(dir, folder);
    if (!isDirectory(folderPath)) continue;
    for (const name of filesBelow(folderPath)) {
      const path = join(folderPath, name);
      if (!name.endsWith(".yaml")) {
        diagnostics.push(unknownFile(rel(path)));
        continue;
      }
      documents.push(parseCached(kind, name.replace(/\.yaml$/, ""), path, rel(path), diagnostics, reuse));
    }
  }
  for (const entry of readdirSync(dir).sort()) {
    const known = entry in singletonFiles || entry in folderKinds;
    if (!known && !entry.startsWith(".")) diagnostics.push(unknownFile(rel(join(dir, entry))));
  }
  return { value: { dir, documents }, diagnostics };
}

/** Files below a folder as forward-slash paths relative to it, in a stable order. */
function filesBelow(dir: string, prefix = ""): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((e) => (e.isDirectory() ? filesBelow(join(dir, e.name), `${prefix}${e.name}/`) : e.isFile() ? [`${prefix}${e.name}`] : []));
}

function unknownFile(file: string): Diagnostic {
  const known = [...Object.keys(singletonFiles), ...Object.keys(folderKinds).map((f) => `${f}/*.yaml`)];
  return diagnostic("unknown-spec-file", { known }, { file, offset: 0, length: 0 });
}

function parseCached(kind: SpecKind, name: string, absPath: string, path: string, diagnostics: Diagnostic[], reuse: LoadReuse): SpecDocument {
  const { cache } = reuse;
  if (!cache) return parse(kind, name, absPath, path, diagnostics, reuse);
  const { mtimeMs, size } = statSync(absPath);
  const hit = cache.get(absPath);
  if (hit && hit.mtimeMs === mtimeMs && hit.size === size && hit.document.source.path === path) {
    diagnostics.push(...hit.diagnostics);
    return hit.document;
  }
  const own: Diagnostic[] = [];
  const document = parse(kind, name, absPath, path, own, { parsed: reuse.parsed });
  cache.set(absPath, { mtimeMs, size, document, diagnostics: own });
  diagnostics.push(...own);
  return document;
}

function parse(kind: SpecKind, name: string, absPath: string, path: string, diagnostics: Diagnostic[], reuse: LoadReuse): SpecDocument {
  const known = reuse.parsed?.lookup(absPath);
  const read = known ? undefined : (readAheadOf(absPath, reuse.ahead) ?? readSpecFile(absPath));
  const text = read?.text ?? readSpecText(absPath);
  const clean = known ?? read?.parsed;
  const source = sourceFile(path, text);
  const expected = schemaComment(kind, name);
  const firstTextLine = text.split(/\r?\n/, 1)[0] ?? "";
  const schemaProblem = firstTextLine.trim() !== expected && diagnostic("schema-comment", { expected }, { file: path, offset: 0, length: firstTextLine.length });

  let doc: Document | undefined;
  const document: SpecDocument = {
    kind,
    name,
    source,
    get doc() {
      return (doc ??= positionedDocument(text));
    },
    data: clean?.data,
  };
  if (!clean) {
    for (const error of document.doc.errors) {
      const location = { file: path, offset: error.pos[0], length: Math.max(0, error.pos[1] - error.pos[0]) };
      if (error.code === "DUPLICATE_KEY") {
        // The error spans only the start of the key: read the whole key from there.
        const key = /^["']?([^"':\n]+)/.exec(text.slice(error.pos[0]))?.[1]?.trim() ?? "?";
        const code = kind === "pages" ? "duplicate-page" : "duplicate-key";
        diagnostics.push(diagnostic(code, { key }, location));
      } else {
        diagnostics.push(diagnostic("yaml-syntax", { detail: firstLine(error.message) }, unclosedFlowStart(text, error.message, location)));
      }
    }
    document.data = document.doc.errors.length === 0 ? toData(document.doc, path, text, diagnostics) : undefined;
  }
  // A file with a YAML problem has no data: only clean files are remembered.
  if (read && document.data !== undefined) reuse.parsed?.remember(absPath, read, document.data);
  if (schemaProblem) diagnostics.push(schemaProblem);
  return document;
}

/** The file as read ahead, unless it changed since. */
function readAheadOf(absPath: string, ahead?: ReadAhead): ReadAheadFile | undefined {
  const file = ahead?.get(absPath);
  if (!file) return undefined;
  const { mtimeMs, size } = statSync(absPath);
  return file.mtimeMs === mtimeMs && file.size === size ? file : undefined;
}

function positionedDocument(text: string): Document {
  return parseDocument(text, { prettyErrors: false, uniqueKeys: true, strict: true });
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
  /\d[eE][-+]?\d/, // exponents without a dot
  /[|>][-+]?[1-9]/, // indentation indicators of block scalars
];
const needsPositionedParse = new RegExp(readDifferently.map((r) => r.source).join("|"));

/** The file's data by the fast parser, or undefined when it declines or finds the YAML broken. */
export function fastData(text: string): { data: unknown } | undefined {
  if (needsPositionedParse.test(text)) return undefined;
  try {
    const data = loadFast(text, { schema: CORE_SCHEMA });
    if (anchorOrAlias.test(text) && !(anchorsPlain(text) && aliasExpansion(data) <= MAX_ALIAS_EXPANSION)) return undefined;
    return { data: data === undefined ? null : data };
  } catch {
    return undefined;
  }
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

/** A source file whose line table is built when a printer first needs it. */
export function sourceFile(path: string, text: string): SourceFile {
  let lines: LineCounter | undefined;
  return {
    path,
    text,
    get lineCounter() {
      if (!lines) {
        lines = new LineCounter();
        lines.addNewLine(0);
        for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) lines.addNewLine(i + 1);
      }
      return lines;
    },
  };
}

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
  diagnostics.push(diagnostic("alias-expansion", { times: Math.round(times) }, { file: path, offset, length: alias?.[1]!.length ?? 0 }));
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

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
