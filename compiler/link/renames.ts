// A product, region, campaign, origin or image renamed where it is defined (or mistyped there)
// leaves every use of its old name unknown: 66 errors for one region, each true, none pointing at
// the one line to mend. When the name the uses give is closest to a definition that nothing uses,
// that definition is the mistake: one renamed-definition error there stands for all of them. A
// region whose line left site.yaml while its settings file stayed is the same kind of mistake:
// one region-not-listed error at the file. A definition removed (a campaign's file deleted, a
// product taken out of the catalogue) has nowhere to point at: its name, unknown in several
// places, is one error at the first of them, naming the others.

import {
  closest,
  type Diagnostic,
  type DiagnosticCode,
  diagnostic,
  editDistance,
  type Location,
} from "../diagnostics/index.ts";
import type { ValidSpecs } from "../validate/index.ts";
import { at } from "./context.ts";
import { forEachPage, pageYamlPath } from "./pages.ts";

/** Each kind of definition, and the code that reports a use of a name it does not define. */
const UNKNOWN_CODES = {
  product: "unknown-product",
  region: "unknown-region",
  campaign: "unknown-campaign",
  origin: "unknown-origin",
  image: "missing-image",
  page: "unknown-page",
} as const satisfies Record<string, DiagnosticCode>;
export type DefinitionKind = keyof typeof UNKNOWN_CODES;
/** The kinds whose names the rules find (kept between runs, link/kept.ts); a page's are the specs' own (pagesNamed). */
export type RuleNamedKind = Exclude<DefinitionKind, "page">;
const kindOf = new Map(Object.entries(UNKNOWN_CODES).map(([kind, code]) => [code as DiagnosticCode, kind]));

const PAIRED_WHEN_ALONE = new Set<DefinitionKind>(["region", "origin", "product"]);
/** What is reported at a definition because it was renamed: its files and rows keep the old name. */
const CONSEQUENCES = new Set<DiagnosticCode>(["missing-region-file", "product-without-prices"]);

/**
 * The codes that report a use of a name nothing defines, and the name each is about: a
 * definition's, or a campaign's stage (no definition of its own: taken out of its campaign, the
 * uses of its number are what is left).
 */
const nameOf = new Map<DiagnosticCode, (args: object) => string | undefined>([
  ...[...kindOf.keys()].map((code) => [code, (a: { value?: string; key?: string }) => (a.value ?? a.key)!] as const),
  ["unknown-stage", (a: { campaign?: string; stage?: number }) => `${a.campaign} stage ${a.stage}`],
  // The dates of a stage its campaign lacks ({stage3Start}), folded into that stage's error.
  [
    "unknown-placeholder",
    (a: { campaignId?: string; stage?: number }) =>
      a.campaignId === undefined ? undefined : `${a.campaignId} stage ${a.stage}`,
  ],
]);

/** The name an unknown-name diagnostic is about, and the arguments it was made with. */
export interface UnknownName {
  name: string;
  args: object;
}
const unknownName = new WeakMap<Diagnostic, UnknownName>();

/** What linkDiagnostic noted of a diagnostic for foldRenames: kept with it between runs (kept.ts). */
export const unknownNameOf = (d: Diagnostic): UnknownName | undefined => unknownName.get(d);

/** A diagnostic of an earlier run, with what linkDiagnostic noted of it then. */
export function withUnknownName(d: Diagnostic, name: UnknownName | undefined): Diagnostic {
  if (name) unknownName.set(d, name);
  return d;
}

/** diagnostic(), keeping the name a use gave that nothing defines, for foldRenames. */
export function linkDiagnostic<C extends DiagnosticCode>(
  code: C,
  args: Parameters<typeof diagnostic<C>>[1],
  location: Location,
  until?: string,
): Diagnostic {
  const made = diagnostic(code, args, location, until);
  const name = nameOf.get(code)?.(args as object);
  if (name !== undefined) unknownName.set(made, { name, args: args as object });
  return made;
}

/** What a kind of definition is: the names defined, where each is, and the file a name is, if a file. */
interface Definitions {
  ids: readonly string[];
  at(id: string): Location;
  fileNamed?(id: string): string;
  /** Whether the definition itself names `used` (an alias of it): then it is not its new name. */
  names?(id: string, used: string): boolean;
}

