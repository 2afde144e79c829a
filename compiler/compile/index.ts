// Stage 4, compile: the site model at an instant becomes what the later stages need: one
// RouteData per route (what its template shows), the route manifests (head, alternates,
// JSON-LD, window, prefetch) and the typed modules the runtime imports. Every derived value
// (hrefs, formatted prices, instalments, availability, NEW tags) is computed once, in the
// build's CompileContext.

import type { DateTime } from "luxon";
import type { EncodeJob } from "../images/index.ts";
import type { RegionModel, RouteModel, SiteModel } from "../link/model.ts";
import { resolveInForce, type SiteInForce } from "../time/index.ts";
import { CompileContext, type Fallback } from "./context.ts";
import { type FeedData, newsFeed } from "./feed.ts";
import { buildHead, shareImage } from "./head.ts";
import { isoWindow, routeManifest, type RouteManifest } from "./manifest.ts";
import { generatedModules } from "./modules.ts";
import {
  compileNotes,
  type CompileNotes,
  type InputValues,
  inputValues,
  keptRoutes,
  type ReadNotes,
  routeNotes,
  type RouteNotes,
} from "./notes.ts";
import { pageData } from "./pages/index.ts";
import {
  type Cell,
  changedKeys,
  Dependents,
  effectsOf,
  keysOf,
  type ReadNote,
  Reads,
  readsAny,
  type Replayed,
  replay,
} from "./reads.ts";
import type { LayoutData, RouteData } from "./route-data.ts";
import type { StampOf } from "../validate/index.ts";

export type { Fallback } from "./context.ts";
export type { CompileNotes, RouteNotes } from "./notes.ts";
export type { PrefetchRequest, RouteManifest } from "./manifest.ts";

interface CompiledRoute {
  manifest: RouteManifest;
  /** Undefined for a redirect: it has no page of its own, and for a route kept from the last build's notes. */
  data?: RouteData;
  /** The Atom feed of a news page (an article with dated sections). */
  feed?: FeedData;
  /**
   * A page not compiled again: its keyed inputs are as the last build's notes say (compile/notes.ts),
   * so its page is that build's; its manifest here has no head.
   */
  kept?: RouteNotes;
  /** The new layout of a kept page whose region's layout changed. */
  relaid?: LayoutData;
}

export interface CompiledSite {
  now: string;
  /** The next instant after `now` at which some output would change, or null. */
  nextChange: string | null;
  routes: CompiledRoute[];
  /** Typed modules for the runtime, by path inside dist/generated. */
  modules: Map<string, string>;
  /** Texts a language lacks that pages show in its fallback language instead. */
  fallbacks: Fallback[];
  /** The image files the pages use (and only those): the build encodes and writes them. */
  images: EncodeJob[];
  /** Region whose settings and language the site-wide 404 page uses. */
  notFound: { regions: { lang: string; title: string; text: string; backHome: string; href: string }[] };
  /** What each route read, for the next compile to take the routes an edit did not reach (compile's `track`). */
  reads?: CompileReads;
  /** What the next build needs to keep the routes an edit does not reach (compile's `notes`). */
  notes?: Omit<CompileNotes, "keyBase">;
  /** A kept route compiled after all, when its page cannot be taken from the last build. */
  compileKept?: (path: string) => CompiledRoute;
  /**
   * After an edit (a compile given `last`): where in `routes` the routes made again or given a
   * new layout are, in order. Every other route is the last compile's, that very object at the
   * same place: site dev prepares and serves only these anew.
   */
  changedRoutes?: number[];
}

/** A compile's routes with what each read, and what they were compiled from. */
export interface CompileReads {
  model: SiteModel;
  now: DateTime;
  nextChange: string | null;
  routes: Map<string, NotedRoute>;
  /** Made of the routes, the regions and the API alone: the same until something without a key changes. */
  modules: Map<string, string>;
  /** The routes at the instant (siteAt). */
  routesAtInstant: Pick<SiteModel, "routes" | "routesByPath">;
  /** The values many routes share (product cards, layouts), by kind and key: a route compiled again takes those the edit did not reach. */
  cells: ReadonlyMap<string, Cell<unknown>>;
  /** What the routes registered, and the 404 page's texts. */
  registered: Registered;
  /** Which routes and cells read each key: made before the first edit (prepareForEdits), then added to by each. */
  dependents?: Dependents;
}

