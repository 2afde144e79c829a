// What a build records of each route's compile, so that the next build, a new process, compiles
// only the routes an edit reaches. A compile that notes what each route reads (reads.ts) knows the
// keyed inputs each page depends on (a list price, a content file); everything without a key
// (every other spec file, the routes and images link made, the picture files the pages use, the
// window of time the instant is in, the code) goes into one base. A route whose keyed inputs have
// the values they had, under the same base, compiles to what it did: it is kept, and the files
// every route shares take from its notes what they need of it (its page shape for the bundle, the
// head's canonical, alternates and robots for the sitemap, its news feed, its registrations).

import { createHash } from "node:crypto";
import { shapeOf } from "../bundle/styles.ts";
import { currentHashes, sourceHashes } from "../images/sources.ts";
import type { SiteModel } from "../link/model.ts";
import type { SpecDocument } from "../load/index.ts";
import { documentStamps, type StampOf, type ValidSpecs } from "../validate/index.ts";
import { type FeedData, isNews } from "./feed.ts";
import type { RouteData } from "./route-data.ts";

/** What a compile read and registered, for a region's layout or a route's own page. */
export interface ReadNotes {
  /** The keyed inputs read (by the cells taken too), in order. */
  keys: string[];
  /** What it registered in the build's shared state, each once, in order (compile/reads.ts, effectsOf). */
  effects: string[];
}

/**
 * What the shared files and the next build need of a route that is not compiled again: what its
 * page, head and manifest read and registered, and the region whose layout it has (noted once
 * per region: every route of a region shares its header, footer and menus).
 */
export interface RouteNotes extends ReadNotes {
  layout?: string;
  /** Its page: the shape the bundle's stylesheets are cut by, and what the sitemap shows of its head. */
  shape: { template: string; sections: readonly string[] };
  head: Pick<RouteData["head"], "canonical" | "alternates" | "robots">;
  feed?: FeedData;
}

/** A compile's notes, as a build records them beside its output. */
export interface CompileNotes {
  /** The hash of everything without a key (unkeyedBase). */
  base: string;
  /** The picture files the pages used, by image key, with their content hashes. */
  pictures: [string, string][];
  /** What every page's key starts from (write/record.ts, keyBase): a kept page's recorded key holds under it only. */
  keyBase: string;
  /** The layouts by region. */
  layouts: Record<string, ReadNotes>;
  routes: Record<string, RouteNotes>;
  /**
   * The value of every keyed input the layouts and routes read, as of this compile (InputValues).
   * One table serves every note: a note carried from the last build read nothing that changed since.
   */
  values: Map<string, string>;
}

/** The hash of everything a route's compile depends on that has no key of its own. */
function unkeyedBase(
  model: SiteModel,
  code: string,
  nextChange: string | null,
  pictures: readonly [string, string][],
  stampOf: StampOf | undefined,
): string {
  let linked = linkedHashes.get(model);
  if (linked === undefined) {
    // The files' stamps, where they prove the data, stand for the data and for the routes made
    // of it (stringifying the catalogue and 10,000 routes took 50-80 ms of every price edit).
    const stamps = stampOf && documentStamps(model.specs, stampOf, KEYED_KINDS);
    linked = createHash("sha1")
      .update(
        stamps === undefined
          ? `data\n${unkeyedSpecs(model.specs)}\n${JSON.stringify(model.routes)}`
          : `stamps\n${model.specs.dir}\n${stamps}`,
      )
      .update(JSON.stringify([...model.images]))
      .digest("base64url");
    linkedHashes.set(model, linked);
  }
  return (
    createHash("sha1")
      .update(`${code}\n${linked}\n`)
      // Instants with the same next change have the same windows open.
      .update(`${nextChange}\n`)
      .update(JSON.stringify(pictures))
      .digest("base64url")
  );
}

/** The hash of a model's specs without a key, and of its routes and images, made once per model. */
const linkedHashes = new WeakMap<SiteModel, string>();

/**
 * The routes of the recorded notes whose own page compiles to what it did: none unless everything
 * without a key is as it was, then those whose keyed inputs all have the values they had. A kept
 * route's region's layout may have changed (a price in the menu): its page is the recorded one
 * with the new layout's header and footer (render/pool.ts).
 */
