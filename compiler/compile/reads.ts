// What each route's data read, so that site dev compiles again only the routes an edit reaches.
// While a route compiles, the inputs it reads that an edit can change on their own are noted by
// key ("price:us:flagshipMegatron": one list price), and so are the registrations it makes in the
// build's shared state (an image file it needs, a text shown in a fallback language). A value the
// CompileContext keeps for many routes (a product card) is a cell with its own note, and every
// route that takes it takes its note too; the region's layout is taken apart from the page (see
// compile/index.ts). After an edit, the routes and cells that read a changed key are found through
// an index from key to readers (Dependents), not by asking every route; the other routes are taken
// from the last compile as they were, and the site's registrations are the last compile's unless a
// route made again registers something else (then they are made again, in route order).
// Everything without a key (the other spec files, the instant's windows) must be as it was, or
// everything compiles again.

import type { DateTime } from "luxon";
import { isDeepStrictEqual } from "node:util";
import { sameSpecsBesides } from "../link/index.ts";
import type { SiteModel } from "../link/model.ts";
import { parseInstant } from "../time/instant.ts";
import { isNews } from "./feed.ts";

/** What one route, or one cell, read and registered, in the order it did. */
export interface ReadNote {
  readonly reads: Set<string>;
  /** Registrations (encoded by the context) and the cells taken, first occurrence first. */
  readonly items: Set<string | Cell<unknown>>;
}

export interface Cell<T> {
  readonly value: T;
  readonly note: ReadNote;
}

const emptyNote: ReadNote = { reads: new Set(), items: new Set() };

/** The last compile's cells, for a compile that may take them as they were (site dev). */
export interface Carried {
  cells: ReadonlyMap<string, Cell<unknown>>;
  /** The cells that read something that changed since: made again. */
  stale: ReadonlySet<string>;
}

/**
 * The notes of one compile. Without tracking (site build), read and registered are no-ops and a
 * cell is a plain cached value.
 */
export class Reads {
  #current: ReadNote | null = null;
  /**
   * Every cell of this compile by kind and key, the last compile's that it may take as they were
   * among them: the next compile carries them on.
   */
  cells = new Map<string, Cell<unknown>>();
  /** The cells this compile made (not taken from the last one), by name. */
  readonly made: string[] = [];

  constructor(readonly tracking: boolean) {}

  /** Takes over the last compile's cells but the stale ones. */
  carry({ cells, stale }: Carried): void {
    // Copied whole, then the few stale ones taken out: ten thousand cells are not asked one by one.
    this.cells = new Map(cells);
    for (const name of stale) this.cells.delete(name);
  }

  /** An input the current route reads, by key. */
  read(key: string): void {
    this.#current?.reads.add(key);
  }

  /** A registration in the build's shared state, to be made again when the route is reused. */
  registered(effect: string): void {
    this.#current?.items.add(effect);
  }

  /** Runs `compute` as a route (or cell) of its own; its note is empty without tracking. */
  noted<T>(compute: () => T): { value: T; note: ReadNote } {
    if (!this.tracking) return { value: compute(), note: emptyNote };
    const outer = this.#current;
    const note: ReadNote = { reads: new Set(), items: new Set() };
    this.#current = note;
    try {
      return { value: compute(), note };
    } finally {
      this.#current = outer;
    }
  }

  /**
   * A value kept for many routes (a product card in a region, a region's layout), by its kind and
   * key: computed once, or taken from the last compile, and its note taken by every route that
   * takes it.
   */
  cell<K, T>(kind: string, cache: Map<K, Cell<T>>, key: K, compute: () => T): T {
    let cell = cache.get(key);
    if (!cell) {
      const name = `${kind}\0${String(key)}`;
      const kept = this.cells.get(name) as Cell<T> | undefined;
      // A cell carried from the last compile: what it registers is the routes' business (compile/index.ts).
      if (kept) cell = kept;
      else {
        cell = this.noted(compute);
        if (this.tracking) {
          this.cells.set(name, cell as Cell<unknown>);
          this.made.push(name);
        }
      }
      cache.set(key, cell);
    }
    this.#current?.items.add(cell as Cell<unknown>);
    return cell.value;
  }
}

/** True when the note, or a cell it took, read one of `changed`. */
export function readsAny(note: ReadNote, changed: ReadonlySet<string>): boolean {
  if (changed.size === 0) return false;
  const keys = keysOf(note);
  for (const key of changed) if (keys.has(key)) return true;
  return false;
}

/** Every key a note read, its cells' included; worked out once per note (a note does not change once made). */
const allKeys = new WeakMap<ReadNote, ReadonlySet<string>>();

export function keysOf(note: ReadNote): ReadonlySet<string> {
  let keys = allKeys.get(note);
  if (!keys) {
    const union = new Set(note.reads);
    for (const item of note.items) if (typeof item !== "string") for (const key of keysOf(item.note)) union.add(key);
    allKeys.set(note, (keys = union));
  }
  return keys;
}

/**
 * Which routes and cells read each key, so that an edit finds what it reaches without asking
 * every route. Readers are only ever added: a list may name a route that no longer reads the key
 * (readsAny then says no) but never misses one that does, even after a compile that failed half
 * way through adding.
 */
export class Dependents {
  readonly #routes = new Map<string, Set<string>>();
  readonly #cells = new Map<string, Set<string>>();

