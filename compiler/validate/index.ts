// Stage 2, validate: check each document against its JSON Schema and turn ajv's errors into
// diagnostics that point at the offending YAML node and speak the campaign manager's language.

import { createHash } from "node:crypto";
import type { ColorString } from "color-string";
import countryToCurrency from "country-to-currency";
import common from "../../schemas/common.schema.json" with { type: "json" };
import { readFileSync, readdirSync } from "node:fs";
import { createRequire } from "node:module";
import type { ErrorObject, Format, ValidateFunction } from "ajv/dist/2020.js";
import { fullFormats } from "ajv-formats/dist/formats.js";
import { checkFigures, setSeparatedApart } from "./figures.ts";
import {
  appendAll,
  closest,
  codeNamed,
  keyMeant,
  diagnostic,
  type Diagnostic,
  type DiagnosticCode,
  type Location,
  type Result,
} from "../diagnostics/index.ts";
import { parseLink } from "../link/syntax.ts";
import {
  bracketedText,
  commaCut,
  locate,
  SPEC_KINDS as KINDS,
  type LoadedSpecs,
  type PathSegment,
  type SpecDocument,
  type SpecKind,
} from "../load/index.ts";
import type { SourceFile } from "../load/source.ts";
import type * as Spec from "./spec-types.ts";
import { cacheDir, writeCacheFile } from "../cache.ts";
import {
  dateMeant,
  dateProblem,
  instantMeant,
  isTimeZone,
  parseInstant,
  withWrittenZone,
  zoneNearest,
} from "../time/instant.ts";
import { fromRoot } from "../project.ts";
import { loadedCompilerFingerprint } from "../fingerprint.ts";
import { pathToFileURL } from "node:url";

const schemasDir = pathToFileURL(fromRoot("schemas/"));

/** A document that passed its schema, with its data typed. */
export interface Valid<T> {
  spec: SpecDocument;
  data: T;
}

export interface ValidSpecs {
  /** The specs folder as given: picture files are read from its images/. */
  dir: string;
  site?: Valid<Spec.Site>;
  pages?: Valid<Spec.Pages>;
  prices?: Valid<Spec.PriceTable>;
  catalogue?: Valid<Spec.ProductCatalogue>;
  regionChooser?: Valid<Spec.RegionChooser>;
  organisation?: Valid<Spec.Organisation>;
  api?: Valid<Spec.API>;
  constants?: Valid<Spec.SystemConstants>;
  artwork?: Valid<Spec.Artwork>;
  regions: Map<string, Valid<Spec.RegionalSettings>>;
  messages: Map<string, Valid<Spec.MessageTable>>;
  campaigns: Map<string, Valid<Spec.Campaign>>;
  /** Page content by page id. */
  content: Map<string, Valid<Spec.PageContent>>;
  /** Files that failed to parse, or whose data is not of the schema's shape: rules that need them are skipped. */
  invalid: SpecDocument[];
}

/**
 * What is wrong with a locale written as language-REGION (en-US), if anything: a language or a
 * region code that does not exist would be read as some other and the pages would say so in
 * their hreflang.
 */
function localeProblem(locale: string): string | undefined {
  const [language = "", region = ""] = locale.split("-");
  const known = (type: "language" | "region", code: string) => {
    try {
      return new Intl.DisplayNames(["en"], { type, fallback: "none" }).of(code) !== undefined;
    } catch {
      // Not even shaped as a code (en_US, e~n): Intl throws rather than answer.
      return false;
    }
  };
  if (!known("language", language)) return `'${language}' is no language code: write one such as en, de or ja.`;
  if (!known("region", region)) return `'${region}' is no region code: write one such as US, DE or JP.`;
  return undefined;
}

/**
 * The locale a value not shaped as language-COUNTRY most likely means, written that way: fr_FR,
 * fr-fr and FR-FR are fr-FR. None when it is no such pair of codes.
 */
function localeMeant(value: string): string | undefined {
  const parts = /^([A-Za-z]{2})[-_ ]([A-Za-z]{2})$/.exec(value.trim());
  if (!parts) return undefined;
  const meant = `${parts[1]!.toLowerCase()}-${parts[2]!.toUpperCase()}`;
  return meant !== value && localeProblem(meant) === undefined ? meant : undefined;
}

/** What most likely keeps a text from being an e-mail address, in a hint's words. */
function emailProblem(text: string): string {
  const at = text.lastIndexOf("@");
  if (at < 1) return "an e-mail address is a name, @ and a domain, such as support@mechanova.com.";
  if (/\s/.test(text.trim())) return "an e-mail address has no spaces.";
  const domain = text.slice(at + 1);
  if (!domain.includes(".")) return `its domain '${domain}' has no dot: write it whole, such as ${domain}.com.`;
  return "write an e-mail address such as support@mechanova.com.";
}

/** Each kind's validator, made when a document of that kind is first validated. */
type Validators = (kind: SpecKind) => ValidateFunction;
let validators: Validators | undefined;

/** Our formats, and the standard ones we use, under the one name the compiled code reads them by. */
const FORMATS: Record<string, Format> = {
  email: fullFormats.email,
  hostname: fullFormats.hostname,
  date: fullFormats.date,
  instant: { type: "string", validate: (s: string) => parseInstant(s).ok },
  "time-zone": { type: "string", validate: isTimeZone },
  locale: { type: "string", validate: (s: string) => localeProblem(s) === undefined },
  "external-url": { type: "string", validate: (s: string) => parseLink(s).kind === "external" },
  link: { type: "string", validate: (s: string) => ["external", "internal"].includes(parseLink(s).kind) },
};
const FORMATS_MODULE = "site:formats";

const requireFromHere = createRequire(import.meta.url);

/** Mixed into the cache key: tests set it to see a compile, then a load of what it wrote. */
let cacheSalt = "";

// allowMatchingProperties: messages name code 4003 in properties (to describe it) and match it by pattern.
const AJV_OPTIONS = {
  allErrors: true,
  verbose: true,
  strict: true,
  allowMatchingProperties: true,
  discriminator: true,
} as const;

function readSchemas(): string[] {
  return readdirSync(schemasDir)
    .filter((file) => file.endsWith(".schema.json"))
    .sort()
    .map((file) => withoutIdEnums(readFileSync(new URL(file, schemasDir), "utf8")));
}

/**
 * The schemas list the ids of specs/ (regions, products, pages) as enums for editors, which
 * complete them and flag a typo as it is typed (npm run gen:types keeps them current). The compiler
 * checks a spec folder against its own site.yaml, catalogue and pages in link, with a suggestion,
 * so it validates without those enums.
 */
