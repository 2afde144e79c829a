// What site dev serves: the site compiled and bundled at once, each page rendered when it is first
// asked for, and after an edit only the pages whose data, assets or template changed made anew.

import type { DateTime } from "luxon";
import type { CompiledSite, CompileReads, RouteManifest } from "../../compiler/compile/index.ts";
import type { RouteData } from "../../compiler/compile/route-data.ts";
import type { SiteModel } from "../../compiler/link/model.ts";
import { type PreparedSite, prepareSite, type RenderSiteOptions, type SiteOutput } from "../../compiler/pipeline.ts";
import * as renderModule from "../../compiler/render/index.tsx";
import type { PageJob } from "../../compiler/render/pool.ts";
import { manifestJson, once, type OutputFile } from "../../compiler/write/index.ts";

export interface DevCache {
  /** A page's data by its path, with its HTML and manifest text once made. */
  pages: Map<string, DevPage>;
  /**
   * What each route read in the last compile: the routes an edit does not reach are taken from
   * it. Dropped when a file that is not a spec document changed (a picture, a schema).
   */
  reads?: CompileReads;
  /** The assets of the last update, as the pages compare them. */
  assetsKey?: string;
  /** Each page's HTML and manifest by output path, changed only where a page changed. */
  pageFiles?: Map<string, OutputFile>;
  /**
   * The site as last prepared, each of its pages in `pages`, and its routes' manifests: an edit's
   * prepare takes from it what the edit did not change. Dropped when pages are forgotten (a
   * template edited): the next update goes through every page.
   */
  prepared?: { site: PreparedSite; manifests: RouteManifest[] };
}

interface DevPage {
  assets: string;
  data: RouteData;
  /** Where its HTML and manifest are served from. */
  file: string;
  manifestFile: string;
  html: () => string;
  manifest: RouteManifest;
  manifestText: () => string;
}

/** What the dev server asks of the files it serves. */
export type ServedFiles = Pick<ReadonlyMap<string, OutputFile>, "get" | "size">;

export interface DevSiteOutput extends Omit<SiteOutput, "files"> {
  /** The update's files, and the pages' as the cache keeps them. */
  files: ServedFiles;
  /** Site paths of the pages whose data, assets or template changed since the last update. */
  changed: string[];
}

/**
 * The site as site dev serves it: compiled and bundled at once, each page rendered when it is
 * first asked for. Against the cache, only the pages whose data, assets or template changed are
 * made anew; a page that fails to render shows its error instead.
 */
