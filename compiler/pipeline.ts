// The order of the stages. Data flows one way: each stage reads only what the one before it
// returned, and reports problems as diagnostics instead of throwing.
//
//   load ──▶ validate ──▶ link                              site check
//        ──▶ compile ──▶ bundle ──▶ render ──▶ write        site build
//
// bundle runs before render because every page links the hashed names of its assets. site build
// writes everything but the pages first; render then writes each page as it is done (on worker
// threads for a large site, render-pool.ts), and the finished folder is swapped in at once.

import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { join } from "node:path";
import type { DateTime } from "luxon";
import { bundle, projectRoot, type BundleOutput } from "./bundle/index.ts";
import { compile, type CompiledSite, type Fallback, type RouteManifest } from "./compile/index.ts";
import { hasErrors, rootCauses, strictly, type Diagnostic } from "./diagnostics/index.ts";
import { link } from "./link/index.ts";
import type { SiteModel } from "./link/model.ts";
import { load, type LoadReuse, type SourceFile } from "./load/index.ts";
import { guardOutput, lockOutput, stampOutput } from "./write/output-guard.ts";
import { ParseCache } from "./load/parse-cache.ts";
import { readAhead } from "./load/read-ahead.ts";
import * as renderModule from "./render/index.tsx";
import { validate } from "./validate/index.ts";
import { renderPages, renderThreads, type PageJob, type RenderedPage } from "./render/pool.ts";
import { preloadsFor, type PageAssets } from "./render/index.tsx";
import type { RouteData } from "./compile/route-data.ts";
import { buildJson, contentsOf, manifestJson, manifestPath, once, type MadeFiles, type OutputFiles, headersFile, nginxConf, redirectsFile, robotsTxt, routesJson, sitemapXml, stagingFolder, swapIn, writeOutput, type OutputTarget } from "./write/index.ts";

export interface CheckResult {
  /** Undefined when the specs are too broken to model (no valid site.yaml). */
  model: SiteModel | undefined;
  diagnostics: Diagnostic[];
  /** Every file read, by its reported path: printers need the text for code frames. */
  sources: Map<string, SourceFile>;
  fileCount: number;
}

/** load + validate + link: everything `site check` does. */
export function check(specsDir: string, cwd = process.cwd(), reuse: LoadReuse = {}): CheckResult {
  const loaded = load(specsDir, cwd, reuse);
  const validated = validate(loaded.value);
  const linked = link(validated.value);
  const sources = new Map(loaded.value.documents.map((d) => [d.source.path, d.source]));
  return {
    model: linked.value,
    diagnostics: rootCauses([...loaded.diagnostics, ...validated.diagnostics, ...linked.diagnostics]),
    sources,
    fileCount: loaded.value.documents.length,
  };
}

export interface SiteOutput {
  files: OutputFiles;
  pages: number;
  /** Every route's manifest, in route order. */
  manifests: RouteManifest[];
  nextChange: string | null;
}

/** The render stage as a module: site dev loads a fresh copy when templates change. */
export type Renderer = Pick<typeof renderModule, "renderRoutePage" | "renderNotFound" | "renderRedirect">;

export interface RenderSiteOptions {
  renderer?: Renderer;
  /** Bundles the generated modules (default: a one-off hashed production bundle). */
  bundle?: (modules: ReadonlyMap<string, string>) => Promise<BundleOutput>;
  onStage?: (stage: string, detail: string) => void;
}

interface PreparedSite {
  compiled: CompiledSite;
  assets: PageAssets;
  /** Every file but the pages and their manifests; the host files deferred. */
  files: OutputFiles;
  pages: PageJob[];
}

/** compile ──▶ bundle, and every output file that is not a rendered page. */
async function prepareSite(model: SiteModel, now: DateTime, options: RenderSiteOptions): Promise<PreparedSite> {
  const { renderNotFound, renderRedirect } = options.renderer ?? renderModule;
  const files: OutputFiles = new Map();
  const compiled = compile(model, now);
  options.onStage?.("compile", `${compiled.routes.length} routes`);

  for (const [path, source] of compiled.modules) files.set(join("generated", path), source);
  const bundled = await (options.bundle ?? bundle)(compiled.modules);
  for (const [url, contents] of bundled.files) files.set(`site${url}`, contents);
  const assetBytes = [...bundled.files.values()].reduce((sum, f) => sum + f.byteLength, 0);
  options.onStage?.("bundle", `${bundled.files.size} files, ${Math.round(assetBytes / 1024)} KB`);
  const assets: PageAssets = { script: bundled.script, style: bundled.style, preloads: bundled.preloads };

  const images = join(projectRoot, "templates", "images");
  if (existsSync(images)) for (const name of readdirSync(images)) files.set(`site/images/${name}`, readFileSync(join(images, name)));

  const pages: PageJob[] = [];
  for (const route of compiled.routes) {
    const m = route.manifest;
    if (route.data) {
      pages.push({ data: route.data, file: join("site", m.file), manifestFile: manifestPath(m), manifest: m });
      continue;
    }
    if (m.redirect) {
      const region = model.regions.get(m.region)!;
      const to = m.redirect.to;
      files.set(join("site", m.file), once(() => renderRedirect(to, region.origin + to, region.hreflang)));
    }
    files.set(manifestPath(m), once(() => manifestJson(m)));
  }
  files.set("site/404.html", once(() => renderNotFound({ brand: model.name, style: assets.style, regions: compiled.notFound.regions })));
  files.set("manifests/routes.json", once(() => routesJson(compiled)));
  files.set("site/build.json", once(() => buildJson(compiled)));
  files.set("site/sitemap.xml", once(() => sitemapXml(compiled)));
  files.set("site/robots.txt", once(() => robotsTxt(compiled, model)));
  // Host configuration lives beside the web root (DESIGN: never served). Netlify and Cloudflare
  // Pages read _redirects and _headers only from the folder they publish, and serve neither, so
  // the site keeps a copy of those two; the nginx config is nowhere under site/.
  const redirects = once(() => redirectsFile(compiled));
  const headers = once(() => headersFile(model));
  files.set("host/_redirects", redirects);
  files.set("host/_headers", headers);
  files.set("host/nginx.conf", once(() => nginxConf(compiled, model)));
  files.set("site/_redirects", redirects);
  files.set("site/_headers", headers);
  return { compiled, assets, files, pages };
}

