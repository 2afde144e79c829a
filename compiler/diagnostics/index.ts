// The one problem type every stage reports, and the catalogue of every problem it can be.
// A code is permanent: users search for it and tests name it. Messages say what is wrong in a
// campaign manager's words, with no location in the text; the hint says what to do.

import { quotable } from "./printable.ts";

type Severity = "error" | "warning";

/** Where a problem is: a file and a span of its text. Turned into line and column only by printers. */
export interface Location {
  /** Path relative to the current directory, with forward slashes. */
  file: string;
  /** 0-based offset into the file's text, in UTF-16 code units. */
  offset: number;
  /** Length of the span in UTF-16 code units; 0 for a point. */
  length: number;
}

export interface Diagnostic {
  code: DiagnosticCode;
  severity: Severity;
  message: string;
  hint?: string;
  location: Location;
  /**
   * The instant (ISO) from which the problem is gone by itself: a finished campaign's promotion
   * leads nowhere only while the campaign runs. A check at a later instant leaves it out (heldAt).
   */
  until?: string;
}

/** The problems that still hold at `now`; with no instant, every one (a check of the specs as such). */
export function heldAt(diagnostics: readonly Diagnostic[], now: { toMillis(): number } | undefined): Diagnostic[] {
  if (!now) return [...diagnostics];
  const at = now.toMillis();
  return diagnostics.filter((d) => d.until === undefined || Date.parse(d.until) > at);
}

interface CatalogueEntry<A> {
  severity: Severity;
  message: (args: A) => string;
  hint?: (args: A) => string | undefined;
}

const list = (items: readonly string[]) => items.join(", ");
/** A campaign's sale price of a product at a stage in a region, and its list price there. */
interface SalePrice {
  product: string;
  region: string;
  stage: number;
  price: number;
  list: number;
}
/** Message keys named in a sentence: the first few, and how many more. */
const texts = (keys: readonly string[]) =>
  keys.length <= 6
    ? `${keys.slice(0, -1).join(", ")}${keys.length > 1 ? " and " : ""}${keys.at(-1)}`
    : `${keys.slice(0, 5).join(", ")} and ${keys.length - 5} more`;
/** A date and time as written, or a date with the day's first minute (an offset needs a time). */
const withTime = (value: string) => (value.includes("T") ? value.trim() : `${value.trim()}T00:00`);
/** A line indented off its block, as load/indentation.ts finds it. */
export interface IndentSlip {
  /**
   * A tab; spaces between two levels of the lines around it; spaces further in than the line
   * above, which holds a value; for a line that began a block alone, other than the line after it;
   * or a line of text come out of its | block.
   */
  kind: "tab" | "between" | "further" | "first" | "text";
  /** How many spaces it is indented by. */
  written: number;
  /** The indentation it most likely means, in spaces, and a line at that level ("start:"). */
  spaces: number;
  like: string;
}

/** What to do about a line indented off its block. */
function indentHint(a: IndentSlip): string {
  const as = a.like ? `, as ${a.like} above it` : "";
  const spaces = (n: number) => `${n} space${n === 1 ? "" : "s"}`;
  if (a.kind === "tab")
    return `this line is indented with a tab, which YAML does not allow: indent it with ${spaces(a.spaces)}${as}.`;
  if (a.kind === "further")
    return `this line is indented by ${spaces(a.written)}, further in than ${a.like} above it, which holds a value and opens no block: indent it by ${a.spaces}, as ${a.like} is.`;
  if (a.kind === "text")
    return `this line is indented by ${spaces(a.written)}, out of the text of ${a.like} | above it, whose lines are at ${a.spaces}: indent it by ${a.spaces}.`;
  if (a.kind === "first")
    return `this line is indented by ${spaces(a.written)}, off the lines of its block around it: indent it by ${a.spaces}, as ${a.like} below it.`;
  return `this line is indented by ${spaces(a.written)}, between the levels of the lines above: indent it by ${a.spaces}${as}.`;
}
const didYouMean = (suggestion: string | undefined) => (suggestion ? `did you mean '${suggestion}'?` : undefined);
/** A language, country or currency code as English names it (Chinese, Japan, Japanese Yen). */
const displayNames = new Map<string, Intl.DisplayNames>();
const displayName = (type: "language" | "region" | "currency", code: string) => {
  try {
    const names = displayNames.get(type) ?? new Intl.DisplayNames(["en"], { type, fallback: "code" });
    displayNames.set(type, names);
    return names.of(code) ?? code;
  } catch {
    return code; // not a well-formed code
  }
};
const languageName = (code: string) => displayName("language", code);

/** A product a campaign has no price for in a region at some stages. */
interface WithoutOffer {
  product: string;
  campaign: string;
  region: string;
  stages: readonly number[];
}
const withoutOffer = (a: WithoutOffer) =>
  `which ${a.campaign} offers no price for in ${a.region} at stage${a.stages.length === 1 ? "" : "s"} ${a.stages.join(", ")}`;

/** The other places that name an undefined name, when one error stands for them all (link/renames.ts). */
interface OtherUses {
  others?: number;
  otherFiles?: readonly string[];
}
const namedHereAnd = (a: OtherUses) =>
  a.others
    ? `: it is named here and in ${a.others} more place${a.others === 1 ? "" : "s"} (${texts(a.otherFiles ?? [])})`
    : "";

function entry<A>(e: CatalogueEntry<A>): CatalogueEntry<A> {
  return e;
}