function withoutIdEnums(text: string): string {
  if (!text.includes('"x-enum-from"')) return text;
  return JSON.stringify(JSON.parse(text), (_, value: unknown) => {
    if (value && typeof value === "object" && "x-enum-from" in value) {
      const { enum: _ids, ...rest } = value as Record<string, unknown>;
      return rest;
    }
    return value;
  });
}

/** Where the validators compiled from `schemas` are kept. */
export function compiledValidatorsFile(schemas = readSchemas()): URL {
  const ajvVersion = (requireFromHere("ajv/package.json") as { version: string }).version;
  const key = createHash("sha256")
    .update(JSON.stringify([cacheSalt, ajvVersion, AJV_OPTIONS, Object.keys(FORMATS), schemas]))
    .digest("hex")
    .slice(0, 16);
  return new URL(`validators-${key}.json`, cacheDir);
}

/**
 * Compiling the schemas costs a quarter of a second, at the start of every check; the compiled
 * code is kept in the cache folder (cache.ts), named by a hash of what it was compiled from, and
 * loaded from there while the schemas, the options and ajv stay the same. Two are kept, for
 * switching between two branches' schemas. The code is one module per kind, each made into a
 * function only when a document of its kind needs validating: most runs validate a few edited
 * files (validateDocument), and making all 800 KB of it took 30 ms.
 */
function compileValidators(): Validators {
  const schemas = readSchemas();
  const cached = compiledValidatorsFile(schemas);
  try {
    return loadCompiled(JSON.parse(readFileSync(cached, "utf8")) as Record<SpecKind, string>);
  } catch {
    // Not compiled yet, or unreadable: compiled below, and written anew.
  }

  // ajv itself is loaded only here: a check that finds the compiled validators never loads it
  // (about 60 ms of every command's start).
  const { default: Ajv2020, _ } = requireFromHere("ajv/dist/2020.js") as typeof import("ajv/dist/2020.js");
  const { default: standaloneCode } = requireFromHere(
    "ajv/dist/standalone/index.js",
  ) as typeof import("ajv/dist/standalone/index.js");
  const ajv = new Ajv2020({ ...AJV_OPTIONS, code: { source: true, formats: _`require(${FORMATS_MODULE})` } });
  // Our own keywords: the diagnostic code and hint a failure of this schema node reports.
  ajv.addKeyword({ keyword: "x-code", schemaType: "string" });
  ajv.addKeyword({ keyword: "x-hint", schemaType: "string" });
  // For editors: where a node's enum comes from, and what its pattern means in words.
  ajv.addKeyword({ keyword: "x-enum-from", schemaType: "string" });
  ajv.addKeyword({ keyword: "patternErrorMessage", schemaType: "string" });
  for (const [name, format] of Object.entries(FORMATS)) ajv.addFormat(name, format);
  for (const schema of schemas) ajv.addSchema(JSON.parse(schema));
  const idOf = (kind: SpecKind) => `${kind}.schema.json`;
  const modules = Object.fromEntries(KINDS.map((kind) => [kind, standaloneCode(ajv, { [kind]: idOf(kind) })]));
  writeCacheFile(cached, JSON.stringify(modules), 2);
  return (kind) => ajv.getSchema(idOf(kind))!;
}

/** The validators of the compiled modules (CommonJS, as ajv writes them), one per kind. */
function loadCompiled(modules: Record<SpecKind, string>): Validators {
  for (const kind of KINDS) if (typeof modules[kind] !== "string") throw new Error(`no validator for ${kind}`);
  const made = new Map<SpecKind, ValidateFunction>();
  const require = (id: string) => (id === FORMATS_MODULE ? FORMATS : requireFromHere(id));
  return (kind) => {
    let validator = made.get(kind);
    if (!validator) {
      const module = { exports: {} as Record<string, ValidateFunction> };
      new Function("require", "module", "exports", modules[kind])(require, module, module.exports);
      made.set(kind, (validator = module.exports[kind]!));
    }
    return validator;
  };
}

/**
 * What validating a document found, by document: site dev's loader hands back the same document
 * while its file is unchanged, so only edited files are validated again.
 */
let checkedDocuments = new WeakMap<SpecDocument, Checked>();

/** Forgets the compiled schemas: site dev calls it when a schema file changes. */
export function resetValidators(options: { salt?: string } = {}): void {
  cacheSalt = options.salt ?? "";
  validators = undefined;
  processToken = undefined;
  checkedDocuments = new WeakMap();
}

/**
 * What a document's passing validate depends on besides its data, as a token kept with the data
 * (load/parse-cache.ts): the schemas as compiled (with ajv's version and options) and the
 * compiler's code, which holds the formats and the price table's row rule (the templates play no
 * part: a template edit validates nothing again). A document that passed under the same token,
 * with the same data, is not validated again: at 10,000 routes that is a quarter second of every
 * build, and on the project's specs most of a check whose files are cached. Taken once per
 * process, whose compiler is the one it loaded; site dev forgets it when a schema changes
 * (resetValidators). `code`: another compiler's fingerprint.
 */
export function checksToken(code?: string): string {
  if (code !== undefined) return tokenOf(code);
  return (processToken ??= tokenOf(loadedCompilerFingerprint()));
}

let processToken: string | undefined;

function tokenOf(code: string): string {
  return createHash("sha256").update(`${compiledValidatorsFile().href}\n${code}`).digest("base64url").slice(0, 22);
}

interface Checked {
  diagnostics: readonly Diagnostic[];
  usable: boolean;
  /**
   * The data the later stages read, when it is not the document's own: fields the schema does not
   * know are reported and left out, or read under the name they most likely mean (below).
   */
  readable?: unknown;
}
const clean: Checked = { diagnostics: [], usable: true };

function validateDocument(spec: SpecDocument, token: string): Checked {
  if (spec.checksPassed === token) return clean;
  const known = checkedDocuments.get(spec);
  if (known) return known;
  const diagnostics: Diagnostic[] = [];
  let usable = true;
  let readable: unknown;
  validators ??= compileValidators();
  const validateDoc = validators(spec.kind);
  // Row length is a rule of the table itself: report it even when a cell is also wrong.
  if (spec.kind === "prices") appendAll(diagnostics, checkPriceRows(spec));
  if (validateDoc(spec.data)) appendAll(diagnostics, checkFigures(spec));
  else {
    const raw = validateDoc.errors ?? [];
    const errors = pruneAnyOf(raw);
    appendAll(diagnostics, explain(spec, takeInOrphans(dropMisspeltRequired(errors))));
    // A wrong value in the right shape (a bad link, an unknown enum value) leaves the data
    // usable by the cross-file rules, so their problems are reported in the same run; a
    // wrong shape (missing field, wrong type) does not.
    usable = !errors.some((e) => !VALUE_KEYWORDS.has(e.keyword));
    if (usable) readable = readableData(spec.data, errors, raw, validateDoc);
  }
  if (diagnostics.length === 0) {
    spec.checksPassed = token;
    return clean;
  }
  const result = { diagnostics, usable, readable };
  checkedDocuments.set(spec, result);
  return result;
}

