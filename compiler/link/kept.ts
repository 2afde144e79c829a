// What the rules besides the prices found, kept between runs (the parse cache's fourth file). Those
// rules (index.ts, linkBesidesPrices) read every spec file but prices.yaml, the code, and the
// pictures and clips there are, and nothing else: no clock, no other file. A run whose inputs are
// all as they were when the findings were kept takes them, runs only the builders of the model (the
// later stages need its objects) and the price table's rules. That is site dev's reuse after an
// edit of prices.yaml alone (LinkReuse), for a new process: `site build` after a price edit, or
// `site check` with nothing changed, spends about 0.3 s less at 10,000 routes.
//
// The findings hold locations, which find their span in the file's document when read: each is
// kept as the node's path in its file (load's LocationRef) and made again in this run's document.

import { createHash } from "node:crypto";
import type { Diagnostic, Location } from "../diagnostics/index.ts";
import { locate, locationRef, type LocationRef } from "../load/index.ts";
import {
  checksToken,
  documentStamps,
  type StampOf,
  type Valid,
  type ValidSpecs,
  validFilesOf,
} from "../validate/index.ts";
import type { ImageModel } from "./model.ts";
import type { OfferRow, ProductUses } from "./prices.ts";
import { type RuleNamedKind, unknownNameOf, type UnknownName, withUnknownName } from "./renames.ts";
import type { Headline } from "./rules/campaigns.ts";
import { videoKeys } from "./rules/videos.ts";

/** Where the findings are kept: the parse cache of the specs folder, and the stamps it read the files by. */
export interface LinkKeeper {
  /** The fingerprint of the code (fingerprint.ts, codeFingerprint), as the caller took it. */
  code: string;
  /** The stamp of the file a document was read from, when it proves the data; undefined when not. */
  stampOf: StampOf;
  foundUnder(token: string): string | undefined;
  keep(token: string, found: string): void;
}

/** What the rules besides the prices found: all that the price table's rules and link's end read of them. */
export interface Findings {
  diagnostics: Diagnostic[];
  uses: ProductUses;
  offers: OfferRow[];
  headlines: Headline[];
  /** The names the rules found defined (renames.ts, foldRenames), the products resolved among them. */
  named: Record<RuleNamedKind, readonly string[]>;
}

/** Bumped whenever what is kept changes shape (the code's fingerprint covers what it means). */
const FORMAT = 1;

/**
 * The token of everything the rules besides the prices read: the code, each spec file's path and
 * stamp but prices.yaml's (whether it is valid, too), the model's images (the picture files) and
 * the clips. Undefined when a file's stamp does not prove its data (it had only just changed).
 */
export function keptToken(
  specs: ValidSpecs,
  images: ReadonlyMap<string, ImageModel>,
  { code, stampOf }: LinkKeeper,
): string | undefined {
  const files = documentStamps(specs, stampOf, ["prices"]);
  if (files === undefined) return undefined;
  return createHash("sha256")
    .update(`${FORMAT}\n${code}\n${checksToken()}\n${specs.dir}\n${specs.prices !== undefined}\n`)
    .update(files)
    .update(JSON.stringify([...images]))
    .update(JSON.stringify([...videoKeys()]))
    .digest("base64url");
}

/**
 * A location as kept: its file by number (a file's path is written once, not once per use of a
 * product: 34,000 uses at 10,000 routes), then the node's path in it, whether the key is meant and
 * the part of its text; or, for a location of another kind, its span.
 */
type KeptLocation =
  | [file: number, path: LocationRef["path"], key: 0 | 1, part?: KeptPart]
  | [file: number, offset: number, length: number];

/** A TextPart as JSON has it: its pattern's source and flags. */
type KeptPart = [source: string, flags: string, nth: number];

interface Kept {
  format: number;
  files: string[];
  /** What shows each product, by number: the uses of one page share it. */
  whats: string[];
  diagnostics: { diagnostic: Omit<Diagnostic, "location">; at: KeptLocation; name?: UnknownName }[];
  uses: [product: string, [region: string, [what: number, at: KeptLocation][]][]][];
  /** Each row's campaign by its file's number. */
  offers: (Omit<OfferRow, "campaign"> & { campaign: number })[];
  headlines: (Omit<Headline, "file"> & { file: number })[];
  named: Findings["named"];
}