// Exported for tests/unit/check-fixtures.test.ts, which holds every code to a fixture and a rule.
export const catalogue = {
  // load
  // The parser loses its footing at a file's first syntax error: what it reports after it (`more`)
  // follows from that one and is counted in it, not shown.
  "yaml-syntax": entry<{
    detail: string;
    more?: number;
    /** The line with its value in quotes, when a ': ' in the value is what YAML stumbled on. */
    quoted?: string;
    /** The { or [ that opened the value YAML stumbled on ("{name} さん"), read as a map or a list. */
    opening?: string;
    /** A line near it indented off the levels of the lines above (load/indentation.ts). */
    indent?: IndentSlip;
  }>({
    severity: "error",
    message: (a) =>
      `This is not valid YAML: ${a.detail}${a.more ? ` (${a.more} more syntax error${a.more === 1 ? "" : "s"} after it follow from this one)` : ""}`,
    hint: (a) =>
      a.quoted
        ? `${a.opening ? `a value that opens with ${a.opening} is read as a YAML ${a.opening === "{" ? "map" : "list"}` : "a ': ' inside a value starts a key"}: put the value in quotes, ${a.quoted}`
        : a.indent
          ? indentHint(a.indent)
          : "check indentation, colons and quotes near this point.",
  }),
  "alias-expansion": entry<{ times: number }>({
    severity: "error",
    message: (a) =>
      `These aliases repeat the file's data ${a.times} times over, more than a spec needs and enough to stall the build.`,
    hint: () =>
      "alias a block where it is used, not from inside another aliased block; or write the repeated part out.",
  }),
  // `others`: the keys repeated right after it, which this one error stands for.
  "duplicate-key": entry<{ key: string; others?: readonly string[] }>({
    severity: "error",
    message: (a) =>
      a.others
        ? `The key '${a.key}' appears twice in the same block, and so do the ${a.others.length} after it (${texts([...new Set(a.others)])}): the line naming the block they were in was taken out, it seems.`
        : `The key '${a.key}' appears twice in the same block.`,
    hint: (a) =>
      a.others
        ? `put back the line above '${a.key}' that named their block, or take the repeated keys out.`
        : "keep one of them; the second would silently replace the first.",
  }),
  "complex-key": entry<{ key: string; list: boolean }>({
    severity: "error",
    message: (a) =>
      `This key is a ${a.list ? "list" : "block of fields"} (${a.key}); a key in a spec file is a plain name.`,
    hint: () =>
      "write each field on a line of its own, as name: value; a line that starts with '? ' makes what follows it a key.",
  }),
  "duplicate-page": entry<{ key: string }>({
    severity: "error",
    message: (a) => `The page '${a.key}' is declared twice.`,
    hint: () => "merge the two declarations into one.",
  }),
  "missing-spec-file": entry<{ kind: string }>({
    severity: "error",
    message: (a) => `The spec file for ${a.kind} is missing.`,
    hint: () => "create it; every site needs it.",
  }),
  // A name one slip from a spec file or folder the specs lack: read as that one (load/index.ts).
  "misnamed-spec-file": entry<{ meant: string }>({
    severity: "error",
    message: (a) => `This is read as ${a.meant}, which the specs do not have: its name is most likely a slip.`,
    hint: (a) => `rename it ${a.meant}; under any other name it is not part of the site.`,
  }),
  "unknown-spec-file": entry<{ known: readonly string[] }>({
    severity: "warning",
    message: () => "This file is not part of the spec language and is ignored.",
    hint: (a) => `spec files are ${list(a.known)}.`,
  }),
  "schema-comment": entry<{ expected: string }>({
    severity: "warning",
    message: (a) => `The first line should name the file's schema, so editors can check it: ${a.expected}`,
    hint: (a) => `make the first line: ${a.expected}`,
  }),
  encoding: entry<{ encoding?: string; byte?: string }>({
    severity: "error",
    message: (a) =>
      a.encoding
        ? `This file is saved as ${a.encoding}, but spec files must be UTF-8; nothing else in it is read.`
        : `This file is not valid UTF-8: the byte ${a.byte} here is not part of a UTF-8 character (the file may be saved as Latin-1 or Windows-1252), and would reach shoppers as '\uFFFD'; nothing else in it is read.`,
    hint: () => "save the file as UTF-8 (most editors offer it under Save with Encoding); a byte-order mark is fine.",
  }),
  "unreadable-spec": entry<{ reason: string; folder?: boolean }>({
    severity: "error",
    message: (a) => `This spec ${a.folder ? "folder" : "file"} cannot be read: ${a.reason}.`,
    hint: (a) =>
      a.folder
        ? "make the folder readable, or move its spec files elsewhere."
        : "make it a plain file you can read (check its permissions), or remove it.",
  }),
  "skipped-entry": entry<{ what: string; hint: string }>({
    severity: "warning",
    message: (a) => `This is ${a.what}; it is skipped.`,
    hint: (a) => a.hint,
  }),
  "too-deep": entry<{ limit: number }>({
    severity: "error",
    message: (a) =>
      `The data here is nested more than ${a.limit} levels deep, far deeper than any spec needs; nothing else in this file is read.`,
    hint: () => "close the brackets or lists left open above this point, or flatten the structure.",
  }),

  // validate
  // `orphans`: keys unknown here that would be the field's entries (its key line taken out).
  "missing-field": entry<{ field: string; description?: string; orphans?: readonly string[] }>({
    severity: "error",
    message: (a) =>
      a.orphans
        ? `The field '${a.field}' is missing, and ${a.orphans.length} keys from here on are unknown where they stand (${texts(a.orphans)}): they are its entries, with its line taken out.`
        : `The field '${a.field}' is missing here.`,
    hint: (a) =>
      a.orphans
        ? `write ${a.field}: on a line of its own above '${a.orphans[0]}'.`
        : a.description
          ? `add ${a.field}: ${a.description}`
          : `add ${a.field}.`,
  }),
  "unknown-field": entry<{
    field: string;
    suggestion?: string;
    allowed: readonly string[];
    /** The field whose value a comma cut short inside { }, and that value as written. */
    cut?: { field: string; written: string };
    /** The keys commented out right above it (`# offers:`), and how many more fields stand under them. */
    commented?: readonly string[];
    more?: number;
  }>({
    severity: "error",
    message: (a) =>
      a.cut
        ? `'${a.field}' is not a field: inside { } a comma ends a value, so ${a.cut.field} stops before it.`
        : a.commented
          ? `'${a.field}'${a.more ? `, and ${a.more} more line${a.more === 1 ? "" : "s"} after it,` : ""} stand${a.more ? "" : "s"} under lines commented out (${a.commented.map((c) => `'${c}'`).join(", ")}): YAML reads ${a.more ? "them as fields" : "it as a field"} of the block above the comments, where ${a.more ? "they do" : "it does"} not belong.`
          : `'${a.field}' is not a field that can be written here.`,
    hint: (a) =>
      a.commented
        ? `take the # off ${a.commented.map((c) => `'${c}'`).join(" and ")} too, or comment '${a.field}' out again.`
        : !a.cut
          ? (didYouMean(a.suggestion) ?? `the fields here are ${list(a.allowed)}.`)
          : /,\s/.test(a.cut.written)
            ? `put the value in quotes: ${a.cut.field}: ${JSON.stringify(a.cut.written)}`
            : // No space after it: most often a slip of the finger for a dot (support@mechanova,com).
              `if the comma is a slip for a dot, write ${a.cut.field}: ${a.cut.written.replace(/,(?=\S)/g, ".")}; if it is meant, put the value in quotes.`,
  }),
  "wrong-type": entry<{
    expected: string;
    found: string;
    /** What the field is for, as its schema says. */
    description?: string;
    /** For a list of fixed words (hidden: [header, footer]), the words. */
    allowed?: readonly string[];
    /** The value most likely meant (true for yes). */
    meant?: string;
    /** The line with its text in quotes, when YAML read a bare {placeholder} or [tag] as a map or list. */
    quoted?: string;
    /** The figure meant, for a duration written with its unit (10s for 10000 milliseconds). */
    figure?: string;
  }>({
    severity: "error",
    message: (a) => `Expected ${a.expected} here, found ${a.found}.`,
    hint: (a) =>
      a.quoted
        ? `YAML reads a value in { } or [ ] as a map or a list: put the text in quotes, ${a.quoted}`
        : a.figure
          ? `write ${a.figure}, the figure alone. ${a.description ?? ""}`.trim()
          : a.meant
            ? `write ${a.meant}, without quotes: YAML reads yes, no, on and off as words.`
            : a.allowed
              ? `${a.description ? `${a.description} ` : ""}Write one or more of ${list(a.allowed)} in brackets, such as [${a.allowed[0]}].`
              : (a.description ??
                (a.found.startsWith("~") ? "write the value after the colon, or take the line out." : undefined)),
  }),
  "invalid-value": entry<{
    value: string;
    description?: string;
    allowed?: readonly string[];
    suggestion?: string;
    /** What is wrong with it, when the schema says ("is too short: ..."). */
    problem?: string;
  }>({
    severity: "error",
    message: (a) =>
      a.allowed
        ? `'${a.value}' is not one of: ${list(a.allowed)}.`
        : `'${a.value}' ${a.problem ?? "is not valid here"}.`,
    hint: (a) => didYouMean(a.suggestion) ?? a.description,
  }),
  "unknown-zone": entry<{ value: string; suggestion?: string }>({
    severity: "error",
    message: (a) => `'${a.value}' is not a time zone name.`,
    hint: (a) => didYouMean(a.suggestion) ?? "write an IANA time zone name such as Europe/Paris or Asia/Tokyo.",
  }),
  "unknown-currency": entry<{ value: string; allowed: readonly string[]; suggestion?: string }>({
    severity: "error",
    message: (a) => `'${a.value}' is not a currency the site prices in.`,
    hint: (a) => didYouMean(a.suggestion) ?? `use one of ${list(a.allowed)}.`,
  }),
  "unknown-hidden-place": entry<{ value: string; allowed: readonly string[]; suggestion?: string }>({
    severity: "error",
    message: (a) => `'${a.value}' is not a place an entry can be hidden from.`,
    hint: (a) => didYouMean(a.suggestion) ?? `hidden takes ${texts(a.allowed).replace(/ and (?=[^ ]+$)/, " or ")}.`,
  }),
  "unknown-template": entry<{ value: string; allowed: readonly string[]; suggestion?: string }>({
    severity: "error",
    message: (a) => `There is no page template called '${a.value}'.`,
    hint: (a) => didYouMean(a.suggestion) ?? `templates are ${list(a.allowed)}.`,
  }),
  "price-not-a-number": entry<{ value: string }>({
    severity: "error",
    message: (a) => `The price '${a.value}' is not a number.`,
    hint: (a) =>
      /^\s*\d+(\.\d+)?\s*$/.test(a.value)
        ? `quotes make it text: write ${a.value.trim()} without them.`
        : "write a number such as 1299 (no currency sign or thousands separator), or ~ where the product is not sold in that region.",
  }),
  // `others`: the file's other times with none either (a campaign file's zone: taken out).
  /** meant: the time with the offset or zone of the time written whole nearest to it in the file. */
  "naive-timestamp": entry<{ value: string; others?: number; meant?: string }>({
    severity: "error",
    message: (a) =>
      `The time '${a.value}' has no offset or zone, so it means a different instant in every region${a.others ? `; nor do ${a.others} more times of this file` : ""}.`,
    hint: (a) =>
      a.others
        ? `give the file a zone for all its times (zone: Europe/Paris), or each time an offset or a zone (${a.meant ?? "2025-04-28T15:00+08:00 or 2024-11-14T09:00 Europe/Paris"}).`
        : a.meant
          ? `did you mean '${a.meant}'? That is the ${/^\S+ \S/.test(a.meant) ? "zone" : "offset"} of the time written nearest to it.`
          : `add the offset or the zone it is meant in, as in ${withTime(a.value)}+08:00 or ${a.value.trim()} Europe/Paris.`,
  }),
  "invalid-timestamp": entry<{ value: string; reason: string; suggestion?: string }>({
    severity: "error",
    message: (a) => `'${a.value}' is not a valid time: ${a.reason}.`,
    hint: (a) => didYouMean(a.suggestion) ?? "write it as 2025-04-28T15:00+08:00 or 2024-11-14T09:00 Europe/Paris.",
  }),
  "insecure-link": entry<{ value: string; scheme: string }>({
    severity: "error",
    message: (a) => `The link '${a.value}' uses ${a.scheme}, which is not allowed on the site.`,
    hint: () => "links to other sites must start with https://.",
  }),
  "invalid-link": entry<{ value: string; suggestion?: string }>({
    severity: "error",
    message: (a) => `'${a.value}' is not a link.`,
    hint: (a) =>
      didYouMean(a.suggestion) ??
      "write a page of this region (flagship-bumblebee), a site path (/us/manuals) or an https:// address.",
  }),

  // link: cross-file rules
  "price-row-length": entry<{ row: string; count: number; columns: readonly string[] }>({
    severity: "error",
    message: (a) =>
      `Row ${a.row} has ${a.count} price${a.count === 1 ? "" : "s"} for ${a.columns.length} columns (${list(a.columns)}).`,
    hint: (a) =>
      a.count < a.columns.length
        ? "add the missing price, or ~ where the product is not sold in that region."
        : "remove the extra price; each column holds one region's price.",
  }),
  // A figure with a thousands separator in a list of figures: the list's length is not the mistake.
  "separated-figure": entry<{ written: string; read: readonly number[]; what: string }>({
    severity: "error",
    message: (a) =>
      `'${a.written}' is read as ${a.read.length} ${a.what}, ${a.read.slice(0, -1).join(", ")} and ${a.read.at(-1)}: in a list, a comma ends one item and begins the next.`,
    hint: (a) => `write ${a.written.replaceAll(",", "")}, without the comma.`,
  }),
  "comparison-row-length": entry<{ label: string; count: number; products: readonly string[] }>({
    severity: "error",
    message: (a) =>
      `The comparison row '${a.label}' has ${a.count} value${a.count === 1 ? "" : "s"} for ${a.products.length} products (${list(a.products)}): ${a.count < a.products.length ? "a column's cell would be empty" : "a value would stand under no product"}.`,
    hint: () => "give each product its value, in the order the section lists its products.",
  }),
  "price-columns-length": entry<{ count: number; columns: readonly string[] }>({
    severity: "error",
    message: (a) =>
      `Every row has ${a.count} price${a.count === 1 ? "" : "s"}, but columns names ${a.columns.length} region${a.columns.length === 1 ? "" : "s"} (${list(a.columns)}).`,
    hint: (a) =>
      a.count > a.columns.length
        ? "a region is missing from columns: add it where its prices stand in the rows."
        : "columns names a region the rows have no price for: remove it, or add its price to every row.",
  }),
  "unknown-region": entry<{ value: string; known: readonly string[]; suggestion?: string } & OtherUses>({
    severity: "error",
    message: (a) => `There is no region '${a.value}'${namedHereAnd(a)}.`,
    hint: (a) => didYouMean(a.suggestion) ?? `regions are ${list(a.known)} (site.yaml).`,
  }),
  "unknown-product": entry<{ value: string; suggestion?: string } & OtherUses>({
    severity: "error",
    message: (a) => `There is no product '${a.value}' in the catalogue${namedHereAnd(a)}.`,
    hint: (a) => didYouMean(a.suggestion) ?? "add it to catalogue.yaml, or correct the identifier.",
  }),
  // A definition renamed where it stands (or mistyped there): every use of the old name would be
  // unknown, one error each. Reported once, at the definition (link/renames.ts).
  "renamed-definition": entry<{
    kind: string;
    defined: string;
    used: string;
    uses: number;
    files: readonly string[];
    /** The file to rename back to, when the definition is a file (a campaign). */
    file?: string;
  }>({
    severity: "error",
    message: (a) =>
      `The ${a.kind} '${a.defined}' is named only here, and ${a.uses} places name '${a.used}', which is not ${/^[aeiou]/.test(a.kind) ? "an" : "a"} ${a.kind}: it looks renamed here.`,
    hint: (a) =>
      `${a.file ? `rename the file back to ${a.file}` : `rename it back to '${a.used}'`}, or change '${a.used}' to '${a.defined}' in those ${a.uses} places (${texts(a.files)}).`,
  }),
  "unknown-page": entry<
    {
      value: string;
      suggestion?: string;
      /** Files of child pages under the file's folder, which name no page either (a page renamed). */
      children?: number;
    } & OtherUses
  >({
    severity: "error",
    message: (a) =>
      `There is no page '${a.value}'${namedHereAnd(a)}.${a.children ? ` ${a.children === 1 ? "The file of its child page" : `The ${a.children} files of its child pages`}, under content/${a.value}/, name${a.children === 1 ? "s" : ""} none either.` : ""}`,
    hint: (a) => didYouMean(a.suggestion) ?? "pages are declared in pages.yaml.",
  }),
  "unknown-campaign": entry<{ value: string; suggestion?: string } & OtherUses>({
    severity: "error",
    message: (a) => `There is no campaign '${a.value}'${namedHereAnd(a)}.`,
    hint: (a) => didYouMean(a.suggestion) ?? "a campaign is a file campaigns/<id>.yaml.",
  }),
  "unknown-stage": entry<
    {
      campaign: string;
      stage: number;
      count: number;
      /** Placeholders of the stage's dates in the same files ({stage3Start}), folded in (link/renames.ts). */
      dates?: readonly string[];
      datedTexts?: number;
    } & OtherUses
  >({
    severity: "error",
    message: (a) =>
      `Campaign ${a.campaign} has ${a.count} stage${a.count === 1 ? "" : "s"}; there is no stage ${a.stage}${namedHereAnd(a)}${
        a.dates?.length
          ? `, and ${a.datedTexts} placeholder${a.datedTexts === 1 ? " in the texts there names" : "s in the texts there name"} its dates (${texts(a.dates.map((n) => `{${n}}`))})`
          : ""
      }.`,
    hint: (a) =>
      a.dates?.length
        ? `written for a campaign with more stages: take out what is written for stage ${a.stage}, its sections and the texts that name its dates, or give ${a.campaign} a stage ${a.stage}.`
        : "stages are numbered from 1 in the order the campaign file lists them.",
  }),
  "unknown-origin": entry<{ value: string; known: readonly string[] } & OtherUses>({
    severity: "error",
    message: (a) => `There is no origin '${a.value}'${namedHereAnd(a)}.`,
    hint: (a) => `origins are ${list(a.known)}.`,
  }),
  "missing-region-file": entry<{ region: string }>({
    severity: "error",
    message: (a) => `Region ${a.region} has no settings file.`,
    hint: (a) => `create specs/regions/${a.region}.yaml.`,
  }),
  // A region's line gone from site.yaml while its settings file and its uses stay: one error at
  // the file, not one per use (link/renames.ts).
  "region-not-listed": entry<{ region: string; uses: number; files: readonly string[] }>({
    severity: "error",
    message: (a) =>
      `This is the settings file of region ${a.region}, which ${a.uses} other place${a.uses === 1 ? "" : "s"} name${a.uses === 1 ? "s" : ""}, but site.yaml does not list it among its regions.`,
    hint: (a) => `add ${a.region} to regions: in site.yaml, or remove this file and the region from ${texts(a.files)}.`,
  }),
  // `written`: the languages the site is written in, when no page has a text in this one either.
  "missing-messages-file": entry<{ language: string; regions: readonly string[]; written?: readonly string[] }>({
    severity: "error",
    message: (a) =>
      `${a.regions.length === 1 ? "Region" : "Regions"} ${texts(a.regions)} ${a.regions.length === 1 ? "is" : "are"} written in '${a.language}', which has no message table${a.written ? ", and no page has a text in it" : ""}.`,
    hint: (a) =>
      a.written
        ? `give ${texts(a.regions)} the locale of a language the site is written in (${list(a.written)}), or create specs/messages/${a.language}.yaml and the ${a.language} texts of its pages.`
        : `create specs/messages/${a.language}.yaml.`,
  }),
  "price-on-alias": entry<{ alias: string; target: string }>({
    severity: "error",
    message: (a) => `${a.alias} is another name for ${a.target}; it cannot have prices of its own.`,
    hint: (a) => `remove this row; ${a.alias} takes the prices of ${a.target}.`,
  }),
  "alias-with-facts": entry<{ alias: string; target: string }>({
    severity: "error",
    message: (a) => `${a.alias} is another name for ${a.target}; its regional facts belong to ${a.target}.`,
    hint: (a) => `move these regions to ${a.target}, or drop aliasOf.`,
  }),
  // At the use; or, where several use it, once at the ~ they have in common, naming them.
  "product-not-sold": entry<{ product: string; region: string; uses: readonly string[]; atPrice?: boolean }>({
    severity: "error",
    message: (a) =>
      a.atPrice
        ? `${a.product} is not sold in ${a.region} (~ here), but ${a.uses.length} places show, link or offer it there: ${a.uses.join("; ")}.`
        : `${a.product} is not sold in ${a.region} (no price there), but ${a.uses[0]}.`,
    hint: (a) =>
      a.atPrice
        ? `write its ${a.region} price here, or take ${a.product} out of ${a.region} in each of those places.`
        : `give ${a.product} a ${a.region} price in prices.yaml, or take it out of ${a.region} here.`,
  }),
  // A product's row gone from the price table: every use of it would be "not sold", one error each.
  "product-without-prices": entry<{ product: string; uses: number; regions: readonly string[] }>({
    severity: "error",
    message: (a) =>
      `${a.product} has no row in prices.yaml, but ${a.uses === 1 ? "1 place shows, links or offers" : `${a.uses} places show, link or offer`} it (in ${texts(a.regions)}).`,
    hint: (a) => `add a row for ${a.product} to list: in prices.yaml, with ~ in the regions where it is not sold.`,
  }),
  // A region taken out of the price table's columns sells nothing: every use there would be "not sold".
  "region-without-prices": entry<{ region: string; uses: number; products: readonly string[] }>({
    severity: "error",
    message: (a) =>
      `prices.yaml has no ${a.region} column, but ${a.uses === 1 ? "1 place shows, links or offers" : `${a.uses} places show, link or offer`} ${texts(a.products)} in ${a.region}.`,
    hint: (a) =>
      `add ${a.region} to columns: with its price (or ~) in every row, or take ${a.products.length === 1 ? "that product" : "those products"} out of ${a.region}.`,
  }),
  // A price with no catalogue entry in its region: the product has no name, buy link or stock
  // there, and every page that shows it would have nothing to show. One error at the product.
  "product-without-region-entry": entry<{ product: string; regions: readonly string[]; uses: number }>({
    severity: "error",
    message: (a) =>
      `${a.product} has a price in ${texts(a.regions)} but no entry there in catalogue.yaml (its name, buy link and stock), and ${a.uses === 1 ? "1 place shows, links or offers" : `${a.uses} places show, link or offer`} it there.`,
    hint: (a) =>
      `add ${texts(a.regions.map((r) => `${r}: { name: ..., buy: ..., stock: ... }`))} under ${a.product}'s regions: in catalogue.yaml, or write ~ for its price there in prices.yaml and take it out of ${texts(a.regions)}.`,
  }),
  "price-unused": entry<{ product: string; region: string }>({
    severity: "warning",
    message: (a) => `${a.product} has a ${a.region} price, but nothing in ${a.region} shows, links or offers it.`,
    hint: (a) => `write ~ if it is not sold in ${a.region}, or give it a buy link in catalogue.yaml.`,
  }),
  "broken-link": entry<{ link: string; region: string; resolved: string; suggestion?: string }>({
    severity: "error",
    message: (a) => `The link '${a.link}' leads nowhere: ${a.region} has no page at ${a.resolved}.`,
    hint: (a) =>
      didYouMean(a.suggestion) ??
      "link to a page the region carries (pages.yaml), or give the full https:// address of another site.",
  }),
  // A region that pages.yaml names for no page (one just added to site.yaml) has only the pages of
  // every region: the links of its settings and content to the others follow from that, one error.
  "region-without-pages": entry<{
    region: string;
    links: number;
    pages: readonly string[];
    everywhere: readonly string[];
  }>({
    severity: "error",
    message: (a) =>
      `No page of pages.yaml names ${a.region}, so it has only the pages every region has (${texts(a.everywhere)}), and ${a.links === 1 ? "1 of its links leads" : `${a.links} of its links lead`} to ${a.pages.length === 1 ? "a page" : "pages"} it lacks: ${texts(a.pages)}.`,
    hint: (a) => `add ${a.region} to the regions: of each page it is to carry in pages.yaml, or take those links out.`,
  }),
  // The region root's page is the page named home (link/syntax.ts): without it every link to a
  // region's root leads nowhere, and the mistake is in pages.yaml, not at each link.
  "home-page-missing": entry<{
    /** The page of pages.yaml whose template is home, under another name. */
    misnamed?: string;
    /** The links to a region's root, and the files they are in. */
    links: number;
    files: readonly string[];
    /** Whether content/home.yaml is there, naming the page. */
    content: boolean;
  }>({
    severity: "error",
    message: (a) => {
      const fallout = [
        ...(a.links > 0
          ? [
              `${a.links === 1 ? "1 link" : `${a.links} links`} to a region's root (${texts(a.files)}) lead${a.links === 1 ? "s" : ""} nowhere`,
            ]
          : []),
        ...(a.content ? ["content/home.yaml names no page"] : []),
      ].join(", and ");
      return a.misnamed
        ? `The page with template home is named '${a.misnamed}', but a region's root (/, /us) is the page named home: ${fallout}.`
        : `pages.yaml has no page home, the page at a region's root (/, /us): ${fallout}.`;
    },
    hint: (a) =>
      a.misnamed
        ? `rename '${a.misnamed}' to home.`
        : "add home: { regions: all, template: home } to pages.yaml, or take those links out.",
  }),
  // Most of the regions that link to a page lack it: its regions: is the mistake, not each link.
  "sections-outside-page": entry<{ page: string; regions: readonly string[]; pageRegions: readonly string[] }>({
    severity: "warning",
    message: (a) =>
      `This file writes sections for ${texts(a.regions)}, where page ${a.page} is not (pages.yaml: ${a.pageRegions.length ? texts(a.pageRegions) : "no region"}): they are never built, and their links and texts are not judged.`,
    hint: (a) =>
      `take the sections for ${texts(a.regions)} out, or add ${a.regions.length === 1 ? "the region" : "those regions"} to the page's regions in pages.yaml.`,
  }),
  "page-not-in-regions": entry<{
    page: string;
    regions: readonly string[];
    lacking: readonly string[];
    links: number;
    /** The files the links are written in, most links first. */
    files?: readonly string[];
  }>({
    severity: "error",
    message: (a) =>
      `Page ${a.page} is in ${texts(a.regions)} only, but ${a.links} links lead to it in ${texts(a.lacking)}${a.files?.length ? ` (${texts(a.files)})` : ""}.`,
    hint: (a) => `add ${list(a.lacking)} to its regions: here (or write all), or take those links out.`,
  }),
  "link-missing-param": entry<{ link: string; param: string }>({
    severity: "error",
    message: (a) => `The link '${a.link}' still holds the route parameter '${a.param}' with no value.`,
    hint: () => "write the value in its place, for example /us/login instead of /:region/login.",
  }),
  "duplicate-route": entry<{ path: string; other: string }>({
    severity: "error",
    message: (a) => `Two pages would be served at ${a.path}: this one and ${a.other}, declared before it.`,
    hint: () => "rename one of the pages or take one out of this region.",
  }),
  "page-without-target": entry<{ page: string; regions: readonly string[] }>({
    severity: "error",
    message: (a) => `Page ${a.page} has nothing to show in ${list(a.regions)}: no template, redirect or child pages.`,
    hint: () => "give it a template, a redirect, or children.",
  }),
  "landing-campaign-mistaken": entry<{ page: string; named: string; other: string; meant: string }>({
    severity: "error",
    message: (a) => `Page ${a.page} names campaign ${a.named}, as page ${a.other} does, and ${a.meant} has no page.`,
    hint: (a) => `did you mean campaign: ${a.meant}?`,
  }),
  "product-page-mistaken": entry<{ page: string; named: string; other: string; meant: string; languages: number }>({
    severity: "error",
    message: (a) =>
      `Page ${a.page} shows product ${a.named}, as page ${a.other} does, while its head names ${a.meant}${a.languages === 1 ? "" : ` in ${a.languages} languages`}, and ${a.meant} has no page.`,
    hint: (a) => `did you mean product: ${a.meant}?`,
  }),
  "text-year-outside-campaign": entry<{ year: number; campaign: string; from: number; to: number; others?: number }>({
    severity: "warning",
    message: (a) =>
      `This text of ${a.campaign} names ${a.year}${a.others ? `, as ${a.others} more of this file do` : ""}, but the campaign runs ${a.to === Infinity ? `from ${a.from}` : a.from === a.to ? `in ${a.from}` : `from ${a.from} to ${a.to}`}: ${a.others ? "texts" : "a text"} copied from an earlier campaign?`,
    hint: () =>
      "write the stage's dates as {stage1Start} and {stage1End}, which follow the campaign, or mend the year.",
  }),
  "campaign-times-copied": entry<{ campaign: string; other: string; regions: readonly string[] }>({
    severity: "warning",
    message: (a) =>
      `Every stage of ${a.campaign} starts and ends when ${a.other}'s does, in ${texts(a.regions)}: the two would run at once.`,
    hint: (a) => `give ${a.campaign} its own dates (a copy of ${a.other}'s file?), or keep one of the two.`,
  }),
  "campaign-without-page": entry<{
    campaign: string;
    entries: number;
    /** Another campaign and its landing page, to show how pages.yaml names one. */
    example?: readonly [campaign: string, page: string];
    /** A campaign of the same name but its figures (next year's) and the page it has, likely this one's before. */
    successor?: readonly [campaign: string, page: string];
    /** When its last stage ends, in the zone its times are read in: from then on its promotion is shown nowhere. */
    over?: string;
  }>({
    severity: "error",
    message: (a) =>
      `No page of pages.yaml names campaign ${a.campaign}, so ${a.entries === 1 ? "its promotion entry, which has" : `its ${a.entries} promotion entries, which have`} no link of ${a.entries === 1 ? "its" : "their"} own, lead${a.entries === 1 ? "s" : ""} nowhere.`,
    hint: (a) => {
      const over = a.over ? ` (once it is over, from ${a.over}, it stops no build)` : "";
      return a.successor
        ? `page ${a.successor[1]} shows ${a.successor[0]} now: while ${a.campaign} runs, give it a page of its own in pages.yaml (template: campaign, campaign: ${a.campaign}), or take its promotion out${over}.`
        : `add its landing page to pages.yaml, with template: campaign and campaign: ${a.campaign}${a.example ? ` (as ${a.example[1]} names ${a.example[0]})` : ""}, or give each entry a link: of its own${over}.`;
    },
  }),
  "page-missing-subject": entry<{ page: string; template: string; field: string }>({
    severity: "error",
    message: (a) => `Page ${a.page} uses the ${a.template} template but does not say which ${a.field} it shows.`,
    hint: (a) => `add ${a.field}: <id>.`,
  }),
  "redirect-out-of-region": entry<{ page: string; to: string; region: string }>({
    severity: "error",
    message: (a) => `Page ${a.page} redirects to ${a.to}, which ${a.region} does not have.`,
    hint: () => "redirect to a page of the same region.",
  }),
  "language-without-pages": entry<{ language: string; regions: readonly string[]; pages: readonly string[] }>({
    severity: "error",
    message: (a) =>
      `No page is written in '${a.language}' (${languageName(a.language)}), the language of ${a.regions.length === 1 ? "region" : "regions"} ${texts(a.regions)}: ${a.pages.length === 1 ? "its page has" : `its ${a.pages.length} pages have`} no ${languageName(a.language)} texts (${texts(a.pages)}).`,
    hint: (a) =>
      `write the ${languageName(a.language)} texts of each page in its content file (head.${a.language}, and its body, hero or product text), or give ${texts(a.regions)} the locale of a language the pages are written in.`,
  }),
  "missing-content": entry<{ page: string; regions: readonly string[]; what: string }>({
    severity: "error",
    message: (a) => `Page ${a.page} has no ${a.what} for ${list(a.regions)}.`,
    hint: (a) => `write it in specs/content/${a.page}.yaml; the page cannot be built without it.`,
  }),
  "unclosed-placeholder": entry<{ name: string }>({
    severity: "error",
    message: (a) => `{${a.name} opens a placeholder that is not closed; it would reach shoppers as it is written.`,
    hint: (a) => `close it: {${a.name}}.`,
  }),
  "unopened-placeholder": entry<{ name: string }>({
    severity: "error",
    message: (a) => `${a.name}} closes a placeholder that is not opened; it would reach shoppers as it is written.`,
    hint: (a) => `open it: {${a.name}}.`,
  }),
  "markup-in-text": entry<{ mark: string }>({
    severity: "warning",
    message: (a) => `${a.mark} is Markdown or HTML: texts are shown as written, so shoppers would read the marks.`,
    hint: () => "write the text plainly; a line break in the text is kept, and a link goes in links: or link:.",
  }),
  "unknown-placeholder": entry<{
    name: string;
    known: readonly string[];
    suggestion?: string;
    onlyIn?: string;
    /** For a stage bound ({stage3End}) the campaign does not have: the campaign's name, id and the stage. */
    campaign?: string;
    campaignId?: string;
    stage?: number;
    /** How many more such bounds the file writes for the campaign, and the other names among them. */
    others?: number;
    names?: readonly string[];
  }>({
    severity: "error",
    message: (a) =>
      a.campaign
        ? a.others
          ? `{${a.name}} is not the start or end of a stage of ${a.campaign}, nor are ${a.others} more placeholders of this file${a.names?.length ? ` (${texts(a.names.map((n) => `{${n}}`))})` : ""}; they would reach shoppers as they are written.`
          : `{${a.name}} is not the start or end of a stage of ${a.campaign}; it would reach shoppers as it is written.`
        : a.onlyIn
          ? `{${a.name}} means something only in ${a.onlyIn}; here it would reach shoppers as it is written.`
          : `{${a.name}} is not a figure the compiler can fill in; it would reach shoppers as it is written.`,
    hint: (a) =>
      a.campaign
        ? `its stages' bounds are ${a.known.map((k) => `{${k}}`).join(", ")}; a stage with no end has no {stageNEnd}.`
        : a.suggestion
          ? `did you mean {${a.suggestion}}?`
          : `placeholders here are ${a.known.map((k) => `{${k}}`).join(", ")}.`,
  }),
  "campaign-unreachable": entry<{
    campaign: string;
    page: string;
    regions: readonly string[];
    stage: number;
    stageName: string;
    /** Every stage's name, when no stage has a way in there: the campaign has no promotion there. */
    allStages?: readonly string[];
  }>({
    severity: "error",
    message: (a) =>
      a.allStages
        ? `Nothing leads shoppers in ${texts(a.regions)} to ${a.page} during any of the ${a.allStages.length} stages of ${a.campaign} (${texts(a.allStages)}): no home banner, text banner or menu entry of the campaign links to it.`
        : `Nothing leads shoppers in ${texts(a.regions)} to ${a.page} during stage ${a.stage} (${a.stageName}) of ${a.campaign}: no home banner, text banner or menu entry of the campaign links to it.`,
    hint: (a) =>
      a.allStages
        ? `write its promotion: for ${texts(a.regions)} in the campaign file, an entry for its stages (a textBanner, menu or homeBanner; the file's comments show one).`
        : a.regions.length === 1
          ? `add an entry for stage ${a.stage} under promotion: ${a.regions[0]}: in the campaign file (a textBanner, menu or homeBanner).`
          : `add an entry for stage ${a.stage} under promotion: in the campaign file for each of ${texts(a.regions)} (a textBanner, menu or homeBanner).`,
  }),
  "headline-percent-mismatch": entry<{
    written: number;
    derived: number | null;
    region: string;
    stage: number;
    campaign: string;
  }>({
    severity: "error",
    message: (a) =>
      a.derived === null
        ? `This headline promises ${a.written}% but ${a.campaign} has no sale prices in ${a.region} at stage ${a.stage}.`
        : `This headline says ${a.written}% but the largest saving of ${a.campaign}'s stage ${a.stage} prices in ${a.region} is ${a.derived}%.`,
    hint: (a) =>
      a.derived === null
        ? "add the stage's prices under offers:, or take the figure out of the text."
        : "write {upTo}% and the figure is derived from the price table and the campaign's offers.",
  }),
  // 3.999 yuan or 1749.5 yen: a thousands separator or a price typed in another currency's way.
  "price-precision": entry<{ price: number; currency: string; digits: number }>({
    severity: "error",
    message: (a) =>
      `The price ${a.price} has more decimals than ${a.currency} has: ${a.digits === 0 ? "none" : `at most ${a.digits}`}.`,
    hint: (a) =>
      `write it in whole ${a.currency}${a.digits === 0 ? "" : ` or with ${a.digits} decimals`}, without a thousands separator${/^\d{1,3}\.\d{3}$/.test(String(a.price)) ? ` (${String(a.price).replace(".", "")}?)` : ""}.`,
  }),
  "campaign-price-not-below-list": entry<SalePrice>({
    severity: "error",
    message: (a) =>
      `The stage ${a.stage} price of ${a.product} in ${a.region} (${a.price}) is not below its list price (${a.list}).`,
    hint: () =>
      "a campaign price must be lower than the list price in prices.yaml; write ~ where there is no campaign price.",
  }),
  "offer-row-length": entry<{ product: string; region: string; count: number; stages: number }>({
    severity: "error",
    message: (a) =>
      `${a.product} in ${a.region} has ${a.count} campaign price${a.count === 1 ? "" : "s"} for ${a.stages} stage${a.stages === 1 ? "" : "s"}.`,
    hint: () => "write one price per stage, in stage order, with ~ for a stage without a campaign price.",
  }),
  "offer-stage-count": entry<{ campaign: string; count: number; stages: number }>({
    severity: "error",
    message: (a) =>
      `Every offer row of ${a.campaign} has ${a.count} campaign price${a.count === 1 ? "" : "s"}, but the campaign has ${a.stages} stage${a.stages === 1 ? "" : "s"}.`,
    hint: (a) =>
      a.count < a.stages
        ? "give every row a price for each new stage, in stage order, with ~ where a stage has no campaign price."
        : "take the price of each removed stage out of every row, or bring the stage back.",
  }),
  /** others: the preview's other products without an offer. */
  "preview-without-offer": entry<{ product: string; campaign: string; region: string; others?: readonly string[] }>({
    severity: "warning",
    message: (a) =>
      a.others
        ? `${texts([a.product, ...a.others])} have no offer of ${a.campaign} in ${a.region}: the preview shows no price for them at any stage.`
        : `${a.product} has no offer of ${a.campaign} in ${a.region}: its preview shows no price for it at any stage.`,
    hint: (a) =>
      a.others
        ? `give them rows under offers: ${a.region}: in the campaign, or take them out of the preview.`
        : `give it a row under offers: ${a.region}: in the campaign, or take it out of the preview.`,
  }),
  "duplicate-id": entry<{ id: string; page: string; region: string }>({
    severity: "error",
    message: (a) =>
      `Page ${a.page} in ${a.region} already has an element with the id '${a.id}': a link or a tab to #${a.id} would lead to the first.`,
    hint: () => "give each section its own id (sections shown at different stages of one campaign may share one).",
  }),
  "nav-duplicate-link": entry<{ name: string; other: string; target: string }>({
    severity: "error",
    message: (a) =>
      a.name === a.other
        ? `${a.name} is in this menu already: it would show twice, leading to ${a.target}.`
        : `${a.name} leads to ${a.target}, as ${a.other} in the same menu does: one of the two links is most likely wrong.`,
    hint: (a) => (a.name === a.other ? "take one of the two out." : `link ${a.name} to its own page.`),
  }),
  /**
   * uses: all of the picture's uses are for that campaign (reported at the drawing); more and keys:
   * how many more places show a picture of drawnFor for it, and the pictures.
   */
  "image-other-campaign": entry<{
    key: string;
    drawnFor: string;
    campaign: string;
    uses?: number;
    more?: number;
    keys?: readonly string[];
  }>({
    severity: "warning",
    message: (a) =>
      a.uses !== undefined
        ? `${a.key} is drawn in the colours of ${a.drawnFor}, but all ${a.uses} of its uses are for ${a.campaign}.`
        : a.more
          ? `${texts(a.keys ?? [a.key])} ${(a.keys?.length ?? 1) > 1 ? "are" : "is"} drawn in the colours of ${a.drawnFor} (artwork.yaml), but shown for ${a.campaign} here and in ${a.more} more place${a.more === 1 ? "" : "s"}.`
          : `${a.key} is drawn in the colours of ${a.drawnFor} (artwork.yaml), but shown here for ${a.campaign}.`,
    hint: (a) =>
      a.uses !== undefined
        ? `draw it for ${a.campaign}: campaign: ${a.campaign}.`
        : a.more
          ? `give ${a.campaign} the art: of ${a.drawnFor} if it keeps that look (campaigns drawn alike share their pictures), or use pictures drawn for ${a.campaign}.`
          : `use a picture drawn for ${a.campaign}, or draw ${a.key} for it in artwork.yaml.`,
  }),
  "tab-duplicate-link": entry<{ label: string; other: string; link: string }>({
    severity: "error",
    message: (a) => `The tab ${a.label} leads to ${a.link}, as the tab ${a.other} does: one section, two tabs.`,
    hint: (a) => `link ${a.label} to its own section.`,
  }),
  "nav-hidden-everywhere": entry<Record<string, never>>({
    severity: "warning",
    message: () => "This entry is hidden in the header, the footer and on mobile: it shows nowhere.",
    hint: () => "take it out of the navigation, or leave it shown in one place.",
  }),
  "nav-other-product": entry<{ product: string; leadsTo: string; own?: string }>({
    severity: "error",
    message: (a) => `This menu entry shows ${a.product}'s name but leads to the page of ${a.leadsTo}.`,
    hint: (a) =>
      a.own
        ? `link it to ${a.product}'s page (link: ${a.own}), or identify ${a.leadsTo}.`
        : `identify ${a.leadsTo}, or link the entry to a page of ${a.product}.`,
  }),
  "product-other-series": entry<{
    product: string;
    series: string;
    seriesName: string;
    other: string;
    otherName: string;
  }>({
    severity: "warning",
    message: (a) =>
      `${a.product} is filed under series ${a.series} (${a.seriesName}), but its name says ${a.otherName}, and nowhere ${a.seriesName}: the manuals would list it with the ${a.seriesName} ones.`,
    hint: (a) => `most likely a row copied and its series left: write series: ${a.other}.`,
  }),
  "price-columns-swapped": entry<{ first: string; second: string; mismatches: number; meant: readonly string[] }>({
    severity: "error",
    message: (a) =>
      `The columns ${a.first} and ${a.second} look swapped: read in this order, ${a.mismatches} of their prices are for products their region does not show, or missing for products it does; swapped, each column prices what its region shows.`,
    hint: (a) => `write columns: [${a.meant.join(", ")}]. The rest of the check reads the table that way.`,
  }),
  /** more: how many more such names the campaign's banners of this file write for the region; names: the other products among them. */
  "banner-product-not-offered": entry<WithoutOffer & { written: string; more?: number; names?: readonly string[] }>({
    severity: "warning",
    message: (a) =>
      `this banner names ${a.written} (${a.product}), ${withoutOffer(a)}: shoppers who come for it find its list price${a.more ? `; so do ${a.more} more names in this file's banners of ${a.campaign}${a.names?.length ? ` (${texts(a.names)})` : ""}` : ""}.`,
    hint: (a) =>
      a.names?.length
        ? `give them offers in ${a.campaign}'s offers for ${a.region}, or name products the campaign offers.`
        : `give ${a.product} an offer in ${a.campaign}'s offers for ${a.region}, or name a product the campaign offers.`,
  }),
  "link-to-own-origin": entry<{ link: string; origin: string; page?: string }>({
    severity: "warning",
    message: (a) =>
      `this link writes the site's own address (${a.link}, origin ${a.origin}): a preview or staging build would send shoppers to the live site, and the page would load whole instead of being swapped in.`,
    hint: (a) => (a.page ? `write the page: link: ${a.page}.` : "write the page's id, as the site's other links do."),
  }),
  "email-domain-slip": entry<{ email: string; domain: string; meant: string }>({
    severity: "warning",
    message: (a) =>
      `${a.email} is at ${a.domain}, a slip away from ${a.meant}, where the site is published: messages to it would go nowhere.`,
    hint: (a) => `did you mean ${a.email.split("@")[0]}@${a.meant}?`,
  }),
  "pre-order-other-product": entry<{ product: string; meant: string }>({
    severity: "error",
    message: (a) =>
      `This campaign pre-sells ${a.product}, but every one of its offers is for ${a.meant}: ${a.product}'s page would go into pre-order, and ${a.meant}'s would show no pre-order.`,
    hint: (a) => `did you mean preOrder: ${a.meant}?`,
  }),
  "card-other-product": entry<{ product: string; other: string; field: "title" | "image"; value: string }>({
    severity: "error",
    message: (a) =>
      `This card is ${a.product}'s (its price, its link), but its ${a.field} ${a.field === "title" ? `names ${a.value}` : `is ${a.value}`}, ${a.other}'s: shoppers would see one product and buy another.`,
    hint: (a) => `most likely a card copied from ${a.other}'s: give it ${a.product}'s ${a.field}.`,
  }),
  "label-other-page": entry<{ label: string; page: string; leadsTo: string }>({
    severity: "warning",
    message: (a) =>
      `This link says ${a.label}, the name of page ${a.page}, but leads to ${a.leadsTo}: shoppers would land where its words do not say.`,
    hint: (a) => `link it to ${a.page}, or give it ${a.leadsTo}'s name.`,
  }),
  "promotion-to-product-without-offer": entry<WithoutOffer>({
    severity: "warning",
    message: (a) =>
      `This promotion leads to ${a.product}'s page, ${withoutOffer(a)}: shoppers who follow it find the list price.`,
    hint: (a) => `link it to the page of a product ${a.campaign} offers, or give ${a.product} an offer.`,
  }),
  "image-other-product": entry<{ key: string; product: string; named: string }>({
    severity: "warning",
    message: (a) =>
      `picture ${a.key} is named for ${a.named} but draws ${a.product}: every page that shows it would show the other product.`,
    hint: (a) => `most likely a line copied from ${a.product}'s pictures: write product: ${a.named}.`,
  }),
  "zone-not-of-country": entry<{ region: string; zone: string; locale: string; zones: readonly string[] }>({
    severity: "warning",
    message: (a) =>
      `${a.region} keeps ${a.zone} time, but its locale ${a.locale} is for a country on ${a.zones.length === 1 ? a.zones[0] : `${a.zones.slice(0, 3).join(", ")}${a.zones.length > 3 ? " or another of its zones" : ""}`}: its dates would be shown, and its times written without a zone read, by another country's clock.`,
    hint: (a) =>
      a.zones.length === 1
        ? `most likely a line copied from another region: write zone: ${a.zones[0]}.`
        : `most likely a line copied from another region: write the zone the region's shoppers keep, one of the country's ${a.zones.length} (${a.zones[0]} to ${a.zones.at(-1)}).`,
  }),
  "label-other-product": entry<{ written: string; product: string; leadsTo: string; page: string; own?: string }>({
    severity: "error",
    message: (a) =>
      `This link's words name ${a.written} (${a.product}) but it leads to ${a.page}, the page of ${a.leadsTo}: shoppers who follow it for ${a.written} land on another product.`,
    hint: (a) =>
      a.own
        ? `link it to ${a.product}'s page (link: ${a.own}), or write ${a.leadsTo}'s name in its words.`
        : `write ${a.leadsTo}'s name in its words, or link it to a page of ${a.product}.`,
  }),
  "campaign-price-far-below-list": entry<SalePrice>({
    severity: "warning",
    message: (a) =>
      `${a.product}'s stage ${a.stage} price in ${a.region} is ${a.price}, ${Math.round((1 - a.price / a.list) * 100)}% off its list price of ${a.list}.`,
    hint: (a) =>
      a.price * 10 < a.list * 1.5 && a.price * 10 > a.list / 2
        ? `a digit too few (${a.price * 10})? Leave it if the cut is meant.`
        : "check the figure; leave it if the cut is meant.",
  }),
  "currency-of-twin": entry<{ region: string; currency: string; other: string; otherCurrency: string }>({
    severity: "warning",
    message: (a) =>
      `${a.region} prices in ${a.currency}, but its prices are ${a.other}'s, in ${a.otherCurrency}, figure for figure: shoppers would read them as ${a.currency}.`,
    hint: (a) =>
      `give ${a.region} its own prices in prices.yaml, or, if they are meant in ${a.otherCurrency}, write currency: ${a.otherCurrency}.`,
  }),
  "price-out-of-line": entry<{ product: string; region: string; price: number; expected: number }>({
    severity: "warning",
    message: (a) =>
      `${a.product} costs ${a.price} in ${a.region}, where its other prices and the table's rates suggest about ${a.expected}.`,
    hint: (a) => {
      const factor = a.expected / a.price;
      const slip = factor > 5 && factor < 20 ? "too few" : factor > 0.05 && factor < 0.2 ? "too many" : undefined;
      return slip
        ? `a digit ${slip}? About ${a.expected} is in line with its other prices.`
        : "check it against the product's prices in the other regions.";
    },
  }),
  "product-listed-twice": entry<{ product: string; canonical: string }>({
    severity: "error",
    message: (a) =>
      `${a.product}${a.canonical !== a.product ? ` (${a.canonical})` : ""} is in this list already: the page would show it twice.`,
    hint: () => "name the product this item is for, or take the item out.",
  }),
  "spec-rows-differ": entry<{
    language: string;
    reference: string;
    count: number;
    referenceCount: number;
    /** The reference row the language most likely lacks. */
    missing?: string;
  }>({
    severity: "error",
    message: (a) =>
      `The ${a.language} specification table has ${a.count} ${a.count === 1 ? "row" : "rows"}, the ${a.reference} one ${a.referenceCount}: shoppers would read different specifications in ${a.language}.`,
    hint: (a) =>
      a.missing
        ? `add the row the ${a.reference} table has as '${a.missing}', in the same place.`
        : `give ${a.language} the ${a.reference} rows, in the same order.`,
  }),
  "text-figure-differs": entry<{ label: string; value: string; written: string }>({
    severity: "warning",
    message: (a) => `'${a.written}' differs from the specification table, whose ${a.label} reads '${a.value}'.`,
    hint: () => "mend the text or the table, whichever is wrong: shoppers read both on the page.",
  }),
  "spec-figures-differ": entry<{
    language: string;
    reference: string;
    label: string;
    value: string;
    referenceValue: string;
    /** The reference language is the one out: every other language writes `referenceValue`. */
    outvoted?: boolean;
  }>({
    severity: "error",
    message: (a) => `${a.label} reads '${a.value}' in ${a.language} but '${a.referenceValue}' in ${a.reference}.`,
    hint: (a) =>
      a.outvoted
        ? `the other languages agree: write their figures ('${a.referenceValue}') here, or mend theirs.`
        : `write the figures of the ${a.reference} row ('${a.referenceValue}'), or mend the ${a.reference} one.`,
  }),
  "redirect-loop": entry<{ loop: readonly string[] }>({
    severity: "error",
    message: (a) =>
      a.loop.length === 2
        ? `${a.loop[0]} redirects to itself: browsers would ask for it again and again until they give up.`
        : `These redirects go round in a loop (${a.loop.join(" -> ")}): browsers would be sent back and forth until they give up.`,
    hint: () => "redirect to a page that shows something (a page with a template).",
  }),
  "redirect-chain": entry<{ page: string; via: string; to: string }>({
    severity: "warning",
    message: (a) => `${a.page} redirects to ${a.via}, which redirects again: two hops to reach ${a.to}.`,
    hint: (a) => `redirect ${a.page} straight to ${a.to}.`,
  }),
  "fallback-loop": entry<{ language: string; loop: readonly string[]; root?: string }>({
    severity: "error",
    message: (a) =>
      `The fallbacks of ${a.language} go round in a loop (${a.loop.join(" -> ")}): a text missing in ${a.loop.length > 2 ? "these languages" : a.language} would never reach a table that has it.`,
    hint: (a) =>
      a.root
        ? `fall back to ${a.root}, whose table falls back to none.`
        : "let one table fall back to none: the one every text is written in.",
  }),
  "region-not-in-chooser": entry<{ region: string; name: string }>({
    severity: "error",
    message: (a) =>
      `Region ${a.region} (${a.name}) has no option in the region chooser: visitors could reach it only by typing its address.`,
    hint: (a) =>
      `add an option for it to region-chooser.yaml, such as { label: ${a.name}, region: ${a.region}, country: … }.`,
  }),
  "chooser-option-other-region": entry<{ label: string; country: string; region: string; meant: string }>({
    severity: "error",
    message: (a) =>
      `The option ${a.label} (country ${a.country}) leads to ${a.region}, and ${a.meant}, the region written for ${a.country}, has no option: its visitors could reach it only by typing its address.`,
    hint: (a) => `did you mean region: ${a.meant}?`,
  }),
  "chooser-country-shared": entry<{ country: string; labels: readonly string[] }>({
    severity: "error",
    message: (a) =>
      `Country ${a.country} has ${a.labels.length} options (${texts(a.labels)}): the site remembers a visitor's pick by its country, so it could not tell them apart.`,
    hint: () => "give each option its own country.",
  }),
  "list-item-repeated": entry<{ value: string; first: string }>({
    severity: "warning",
    message: (a) => `'${a.value}' is in this list already (${a.first}): shoppers would see it twice.`,
    hint: () => "most likely a line pasted over the next: write the one meant here, or take this one out.",
  }),
  "entry-field-repeated": entry<{ field: string; value: string; other: string; whole?: boolean; below?: boolean }>({
    severity: "error",
    message: (a) =>
      `'${a.value}' is the ${a.field} of ${a.other} ${a.below ? "below" : "above"} already: each entry of this list has its own.`,
    hint: (a) =>
      a.whole
        ? `this entry repeats ${a.other} whole, most likely pasted twice: take it out.`
        : `this entry was most likely copied from ${a.other}: give it its own ${a.field}.`,
  }),
  "text-in-other-language": entry<{ language: string; written: string; texts: number }>({
    severity: "warning",
    message: (a) =>
      `${a.texts > 1 ? `this text and ${a.texts - 1} more of this block are` : "this text is"} written as ${languageName(a.language)} but in ${a.written}: ${languageName(a.language)} readers would see a language they may not read.`,
    hint: () => "most likely a translation pasted under the wrong key: move it to its language, and write this one.",
  }),
  "currency-not-of-country": entry<{
    region: string;
    locale: string;
    country: string;
    currency: string;
    expected: string;
  }>({
    severity: "warning",
    message: (a) =>
      `${a.region} prices in ${a.currency} (${displayName("currency", a.currency)}), but its locale ${a.locale} is for ${a.country}, a country that pays in ${a.expected} (${displayName("currency", a.expected)}): every price there would be shown in ${displayName("currency", a.currency)}.`,
    hint: (a) =>
      `most likely the settings copied from a region that pays in ${a.currency}: write currency: ${a.expected}. A region that sells in ${a.currency} on purpose can leave it.`,
  }),
  "promotion-other-stage-title": entry<{
    region: string;
    stage: number;
    stageName: string;
    other: number;
    otherName: string;
    place: string;
  }>({
    severity: "warning",
    message: (a) =>
      `${a.region}'s ${a.place} for stage ${a.stage} (${a.stageName}) is stage ${a.other}'s word for word, and names ${a.otherName}: during ${a.stageName} shoppers would read that ${a.otherName} is on.`,
    hint: (a) =>
      `most likely copied from stage ${a.other}'s entry: write ${a.stageName}'s title here (or leave it, if every stage has one title on purpose).`,
  }),
  "media-link-other-network": entry<{ icon: string; network: string; on: string; onName: string; host: string }>({
    severity: "error",
    message: (a) =>
      `this ${a.network} icon links to ${a.onName} (${a.host}): the footer would show ${a.network}'s icon and open ${a.onName}.`,
    hint: (a) =>
      `most likely a line copied and its link changed: write the ${a.network} profile's address here, or make the icon ${a.on}.`,
  }),
  "page-head-shared": entry<{
    page: string;
    other: string;
    field: string;
    language: string;
    text: string;
    /** The other texts of its head that are the other page's too. */
    more?: number;
  }>({
    severity: "warning",
    message: (a) =>
      `The ${languageName(a.language)} ${a.field} of page ${a.page}, '${a.text.length > 60 ? `${a.text.slice(0, 59)}…` : a.text}', is page ${a.other}'s${a.more ? `, as ${a.more} more texts of its head are` : ""}: search results and browser tabs would show the two pages as one.`,
    hint: (a) => `write ${a.page}'s own title and description (its head copied from ${a.other}'s content file?).`,
  }),
  "page-title-other-product": entry<{
    page: string;
    /** The product the page shows. */
    product: string;
    other: string;
    /** The other product's name as the title or description writes it. */
    written: string;
    language: string;
    field: "title" | "description";
    /** The other texts of the head that name the other product too. */
    more?: { texts: number; languages: readonly string[] };
  }>({
    severity: "error",
    message: (a) =>
      `the ${languageName(a.language)} ${a.field} of page ${a.page} names ${a.written} (${a.other}), not ${a.product}, the product the page shows${a.more ? `, and so do ${a.more.texts} more texts of its head (${texts(a.more.languages.map(languageName))})` : ""}: ${a.field === "title" ? `search results and browser tabs would call it ${a.written}` : `search results would describe ${a.written} under it`}.`,
    hint: (a) => `the head was most likely copied from ${a.other}'s page: write ${a.product}'s name in it.`,
  }),
  "tag-without-start": entry<{ tag: string }>({
    severity: "warning",
    message: (a) =>
      `the ${a.tag} tag never shows: a menu entry's tag shows from its startTime, and this entry has none.`,
    hint: () => "give the entry a startTime (when it becomes new), or take the tag away.",
  }),
  "untranslated-text": entry<{ language: string; texts: number; first: string }>({
    severity: "warning",
    message: (a) =>
      `${a.texts === 1 ? `this ${languageName(a.language)} text is the English one` : `${a.texts} ${languageName(a.language)} texts here are the English ones`} word for word${a.texts === 1 ? "" : ` (${a.first} first)`}: ${languageName(a.language)} readers would read English.`,
    hint: (a) =>
      `translate ${a.texts === 1 ? "it" : "them"} into ${languageName(a.language)}; a text left out falls back to its fallback language by itself, so no copy is needed.`,
  }),
  "stage-long": entry<{ what: string; days: number; from: string; to: string }>({
    severity: "warning",
    message: (a) => `${a.what} lasts ${a.days} days, from ${a.from} to ${a.to}: is a year typed wrong?`,
    hint: () => "check the years of its start and end; a stage meant to run this long may stay as it is.",
  }),
  "words-repeated": entry<{ field: string; value: string; other: string }>({
    severity: "error",
    message: (a) => `${a.field} says '${a.value}', as ${a.other} does: shoppers could not tell the two apart.`,
    hint: (a) => `${a.field} was most likely copied from ${a.other}: give it its own words.`,
  }),
  "hreflang-shared": entry<{ region: string; other: string; hreflang: string }>({
    severity: "error",
    message: (a) =>
      `${a.region} and ${a.other} both tell search engines their pages are for ${a.hreflang}: the alternates of a page could not be told apart.`,
    hint: (a) => `give ${a.region} its own locale, or an hreflang of its own.`,
  }),
  "range-reversed": entry<{ low: string; lowValue: number; high: string; highValue: number; strict?: boolean }>({
    severity: "error",
    message: (a) =>
      `${a.low} is ${a.lowValue}, ${a.lowValue === a.highValue ? "as much as" : "more than"} ${a.high} (${a.highValue}): it should be ${a.strict ? "less" : "no more"}.`,
    hint: (a) => `swap the two figures, or mend the one that is wrong (${a.low} is the smaller).`,
  }),
  "api-code-without-message": entry<{ name: string; code: string; suggestion?: string }>({
    severity: "error",
    message: (a) =>
      `${a.name} is ${a.code}, and no message table has a text for ${a.code}: shoppers would read the default message when the API answers with it.`,
    hint: (a) =>
      a.suggestion
        ? `did you mean ${a.suggestion}? Every message table has a text for it.`
        : `add "${a.code}": under api: in each message table.`,
  }),
  "api-code-shared": entry<{ name: string; other: string; value: number }>({
    severity: "error",
    message: (a) =>
      `The answer codes ${a.other} and ${a.name} are both ${a.value}: the site could not tell the two answers apart.`,
    hint: (a) => `give ${a.name} the code the API answers with (seed 000 §8).`,
  }),
  "api-endpoint-shared": entry<{ name: string; other: string; path: string }>({
    severity: "error",
    message: (a) => `${a.name} and ${a.other} both call ${a.path}: ${a.name} would reach ${a.other}'s endpoint.`,
    hint: (a) => `give ${a.name} its own path (seed 000 §7).`,
  }),
  "api-method-without-body": entry<{ name: string }>({
    severity: "error",
    message: (a) =>
      `${a.name} sends the shopper's data in its body, which a GET request cannot carry: every ${a.name} call would fail.`,
    hint: () => "method: POST.",
  }),
  "preproduction-host-is-live": entry<{ host: string; origin: string }>({
    severity: "error",
    message: (a) =>
      `${a.host} is where the site is published (origin ${a.origin} in site.yaml): its shoppers would call the pre-production API.`,
    hint: () => "list only the hosts of the pre-production site here.",
  }),
  "api-environment-shared": entry<{ environment: string; group: string; url: string; other: string }>({
    severity: "error",
    message: (a) =>
      `The ${a.environment} API of ${a.group} is ${a.url}, the same as ${a.other}: pages built for one environment would call the other's API.`,
    hint: () => "give each environment its own base URL.",
  }),
  "product-name-shared": entry<{ product: string; other: string; region: string; name: string }>({
    severity: "error",
    message: (a) =>
      `${a.product} and ${a.other} are both named '${a.name}' in ${a.region}: shoppers could not tell them apart.`,
    hint: (a) => `give ${a.product} its own name in ${a.region}.`,
  }),
  "product-name-slip": entry<{
    product: string;
    region: string;
    name: string;
    meant: string;
    regions: readonly string[];
  }>({
    severity: "warning",
    message: (a) => `${a.product} is named '${a.name}' in ${a.region}, but '${a.meant}' in ${texts(a.regions)}.`,
    hint: (a) => `did you mean '${a.meant}'?`,
  }),
  "buy-link-shared": entry<{ product: string; other: string; region: string }>({
    severity: "error",
    message: (a) =>
      `${a.product}'s buy link in ${a.region} is the one ${a.other} has: its Buy button would open ${a.other} in the store.`,
    hint: (a) => `give ${a.product} the link of its own page in the ${a.region} store.`,
  }),
  "buy-link-other-region": entry<{ product: string; region: string; host: string; owner: string; own?: string }>({
    severity: "warning",
    message: (a) => `${a.product}'s buy link in ${a.region} leads to ${a.host}, the shop of ${a.owner}.`,
    hint: (a) =>
      a.own
        ? `link to the product in ${a.region}'s shop (${a.own}), where ${a.region}'s shoppers pay in their currency.`
        : `link to the product in a shop that sells to ${a.region}.`,
  }),
  "shop-other-region": entry<{ region: string; host: string; owner: string; currency: string; ownerCurrency: string }>({
    severity: "error",
    message: (a) =>
      `${a.region}'s Shop link leads to ${a.host}, the shop of ${a.owner}: ${a.region}'s shoppers would pay in ${a.ownerCurrency}, not ${a.currency}.`,
    hint: (a) => `give ${a.region}'s shop: the address of the store that sells to ${a.region} in ${a.currency}.`,
  }),
  "broken-anchor": entry<{ link: string; page: string; region: string; suggestion?: string }>({
    severity: "error",
    message: (a) => `'${a.link}' points at no section of page ${a.page} in ${a.region}.`,
    hint: (a) =>
      didYouMean(a.suggestion) ?? "give the target section that id, or point the link at an id the page has.",
  }),
  "missing-image": entry<{ key: string; suggestion?: string } & OtherUses>({
    severity: "error",
    message: (a) => `There is no image '${a.key}'${namedHereAnd(a)}.`,
    hint: (a) =>
      a.suggestion
        ? `did you mean '${a.suggestion}'? For a new image, say what it shows in specs/artwork.yaml (images: ${a.key}: { view: ..., product: ... }) or add a picture specs/images/${a.key}.png or .jpg.`
        : `say what it shows in specs/artwork.yaml (images: ${a.key}: { view: ..., product: ... }), add a picture specs/images/${a.key}.png or .jpg, or use a key that exists; a product's image is drawn from its catalogue art.`,
  }),
  "missing-video": entry<{ key: string; suggestion?: string }>({
    severity: "error",
    message: (a) => `There is no video '${a.key}'.`,
    hint: (a) =>
      didYouMean(a.suggestion) ??
      `add the clip templates/videos/${a.key}.webm (npm run videos makes the project's clips), or use a video key that exists.`,
  }),

  // time windows
  "window-end-not-after-start": entry<{ what: string }>({
    severity: "error",
    message: (a) => `The window of ${a.what} ends before or when it starts.`,
    hint: () => "a window is [start, end): the end is the first instant it is over, after the start.",
  }),
  "stage-overlap": entry<{ what: string; previous: number }>({
    severity: "error",
    message: (a) => `${a.what} starts before stage ${a.previous} ends: two stages would be live at once.`,
    hint: () => "start the stage at or after the end of the one before it.",
  }),
  "stage-out-of-order": entry<{ what: string; previous: number }>({
    severity: "error",
    message: (a) => `${a.what} starts before stage ${a.previous}: stages must be listed in time order.`,
    hint: () => "reorder the stages, or correct the dates.",
  }),
  "stage-not-in-region": entry<{
    campaign: string;
    stage: number;
    stageName: string;
    region: string;
    runs: readonly string[];
  }>({
    severity: "warning",
    message: (a) =>
      `Stage ${a.stage} (${a.stageName}) of ${a.campaign} runs in ${texts(a.runs)} only: this ${a.region} entry is never shown at it.`,
    hint: (a) => `take ${a.stage} out of the entry's stages, or add ${a.region} to the stage's start and end.`,
  }),
  "stage-end-missing": entry<{ what: string; regions: readonly string[]; ends: readonly string[] }>({
    severity: "error",
    message: (a) =>
      `The end of ${a.what} is written for ${texts(a.ends)} but not for ${texts(a.regions)}, where it starts: there it would never end.`,
    hint: (a) =>
      `add ${texts(a.regions.map((r) => `${r}: <its end>`))} to the stage's end, or take ${texts(a.regions)} out of its start.`,
  }),
  "stage-gap": entry<{
    what: string;
    previous: number;
    previousName: string;
    from: string;
    to: string;
    /** When the gap is a minute or a day: the previous stage's end was written as its last one; the end meant. */
    unit?: "minute" | "day";
    endAt?: string;
  }>({
    severity: "error",
    message: (a) =>
      `Between stage ${a.previous} (${a.previousName}) and ${a.what} nothing is live from ${a.from} to ${a.to}.`,
    hint: (a) =>
      a.endAt
        ? `an end is the first ${a.unit === "day" ? "day" : "instant"} a stage is over, not its last ${a.unit}: end stage ${a.previous} ${a.unit === "day" ? "on" : "at"} ${a.endAt}, when the next one starts.`
        : "start the stage when the previous one ends, or write gapBefore: true if the pause is intended.",
  }),
  "stage-outside-campaign": entry<{ what: string; edge: string }>({
    severity: "error",
    message: (a) => `${a.what} ${a.edge} the campaign's window.`,
    hint: () => "keep every stage inside the campaign's window, or widen the window.",
  }),
  "campaign-region-unused": entry<{ campaign: string; region: string; what: readonly string[] }>({
    severity: "warning",
    message: (a) => `Campaign ${a.campaign} does not run in ${a.region}: nothing uses its ${texts(a.what)} there.`,
    hint: (a) => `add ${a.region} to the campaign's regions, or remove what it writes for ${a.region}.`,
  }),
  "pre-order-without-buy": entry<{ product: string; region: string; campaign: string }>({
    severity: "error",
    message: (a) =>
      `${a.campaign} opens pre-orders of ${a.product} in ${a.region}, but the catalogue gives it no buy link there: the page would have no Pre-Order button.`,
    hint: (a) =>
      `add the ${a.region} store's link (buy:) to ${a.product}'s ${a.region} entry, or take ${a.region} out of ${a.campaign}'s regions.`,
  }),
  "promotion-stage-twice": entry<{ region: string; stage: number; kind: string; missing?: number }>({
    severity: "error",
    message: (a) =>
      `A second ${{ textBanner: "text banner", menu: "menu entry", homeBanner: "home banner" }[a.kind] ?? a.kind} for stage ${a.stage} in ${a.region}: shoppers there would see two at once.`,
    hint: (a) =>
      a.missing !== undefined
        ? `did you mean [${a.missing}]? No entry of ${a.region} is for stage ${a.missing}.`
        : "merge the two entries, or give each its own stage.",
  }),
  "buy-query-other-campaign": entry<{ campaign: string; key: string; other: string }>({
    severity: "warning",
    message: (a) =>
      `${a.key} of ${a.campaign}'s buyQuery is ${a.other}, another campaign: the shop would count ${a.campaign}'s orders as ${a.other}'s.`,
    hint: (a) => `write ${a.key}: ${a.campaign}.`,
  }),
  /** regions: every region where it shows nothing, in the order of its list; all: that is every region it runs in. */
  "campaign-region-silent": entry<{ campaign: string; regions: readonly string[]; all: boolean }>({
    severity: "warning",
    message: (a) =>
      a.all && a.regions.length > 1
        ? `Campaign ${a.campaign} shows nothing in any of its ${a.regions.length} regions (${texts(a.regions)}): no offers, no promotion entry and no page of it.`
        : `Campaign ${a.campaign} runs in ${texts(a.regions)} but shows nothing there: no offers, no promotion entry and no page of it in ${texts(a.regions)}.`,
    hint: (a) =>
      a.all && a.regions.length > 1
        ? "write its offers or promotion for each region, or give it a page (pages.yaml, template: campaign); until then check-windows shows its stages live where shoppers see nothing."
        : `write its offers or promotion for ${texts(a.regions)}, or take ${a.regions.length === 1 ? a.regions[0] : "them"} out of its regions.`,
  }),
  /** others: more regions of the page where the campaign does not run and writes nothing. */
  "page-outside-campaign": entry<{
    page: string;
    campaign: string;
    region: string;
    what?: readonly string[];
    others?: readonly string[];
  }>({
    severity: "error",
    message: (a) =>
      a.others
        ? `Page ${a.page} is in ${texts([a.region, ...a.others])}, where its campaign ${a.campaign} does not run: it would be up at all times there, with no stage and no end.`
        : `Page ${a.page} is in ${a.region}, where its campaign ${a.campaign} does not run: it would be up at all times, with no stage and no end${a.what ? `, and the campaign's ${texts(a.what)} for ${a.region} are unused` : ""}.`,
    hint: (a) =>
      a.others
        ? `add them to the campaign's regions, or take them out of the page's regions.`
        : `add ${a.region} to the campaign's regions, or take ${a.region} out of the page's regions.`,
  }),
  "route-window-mismatch": entry<{
    page: string;
    campaign: string;
    region: string;
    edge: "start" | "end";
    expected: string;
  }>({
    severity: "error",
    message: (a) =>
      `The window of page ${a.page} disagrees with campaign ${a.campaign} in ${a.region}: the campaign's pages ${a.edge === "start" ? "open" : "close"} at ${a.expected}.`,
    hint: () =>
      "drop the page's window: a campaign page is seen exactly while its campaign runs, from its first stage to the end of its last.",
  }),
  "dst-local-time": entry<{ value: string; zone: string; gap: boolean }>({
    severity: "warning",
    message: (a) =>
      a.gap
        ? `${a.value} does not exist in ${a.zone}: clocks skip that hour, so it means the hour after.`
        : `${a.value} happens twice in ${a.zone} (clocks go back), so it is ambiguous.`,
    hint: () => "pick a time outside the daylight-saving change, or write it with an explicit offset.",
  }),
  "window-over": entry<{ what: string; region: string; end: string }>({
    severity: "warning",
    message: (a) => `${a.what} in ${a.region} ended at ${a.end}.`,
    hint: () => "remove it when it is no longer needed, or move its dates.",
  }),
  // A language that lacks several texts in one place is told once, with the texts named.
  "missing-message": entry<{ keys: readonly string[]; shownFrom: string; missingIn: string }>({
    severity: "warning",
    message: (a) =>
      a.keys.length === 1
        ? `The text ${a.keys[0]} is missing in ${a.missingIn}; its pages show the ${a.shownFrom} text instead.`
        : `The texts ${texts(a.keys)} are missing in ${a.missingIn}; its pages show the ${a.shownFrom} texts instead.`,
    hint: (a) =>
      `add ${a.keys.length === 1 ? a.keys[0] : "them"} to ${a.missingIn} in its language (site check --strict fails on this).`,
  }),
  "missing-message-everywhere": entry<{
    keys: readonly string[];
    presentIn: string;
    missingIn: string;
    chain: readonly string[];
  }>({
    severity: "error",
    message: (a) =>
      `The text${a.keys.length === 1 ? "" : "s"} ${texts(a.keys)} ${a.keys.length === 1 ? "is" : "are"} in ${a.presentIn} but missing in ${a.missingIn}${a.chain.length > 1 ? ` and in the languages it falls back to (${a.chain.slice(1).join(", ")})` : ""}: ${a.keys.length === 1 ? "it" : "each"} would show as an empty label.`,
    hint: (a) =>
      `add ${a.keys.length === 1 ? a.keys[0] : "them"} to ${a.missingIn}${a.chain.length > 1 ? ` or to ${a.chain[1]}.yaml` : ""}.`,
  }),
  // Texts renamed in one language's file (or mistyped there): every other language would lack the
  // new names and that file the old ones, one error per language. Reported once, in that file.
  "renamed-text": entry<{
    renamed: readonly string[];
    was: readonly string[];
    file: string;
    /** The key as the file names it now, and as the other languages do. */
    name: string;
    wasName: string;
  }>({
    severity: "error",
    message: (a) =>
      a.renamed.length === 1
        ? `The text ${a.renamed[0]} is only in ${a.file}, and ${a.was[0]}, which every other language has, is not: it looks renamed here.`
        : `The texts ${texts(a.renamed)} are only in ${a.file}, and ${texts(a.was)}, which every other language has, are not: they look renamed here.`,
    hint: (a) => `rename ${a.name} back to ${a.wasName}, or rename it in every language's file.`,
  }),
} as const;