/**
 * Every document against its kind's schema. A document that passed marks itself with the token
 * it passed under (checksToken), which the caller may keep with its data for later runs.
 */
export function validate(loaded: LoadedSpecs, token = checksToken()): Result<ValidSpecs> {
  const diagnostics: Diagnostic[] = [];
  const out: ValidSpecs = {
    dir: loaded.dir,
    regions: new Map(),
    messages: new Map(),
    campaigns: new Map(),
    content: new Map(),
    invalid: [],
  };

  for (const spec of loaded.documents) {
    if (!spec.cached && spec.data === undefined) {
      out.invalid.push(spec);
      continue;
    }
    const checked = validateDocument(spec, token);
    appendAll(diagnostics, checked.diagnostics);
    if (!checked.usable) {
      out.invalid.push(spec);
      continue;
    }
    const valid = validOf(spec, checked.readable);
    switch (spec.kind) {
      case "site":
        out.site = valid;
        break;
      case "pages":
        out.pages = valid;
        break;
      case "prices":
        out.prices = valid;
        break;
      case "catalogue":
        out.catalogue = valid;
        break;
      case "region-chooser":
        out.regionChooser = valid;
        break;
      case "organisation":
        out.organisation = valid;
        break;
      case "api":
        out.api = valid;
        break;
      case "constants":
        out.constants = valid;
        break;
      case "artwork":
        out.artwork = valid;
        break;
      case "region":
        out.regions.set(spec.name, valid);
        break;
      case "messages":
        out.messages.set(spec.name, valid);
        break;
      case "campaign":
        out.campaigns.set(spec.name, valid);
        break;
      case "content":
        out.content.set(spec.name, valid);
        break;
    }
  }
  return { value: out, diagnostics };
}

/** Every file of the specs that passed its schema. */
export function validFilesOf(specs: ValidSpecs): Valid<unknown>[] {
  const files: Valid<unknown>[] = [];
  for (const value of Object.values(specs) as unknown[])
    if (value instanceof Map) files.push(...(value.values() as Iterable<Valid<unknown>>));
    else if (value && typeof value === "object" && "spec" in value) files.push(value as Valid<unknown>);
  return files;
}

/** Every spec document of the specs, those that failed their schema too. */
function documentsOf(specs: ValidSpecs): SpecDocument[] {
  return [...validFilesOf(specs).map((file) => file.spec), ...specs.invalid];
}

/**
 * The stamp of the file a spec document was read from, when it proves the data the same as in
 * another run with that stamp (load/parse-cache.ts, stampIn); undefined where it does not.
 */
export type StampOf = (document: SpecDocument) => string | undefined;

/**
 * Each spec document's path and stamp, but those of the kinds left out, a line each in path order;
 * undefined when a stamp does not prove its file's data (the file had only just changed).
 */
export function documentStamps(
  specs: ValidSpecs,
  stampOf: StampOf,
  leftOut: readonly SpecDocument["kind"][],
): string | undefined {
  const lines: string[] = [];
  for (const document of documentsOf(specs)) {
    if (leftOut.includes(document.kind)) continue;
    const stamp = stampOf(document);
    if (stamp === undefined) return undefined;
    lines.push(`${document.source.path} ${stamp}`);
  }
  return lines.sort().join("\n");
}

/** Valid data whose data validate made readable (readableData): not the file's own. */
const madeReadable = new WeakSet<Valid<unknown>>();

/** Whether the data of a valid document is the file's own, and not what validate made of it (derived.ts keeps only such). */
export const isOwnData = (file: Valid<unknown>): boolean => !madeReadable.has(file);

/** A document as the later stages read it: its own data, read when first asked for, or what validate made readable. */
function validOf(spec: SpecDocument, readable: unknown): Valid<never> {
  if (readable === undefined)
    return {
      spec,
      get data() {
        return spec.data as never;
      },
    };
  const valid = { spec, data: readable as never };
  madeReadable.add(valid);
  return valid;
}

function checkPriceRows(spec: SpecDocument): Diagnostic[] {
  const { columns, list } = (spec.data ?? {}) as { columns?: unknown; list?: unknown };
  if (!Array.isArray(columns) || !list || typeof list !== "object") return [];
  const rows = Object.entries(list).map(([id, row]) => ({ id, count: Array.isArray(row) ? row.length : -1 }));
  // A figure with a thousands separator is its own error: its row is not too long for that.
  const { found, rest } = setSeparatedApart(spec, rows, {
    expected: columns.length,
    length: (row) => row.count,
    path: (row) => ["list", row.id],
    what: "prices",
  });
  const diagnostics = found.map(({ args, location }) => diagnostic("separated-figure", args, location));
  // Every row one price more (or less) than the columns: the columns are what is wrong, once.
  const lengths = new Set(rest.map((row) => row.count));
  const [length] = lengths;
  if (rest.length > 1 && lengths.size === 1 && length !== -1 && length !== columns.length)
    diagnostics.push(
      diagnostic("price-columns-length", { count: length!, columns: columns.map(String) }, locate(spec, ["columns"])),
    );
  else
    for (const { id, count } of rest)
      if (count !== -1 && count !== columns.length)
        diagnostics.push(
          diagnostic("price-row-length", { row: id, count, columns: columns.map(String) }, locate(spec, ["list", id])),
        );
  return diagnostics;
}

/**
 * The data of a usable document as the later stages read it. A field the schema does not know is
 * its own error, and no rule reads it (a text of messages/en.yaml that no language has is no
 * translation owed by the others). One that most likely means a field its object lacks
 * (promotions for promotion) is read under that name when the document then passes: the rules
 * judge what was meant, and say nothing of a promotion, a product or a campaign that is only
 * misspelt; in a file with other errors too, when it brings no error the file did not have.
 * Copied along the paths; the document's own data is left as it is.
 */