function definitionsOf(specs: ValidSpecs): Partial<Record<DefinitionKind, Definitions>> {
  const { catalogue, site, artwork } = specs;
  const definitions: Partial<Record<DefinitionKind, Definitions>> = {};
  if (catalogue) {
    const { products } = catalogue.data;
    definitions.product = {
      ids: Object.keys(products),
      at: (id) => at(catalogue, ["products", id], true),
      names: (id, used) => products[id]?.aliasOf === used || (products[id]?.bundle ?? []).includes(used),
    };
  }
  if (site) {
    definitions.region = { ids: Object.keys(site.data.regions), at: (id) => at(site, ["regions", id], true) };
    definitions.origin = { ids: Object.keys(site.data.origins), at: (id) => at(site, ["origins", id], true) };
  }
  // A campaign is its file, campaigns/<id>.yaml.
  const fileOf = (id: string) => specs.campaigns.get(id)!.spec.source.path;
  definitions.campaign = {
    ids: [...specs.campaigns.keys()],
    at: (id) => ({ file: fileOf(id), offset: 0, length: 0 }),
    fileNamed: (id) => `campaigns/${id}.yaml`,
  };
  // The images artwork.yaml names, and each product's own (its catalogue entry's image: makes
  // it): a picture file is renamed on disk, not in a spec.
  const productImages = new Map(
    Object.entries(catalogue?.data.products ?? {}).map(([id, p]) => [p.image, id] as const),
  );
  // A page is its key in pages.yaml.
  const pages = specs.pages;
  if (pages)
    definitions.page = {
      ids: [...pageIds(pages.data.pages)],
      at: (id) => at(pages, pageYamlPath(id), true),
    };
  definitions.image = {
    ids: [...new Set([...Object.keys(artwork?.data.images ?? {}), ...productImages.keys()])],
    at: (key) =>
      artwork?.data.images?.[key]
        ? at(artwork, ["images", key], true)
        : at(catalogue!, ["products", productImages.get(key)!, "image"]),
  };
  return definitions;
}

/**
 * The diagnostics with the uses of each renamed definition replaced by one renamed-definition at
 * it: a name unknown in two places or more whose closest definition nothing uses (`named`), and no
 * other unknown name is closest to.
 */
export function foldRenames(
  diagnostics: readonly Diagnostic[],
  specs: ValidSpecs,
  named: Record<DefinitionKind, ReadonlySet<string>>,
): Diagnostic[] {
  // The uses of each unknown name, by the code that reports them.
  const uses = new Map<DiagnosticCode, Map<string, Diagnostic[]>>();
  for (const d of diagnostics) {
    const name = unknownName.get(d)?.name;
    if (name === undefined) continue;
    const byName = uses.get(d.code) ?? uses.set(d.code, new Map()).get(d.code)!;
    const found = byName.get(name);
    if (found) found.push(d);
    else byName.set(name, [d]);
  }
  const specsFolder = specsFolderOf(specs);
  // What a definition lacks under its new name (a settings file, a price row) is there under the old.
  const consequences = diagnostics.filter((d) => CONSEQUENCES.has(d.code));
  const dropped = new Set<Diagnostic>();
  const added = new Map<Diagnostic, Diagnostic>();
  const definitions = definitionsOf(specs);
  for (const [code, byName] of uses) {
    const kind = kindOf.get(code) as DefinitionKind | undefined;
    const defined = kind && definitions[kind];
    if (!kind || !defined) continue;
    for (const [name, { renamed, found }] of renamesOf(kind, byName, defined, (id) =>
      isNamed(kind, id, named, specs),
    )) {
      const location = defined.at(renamed);
      for (const d of found) dropped.add(d);
      for (const d of consequences) if (sameLocation(d.location, location)) dropped.add(d);
      const files = filesOf(found, specsFolder);
      const args = { kind, defined: renamed, used: name, uses: found.length, files };
      const file = defined.fileNamed?.(name);
      added.set(found[0]!, diagnostic("renamed-definition", file ? { ...args, file } : args, location));
    }
  }
  foldUnlistedRegions(uses.get(UNKNOWN_CODES.region), specs, specsFolder, dropped, added);
  const datesOf = foldStageDates(uses, dropped);
  for (const [code, byName] of uses)
    if (code !== "unknown-placeholder")
      foldRepeated(byName, specsFolder, dropped, added, code === "unknown-stage" ? datesOf : undefined);
  if (dropped.size === 0) return [...diagnostics];
  return diagnostics.flatMap((d) => {
    const instead = added.get(d);
    return instead ? [instead] : dropped.has(d) ? [] : [d];
  });
}

/**
 * The unknown names of one kind that are a definition renamed, each with that definition: the
 * closest definition nothing names, for a name unknown in two places or more that no other
 * unknown name is closest to.
 */