export type DiagnosticCode = keyof typeof catalogue;
type ArgsOf<C extends DiagnosticCode> = Parameters<(typeof catalogue)[C]["message"]>[0];

/** Builds a diagnostic from the catalogue: the only way stages create one. */
export function diagnostic<C extends DiagnosticCode>(
  code: C,
  args: ArgsOf<C>,
  location: Location,
  until?: string,
): Diagnostic {
  const e = catalogue[code] as unknown as CatalogueEntry<ArgsOf<C>>;
  // Arguments are spec text more often than not: escaped and cut before any message quotes them.
  const shown = quotable(args);
  const hint = e.hint?.(shown);
  return {
    code,
    severity: e.severity,
    message: e.message(shown),
    ...(hint ? { hint } : {}),
    location,
    ...(until ? { until } : {}),
  };
}

/** Schema codes that only say a value is wrong; a later rule that says why is the one to show. */
const GENERIC_CODES = new Set<DiagnosticCode>(["invalid-value", "wrong-type"]);
/**
 * Codes at one value as written that YAML read as several ("1,000,000": 1, 0 and 0): what the
 * schema says of any of the parts (a price of 0) is said of the whole.
 */
const WHOLE_VALUE_CODES = new Set<DiagnosticCode>(["separated-figure"]);

