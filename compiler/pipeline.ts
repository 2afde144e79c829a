// The order of the stages. Data flows one way: each stage reads only what the one before it
// returned, and reports problems as diagnostics instead of throwing.
//
//   load ──▶ validate ──▶ link                              site check
//        ──▶ compile ──▶ bundle ──▶ render ──▶ write        site build
//
// bundle runs before render because every page links the hashed names of its assets.

import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { join } from "node:path";
import type { DateTime } from "luxon";
import { bundle, projectRoot, type BundleOutput } from "./bundle.ts";
import { compile } from "./compile.ts";
import { hasErrors, type Diagnostic } from "./diagnostics.ts";
import { link, type SiteModel } from "./link.ts";
import { load, type LoadCache, type SourceFile } from "./load.ts";
import * as renderModule from "./render.tsx";
import { validate } from "./validate.ts";
import { manifestPath, nginxConf, redirectsFile, robotsTxt, routesJson, sitemapXml, stagingFolder, swapIn, writeFile } from "./write.ts";

export interface CheckResult {
  /** Undefined when the specs are too broken to model (no valid site.yaml). */
  model: SiteModel | undefined;
  diagnostics: Diagnostic[];
  /** Every file read, by its reported path: printers need the text for code frames. */
  sources: Map<string, SourceFile>;
  fileCount: number;
}

/** load + validate + link: everything `site check` does. */
export function check(specsDir: string, cwd = process.cwd(), cache?: LoadCache): CheckResult {
  const loaded = load(specsDir, cwd, cache);
  const validated = validate(loaded.value);
  const linked = link(validated.value);
  const sources = new Map(loaded.value.documents.map((d) => [d.source.path, d.source]));
  return {
    model: linked.value,
    diagnostics: [...loaded.diagnostics, ...validated.diagnostics, ...linked.diagnostics],
    sources,
    fileCount: loaded.value.documents.length,
  };
}

/** Output files by path inside --out: "site/us/index.html", "manifests/routes.json", "generated/shared.ts". */
export type OutputFiles = Map<string, string | Uint8Array>;

export interface SiteOutput {
  files: OutputFiles;
  pages: number;
  routes: number;
  nextChange: string | null;
  /** Site paths of the pages rendered anew (not taken from the cache). */
  rendered: string[];
}

export interface RenderCache {
  /** A page's HTML by its path, with the key of what it was rendered from and its template. */
  pages: Map<string, { key: string; html: string; template: string }>;
}

/**
 * compile ──▶ bundle ──▶ render ──▶ host files, all in memory. With a cache, a page whose data
 * and assets are unchanged is not rendered again (site dev).
 */
/** The render stage as a module: site dev loads a fresh copy when templates change. */
export type Renderer = Pick<typeof renderModule, "renderPage" | "renderNotFound" | "renderRedirect" | "withPreloads" | "islandsIn">;

export interface RenderSiteOptions {
  cache?: RenderCache;
  renderer?: Renderer;
  /** Bundles the generated modules (default: a one-off hashed production bundle). */
  bundle?: (modules: ReadonlyMap<string, string>) => Promise<BundleOutput>;
  onStage?: (stage: string, detail: string) => void;
}