/** What a compile's routes registered in the build's shared state, and the 404 page's texts after them. */
type Registered = Pick<CompiledSite, "images" | "fallbacks" | "notFound">;

/**
 * A route as compiled, with what its page, head and manifest read and the region's layout it
 * took apart: an edit that reaches only the layout (a price in the menu) gives the route the new
 * layout and keeps the rest.
 */
interface NotedRoute {
  compiled: CompiledRoute;
  note: ReadNote;
  layout?: Cell<LayoutData>;
}

export interface CompileOptions {
  /** Note what each route reads (site dev): the result's `reads` lets the next compile reuse routes. */
  track?: boolean;
  /** The last compile's `reads`: a route none of whose inputs changed since is taken from it as it was. */
  last?: CompileReads;
  /**
   * Notes for the next build (site build), and the last build's, whose routes an edit did not reach
   * are kept, not compiled: `code` is the code's fingerprint, part of what the notes hold for.
   */
  notes?: { code: string; last: CompileNotes | null; stampOf?: StampOf };
}

export function compile(fullModel: SiteModel, now: DateTime, options: CompileOptions = {}): CompiledSite {
  // The time stage decides, once, what is in force at `now`; nothing below compares instants.
  const time = resolveInForce(fullModel, now);
  const changed = options.last ? changedKeys(options.last, fullModel, now) : "everything";
  if (changed !== "everything") return compileAfterEdit(fullModel, now, time, options.last!, changed);
  const model = siteAt(fullModel, time);
  const notes = options.notes;
  const track = (options.track ?? false) || notes !== undefined;
  const cx = new CompileContext(model, time, new Reads(track));
  const inputValue = notes && inputValues(fullModel, notes.stampOf);
  const { kept, relaid } = notes?.last
    ? keptRoutes(fullModel, notes.code, time.nextChange, notes.last, inputValue!, notes.stampOf)
    : { kept: new Map<string, RouteNotes>(), relaid: new Set<string>() };
  const noted = new Map<string, NotedRoute>();
  const routes = model.routes
    .filter((route) => !route.childrenOnly)
    .map((route): CompiledRoute => {
      const keep = route.template && !route.redirect ? kept.get(route.path) : undefined;
      const region = model.regions.get(route.region)!;
      if (keep)
        return {
          manifest: routeManifest(model, route, region),
          kept: keep,
          ...(keep.layout && relaid.has(keep.layout) ? { relaid: cx.layoutCell(region).value } : {}),
        };
      const compiled = compileNoted(cx, route);
      if (track) noted.set(route.path, compiled);
      return compiled.compiled;
    });
  // A kept page's layout: the recorded one's registrations, or the new one's (worked out once).
  const newLayoutEffects = new Map<string, string[]>();
  const layoutEffects = (region: string) => {
    if (!relaid.has(region)) return notes?.last?.layouts[region]?.effects ?? [];
    let effects = newLayoutEffects.get(region);
    if (!effects) newLayoutEffects.set(region, (effects = ownEffects(cx.layoutCell(model.regions.get(region)!).note)));
    return effects;
  };
  // The fallbacks taken last, once every text of every page (the 404 page's too) has been looked up.
  // With routes kept, the registrations are made again from the notes, in route order.
  const registered =
    kept.size === 0
      ? registeredIn(cx)
      : registeredFrom(
          model,
          time,
          routes.flatMap((r) =>
            r.kept
              ? [r.kept.effects, r.kept.layout ? layoutEffects(r.kept.layout) : []]
              : [effectsOfRoute(noted.get(r.manifest.path))],
          ),
        );
  const modules = generatedModules(model, manifestsOf(routes));
  return {
    ...(notes
      ? {
          notes: notesOfCompile(fullModel, notes, inputValue!, time.nextChange, routes, noted, (region) =>
            cx.layoutCell(model.regions.get(region)!),
          ),
          compileKept: (path: string) => compileNoted(cx, model.routesByPath.get(path)!).compiled,
        }
      : {}),
    now: now.toISO()!,
    nextChange: time.nextChange,
    routes,
    modules,
    ...registered,
    ...(track
      ? {
          reads: {
            model: fullModel,
            now,
            nextChange: time.nextChange,
            routes: noted,
            modules,
            routesAtInstant: { routes: model.routes, routesByPath: model.routesByPath },
            cells: cx.reads.cells,
            registered,
          },
        }
      : {}),
  };
}