function readableData(
  data: unknown,
  errors: readonly ErrorObject[],
  raw: readonly ErrorObject[],
  validateDoc: ValidateFunction,
): unknown {
  // The errors as reported (a failed anyOf's branches pruned), so that no branch's own fields are taken for unknown.
  const unknown = errors.filter((e) => e.keyword === "additionalProperties");
  const misshapen = errors.filter((e) => keyOf(e) !== undefined && e.keyword === "pattern");
  if (unknown.length === 0 && misshapen.length === 0) return data;
  const left: FieldEdit[] = [];
  const moved: FieldEdit[] = [];
  let anyRenamed = false;
  // A key in the wrong shape (a page id `Flagship-Megatron`) is read in the shape it most likely means.
  for (const e of misshapen) {
    const path = toPath(e.instancePath);
    const field = keyOf(e)!;
    const meant = keyShapeMeant(field, schemaOf(e));
    const object = path.reduce<unknown>((node, key) => (node as Record<PathSegment, unknown>)?.[key], data);
    if (meant && object && typeof object === "object" && !(meant in object)) {
      moved.push({ path, field, to: meant });
      anyRenamed = true;
    }
  }
  for (const e of unknown) {
    const path = toPath(e.instancePath);
    const field = (e.params as { additionalProperty: string }).additionalProperty;
    const allowed = Object.keys((schemaOf(e).properties ?? {}) as object);
    const meant = closest(field, allowed);
    const object = path.reduce<unknown>((node, key) => (node as Record<PathSegment, unknown>)?.[key], data);
    left.push({ path, field });
    if (meant && object && typeof object === "object" && !(meant in object)) {
      moved.push({ path, field, to: meant });
      anyRenamed = true;
    } else moved.push({ path, field });
  }
  const pruned = withFields(data, left);
  if (!anyRenamed) return pruned;
  const renamed = withFields(data, moved);
  if (validateDoc(renamed)) return renamed;
  // The file has other errors: read as meant if that brings no error the file did not already have.
  const had = new Set(raw.map((e) => `${e.instancePath} ${e.schemaPath}`));
  return (validateDoc.errors ?? []).every((e) => had.has(`${e.instancePath} ${e.schemaPath}`)) ? renamed : pruned;
}

/** A field of the object at `path` to leave out, or to move to the name `to`. */
interface FieldEdit {
  path: PathSegment[];
  field: string;
  to?: string;
}

/**
 * The data with each edit made, the objects on the edits' paths copied, each once however many
 * edits reach it: a file with 130,000 unknown fields copied its top block once per field.
 */
function withFields(data: unknown, edits: readonly FieldEdit[]): unknown {
  if (!data || typeof data !== "object") return data;
  const copies = new Set<object>();
  const own = (node: object): Record<PathSegment, unknown> => {
    if (copies.has(node)) return node as Record<PathSegment, unknown>;
    const copy = Array.isArray(node) ? [...node] : { ...node };
    copies.add(copy);
    return copy as Record<PathSegment, unknown>;
  };
  const root = own(data);
  for (const { path, field, to } of edits) {
    let node: Record<PathSegment, unknown> | undefined = root;
    for (const key of path) {
      const child: unknown = node[key];
      if (!child || typeof child !== "object") {
        node = undefined;
        break;
      }
      node = node[key] = own(child);
    }
    if (!node) continue;
    if (to !== undefined) node[to] = node[field];
    delete node[field];
  }
  return root;
}

function toPath(instancePath: string): PathSegment[] {
  if (!instancePath) return [];
  return instancePath
    .slice(1)
    .split("/")
    .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"))
    .map((s) => (/^\d+$/.test(s) ? Number(s) : s));
}

/**
 * ajv reports an anyOf failure after the failures of each of its branches. When the value's
 * type fits a branch, that branch's own failures say what is wrong (a naive timestamp, say);
 * when it fits none, the anyOf says it best ("a number or ~"). Branch errors are found as the
 * run just before the anyOf error, under its instance path (their schemaPath does not tell,
 * as it restarts inside every $ref).
 */
function pruneAnyOf(errors: ErrorObject[]): ErrorObject[] {
  const drop = new Set<ErrorObject>();
  const under = (path: string, root: string) => path === root || path.startsWith(`${root}/`);
  errors.forEach((error, i) => {
    if (error.keyword !== "anyOf" && error.keyword !== "oneOf") return;
    const branchErrors: ErrorObject[] = [];
    for (let j = i - 1; j >= 0 && under(errors[j]!.instancePath, error.instancePath); j--)
      branchErrors.push(errors[j]!);
    const typeMismatch = (e: ErrorObject) =>
      e.instancePath === error.instancePath && (e.keyword === "type" || e.keyword === "const");
    const informative = branchErrors.filter((e) => !typeMismatch(e) && e.keyword !== "anyOf" && e.keyword !== "oneOf");
    if (informative.length > 0) {
      drop.add(error);
      branchErrors.filter(typeMismatch).forEach((e) => drop.add(e));
    } else {
      branchErrors.forEach((e) => drop.add(e));
    }
  });
  // propertyNames reports the inner failure and then itself; the inner one says more.
  for (const e of errors) if (e.keyword === "propertyNames") drop.add(e);
  // A discriminator whose tag has an error of its own (a section type not in the list, with its
  // likeliest): that one says it at the tag, the discriminator only that the object is wrong.
  const at = new Set(errors.map((e) => e.instancePath));
  for (const e of errors)
    if (e.keyword === "discriminator" && at.has(`${e.instancePath}/${(e.params as { tag: string }).tag}`)) drop.add(e);
  return errors.filter((e) => !drop.has(e));
}

/**
 * A misspelt required field shows as unknown (with the right spelling as hint) and as missing:
 * one mistake, one message.
 */
function dropMisspeltRequired(errors: ErrorObject[]): ErrorObject[] {
  const drop = new Set<ErrorObject>();
  for (const e of errors) {
    if (e.keyword !== "required") continue;
    const missing = (e.params as { missingProperty: string }).missingProperty;
    const misspelt = errors.some(
      (o) =>
        o.keyword === "additionalProperties" &&
        o.instancePath === e.instancePath &&
        closest((o.params as { additionalProperty: string }).additionalProperty, [missing]) === missing,
    );
    if (misspelt) drop.add(e);
  }
  return errors.filter((e) => !drop.has(e));
}

/**
 * A block's key line taken out (`pages:`, `labels:`) leaves its entries as fields of what is
 * above them: of the mapping the block was in, or of the block before it, whose indent they now
 * share. Each is unknown there, and the block is missing. When two or more keys unknown there
 * would fit in the missing field (any key, for a map; one of its fields, for a block of fields),
 * they are its entries: one missing-field at the first of them stands for them all.
 */
function takeInOrphans(errors: ErrorObject[]): ErrorObject[] {
  const taken = new Set<ErrorObject>();
  for (const e of errors) {
    if (e.keyword !== "required") continue;
    const field = (e.params as { missingProperty: string }).missingProperty;
    const block = fieldSchema(schemaOf(e), field);
    if (!block) continue;
    // Unknown in the mapping itself, or in one of its blocks.
    const unknown = errors.filter(
      (o) =>
        o.keyword === "additionalProperties" &&
        (o.instancePath === e.instancePath || isChildPath(o.instancePath, e.instancePath)),
    );
    const keys = unknown.map((o) => (o.params as { additionalProperty: string }).additionalProperty);
    const isMap = typeof block.additionalProperties === "object" || block.propertyNames !== undefined;
    const fits = (key: string) => isMap || Object.hasOwn((block.properties ?? {}) as object, key);
    if (keys.length < 2 || !keys.every(fits)) continue;
    orphansOf.set(e, { keys, first: [...toPath(unknown[0]!.instancePath), keys[0]!] });
    for (const o of unknown) taken.add(o);
  }
  return taken.size === 0 ? errors : errors.filter((e) => !taken.has(e));
}

