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
import { routeManifest, type RouteManifest } from "./manifest.ts";
import { generatedModules } from "./modules.ts";
import { pageData } from "./pages/index.ts";
import { type Cell, changedKeys, type ReadNote, Reads, readsAny, type Replayed, replay } from "./reads.ts";
import type { LayoutData, RouteData } from "./route-data.ts";

export type { Fallback } from "./context.ts";
export type { PrefetchRequest, RouteManifest } from "./manifest.ts";

interface CompiledRoute {
  manifest: RouteManifest;
  /** Undefined for a redirect: it has no page of its own. */
  data?: RouteData;
  /** The Atom feed of a news page (an article with dated sections). */
  feed?: FeedData;
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
}

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
}

export function compile(fullModel: SiteModel, now: DateTime, options: CompileOptions = {}): CompiledSite {
  // The time stage decides, once, what is in force at `now`; nothing below compares instants.
  const time = resolveInForce(fullModel, now);
  const changed = options.last ? changedKeys(options.last, fullModel, now) : "everything";
  // The same routes are open as at the last compile until its next change.
  const model = changed === "everything" ? siteAt(fullModel, time) : { ...fullModel, ...options.last!.routesAtInstant };
  const track = options.track ?? false;
  const cx = new CompileContext(model, time, new Reads(track));
  if (changed !== "everything")
    cx.reads.carry({ cells: options.last!.cells, changed, register: (effect) => cx.register(effect) });
  const noted = new Map<string, NotedRoute>();
  const reuse = {
    last: changed === "everything" ? undefined : options.last!.routes,
    changed: changed === "everything" ? new Set<string>() : changed,
    replayed: cx.reads.replayed,
  };
  const routes = model.routes
    .filter((route) => !route.childrenOnly)
    .map((route) => {
      const compiled = reusedRoute(cx, route, reuse) ?? compileNoted(cx, route);
      if (track) noted.set(route.path, compiled);
      return compiled.compiled;
    });
  const notFound = { regions: notFoundTexts(cx) };
  const modules = changed === "everything" ? generatedModules(model, manifestsOf(routes)) : options.last!.modules;
  // Before the last compile's next change nothing in force changes: the next change is that one.
  const nextChange = changed === "everything" ? time.nextChange : options.last!.nextChange;
  return {
    now: now.toISO()!,
    nextChange,
    // Taken last, once every text of every page (the 404 page's too) has been looked up.
    fallbacks: cx.fallbacks(),
    routes,
    modules,
    images: cx.images.jobs(),
    notFound,
    ...(track
      ? {
          reads: {
            model: fullModel,
            now,
            nextChange,
            routes: noted,
            modules,
            routesAtInstant: { routes: model.routes, routesByPath: model.routesByPath },
            cells: cx.reads.cells,
          },
        }
      : {}),
  };
}

/** A route compiled anew: its page, head and manifest under one note, then its region's layout. */
function compileNoted(cx: CompileContext, route: RouteModel): NotedRoute {
  const { value, note } = cx.reads.noted(() => compileRoute(cx, route));
  if (!value.data) return { compiled: { manifest: value.manifest }, note };
  const layout = cx.layoutCell(cx.model.regions.get(route.region)!);
  return { compiled: withLayout(value, layout.value), note, layout };
}

/**
 * The last compile's route, when nothing its page, head and manifest read has changed (with the
 * region's new layout if that changed). Its registrations are made again where a full compile
 * would make them.
 */
function reusedRoute(
  cx: CompileContext,
  route: RouteModel,
  reuse: {
    last: Map<string, NotedRoute> | undefined;
    changed: ReadonlySet<string>;
    replayed: Replayed;
  },
): NotedRoute | undefined {
  const last = reuse.last?.get(route.path);
  if (!last || readsAny(last.note, reuse.changed)) return undefined;
  const register = (effect: string) => cx.register(effect);
  replay(last.note, register, reuse.replayed);
  if (!last.layout || !readsAny(last.layout.note, reuse.changed)) {
    if (last.layout) replay(last.layout.note, register, reuse.replayed);
    return last;
  }
  const layout = cx.layoutCell(cx.model.regions.get(route.region)!);
  return { ...last, compiled: withLayout(last.compiled, layout.value), layout };
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