/**
 * The findings as JSON (read back in about half the time V8's deserializer takes for these
 * strings): the locations as paths in their files, the files by number.
 */
export function keptFindings(found: Findings): string {
  const files = numbering();
  const whats = numbering();
  const numberOf = files.numberOf;
  const keptLocation = (location: Location): KeptLocation => {
    // A spec location's span is found only when read: its path is kept instead.
    const ref = locationRef(location);
    if (!ref) return [numberOf(location.file), location.offset, location.length];
    const at: KeptLocation = [numberOf(ref.file), ref.path, ref.key ? 1 : 0];
    if (ref.part) at.push([ref.part.pattern.source, ref.part.pattern.flags, ref.part.nth]);
    return at;
  };
  const kept: Kept = {
    format: FORMAT,
    files: files.values,
    whats: whats.values,
    diagnostics: found.diagnostics.map((made) => {
      const { location, ...diagnostic } = made;
      const name = unknownNameOf(made);
      return { diagnostic, at: keptLocation(location), ...(name ? { name } : {}) };
    }),
    uses: [...found.uses].map(([product, byRegion]) => [
      product,
      [...byRegion].map(([region, seen]) => [
        region,
        seen.map(({ what, location }) => [whats.numberOf(what), keptLocation(location)]),
      ]),
    ]),
    offers: found.offers.map((row) => ({ ...row, campaign: numberOf(row.campaign.spec.source.path) })),
    headlines: found.headlines.map((headline) => ({ ...headline, file: numberOf(headline.file.spec.source.path) })),
    named: found.named,
  };
  return JSON.stringify(kept);
}

/**
 * The findings kept, in this run's documents; undefined when they name a file this run has not
 * (which the token rules out) or were kept by another format.
 */
export function foundAgain(text: string | undefined, specs: ValidSpecs): Findings | undefined {
  if (!text) return undefined;
  let kept: Kept;
  try {
    kept = JSON.parse(text) as Kept;
  } catch {
    return undefined;
  }
  if (kept.format !== FORMAT) return undefined;
  const byPath = new Map<string, Valid<unknown>>();
  for (const file of validFilesOf(specs)) byPath.set(file.spec.source.path, file);
  const files = kept.files.map((path) => byPath.get(path));
  if (files.includes(undefined)) return undefined;
  const fileAt = (number: number) => files[number]!;
  const located = ([file, path, key, part]: KeptLocation): Location =>
    typeof path === "number"
      ? { file: kept.files[file]!, offset: path, length: key }
      : locate(fileAt(file).spec, path, {
          key: key === 1,
          ...(part ? { part: { pattern: new RegExp(part[0], part[1]), nth: part[2] } } : {}),
        });
  return {
    diagnostics: kept.diagnostics.map(({ diagnostic, at, name }) =>
      withUnknownName({ ...diagnostic, location: located(at) }, name),
    ),
    uses: new Map(
      kept.uses.map(([product, byRegion]) => [
        product,
        new Map(
          byRegion.map(([region, seen]) => [
            region,
            seen.map(([what, at]) => ({ what: kept.whats[what]!, location: located(at) })),
          ]),
        ),
      ]),
    ),
    offers: kept.offers.map((row) => ({ ...row, campaign: fileAt(row.campaign) as OfferRow["campaign"] })),
    headlines: kept.headlines.map((headline) => ({ ...headline, file: fileAt(headline.file) })),
    named: kept.named,
  };
}

/** Texts by number, each numbered when first met. */
function numbering() {
  const values: string[] = [];
  const numbers = new Map<string, number>();
  const numberOf = (value: string) => {
    let number = numbers.get(value);
    if (number === undefined) numbers.set(value, (number = values.push(value) - 1));
    return number;
  };
  return { values, numberOf };
}