/**
 * Makes the index through which an edit finds what it reaches (compileAfterEdit) before the edit
 * comes: site dev does it while it waits, so that the first edit costs what later ones do.
 */
export function prepareForEdits(reads: CompileReads): void {
  reads.dependents ??= Dependents.of(reads.routes, reads.cells);
}

/**
 * compile after an edit that changed only keyed inputs (site dev): the routes and cells that read
 * a changed key are made again, found through the last compile's index of readers; every other
 * route is the last compile's (with its region's new layout if that changed). The images and
 * fallback texts are the last compile's when every route made again registers what it did before,
 * in the same order; otherwise they are registered again, route by route, as a full compile would.
 */
function compileAfterEdit(
  fullModel: SiteModel,
  now: DateTime,
  time: SiteInForce,
  last: CompileReads,
  changed: ReadonlySet<string>,
): CompiledSite {
  // The same routes are open as at the last compile until its next change.
  const model = { ...fullModel, ...last.routesAtInstant };
  const cx = new CompileContext(model, time, new Reads(true));
  prepareForEdits(last);
  const dependents = last.dependents!;
  cx.reads.carry({ cells: last.cells, stale: dependents.cellsReading(changed, last.cells) });
  const edited = dependents.routesReading(changed, last.routes);
  // The routes are the last compile's, in its order: a pass over its notes, and only what changed looked up.
  const routeOf = new Map(model.routes.filter((r) => edited.has(r.path)).map((r) => [r.path, r]));
  const staleLayouts = new Map<Cell<LayoutData>, boolean>();
  const isStale = (layout: Cell<LayoutData>) => {
    let stale = staleLayouts.get(layout);
    if (stale === undefined) staleLayouts.set(layout, (stale = readsAny(layout.note, changed)));
    return stale;
  };
  const noted = new Map(last.routes);
  const sameEffects = sameEffectsAs();
  let sameRegistrations = true;
  const routes: CompiledRoute[] = [];
  const changedRoutes: number[] = [];
  for (const [path, before] of last.routes) {
    let after = before;
    if (edited.has(path)) {
      after = compileNoted(cx, routeOf.get(path)!);
      sameRegistrations &&= sameEffects(before, after);
    } else if (before.layout && isStale(before.layout)) {
      const layout = cx.layoutCell(cx.model.regions.get(before.compiled.manifest.region)!);
      after = { ...before, compiled: withLayout(before.compiled, layout.value), layout };
      sameRegistrations &&= sameEffects(before, after);
    }
    if (after !== before) {
      noted.set(path, after);
      changedRoutes.push(routes.length);
    }
    routes.push(after.compiled);
  }
  for (const path of edited) dependents.addRoute(path, noted.get(path)!.note);
  for (const name of cx.reads.made) dependents.addCell(name, cx.reads.cells.get(name)!);
  const registered = sameRegistrations ? last.registered : registeredAgain(model, time, noted);
  return {
    now: now.toISO()!,
    // Before the last compile's next change nothing in force changes: the next change is that one.
    nextChange: last.nextChange,
    routes,
    changedRoutes,
    modules: last.modules,
    ...registered,
    reads: { ...last, model: fullModel, now, routes: noted, cells: cx.reads.cells, registered, dependents },
  };
}

/**
 * Whether a route made again (or given a new layout) registers what it did, in the same order:
 * its page's registrations, then its layout's (the region's layout is compared once).
 */