/** The whole site in memory, every file made (tests). */
export async function renderSite(model: SiteModel, now: DateTime, options: RenderSiteOptions = {}): Promise<SiteOutput & { files: MadeFiles }> {
  const { renderRoutePage } = options.renderer ?? renderModule;
  const { compiled, assets, files, pages } = await prepareSite(model, now, options);
  const made: MadeFiles = new Map();
  for (const [path, file] of files) made.set(path, contentsOf(file));
  for (const { data, file, manifestFile, manifest } of pages) {
    made.set(file, renderRoutePage(data, assets).html);
    made.set(manifestFile, manifestJson(manifest));
  }
  options.onStage?.("render", `${pages.length} pages`);
  return { files: made, pages: pages.length, manifests: compiled.routes.map((r) => r.manifest), nextChange: compiled.nextChange };
}

export interface DevCache {
  /** A page's data by its path, with its HTML and manifest text once made. */
  pages: Map<string, DevPage>;
}

interface DevPage {
  assets: string;
  data: RouteData;
  html: () => string;
  manifest: RouteManifest;
  manifestText: () => string;
}

export interface DevSiteOutput extends SiteOutput {
  /** Site paths of the pages whose data, assets or template changed since the last update. */
  changed: string[];
}

/**
 * The site as site dev serves it: compiled and bundled at once, each page rendered when it is
 * first asked for. Against the cache, only the pages whose data, assets or template changed are
 * made anew; a page that fails to render shows its error instead.
 */
export async function updateDevSite(model: SiteModel, now: DateTime, cache: DevCache, options: RenderSiteOptions & { renderFailed: (path: string, message: string, error: unknown) => string }): Promise<DevSiteOutput> {
  const { renderRoutePage } = options.renderer ?? renderModule;
  const { compiled, assets, files, pages } = await prepareSite(model, now, options);
  const changed: string[] = [];
  const assetsKey = JSON.stringify(assets);
  // Pages of a region share their layout object, so comparing it once answers for all of them.
  const proven = new WeakMap<object, object>();
  for (const { data, file, manifestFile, manifest } of pages) {
    let page = cache.pages.get(manifest.path);
    if (!page || page.assets !== assetsKey || !sameData(page.data, data, proven)) {
      const render = () => {
        try {
          return renderRoutePage(data, assets).html;
        } catch (error) {
          // The error itself too: its stack says which template threw, and where.
          return options.renderFailed(manifest.path, error instanceof Error ? error.message : String(error), error);
        }
      };
      page = { assets: assetsKey, data, html: once(render), manifest, manifestText: once(() => manifestJson(manifest)) };
      cache.pages.set(manifest.path, page);
      changed.push(manifest.path);
    } else if (!sameData(page.manifest, manifest, proven)) {
      page.manifest = manifest;
      page.manifestText = once(() => manifestJson(manifest));
    }
    files.set(file, page.html);
    files.set(manifestFile, page.manifestText);
  }
  options.onStage?.("render", `${changed.length} of ${pages.length} pages changed`);
  return { files, pages: pages.length, manifests: compiled.routes.map((r) => r.manifest), nextChange: compiled.nextChange, changed };
}

/**
 * Deep equality of compiled data (plain objects, arrays and scalars). Objects near the top that
 * were found equal are remembered, so what many routes share (a region's layout, say) is compared
 * once; deeper down, remembering costs more than comparing again.
 */
export function sameData(a: unknown, b: unknown, proven: WeakMap<object, object>, depth = 0): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameData(a[i], b[i], proven, depth + 1)) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const remember = depth < 3;
  if (remember && proven.get(a) === b) return true;
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  let keys = 0;
  for (const key in left) {
    keys++;
    const value = left[key];
    if (value === undefined ? !(key in right) || right[key] !== undefined : !sameData(value, right[key], proven, depth + 1)) return false;
  }
  for (const _ in right) keys--;
  if (keys !== 0) return false;
  if (remember) proven.set(a, b);
  return true;
}

