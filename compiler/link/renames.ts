// A product or region renamed where it is defined (or mistyped there) leaves every use of its old
// name unknown: 66 errors for one region, each true, none pointing at the one line to mend. When
// the name the uses give is closest to a definition that nothing uses, that definition is the
// mistake: one renamed-definition error there stands for all of them.

import { closest, type Diagnostic, type DiagnosticCode, diagnostic, type Location } from "../diagnostics/index.ts";
import type { ValidSpecs } from "../validate/index.ts";
import { at } from "./context.ts";

const UNKNOWN_CODES = { product: "unknown-product", region: "unknown-region" } as const;
type Kind = keyof typeof UNKNOWN_CODES;

/** The name an unknown-product or unknown-region diagnostic is about. */
const unknownName = new WeakMap<Diagnostic, string>();

/** diagnostic(), keeping the name an unknown product or region was given for foldRenames. */
export function linkDiagnostic<C extends DiagnosticCode>(
  code: C,
  args: Parameters<typeof diagnostic<C>>[1],
  location: Location,
): Diagnostic {
  const made = diagnostic(code, args, location);
  if (code === UNKNOWN_CODES.product || code === UNKNOWN_CODES.region)
    unknownName.set(made, (args as { value: string }).value);
  return made;
}

/** What a kind of definition is: where each is defined, and whether anything uses it. */
interface Definitions {
  ids: readonly string[];
  at(id: string): Location;
  used(id: string): boolean;
}

/**
 * The diagnostics with the uses of each renamed definition replaced by one renamed-definition at
 * it: a name unknown in two places or more whose closest definition nothing uses, and no other
 * unknown name is closest to. A region's missing settings file goes too when the old name has one.
 */
export function foldRenames(
  diagnostics: readonly Diagnostic[],
  specs: ValidSpecs,
  used: { products: ReadonlySet<string>; regions: ReadonlySet<string> },
): Diagnostic[] {
  const { catalogue, site } = specs;
  const definitions: Partial<Record<Kind, Definitions>> = {};
  if (catalogue)
    definitions.product = {
      ids: Object.keys(catalogue.data.products),
      at: (id) => at(catalogue, ["products", id], true),
      used: (id) => used.products.has(id),
    };
  if (site)
    definitions.region = {
      ids: Object.keys(site.data.regions),
      at: (id) => at(site, ["regions", id], true),
      used: (id) => used.regions.has(id) || specs.regions.has(id),
    };

  const dropped = new Set<Diagnostic>();
  const added = new Map<Diagnostic, Diagnostic>();
  for (const [kind, defined] of Object.entries(definitions) as [Kind, Definitions][]) {
    const uses = new Map<string, Diagnostic[]>();
    for (const d of diagnostics) {
      const name = d.code === UNKNOWN_CODES[kind] ? unknownName.get(d) : undefined;
      if (name !== undefined) uses.set(name, [...(uses.get(name) ?? []), d]);
    }
    const closestOf = new Map([...uses.keys()].map((name) => [name, closest(name, defined.ids)]));
    for (const [name, found] of uses) {
      const renamed = closestOf.get(name);
      if (found.length < 2 || renamed === undefined || defined.used(renamed)) continue;
      if ([...closestOf].some(([other, to]) => other !== name && to === renamed)) continue;
      const location = defined.at(renamed);
      for (const d of found) dropped.add(d);
      added.set(
        found[0]!,
        diagnostic(
          "renamed-definition",
          { kind, defined: renamed, used: name, uses: found.length, files: filesOf(found, location.file) },
          location,
        ),
      );
      if (kind === "region" && specs.regions.has(name))
        for (const d of diagnostics)
          if (d.code === "missing-region-file" && sameLocation(d.location, location)) dropped.add(d);
    }
  }
  if (dropped.size === 0) return [...diagnostics];
  return diagnostics.flatMap((d) => {
    const instead = added.get(d);
    return instead ? [instead] : dropped.has(d) ? [] : [d];
  });
}

/** The files the uses are in, most uses first, as paths inside the specs folder (that of `definedIn`). */
function filesOf(found: readonly Diagnostic[], definedIn: string): string[] {
  const folder = definedIn.slice(0, definedIn.lastIndexOf("/") + 1);
  const count = new Map<string, number>();
  for (const d of found) {
    const file = d.location.file.startsWith(folder) ? d.location.file.slice(folder.length) : d.location.file;
    count.set(file, (count.get(file) ?? 0) + 1);
  }
  return [...count].sort((a, b) => b[1] - a[1]).map(([file]) => file);
}

const sameLocation = (a: Location, b: Location) => a.file === b.file && a.offset === b.offset && a.length === b.length;