function sameEffectsAs(): (before: NotedRoute, after: NotedRoute) => boolean {
  const sameList = (a: readonly string[], b: readonly string[]) =>
    a.length === b.length && a.every((effect, i) => effect === b[i]);
  const ofNote = (a: ReadNote, b: ReadNote) => a === b || sameList(effectsOf(a), effectsOf(b));
  const layouts = new Map<Cell<LayoutData>, { after: Cell<LayoutData>; same: boolean }>();
  const ofLayout = (a: Cell<LayoutData> | undefined, b: Cell<LayoutData> | undefined) => {
    if (a === b) return true;
    if (!a || !b) return false;
    const known = layouts.get(a);
    if (known?.after === b) return known.same;
    const same = ofNote(a.note, b.note);
    layouts.set(a, { after: b, same });
    return same;
  };
  return (before, after) => ofNote(before.note, after.note) && ofLayout(before.layout, after.layout);
}

/**
 * What a context's routes registered: the images and fallback texts, taken after the 404 page's
 * texts have been looked up too.
 */
function registeredIn(cx: CompileContext): Registered {
  return { notFound: { regions: notFoundTexts(cx) }, images: cx.images.jobs(), fallbacks: cx.fallbacks() };
}

/** What a route compiled anew registered, its layout's after its page's. */
function effectsOfRoute(route: NotedRoute | undefined): string[] {
  if (!route) return [];
  const effects = route.layout ? effectsOf(route.layout.note, effectsOf(route.note)) : effectsOf(route.note);
  // Each once, where it first appears: what a replay makes of the list.
  return [...new Set(effects)];
}

/** What a note registered, each once. */
function ownEffects(note: ReadNote): string[] {
  return [...new Set(effectsOf(note))];
}

/** The registrations of every route, made again in route order on a context of their own, then the 404 page's. */
function registeredFrom(model: SiteModel, time: SiteInForce, effects: Iterable<readonly string[]>): Registered {
  const cx = new CompileContext(model, time);
  const done = new Set<string>();
  for (const list of effects)
    for (const effect of list)
      if (!done.has(effect)) {
        done.add(effect);
        cx.register(effect);
      }
  return registeredIn(cx);
}

/** The notes of this compile for the next build: a kept route's as they were. */
function notesOfCompile(
  model: SiteModel,
  { code, last, stampOf }: NonNullable<CompileOptions["notes"]>,
  inputValue: InputValues,
  nextChange: string | null,
  routes: readonly CompiledRoute[],
  noted: ReadonlyMap<string, NotedRoute>,
  layoutOf: (region: string) => Cell<LayoutData>,
): Omit<CompileNotes, "keyBase"> {
  const notesOf = (note: ReadNote): ReadNotes => ({ keys: [...keysOf(note)], effects: ownEffects(note) });
  // A region none of whose routes compiled again and whose layout read nothing that changed has
  // the layout it had; the others, this compile's (one cell per region: layoutOf).
  const layouts: Record<string, ReadNotes> = { ...last?.layouts };
  const layoutsNoted = new Set<string>();
  const all: Record<string, RouteNotes> = {};
  for (const route of routes) {
    const { path, region } = route.manifest;
    const compiled = route.data ? noted.get(path) : undefined;
    if ((route.relaid || compiled?.layout) && !layoutsNoted.has(region)) {
      layouts[region] = notesOf(layoutOf(region).note);
      layoutsNoted.add(region);
    }
    if (route.kept) all[path] = route.kept;
    else if (route.data && compiled)
      all[path] = routeNotes(route.data, notesOf(compiled.note), compiled.layout ? region : undefined, route.feed);
  }
  return compileNotes(model, code, nextChange, layouts, all, inputValue, stampOf);
}

/** The routes' registrations made again in route order, on a context of their own, then the 404 page's. */
function registeredAgain(model: SiteModel, time: SiteInForce, noted: ReadonlyMap<string, NotedRoute>): Registered {
  const cx = new CompileContext(model, time);
  const register = (effect: string) => cx.register(effect);
  const done: Replayed = { effects: new Set(), notes: new Set() };
  for (const route of noted.values()) {
    replay(route.note, register, done);
    if (route.layout) replay(route.layout.note, register, done);
  }
  return registeredIn(cx);
}