const isChildPath = (path: string, parent: string) =>
  path.startsWith(`${parent}/`) && !path.slice(parent.length + 1).includes("/");

/** The keys a required field's error stands for (takeInOrphans) and where the first is, read when it is explained. */
const orphansOf = new WeakMap<ErrorObject, { keys: string[]; first: PathSegment[] }>();
/** An unknown field that is a value cut short by a comma inside { } (explain finds them first). */
const cutOf = new WeakMap<ErrorObject, NonNullable<ReturnType<typeof commaCut>>>();
/** The commented-out keys an unknown field was reported under (unknownField), for explain to fold by. */
const commentedOf = new WeakMap<ErrorObject, readonly string[]>();

/** The schema of one field of an object's schema, a reference to the file's own $defs followed. */
function fieldSchema(schema: Record<string, unknown>, field: string): Record<string, unknown> | undefined {
  const sub = (schema.properties as Record<string, Record<string, unknown>> | undefined)?.[field];
  const ref = sub?.$ref;
  if (typeof ref !== "string") return sub?.type === "object" ? sub : undefined;
  const defs = schema.$defs as Record<string, Record<string, unknown>> | undefined;
  const target = ref.startsWith("#/$defs/") ? defs?.[ref.slice("#/$defs/".length)] : undefined;
  return target?.type === "object" ? target : undefined;
}

/**
 * What the schema says a field of an object is: its own description, or that of the definition
 * it refers to, in the kind's schema (`"$ref": "#/$defs/sectionId"`, shared by every section kind)
 * or another (`"$ref": "artwork.schema.json#/$defs/palette"`, a campaign's art).
 */
function fieldDescription(kind: SpecKind, schema: Record<string, unknown>, field: string): string | undefined {
  const sub = (schema.properties as Record<string, { description?: string; $ref?: string }> | undefined)?.[field];
  const ref =
    sub?.description === undefined ? /^([\w-]+\.schema\.json)?#\/\$defs\/([\w-]+)$/.exec(sub?.$ref ?? "") : null;
  if (!ref) return sub?.description;
  return definitionsOf(ref[1] ?? `${kind}.schema.json`)[ref[2]!]?.description;
}

/** The $defs of a schema file, read when a message needs one (a failing document only). */
const definitions = new Map<string, Record<string, { description?: string }>>();
function definitionsOf(file: string): Record<string, { description?: string }> {
  let defs = definitions.get(file);
  if (!defs) {
    const schema = JSON.parse(readFileSync(new URL(file, schemasDir), "utf8")) as { $defs?: typeof defs };
    definitions.set(file, (defs = schema.$defs ?? {}));
  }
  return defs;
}

/** Failures of these keywords leave the value's type as the compiler's types say. */
const VALUE_KEYWORDS = new Set([
  "format",
  "pattern",
  "enum",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "minLength",
  "maxLength",
  "uniqueItems",
  "additionalProperties",
  "propertyNames",
]);