export async function renderSite(model: SiteModel, now: DateTime, options: RenderSiteOptions = {}): Promise<SiteOutput> {
  const { renderPage, renderNotFound, renderRedirect, withPreloads, islandsIn } = options.renderer ?? renderModule;
  const files: OutputFiles = new Map();
  const compiled = compile(model, now);
  options.onStage?.("compile", `${compiled.routes.length} routes`);

  for (const [path, source] of compiled.modules) files.set(join("generated", path), source);
  const assets = await (options.bundle ?? bundle)(compiled.modules);
  for (const [url, contents] of assets.files) files.set(`site${url}`, contents);
  const assetBytes = [...assets.files.values()].reduce((sum, f) => sum + f.byteLength, 0);
  options.onStage?.("bundle", `${assets.files.size} files, ${Math.round(assetBytes / 1024)} KB`);

  const images = join(projectRoot, "templates", "images");
  if (existsSync(images)) for (const name of readdirSync(images)) files.set(`site/images/${name}`, readFileSync(join(images, name)));

  let pages = 0;
  const rendered: string[] = [];
  for (const route of compiled.routes) {
    const m = route.manifest;
    if (route.data) {
      const key = JSON.stringify([assets.script, assets.style, route.data]);
      const cached = options.cache?.pages.get(m.path);
      let html = cached?.key === key ? cached.html : undefined;
      if (html === undefined) {
        const page = renderPage(route.data, { script: assets.script, style: assets.style });
        html = withPreloads(page, assets.preloadFor(islandsIn(page)));
        options.cache?.pages.set(m.path, { key, html, template: route.data.route.template });
        rendered.push(m.path);
      }
      files.set(join("site", m.file), html);
      pages++;
    } else if (m.redirect) {
      const region = model.regions.get(m.region)!;
      files.set(join("site", m.file), renderRedirect(m.redirect.to, region.origin + m.redirect.to, region.hreflang));
    }
    files.set(manifestPath(m), JSON.stringify(m, null, 2) + "\n");
  }
  files.set("site/404.html", renderNotFound({ brand: model.name, style: assets.style, regions: compiled.notFound.regions }));
  options.onStage?.("render", `${pages} pages`);

  files.set("manifests/routes.json", routesJson(compiled));
  files.set("site/sitemap.xml", sitemapXml(compiled));
  files.set("site/robots.txt", robotsTxt(compiled, model));
  files.set("site/_redirects", redirectsFile(compiled));
  files.set("site/nginx.conf", nginxConf(compiled));
  return { files, pages, routes: compiled.routes.length, nextChange: compiled.nextChange, rendered };
}

export interface BuildOptions {
  specsDir: string;
  out: string;
  now: DateTime;
  cwd?: string;
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
  /** The heaviest pages: gzip bytes of their HTML and of the JavaScript they load at once. */
  heaviest: PageWeight[];
}

export interface PageWeight {
  path: string;
  html: number;
  js: number;
}

/** gzip weight of each page and of the scripts it loads at once (its module script and preloads). */
export function pageWeights(files: OutputFiles): PageWeight[] {
  const gz = new Map<string, number>();
  const gzipOf = (path: string) => {
    let size = gz.get(path);
    if (size === undefined) {
      const contents = files.get(path);
      size = contents === undefined ? 0 : gzipSync(contents).byteLength;
      gz.set(path, size);
    }
    return size;
  };
  const weights: PageWeight[] = [];
  for (const [path, contents] of files) {
    if (!path.startsWith("site/") || !path.endsWith("index.html") || typeof contents !== "string") continue;
    const scripts = [...contents.matchAll(/<(?:script type="module" src|link rel="modulepreload" href)="([^"]+)"/g)].map((m) => `site${m[1]}`);
    weights.push({ path: `/${path.slice(5, -"index.html".length)}`.replace(/\/$/, "") || "/", html: gzipOf(path), js: scripts.reduce((sum, s) => sum + gzipOf(s), 0) });
  }
  return weights;
}

export interface BuildResult extends CheckResult {
  /** Undefined when the specs had errors: nothing was written. */
  summary?: BuildSummary;
}

/** site build: check, render the site in memory, then write it to --out all at once. */
export async function build(options: BuildOptions): Promise<BuildResult> {
  const started = performance.now();
  let mark = started;
  const stage = (name: string, detail: string) => {
    const now = performance.now();
    options.onStage?.(name, detail, now - mark);
    mark = now;
  };

  const checked = check(options.specsDir, options.cwd);
  stage("check", `${checked.fileCount} spec files`);
  if (hasErrors(checked.diagnostics) || !checked.model) return checked;
  const model = checked.model;

  const output = await renderSite(model, options.now, { onStage: stage });
  const bytes = writeOutput(output.files, options.out);
  stage("write", options.out);
  const heaviest = pageWeights(output.files)
    .sort((a, b) => b.js + b.html - (a.js + a.html))
    .slice(0, 5);
  return {
    ...checked,
    summary: { routes: output.routes, pages: output.pages, regions: model.regions.size, bytes, nextChange: output.nextChange, ms: performance.now() - started, heaviest },
  };
}

/** Writes every file to a staging folder beside `out`, then swaps it in: all or nothing. */
export function writeOutput(files: OutputFiles, out: string): number {
  const staging = stagingFolder(out);
  try {
    let bytes = 0;
    for (const [path, contents] of files) bytes += writeFile(staging, path, contents);
    swapIn(staging, out);
    return bytes;
  } catch (error) {
    // Whatever failed, the previous output stays as it was.
    rmSync(staging, { recursive: true, force: true });
    throw error;
  }
}