  /** The index of a compile's routes (by path) and cells (by name). */
  static of(routes: ReadonlyMap<string, { note: ReadNote }>, cells: ReadonlyMap<string, Cell<unknown>>): Dependents {
    const index = new Dependents();
    for (const [path, route] of routes) index.addRoute(path, route.note);
    for (const [name, cell] of cells) index.addCell(name, cell);
    return index;
  }

  addRoute(path: string, note: ReadNote): void {
    addReader(this.#routes, path, note);
  }

  addCell(name: string, cell: Cell<unknown>): void {
    addReader(this.#cells, name, cell.note);
  }

  /** The routes of `routes` whose notes read any of `changed`. */
  routesReading(changed: ReadonlySet<string>, routes: ReadonlyMap<string, { note: ReadNote }>): Set<string> {
    return readersOf(this.#routes, changed, (path) => routes.get(path)?.note);
  }

  /** The cells of `cells` that read any of `changed`. */
  cellsReading(changed: ReadonlySet<string>, cells: ReadonlyMap<string, Cell<unknown>>): Set<string> {
    return readersOf(this.#cells, changed, (name) => cells.get(name)?.note);
  }
}

function addReader(index: Map<string, Set<string>>, reader: string, note: ReadNote): void {
  for (const key of keysOf(note)) {
    let readers = index.get(key);
    if (!readers) index.set(key, (readers = new Set()));
    readers.add(reader);
  }
}

function readersOf(
  index: ReadonlyMap<string, ReadonlySet<string>>,
  changed: ReadonlySet<string>,
  noteOf: (reader: string) => ReadNote | undefined,
): Set<string> {
  const found = new Set<string>();
  for (const key of changed)
    for (const reader of index.get(key) ?? []) {
      if (found.has(reader)) continue;
      const note = noteOf(reader);
      if (note && readsAny(note, changed)) found.add(reader);
    }
  return found;
}

/**
 * The registrations a note makes, its cells' included, in the order a compile makes them. A
 * site's registrations in order are those of its routes in route order, each kept where it first
 * appears: routes whose lists are as they were leave them as they were.
 */
export function effectsOf(note: ReadNote, into: string[] = [], seen = new Set<ReadNote>()): string[] {
  for (const item of note.items) {
    if (typeof item === "string") into.push(item);
    else if (!seen.has(item.note)) {
      seen.add(item.note);
      effectsOf(item.note, into, seen);
    }
  }
  return into;
}

/** What one compile has made again: each registration and each cell's are made once. */
export interface Replayed {
  effects: Set<string>;
  notes: Set<ReadNote>;
}

/** Makes the note's registrations again, in their order. */
export function replay(note: ReadNote, register: (effect: string) => void, done: Replayed): void {
  for (const item of note.items) {
    if (typeof item === "string") {
      if (done.effects.has(item)) continue;
      done.effects.add(item);
      register(item);
    } else replayCell(item, register, done);
  }
}

/** Makes a cell's registrations again, unless this compile has made them already. */
function replayCell(cell: Cell<unknown>, register: (effect: string) => void, done: Replayed): void {
  if (done.notes.has(cell.note)) return;
  done.notes.add(cell.note);
  replay(cell.note, register, done);
}

/** The keyed inputs: a product's list price in a region (canonical id), and any list price of a region. */
export const priceOf = (region: string, product: string) => `price:${region}:${product}`;
export const pricesOf = (region: string) => `prices:${region}`;
/** What a page's content file says, and whether it is news (its sections dated, in any language). */
export const contentOf = (page: string) => `content:${page}`;
export const newsOf = (page: string) => `news:${page}`;

/**
 * The keys whose inputs differ between the last compile's model and instant and this one's, or
 * "everything" when something without a key differs.
 */
export function changedKeys(
  last: { model: SiteModel; now: DateTime; nextChange: string | null },
  model: SiteModel,
  now: DateTime,
): Set<string> | "everything" {
  // Nothing at a later instant than the last compile's next change is as it was.
  const next = last.nextChange ? parseInstant(last.nextChange) : null;
  if (now < last.now || (next?.ok && now >= next.instant)) return "everything";
  if (!sameSpecsBesides(last.model.specs, model.specs, ["prices", "content"])) return "everything";
  // Link makes the routes and images of the specs, the content files' gifts among them: as they were, or everything.
  if (!isDeepStrictEqual(last.model.routes, model.routes) || !isDeepStrictEqual(last.model.images, model.images))
    return "everything";
  const changed = new Set<string>();
  // The price table reaches compile only through price(): compare its answers, cell by cell.
  for (const region of model.regions.keys())
    for (const product of model.products.keys())
      if (last.model.price(product, region) !== model.price(product, region)) {
        changed.add(priceOf(region, product));
        changed.add(pricesOf(region));
      }
  const [before, after] = [last.model.specs.content, model.specs.content];
  for (const page of new Set([...before.keys(), ...after.keys()])) {
    // A file not read again is the very document, its data the same: not asked for (2,200 at 10,000 routes).
    const [was, is] = [before.get(page), after.get(page)];
    if (was && was.spec === is?.spec) continue;
    const [a, b] = [was?.data, is?.data];
    if (a === b) continue;
    changed.add(contentOf(page));
    const languages = new Set([...Object.keys(a?.body ?? {}), ...Object.keys(b?.body ?? {})]);
    if ([...languages].some((language) => isNews(a, language) !== isNews(b, language))) changed.add(newsOf(page));
  }
  return changed;
}