export function keptRoutes(
  model: SiteModel,
  code: string,
  nextChange: string | null,
  recorded: CompileNotes,
  inputValue: InputValues,
  stampOf?: StampOf,
): { kept: Map<string, RouteNotes>; relaid: Set<string> } {
  const kept = new Map<string, RouteNotes>();
  /** The regions whose layout read something that changed: their kept pages get the new one. */
  const relaid = new Set<string>();
  const pictures = currentHashes(
    model,
    recorded.pictures.map(([key]) => key),
  );
  if (unkeyedBase(model, code, nextChange, pictures, stampOf) !== recorded.base) return { kept, relaid };
  // Each input is looked at once, however many routes read it (a menu's prices: every route of a region).
  const unchanged = new Map<string, boolean>();
  const same = (key: string) => {
    let known = unchanged.get(key);
    if (known === undefined) {
      const value = recorded.values.get(key);
      unchanged.set(key, (known = value !== undefined && inputValue(key) === value));
    }
    return known;
  };
  try {
    for (const [region, layout] of Object.entries(recorded.layouts)) if (!layout.keys.every(same)) relaid.add(region);
    for (const [path, notes] of Object.entries(recorded.routes)) if (notes.keys.every(same)) kept.set(path, notes);
  } catch {
    // Notes this compiler cannot read (a key it does not know, a file changed by hand): nothing is kept.
    kept.clear();
  }
  return { kept, relaid };
}

/** The notes of a route compiled in this build: what its own page read, and its region's layout. */
export function routeNotes(
  data: RouteData,
  own: ReadNotes,
  layout: string | undefined,
  feed: FeedData | undefined,
): RouteNotes {
  const { canonical, alternates, robots } = data.head;
  return {
    ...own,
    ...(layout === undefined ? {} : { layout }),
    shape: shapeOf(data),
    head: { canonical, alternates, robots },
    ...(feed ? { feed } : {}),
  };
}

/** The notes of a compile: its kept routes' as they were, the others' made anew. */
export function compileNotes(
  model: SiteModel,
  code: string,
  nextChange: string | null,
  layouts: Record<string, ReadNotes>,
  routes: Record<string, RouteNotes>,
  inputValue: InputValues,
  stampOf?: StampOf,
): Omit<CompileNotes, "keyBase"> {
  const pictures = sourceHashes(model);
  const values = new Map<string, string>();
  for (const notes of [Object.values(layouts), Object.values(routes)])
    for (const { keys } of notes) for (const key of keys) if (!values.has(key)) values.set(key, inputValue(key));
  return { base: unkeyedBase(model, code, nextChange, pictures, stampOf), pictures, layouts, routes, values };
}

/** The kinds of spec file whose values are read by key (compile/reads.ts), not hashed whole. */
const KEYED_KINDS: SpecDocument["kind"][] = ["prices", "content"];

/** The data of every spec file but those whose values are read by key (compile/reads.ts, changedKeys). */
function unkeyedSpecs(specs: ValidSpecs): string {
  const parts: unknown[] = [];
  for (const name of Object.keys(specs).sort() as (keyof ValidSpecs)[]) {
    if ((KEYED_KINDS as string[]).includes(name)) continue;
    const value: unknown = specs[name];
    if (value instanceof Map)
      parts.push(
        name,
        [...value].map(([file, valid]) => [file, valid.data]),
      );
    else if (Array.isArray(value))
      parts.push(
        name,
        value.map((document: { data: unknown }) => document.data),
      );
    else if (value && typeof value === "object") parts.push(name, (value as { data: unknown }).data);
    else parts.push(name, value);
  }
  return JSON.stringify(parts);
}

/** The value of a keyed input, as text that is equal when the value is (inputValues). */
export type InputValues = (key: string) => string;

/**
 * The values of keyed inputs, for one model: each worked out once. A content file's value is its
 * stamp where that proves its data (`stampOf`), else its data hashed. One per compile: it keeps
 * every value it worked out.
 */
export function inputValues(model: SiteModel, stampOf?: StampOf): InputValues {
  const values = new Map<string, string>();
  const digest = (value: unknown) =>
    createHash("sha1")
      .update(JSON.stringify(value) ?? "-")
      .digest("base64url");
  const valueText = (key: string): string => {
    const colon = key.indexOf(":");
    const [kind, rest] = [key.slice(0, colon), key.slice(colon + 1)];
    switch (kind) {
      case "price": {
        const split = rest.indexOf(":");
        return String(model.price(rest.slice(split + 1), rest.slice(0, split)));
      }
      case "prices":
        return digest([...model.products.keys()].map((product) => model.price(product, rest)));
      case "content": {
        const content = model.specs.content.get(rest);
        const stamp = content && stampOf?.(content.spec);
        return stamp === undefined ? digest(content?.data) : `file ${stamp}`;
      }
      case "news": {
        const content = model.specs.content.get(rest)?.data;
        return Object.keys(content?.body ?? {})
          .filter((language) => isNews(content, language))
          .join(",");
      }
      default:
        throw new Error(`no value for the input key ${key}`);
    }
  };
  return (key) => {
    let value = values.get(key);
    if (value === undefined) values.set(key, (value = valueText(key)));
    return value;
  };
}