function renamesOf(
  kind: DefinitionKind,
  byName: ReadonlyMap<string, Diagnostic[]>,
  defined: Definitions,
  isNamedHere: (id: string) => boolean,
): Map<string, { renamed: string; found: Diagnostic[] }> {
  // A name too far from any for a typo: when it is the one unknown name of its kind, the one
  // definition nothing names is its new name, however renamed (a region, an origin, a product:
  // kinds a spec always names; an image or a campaign may stand unused).
  // An alias of the old name is no new name of it (the product taken out, its alias left).
  const [only] = byName.keys();
  const unnamed = defined.ids.filter((id) => !isNamedHere(id) && !(only !== undefined && defined.names?.(id, only)));
  const onlyPair = PAIRED_WHEN_ALONE.has(kind) && byName.size === 1 && unnamed.length === 1 ? unnamed[0] : undefined;
  const closestOf = new Map([...byName.keys()].map((name) => [name, closest(name, defined.ids)]));
  const renames = new Map<string, { renamed: string; found: Diagnostic[] }>();
  for (const [name, found] of byName) {
    const closestName = closestOf.get(name);
    // A name that is a definition, unknown all the same (an alias whose target is missing), is no rename of itself.
    if (closestName === name) continue;
    // A name a slip or two from a definition that is in use is a typo of it, not a rename (isTypoOf:
    // not a two-letter code, which is one letter from another, us and uk).
    const typoOfUsed = closestName !== undefined && isNamedHere(closestName) && isTypoOf(name, closestName);
    const renamed = closestName && !isNamedHere(closestName) ? closestName : typoOfUsed ? undefined : onlyPair;
    if (found.length < 2 || renamed === undefined) continue;
    if ([...closestOf].some(([other, to]) => other !== name && to === renamed)) continue;
    renames.set(name, { renamed, found });
  }
  return renames;
}

/**
 * A region named elsewhere whose settings file is there but which site.yaml does not list: its
 * uses, the file's own error among them, become one region-not-listed at the file. (A file alone,
 * named nowhere else, is more likely misnamed: its own error says which region it may mean.)
 */
function foldUnlistedRegions(
  uses: ReadonlyMap<string, Diagnostic[]> | undefined,
  specs: ValidSpecs,
  specsFolder: string,
  dropped: Set<Diagnostic>,
  added: Map<Diagnostic, Diagnostic>,
): void {
  for (const [code, found] of uses ?? []) {
    const settings = specs.regions.get(code);
    if (!settings || found.some((d) => dropped.has(d))) continue;
    const file = settings.spec.source.path;
    const elsewhere = found.filter((d) => d.location.file !== file);
    const own = found.find((d) => d.location.file === file);
    if (!own || elsewhere.length === 0) continue;
    for (const d of found) dropped.add(d);
    const args = { region: code, uses: elsewhere.length, files: filesOf(elsewhere, specsFolder) };
    added.set(own, diagnostic("region-not-listed", args, own.location));
  }
}

/**
 * A page written for a campaign with more stages names the stage it lacks twice over: sections
 * for it (unknown-stage) and its dates in texts ({stage3Start}, unknown-placeholder). One mistake,
 * one error: the texts' errors in the files that name the stage are dropped, and what they name is
 * returned by stage, for its error to say.
 */
function foldStageDates(
  uses: ReadonlyMap<DiagnosticCode, ReadonlyMap<string, Diagnostic[]>>,
  dropped: Set<Diagnostic>,
): Map<string, { dates: string[]; datedTexts: number }> {
  const folded = new Map<string, { dates: string[]; datedTexts: number }>();
  for (const [name, dated] of uses.get("unknown-placeholder") ?? []) {
    const files = new Set(
      uses
        .get("unknown-stage")
        ?.get(name)
        ?.map((d) => d.location.file),
    );
    const here = dated.filter((d) => files.has(d.location.file));
    if (here.length === 0) continue;
    const dates = new Set<string>();
    let datedTexts = 0;
    for (const d of here) {
      const a = unknownName.get(d)!.args as { name: string; names?: readonly string[]; others?: number };
      for (const date of [a.name, ...(a.names ?? [])]) dates.add(date);
      datedTexts += 1 + (a.others ?? 0);
      dropped.add(d);
    }
    folded.set(name, { dates: [...dates], datedTexts });
  }
  return folded;
}