/**
 * Root causes first: one diagnostic per value (the most specific rule's, never the same one twice).
 * A file's YAML errors come folded from load, one per file (catalogue, yaml-syntax).
 */
export function rootCauses(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  const place = (d: Diagnostic) => `${d.location.file}@${d.location.offset}:${d.location.length}`;
  const specific = new Set(diagnostics.filter((d) => !GENERIC_CODES.has(d.code)).map(place));
  const wholes = diagnostics.filter((d) => WHOLE_VALUE_CODES.has(d.code)).map((d) => d.location);
  const inWhole = ({ location: l }: Diagnostic) =>
    wholes.some((w) => w.file === l.file && l.offset >= w.offset && l.offset < w.offset + w.length);
  const seen = new Set<string>();
  const kept: Diagnostic[] = [];
  for (const d of diagnostics) {
    if (GENERIC_CODES.has(d.code) && (specific.has(place(d)) || inWhole(d))) continue;
    const key = `${d.code}|${place(d)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    kept.push(d);
  }
  return kept;
}

/**
 * Appends `more` to `list`. push(...more) passes each item as an argument, and a few hundred
 * thousand diagnostics (a text added to one language 50,000 times over) overflow the stack.
 */
export function appendAll<T>(list: T[], more: readonly T[]): void {
  for (const item of more) list.push(item);
}

/** The diagnostics with every warning made an error (--strict, for CI); errors are never lowered. */
export function strictly(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  return diagnostics.map((d) => (d.severity === "warning" ? { ...d, severity: "error" } : d));
}

/** What a stage returns instead of throwing. */
export interface Result<T> {
  value: T;
  diagnostics: Diagnostic[];
}

export const hasErrors = (diagnostics: readonly Diagnostic[]) => diagnostics.some((d) => d.severity === "error");

/** The closest candidate by edit distance, if it is close enough to be a likely typo. */
/**
 * The one of `candidates` a key that is none of them means: the closest by spelling, or, for a
 * locale written where its language is the key (en-US, en_GB), that language.
 */
export function keyMeant(key: string, candidates: Iterable<string>): string | undefined {
  const list = [...candidates];
  const language = key.toLowerCase().split(/[-_]/)[0];
  return closest(key, list) ?? list.find((c) => c === language) ?? codeNamed(key, list);
}

/**
 * The code among `allowed` whose English name a value is (Canada for CA, Japan for JP, Japanese
 * for ja): a country or a language written out where its code belongs.
 */
export function codeNamed(value: string, allowed: readonly string[]): string | undefined {
  const name = value.trim().toLowerCase();
  for (const type of ["region", "language"] as const) {
    const found = allowed.find((code) => displayName(type, code).toLowerCase() === name);
    if (found) return found;
  }
  return undefined;
}

export function closest(value: string, candidates: Iterable<string>): string | undefined {
  const typed = value.toLowerCase();
  // Close enough to be a typo of it: a third of the letters at most, and never all of them.
  const limit = Math.min(Math.max(1, Math.floor(value.length / 3)), value.length - 1);
  let best: string | undefined;
  let bestScore = Infinity;
  let typedLetters: string | undefined;
  for (const c of candidates) {
    // The lengths alone put a candidate out of reach (each letter more or fewer is an edit): a
    // value of a million letters is not compared letter by letter with every id.
    if (Math.abs(c.length - value.length) > limit) continue;
    const candidate = c.toLowerCase();
    const distance = editDistance(typed, candidate);
    if (distance > limit || distance > bestScore) continue;
    // Among equally distant names, one with the very letters typed (two swapped) is the likelier.
    typedLetters ??= letters(typed);
    const score = distance + (letters(candidate) === typedLetters ? 0 : 0.5);
    if (score < bestScore) [best, bestScore] = [c, score];
  }
  return best;
}

/** A word's letters in order: two words with the same are anagrams (a typo that swapped two). */
const letters = (word: string) => [...word].sort().join("");

/** Damerau-Levenshtein distance (optimal string alignment): two letters swapped cost one edit, as a typo does. */
export function editDistance(a: string, b: string): number {
  // Three rows at a time: the one before last, the last, and the one being filled.
  let before: number[] = [];
  let last = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row[j] = Math.min(last[j]! + 1, row[j - 1]! + 1, last[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        row[j] = Math.min(row[j]!, before[j - 2]! + 1);
    }
    [before, last] = [last, row];
  }
  return last[b.length]!;
}