function explain(spec: SpecDocument, errors: ErrorObject[]): Diagnostic[] {
  const seen = new Set<string>();
  const out: Diagnostic[] = [];
  // A value a comma cut short inside { } (email: support@mechanova,com) is wrong only because
  // of the comma: the field it left behind says so, and the value's own error would be a second.
  const cutValues = new Set<string>();
  for (const error of errors)
    if (error.keyword === "additionalProperties") {
      const field = (error.params as { additionalProperty: string }).additionalProperty;
      const cut = commaCut(spec, toPath(error.instancePath), field);
      if (!cut) continue;
      cutValues.add(`${error.instancePath}/${cut.field}`);
      cutOf.set(error, cut);
    }
  // The fields under one run of commented-out keys are one mistake: one error at the first,
  // counting the others.
  const underComments = new Map<string, { at: number; field: string; location: Location; count: number }>();
  for (const error of errors) {
    if (cutValues.has(error.instancePath)) continue;
    const d = explainOne(spec, error);
    const key = `${d.code}@${d.location.offset}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const headers = commentedOf.get(error)?.join("\n");
    const group = headers === undefined ? undefined : underComments.get(headers);
    if (group) {
      group.count++;
      continue;
    }
    if (headers !== undefined) {
      const field = (error.params as { additionalProperty: string }).additionalProperty;
      underComments.set(headers, { at: out.length, field, location: d.location, count: 1 });
    }
    out.push(d);
  }
  for (const [headers, { at, field, location, count }] of underComments)
    if (count > 1)
      out[at] = diagnostic(
        "unknown-field",
        { field, allowed: [], commented: headers.split("\n"), more: count - 1 },
        location,
      );
  return out;
}

/** A field the schema does not have: cut short by a comma, under keys commented out, or one slip from a field it has. */
function unknownField(
  spec: SpecDocument,
  error: ErrorObject,
  schema: Record<string, unknown>,
  at: (path: PathSegment[], key?: boolean) => Location,
  path: PathSegment[],
): Diagnostic {
  const field = (error.params as { additionalProperty: string }).additionalProperty;
  const allowed = Object.keys((schema.properties ?? {}) as object);
  const cut = cutOf.get(error);
  const where = at([...path, field], true);
  if (cut) return diagnostic("unknown-field", { field, allowed, cut }, where);
  // A field one slip from one it has is that one mistyped, comments above it or not.
  const suggestion = closest(field, allowed);
  const commented = suggestion ? [] : commentedHeaders(spec.source.text, where.offset);
  if (commented.length === 0) return diagnostic("unknown-field", { field, allowed, suggestion }, where);
  commentedOf.set(error, commented);
  return diagnostic("unknown-field", { field, allowed, commented }, where);
}

/** How many lines above an unknown field commented-out keys are looked for. */
const HEADER_LOOKBACK = 200;

/**
 * The keys commented out right above the line at `offset` that would open a block (`# offers:`,
 * `#   us:`), as written: a block uncommented but for its first lines (site new campaign writes
 * its examples commented out) hangs its lines on the block above the comments.
 */
function commentedHeaders(text: string, offset: number): string[] {
  const headers: string[] = [];
  const lineStart = text.lastIndexOf("\n", offset - 1) + 1;
  const indent = offset - lineStart;
  let end = lineStart - 1;
  let inComments = false;
  // A block of examples is a few dozen lines: looking further back for each of a flood of
  // unknown fields (a file of 100,000 of them) would take their number squared.
  for (let lines = 0; end > 0 && lines < HEADER_LOOKBACK; lines++) {
    const start = text.lastIndexOf("\n", end - 1) + 1;
    const line = text.slice(start, end).trimEnd();
    end = start - 1;
    if (line.trim() === "") continue;
    const comment = line.trimStart().startsWith("#");
    // Keys beside it, uncommented with it, stand between it and the comments.
    if (!comment && !inComments && line.length - line.trimStart().length === indent) continue;
    if (!comment) break;
    inComments = true;
    if (/^\s*#\s*[A-Za-z_][\w-]*:$/.test(line)) headers.unshift(line.trim());
  }
  return headers;
}

/** A list entry as it is written in one line: `{ label: Privacy Policy, link: privacy-policy }`. */
function inBrief(item: object): string {
  const shown = (v: unknown): string =>
    v !== null && typeof v === "object" ? (Array.isArray(v) ? "[…]" : "{…}") : String(v);
  return Array.isArray(item)
    ? `[${item.map(shown).join(", ")}]`
    : `{ ${Object.entries(item)
        .map(([k, v]) => `${k}: ${shown(v)}`)
        .join(", ")} }`;
}

function describeValue(value: unknown): string {
  if (value === null) return "~ (nothing)";
  if (Array.isArray(value)) return "a list";
  if (typeof value === "object") return "a block of fields";
  if (typeof value === "string") return `the text '${value}'`;
  return `${typeof value === "number" ? "the number" : "the value"} ${String(value)}`;
}

const typeWords: Record<string, string> = {
  number: "a number",
  integer: "a whole number",
  string: "text",
  boolean: "true or false",
  object: "a block of fields",
  array: "a list",
  null: "~",
};

/**
 * A value its pattern refuses, written the way it most likely means that the pattern takes: a
 * locale in its own shape (localeMeant); a unit after a space (18.6MB: 18.6 MB), in capitals
 * (850 kb), an id in lower case with dashes (Flagship Bumblebee), a colour or an anchor with its
 * # (f5c518), a file with the extension its pattern ends in (Manual: Manual.pdf).
 */
function shapeMeant(value: string, schema: { format?: unknown; pattern?: unknown }): string | undefined {
  if (schema.format === "locale") return localeMeant(value);
  const { pattern } = schema;
  if (typeof pattern !== "string" || value.trim() === "") return undefined;
  const shape = new RegExp(pattern, "u");
  const spaced = value.trim().replace(/(\d)\s*([A-Za-z]+)$/, "$1 $2");
  const extension = /\\\.([a-z0-9]+)\$$/.exec(pattern)?.[1];
  const candidates = [
    spaced,
    spaced.toUpperCase(),
    value.trim().toLowerCase(),
    value
      .trim()
      .toLowerCase()
      .replace(/[\s_]+/g, "-"),
    ...(pattern.startsWith("^#") ? [`#${value.trim()}`] : []),
    ...(pattern === COLOUR_PATTERN ? [colourMeant(value)] : []),
    ...(extension ? [`${value.trim()}.${extension}`] : []),
  ];
  return candidates.find((meant) => meant !== undefined && meant !== value && shape.test(meant));
}

/** common.schema.json's colour: #rrggbb. */
const COLOUR_PATTERN = common.$defs.colour.pattern;

/**
 * A colour as CSS also writes it (gold, Dark Red, #fc0, rgb(245, 197, 24)), as #rrggbb. The
 * reader is loaded only when a colour is refused: importing it would cost every check 3 ms.
 * (require() of an ES module needs Node 20.19; before, there is no suggestion.)
 */
function colourMeant(value: string): string | undefined {
  let colorString: ColorString;
  try {
    colorString = (requireFromHere("color-string") as { default: ColorString }).default;
  } catch {
    return undefined;
  }
  const text = value.trim().toLowerCase();
  const [r, g, b] = colorString.get.rgb(/^[a-z ]+$/.test(text) ? text.replace(/ /g, "") : text) ?? [];
  if (r === undefined || g === undefined || b === undefined) return undefined;
  return colorString.to.hex(r, g, b)?.toLowerCase();
}

/**
 * The allowed word a refused one most likely means: the same in another case (Header), one slip
 * away (heder); for a currency, that of a country written for it (US: USD) or of its own
 * symbol ($: USD; ¥, which two of them write, means neither).
 */
function wordMeant(value: string, allowed: readonly string[], currency: boolean): string | undefined {
  const sameCase = allowed.find((word) => word.toLowerCase() === value.trim().toLowerCase());
  if (sameCase) return sameCase;
  if (currency) {
    const ofCountry = currencyOfCountry(value.trim());
    if (ofCountry && allowed.includes(ofCountry)) return ofCountry;
    const bySymbol = allowed.filter((code) => currencySymbol(code) === value.trim());
    if (bySymbol.length === 1) return bySymbol[0];
  }
  return closest(value, allowed);
}

/** The currency a country pays in (US: USD), by its ISO code in any case; undefined for one unknown. */
export function currencyOfCountry(country: string): string | undefined {
  return (countryToCurrency as Record<string, string | undefined>)[country.toUpperCase()];
}

const currencySymbol = (code: string) =>
  new Intl.NumberFormat("en", { style: "currency", currency: code, currencyDisplay: "narrowSymbol" })
    .formatToParts(0)
    .find((part) => part.type === "currency")?.value;

/**
 * A text in { } or [ ] with no quotes ({name}, [New] Timeline), which YAML read as a map or a
 * list: one error at the value as written, giving its line with the text in quotes.
 */
function bracketedDiagnostic(
  bracketed: NonNullable<ReturnType<typeof bracketedText>>,
  expected: string,
  at: (path: PathSegment[]) => Location,
): Diagnostic {
  return diagnostic(
    "wrong-type",
    { expected, found: `a YAML ${bracketed.read}`, quoted: bracketed.quoted },
    at([...bracketed.path]),
  );
}

function schemaOf(error: ErrorObject): Record<string, unknown> {
  return (error.parentSchema ?? {}) as Record<string, unknown>;
}

/**
 * A key of a map that failed its propertyNames schema (ajv names it on the inner error itself),
 * at the key, with the keys it may be when they are listed.
 */
function explainKey(
  spec: SpecDocument,
  error: ErrorObject,
  path: PathSegment[],
  description: string | undefined,
): Diagnostic | undefined {
  const propertyName = keyOf(error);
  if (propertyName === undefined) return undefined;
  const allowed =
    error.keyword === "enum" ? (error.params as { allowedValues: unknown[] }).allowedValues.map(String) : undefined;
  const schema = schemaOf(error);
  const suggestion = allowed
    ? keyMeant(propertyName, allowed)
    : error.keyword === "pattern"
      ? keyShapeMeant(propertyName, schema)
      : undefined;
  const shape = error.keyword === "pattern" ? schema.patternErrorMessage : undefined;
  return diagnostic(
    "invalid-value",
    {
      value: propertyName,
      description: typeof shape === "string" ? shape : description,
      ...(allowed ? { allowed } : {}),
      ...(suggestion ? { suggestion } : {}),
    },
    locate(spec, [...path, propertyName], { key: true }),
  );
}

/** The key a propertyNames error is about (ajv names it on the inner error itself). */
function keyOf(error: ErrorObject): string | undefined {
  return (error.params as { propertyName?: string }).propertyName ?? (error as { propertyName?: string }).propertyName;
}

/**
 * The key in the shape its pattern asks, when the only fault is the case, a space or an
 * underscore: a product id's first letter (`FlagshipBumblebee`: flagshipBumblebee), or a page
 * id's letters and dashes (`Flagship-Megatron`, `flagship_megatron`: flagship-megatron).
 */
function keyShapeMeant(key: string, schema: Record<string, unknown>): string | undefined {
  if (typeof schema.pattern !== "string") return undefined;
  const pattern = new RegExp(schema.pattern, "u");
  const candidates = [
    key.charAt(0).toLowerCase() + key.slice(1),
    key
      .trim()
      .toLowerCase()
      .replace(/[\s_]+/g, "-"),
  ];
  return candidates.find((meant) => meant !== key && pattern.test(meant));
}

function explainOne(spec: SpecDocument, error: ErrorObject): Diagnostic {
  const path = toPath(error.instancePath);
  const schema = schemaOf(error);
  const description = typeof schema.description === "string" ? schema.description : undefined;
  const xCode = schema["x-code"] as DiagnosticCode | undefined;
  const value = error.data;
  const at = (p: PathSegment[], key = false) => locate(spec, p, { key });
  const key = explainKey(spec, error, path, description);
  if (key) return key;
  switch (error.keyword) {
    case "required": {
      const field = (error.params as { missingProperty: string }).missingProperty;
      const orphans = orphansOf.get(error);
      return diagnostic(
        "missing-field",
        {
          field,
          description: fieldDescription(spec.kind, schema, field),
          ...(orphans ? { orphans: orphans.keys } : {}),
        },
        orphans ? at(orphans.first, true) : at(path, path.length > 0),
      );
    }
    case "dependentRequired": {
      // A field one of the others needs (a feature's video needs its id: the dialog is named after it).
      const { property, missingProperty: field } = error.params as { property: string; missingProperty: string };
      const what = fieldDescription(spec.kind, schema, field) ?? "";
      const description = `${what}${what ? " " : ""}It is needed with ${property}.`;
      return diagnostic("missing-field", { field, description }, at(path, path.length > 0));
    }
    case "additionalProperties":
      return unknownField(spec, error, schema, at, path);
    case "format":
      return explainFormat(error, String(value), description, at(path), spec.source);
  }
  if (xCode === "price-not-a-number") return diagnostic(xCode, { value: String(value) }, at(path));
  if (xCode === "unknown-currency" || xCode === "unknown-hidden-place" || xCode === "unknown-template") {
    const allowed = (schema.enum as string[] | undefined) ?? [];
    const suggestion = wordMeant(String(value), allowed, xCode === "unknown-currency");
    return diagnostic(xCode, { value: String(value), allowed, ...(suggestion ? { suggestion } : {}) }, at(path));
  }
  switch (error.keyword) {
    case "type": {
      const types = [(error.params as { type: string | string[] }).type].flat();
      const bracketed = types.includes("string") ? bracketedText(spec, path) : undefined;
      if (bracketed) return bracketedDiagnostic(bracketed, typeWords.string!, at);
      return explainType(error, value, description, at(path));
    }
    case "enum": {
      const allowed = (error.params as { allowedValues: unknown[] }).allowedValues.map(String);
      return diagnostic(
        "invalid-value",
        {
          value: String(value),
          allowed,
          suggestion: closest(String(value), allowed) ?? codeNamed(String(value), allowed),
          description,
        },
        at(path),
      );
    }
    case "minLength":
    case "maxLength":
    case "minItems":
    case "maxItems":
    case "uniqueItems":
    case "minimum":
    case "maximum":
    case "exclusiveMinimum":
    case "exclusiveMaximum":
    case "minProperties":
      return explainBound(error, value, description, (p) => at([...path, ...p]));
    case "pattern": {
      // The sentence editors show for the pattern (written by gen:types), else the description,
      // says what the value should look like; the regex would not.
      const shape = schema.patternErrorMessage;
      const suggestion = shapeMeant(String(value), schema);
      return diagnostic(
        "invalid-value",
        { value: String(value), description: typeof shape === "string" ? shape : description, suggestion },
        at(path),
      );
    }
    case "anyOf":
    case "oneOf": {
      const bracketed = bracketedText(spec, path);
      if (bracketed) return bracketedDiagnostic(bracketed, description ? lowerFirst(description) : "text", at);
      return diagnostic(
        "wrong-type",
        { expected: description ? lowerFirst(description) : "another kind of value", found: describeValue(value) },
        at(path),
      );
    }
    default:
      return diagnostic(
        "invalid-value",
        {
          value: typeof value === "object" ? describeValue(value) : String(value),
          description: [error.message, description].filter(Boolean).join(": "),
        },
        at(path),
      );
  }
}

/** A value of another kind than its field's: what was expected, what was found, what was most likely meant. */
function explainType(
  error: ErrorObject,
  value: unknown,
  description: string | undefined,
  location: Location,
): Diagnostic {
  const schema = schemaOf(error);
  const expected = [(error.params as { type: string | string[] }).type]
    .flat()
    .map((t) => typeWords[t] ?? t)
    .join(" or ");
  // A list of fixed words written as one value (`hidden: true`): the words it takes.
  const items = schema.items as { enum?: unknown[] } | undefined;
  const allowed = expected === typeWords.array && Array.isArray(items?.enum) ? items.enum.map(String) : undefined;
  // yes, no, on and off were booleans in YAML 1.1; in 1.2, which the specs are read as, they are text.
  const word = expected === typeWords.boolean && typeof value === "string" ? value : "";
  const meant = /^(?:y|yes|on|true)$/i.test(word) ? "true" : /^(?:n|no|off|false)$/i.test(word) ? "false" : undefined;
  const figure =
    typeof value === "string" && (expected === typeWords.integer || expected === typeWords.number)
      ? durationIn(value, description, expected === typeWords.integer)
      : undefined;
  return diagnostic(
    "wrong-type",
    {
      expected,
      found: describeValue(value),
      description,
      ...(allowed ? { allowed } : {}),
      ...(meant ? { meant } : {}),
      ...(figure ? { figure } : {}),
    },
    location,
  );
}

/** Each unit a duration may be written in, in milliseconds. */
const DURATION_UNITS: Record<string, number> = {
  ms: 1,
  millisecond: 1,
  s: 1000,
  sec: 1000,
  second: 1000,
  min: 60_000,
  minute: 60_000,
};

/**
 * A duration written with its unit (10s, 500 ms, 2 min) where a field takes a plain figure in
 * the unit its description names (milliseconds or seconds): the figure meant (10000).
 */
function durationIn(text: string, description: string | undefined, whole: boolean): string | undefined {
  const written = /^\s*(\d+(?:\.\d+)?)\s*([a-z]+)\s*$/i.exec(text);
  const fieldUnit = /\bmilliseconds\b/i.test(description ?? "")
    ? 1
    : /\bin seconds\b/i.test(description ?? "")
      ? 1000
      : 0;
  const unit = written?.[2]?.toLowerCase() ?? "";
  const perUnit = DURATION_UNITS[unit] ?? DURATION_UNITS[unit.replace(/s$/, "")];
  if (!written || !perUnit || !fieldUnit) return undefined;
  const figure = (Number(written[1]) * perUnit) / fieldUnit;
  return whole && !Number.isInteger(figure) ? undefined : String(figure);
}

/**
 * A value outside a bound of its schema (a length, a count of items, a range, a repeat), said in
 * words with the bound, not ajv's "must NOT have fewer than 1 items".
 */
function explainBound(
  error: ErrorObject,
  value: unknown,
  description: string | undefined,
  where: (path: PathSegment[]) => Location,
): Diagnostic {
  switch (error.keyword) {
    case "minLength":
    case "maxLength": {
      const { limit } = error.params as { limit: number };
      // Counted as ajv counts them: characters, not UTF-16 units.
      const length = [...String(value)].length;
      const problem =
        error.keyword === "minLength"
          ? `is too short: ${length} characters, where at least ${limit} are needed`
          : `is too long: ${length} characters, where at most ${limit} fit`;
      return diagnostic("invalid-value", { value: String(value), problem, description }, where([]));
    }
    case "minItems":
    case "maxItems": {
      const { limit } = error.params as { limit: number };
      const items = value as unknown[];
      const written = `[${items.map((v) => (typeof v === "object" ? "…" : String(v))).join(", ")}]`;
      const many = (n: number) => `${n} item${n === 1 ? "" : "s"}`;
      const problem =
        error.keyword === "minItems"
          ? `has ${items.length === 0 ? "no items" : many(items.length)}, where at least ${many(limit)} ${limit === 1 ? "is" : "are"} needed`
          : `has ${many(items.length)}, where at most ${many(limit)} fit`;
      return diagnostic(
        "invalid-value",
        { value: written.length > 40 ? `${written.slice(0, 39)}…` : written, problem, description },
        where([]),
      );
    }
    case "minProperties": {
      const { limit } = error.params as { limit: number };
      const count = Object.keys(value as object).length;
      const fields = (n: number) => `${n} field${n === 1 ? "" : "s"}`;
      return diagnostic(
        "invalid-value",
        {
          value: count === 0 ? "{}" : describeValue(value),
          problem: `has ${count === 0 ? "no fields" : fields(count)}, where at least ${fields(limit)} ${limit === 1 ? "is" : "are"} needed`,
          description,
        },
        where([]),
      );
    }
    case "uniqueItems": {
      // ajv names the two places: j the first, i the repeat; the repeat is the one to take out.
      const { i } = error.params as { i: number; j: number };
      const item = (value as unknown[])[i];
      return diagnostic(
        "invalid-value",
        {
          value: typeof item === "object" && item !== null ? inBrief(item) : String(item),
          problem: "is in this list already",
          description: description ? `keep one. ${description}` : "keep one.",
        },
        where([i]),
      );
    }
    default: {
      const { comparison, limit } = error.params as { comparison: string; limit: number };
      const bound = { ">=": "at least", "<=": "at most", ">": "more than", "<": "less than" }[comparison] ?? comparison;
      return diagnostic(
        "invalid-value",
        { value: String(value), problem: `is out of range: it must be ${bound} ${limit}`, description },
        where([]),
      );
    }
  }
}

/** A value that is not of its format: an instant, a locale, a time zone, a link, or another. */
function explainFormat(
  error: ErrorObject,
  text: string,
  description: string | undefined,
  where: Location,
  source: SourceFile,
): Diagnostic {
  const format = (error.params as { format: string }).format;
  if (format === "instant") {
    const parsed = parseInstant(text);
    if (!parsed.ok && parsed.problem === "naive") {
      const zone = zoneNearest(source.text, where.offset);
      return diagnostic(
        "naive-timestamp",
        { value: text, ...(zone ? { meant: withWrittenZone(text, zone) } : {}) },
        where,
      );
    }
    return diagnostic(
      "invalid-timestamp",
      { value: text, reason: parsed.ok ? "unknown" : parsed.reason, suggestion: instantMeant(text) },
      where,
    );
  }
  if (format === "locale") return diagnostic("invalid-value", { value: text, description: localeProblem(text) }, where);
  if (format === "email") return diagnostic("invalid-value", { value: text, description: emailProblem(text) }, where);
  if (format === "date") {
    const problem = dateProblem(text);
    return diagnostic(
      "invalid-value",
      {
        value: text,
        description,
        suggestion: dateMeant(text),
        ...(problem ? { problem: `is no date: ${problem}` } : {}),
      },
      where,
    );
  }
  if (format === "time-zone")
    return diagnostic(
      "unknown-zone",
      { value: text, suggestion: closest(text, Intl.supportedValuesOf("timeZone")) },
      where,
    );
  if (format === "external-url" || format === "link") {
    const link = parseLink(text);
    if (link.kind === "insecure") return diagnostic("insecure-link", { value: text, scheme: link.scheme }, where);
    if (link.kind === "internal")
      return diagnostic(
        "invalid-value",
        { value: text, description: "this must be an https:// address of another site." },
        where,
      );
    // A host and path without its scheme (us.store.mechanova.com/products): the address meant.
    const address = /^[a-z0-9-]+(\.[a-z0-9-]+)+(\/\S*)?$/i.test(text) ? `https://${text}` : undefined;
    return diagnostic("invalid-link", { value: text, suggestion: address }, where);
  }
  return diagnostic("invalid-value", { value: text, description }, where);
}

function lowerFirst(s: string): string {
  return s.charAt(0).toLowerCase() + s.slice(1).replace(/\.$/, "");
}