export interface BuildOptions {
  specsDir: string;
  out: string;
  now: DateTime;
  cwd?: string;
  /** Render threads; by default one per core on large sites and none on small ones. */
  threads?: number;
  /** Every warning counts as an error (CI): nothing is written while one remains. */
  strict?: boolean;
  /** Called as a long stage advances, with what is done of how much. */
  onProgress?: (stage: string, done: number, total: number) => void;
  /** Called once per finished stage, for progress lines. */
  onStage?: (stage: string, detail: string, ms: number) => void;
}

export interface BuildSummary {
  routes: number;
  pages: number;
  regions: number;
  bytes: number;
  nextChange: string | null;
  ms: number;
  /** The pages that load the most JavaScript at once (then the largest HTML), gzip bytes. */
  heaviest: PageWeight[];
  /** Texts shown in a fallback language because a table lacks them. */
  fallbacks: Fallback[];
}

export interface PageWeight {
  path: string;
  html: number;
  js: number;
}

export interface BuildResult extends CheckResult {
  /** Undefined when the specs had errors: nothing was written. */
  summary?: BuildSummary;
}

/**
 * site build: check, prepare the site in memory, then write it beside --out and swap it in all
 * at once. Pages are rendered and written by worker threads on large sites.
 */
export async function build(options: BuildOptions): Promise<BuildResult> {
  const started = performance.now();
  let mark = started;
  const stage = (name: string, detail: string) => {
    const now = performance.now();
    options.onStage?.(name, detail, now - mark);
    mark = now;
  };

  const parsed = ParseCache.open(options.specsDir);
  const found = check(options.specsDir, options.cwd, { parsed, ahead: await readAhead(options.specsDir, parsed) });
  parsed.save();
  const checked = options.strict ? { ...found, diagnostics: strictly(found.diagnostics) } : found;
  stage("check", `${checked.fileCount} spec files`);
  if (hasErrors(checked.diagnostics) || !checked.model) return checked;
  const model = checked.model;

  // Checked before anything is written: a build replaces --out whole.
  guardOutput(options.out, { specsDir: options.specsDir, cwd: options.cwd ?? process.cwd() });
  const release = lockOutput(options.out);
  const site = await prepareSite(model, options.now, { onStage: stage });
  const staging = stagingFolder(options.out);
  let bytes = 0;
  let rendered: RenderedPage[];
  try {
    const target: OutputTarget = { staging, previous: existsSync(options.out) ? options.out : null };
    for (const [path, file] of site.files) bytes += writeOutput(target, path, contentsOf(file)).bytes;
    const threads = options.threads ?? renderThreads(site.pages.length);
    rendered = await renderPages(site.pages, site.assets, target, threads, (done, total) => options.onProgress?.("render", done, total));
    bytes += rendered.reduce((sum, page) => sum + page.bytes, 0);
    const unchanged = rendered.filter((page) => page.unchanged).length;
    stage(
      "render",
      `${rendered.length} pages${threads ? ` on ${threads} threads` : ""}${target.previous ? `, ${unchanged} unchanged` : ""}, with ${site.files.size} other files`,
    );
    stampOutput(staging);
    swapIn(staging, options.out);
  } catch (error) {
    // Whatever failed, the previous output stays as it was.
    rmSync(staging, { recursive: true, force: true });
    throw error;
  } finally {
    release();
  }
  stage("swap", options.out);
  const heaviest = heaviestPages(rendered, site, options.out);
  return {
    ...checked,
    summary: { routes: site.compiled.routes.length, pages: rendered.length, regions: model.regions.size, bytes, nextChange: site.compiled.nextChange, ms: performance.now() - started, heaviest, fallbacks: site.compiled.fallbacks },
  };
}

/**
 * The five pages that load the most JavaScript at once (their module script and preloads), the
 * larger HTML first among equals, with gzip weights. Only the pages listed are read back and
 * compressed: compressing every page of a large site would cost more than rendering it.
 */
function heaviestPages(pages: readonly RenderedPage[], site: PreparedSite, out: string): PageWeight[] {
  const gzipped = new Map<string, number>();
  const scriptWeight = (url: string) => {
    let size = gzipped.get(url);
    if (size === undefined) {
      const contents = site.files.get(`site${url}`);
      size = contents === undefined ? 0 : gzipSync(contentsOf(contents)).byteLength;
      gzipped.set(url, size);
    }
    return size;
  };
  const jsWeight = (islands: readonly string[]) => [site.assets.script, ...preloadsFor(site.assets.preloads, islands)].reduce((sum, url) => sum + scriptWeight(url), 0);
  return pages
    .map((page) => ({ page, js: jsWeight(page.islands) }))
    .sort((a, b) => b.js - a.js || b.page.bytes - a.page.bytes)
    .slice(0, 5)
    .map(({ page, js }) => ({ path: page.path, js, html: gzipSync(readFileSync(join(out, page.file))).byteLength }));
}