/**
 * A name unknown in several places that is no definition renamed and no typo of one (a campaign
 * file deleted, a product taken out of the catalogue): one error at the first place in reading
 * order, counting the others. A typo, which its rule gave a did-you-mean, stays an error at each
 * use: each is mended where it is. `extraOf` adds to a name's error what other folds gave it (a
 * stage's dates, foldStageDates), and makes one error of a single use that has some.
 */
function foldRepeated(
  byName: ReadonlyMap<string, Diagnostic[]>,
  specsFolder: string,
  dropped: Set<Diagnostic>,
  added: Map<Diagnostic, Diagnostic>,
  extraOf: ReadonlyMap<string, object> = new Map(),
): void {
  for (const [name, found] of byName) {
    if ((found.length < 2 && !extraOf.has(name)) || found.some((d) => dropped.has(d))) continue;
    const { suggestion } = unknownName.get(found[0]!)!.args as { suggestion?: string };
    if (suggestion !== undefined && isTypoOf(name, suggestion)) continue;
    const first = found.reduce((a, b) =>
      b.location.file < a.location.file ||
      (b.location.file === a.location.file && b.location.offset < a.location.offset)
        ? b
        : a,
    );
    const others = found.filter((d) => d !== first);
    for (const d of found) dropped.add(d);
    // Named alike in several places, it was more likely removed than mistyped: no did-you-mean.
    const args = {
      ...unknownName.get(first)!.args,
      suggestion: undefined,
      others: others.length,
      otherFiles: filesOf(others, specsFolder),
      ...extraOf.get(name),
    };
    added.set(first, diagnostic(first.code, args as Parameters<typeof diagnostic>[1], first.location));
  }
}

/**
 * Whether a name its rule found near a definition is a typo of it: a slip of two keys at most
 * (a did-you-mean reaches further, a third of the letters: interstellarAgentT9 beside
 * interstellarScoutK1). Not when it is a two-letter code (any is one letter from another: kr,
 * fr), when only its numbers differ (gallery-6 beside gallery-5, christmas-2025 beside
 * christmas-2024: a number is written on purpose), nor when one begins with the other
 * (interstellarScoutK1 beside interstellarScoutK1pro: another of the family).
 */
const isTypoOf = (name: string, near: string) =>
  name.length > 2 &&
  editDistance(name.toLowerCase(), near.toLowerCase()) <= 2 &&
  name.replace(/\d+/g, "#") !== near.replace(/\d+/g, "#") &&
  !name.startsWith(near) &&
  !near.startsWith(name);

/** Whether a spec names the definition: a region's settings file names it too. */
const isNamed = (
  kind: DefinitionKind,
  id: string,
  named: Record<DefinitionKind, ReadonlySet<string>>,
  specs: ValidSpecs,
) => named[kind].has(id) || (kind === "region" && specs.regions.has(id));

/** The folder files are named in, as paths inside it: the specs folder, where site.yaml is (link needs it). */
export function specsFolderOf(specs: ValidSpecs): string {
  const site = specs.site!.spec.source.path;
  return site.slice(0, site.lastIndexOf("/") + 1);
}

/** The files the uses are in, most uses first, as paths inside the specs folder. */
const filesOf = (found: readonly Diagnostic[], folder: string) =>
  filesOfPlaces(
    found.map((d) => d.location),
    folder,
  );

/** The files of these places, most places first, as paths inside the specs folder. */
export function filesOfPlaces(places: readonly Location[], folder: string): string[] {
  const count = new Map<string, number>();
  for (const { file: path } of places) {
    const file = path.startsWith(folder) ? path.slice(folder.length) : path;
    count.set(file, (count.get(file) ?? 0) + 1);
  }
  return [...count].sort((a, b) => b[1] - a[1]).map(([file]) => file);
}

const sameLocation = (a: Location, b: Location) => a.file === b.file && a.offset === b.offset && a.length === b.length;

/** Every page id of pages.yaml, child pages (where-to-buy/hongkong-macao) included. */
function pageIds(pages: Parameters<typeof forEachPage>[0]): Set<string> {
  const ids = new Set<string>();
  forEachPage(pages, (id) => ids.add(id));
  return ids;
}

/**
 * The page ids the specs name: by a content file (content/<id>.yaml) or as a redirect's target.
 * A page id in pages.yaml that none names, one slip from a name that several places give and
 * pages.yaml lacks, was renamed there (flagship-bumblebe).
 */
export function pagesNamed(specs: ValidSpecs): ReadonlySet<string> {
  const named = new Set(specs.content.keys());
  if (specs.pages)
    forEachPage(specs.pages.data.pages, (_id, page) => {
      if (page.redirect) named.add(page.redirect.to);
    });
  return named;
}