/** A route compiled anew: its page, head and manifest under one note, then its region's layout. */
function compileNoted(cx: CompileContext, route: RouteModel): NotedRoute {
  const { value, note } = cx.reads.noted(() => compileRoute(cx, route));
  if (!value.data) return { compiled: { manifest: value.manifest }, note };
  const layout = cx.layoutCell(cx.model.regions.get(route.region)!);
  return { compiled: withLayout(value, layout.value), note, layout };
}

/** The route's data with the region's layout (its fields in the order templates and page keys have always had them). */
function withLayout(compiled: RouteWithoutLayout, layout: LayoutData): CompiledRoute {
  const { route, head, page } = compiled.data!;
  return { ...compiled, data: { route, head, layout, page } };
}

/**
 * The site at the instant. Embargo: a page whose window has not started does not exist yet: no
 * HTML, no manifest, no alternate, no link to it. A page whose window is over is a redirect to its
 * region's home.
 */
export function siteAt(model: SiteModel, time: SiteInForce): SiteModel {
  const open = model.routes.filter((r) => time.routeState(r) === "open");
  const over = model.routes
    .filter((r) => time.routeState(r) === "over" && !r.childrenOnly)
    .map(
      (r): RouteModel => ({
        ...r,
        template: null,
        redirect: { to: model.regions.get(r.region)!.prefix || "/", status: 302 },
      }),
    );
  return { ...model, routes: [...open, ...over], routesByPath: new Map(open.map((r) => [r.path, r])) };
}

/** A route compiled but for its region's layout, which compileNoted adds apart. */
type RouteWithoutLayout = Omit<CompiledRoute, "data"> & { data?: Omit<RouteData, "layout"> };

function compileRoute(cx: CompileContext, route: RouteModel): RouteWithoutLayout {
  const region = cx.model.regions.get(route.region)!;
  const manifest = routeManifest(cx.model, route, region);
  if (route.redirect || !route.template) return { manifest };
  const page = pageData(cx, route, region, route.template);
  const head = buildHead(cx.model, route, region, {
    title: cx.pageTitle(route, region),
    description: cx.fill(region, cx.pageContent(route)?.head[region.language]?.description ?? ""),
    keywords: cx.pageContent(route)?.head[region.language]?.keywords ?? [],
    product: page.template === "product" ? { card: page.product, description: page.tagline } : null,
    image: shareImage(page),
    feeds: cx.feedLinks(region),
    images: cx.images,
  });
  manifest.head = head;
  const feed =
    page.template === "article" && cx.isNews(route, region)
      ? newsFeed(cx.model, route, region, page, head.title, head.description)
      : undefined;
  return {
    manifest,
    ...(feed ? { feed } : {}),
    data: {
      route: {
        path: route.path,
        region: route.region,
        page: route.page,
        template: route.template,
        locale: region.locale,
        lang: region.hreflang,
        language: region.language,
        scrollTo: route.scrollTo,
        windowEnd: isoWindow(route.window)?.end ?? null,
      },
      head,
      page,
    },
  };
}

function manifestsOf(routes: readonly CompiledRoute[]): RouteManifest[] {
  return routes.map((r) => r.manifest);
}

/** The site-wide 404 page's texts, one block per region site.yaml names for it. */
function notFoundTexts(cx: CompileContext): CompiledSite["notFound"]["regions"] {
  const model = cx.model;
  return (model.specs.site!.data.notFoundRegions ?? [model.defaultRegion])
    .map((code) => model.regions.get(code))
    .filter((r): r is RegionModel => r !== undefined)
    .map((r) => ({
      lang: r.hreflang,
      title: cx.message(r.language, "ui.notFound.title"),
      text: cx.message(r.language, "ui.notFound.text"),
      backHome: cx.message(r.language, "ui.notFound.backHome"),
      href: r.prefix || "/",
    }));
}