export async function updateDevSite(
  model: SiteModel,
  now: DateTime,
  cache: DevCache,
  options: RenderSiteOptions & { renderFailed: (path: string, message: string, error: unknown) => string },
): Promise<DevSiteOutput> {
  const { renderRoutePage } = options.renderer ?? renderModule;
  const last = cache.reads ? cache.prepared : undefined;
  const prepared = await prepareSite(model, now, {
    ...options,
    incremental: { track: true, ...(cache.reads ? { last: cache.reads } : {}) },
    ...(last ? { last: last.site } : {}),
  });
  const { compiled, assets, files, pages } = prepared;
  // Prepared from the last: the routes an edit did not change are the last ones.
  const edited = last && prepared.changedPages ? { last, pages: prepared.changedPages } : undefined;
  const manifests = edited ? patchedManifests(edited.last.manifests, compiled) : compiled.routes.map((r) => r.manifest);
  // Kept together: the next edit's compile and prepare start from the same update.
  cache.reads = compiled.reads;
  cache.prepared = { site: prepared, manifests };
  const changed: string[] = [];
  // The same text as the last update's is that very string, so each page compares it at once.
  const written = JSON.stringify(assets);
  const lastAssetsKey = cache.assetsKey;
  const assetsKey = written === lastAssetsKey ? lastAssetsKey : written;
  cache.assetsKey = assetsKey;
  // Pages of a region share their layout object, so comparing it once answers for all of them.
  const known = compared();
  // An unchanged page keeps its files where they are: 10,000 pages are not listed again per edit.
  const pageFiles = (cache.pageFiles ??= new Map());
  // With the assets as they were, only the pages of the routes an edit changed can differ.
  const maybeChanged = edited && assetsKey === lastAssetsKey ? edited.pages : pages;
  for (const { data, file, manifestFile, manifest } of maybeChanged) {
    let page = cache.pages.get(manifest.path);
    if (!page || page.assets !== assetsKey || !sameData(page.data, data, known)) {
      const render = () => {
        try {
          return renderRoutePage(data, assets).html;
        } catch (error) {
          // The error itself too: its stack says which template threw, and where.
          return options.renderFailed(manifest.path, error instanceof Error ? error.message : String(error), error);
        }
      };
      page = {
        assets: assetsKey,
        data,
        file,
        manifestFile,
        html: once(render),
        manifest,
        manifestText: once(() => manifestJson(manifest)),
      };
      cache.pages.set(manifest.path, page);
      changed.push(manifest.path);
      pageFiles.set(file, page.html);
      pageFiles.set(manifestFile, page.manifestText);
    } else if (!sameData(page.manifest, manifest, known)) {
      page.manifest = manifest;
      page.manifestText = once(() => manifestJson(manifest));
      pageFiles.set(manifestFile, page.manifestText);
    }
  }
  // A page gone (its window closed, its file renamed): its files go with it.
  if (cache.pages.size > pages.length) dropGonePages(cache, pages);
  options.onStage?.("render", `${changed.length} of ${pages.length} pages changed`);
  return {
    files: layered(files, pageFiles),
    pages: pages.length,
    manifests,
    nextChange: compiled.nextChange,
    changed,
  };
}

/** The manifests of the routes before an edit, with those of the routes it changed put in. */
function patchedManifests(before: readonly RouteManifest[], compiled: CompiledSite): RouteManifest[] {
  const manifests = before.slice();
  for (const i of compiled.changedRoutes!) manifests[i] = compiled.routes[i]!.manifest;
  return manifests;
}

function dropGonePages(cache: DevCache, pages: readonly PageJob[]): void {
  const now = new Set(pages.map((p) => p.manifest.path));
  for (const [path, page] of cache.pages) {
    if (now.has(path)) continue;
    cache.pages.delete(path);
    cache.pageFiles?.delete(page.file);
    cache.pageFiles?.delete(page.manifestFile);
  }
}

/** The files of one update over the pages' files: a lookup reads the first, then the second. */
function layered(own: ServedFiles, pages: ServedFiles): ServedFiles {
  return {
    get: (path) => own.get(path) ?? pages.get(path),
    get size() {
      return own.size + pages.size;
    },
  };
}

/** Pairs of objects near the top of compiled data already compared, by their answer (sameData). */
export interface Compared {
  same: WeakMap<object, object>;
  different: WeakMap<object, object>;
}

export function compared(): Compared {
  return { same: new WeakMap(), different: new WeakMap() };
}

/**
 * Deep equality of compiled data (plain objects, arrays and scalars). Objects near the top that
 * were compared are remembered with the answer, so what many routes share (a region's layout, say,
 * equal or edited) is compared once; deeper down, remembering costs more than comparing again.
 */
export function sameData(a: unknown, b: unknown, known: Compared, depth = 0): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameData(a[i], b[i], known, depth + 1)) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const remember = depth < 3;
  if (remember) {
    if (known.same.get(a) === b) return true;
    if (known.different.get(a) === b) return false;
  }
  const same = sameObject(a as Record<string, unknown>, b as Record<string, unknown>, known, depth);
  if (remember) (same ? known.same : known.different).set(a, b);
  return same;
}

function sameObject(
  left: Record<string, unknown>,
  right: Record<string, unknown>,
  known: Compared,
  depth: number,
): boolean {
  let keys = 0;
  for (const key in left) {
    keys++;
    const value = left[key];
    if (
      value === undefined ? !(key in right) || right[key] !== undefined : !sameData(value, right[key], known, depth + 1)
    )
      return false;
  }
  for (const _ in right) keys--;
  return keys === 0;
}
