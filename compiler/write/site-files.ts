// Every file of the output but the rendered pages: the generated modules, the bundled assets, the
// images, redirect pages, route manifests, the news feeds, the 404 page, the crawler and host files. Made lazily
// (once): a rebuild links what the previous output already holds without making it again.

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { notFoundShape, stylesFor, type BundleOutput } from "../bundle/index.ts";
import type { CompiledSite, RouteManifest } from "../compile/index.ts";
import type { RouteData } from "../compile/route-data.ts";
import { FAVICON_URL } from "../../templates/markup.ts";
import { imageSource } from "../images/sources.ts";
import type { SiteModel } from "../link/model.ts";
import { VIDEOS_FOLDER, videoKeys } from "../link/rules/videos.ts";
import { projectRoot } from "../project.ts";
import type { PageAssets } from "../render/index.tsx";
import type { PageJob } from "../render/pool.ts";
import { atomFeed } from "./feed.ts";
import {
  BUILD_FILE,
  buildJson,
  headersFile,
  manifestJson,
  manifestPath,
  nginxConf,
  once,
  pageFiles,
  redirectsFile,
  robotsTxt,
  ROUTES_FILE,
  routesJson,
  sitemapXml,
  type OutputFile,
  type OutputFiles,
} from "./index.ts";

/** Jobs by the page's data: site dev asks again for every page after each edit, and most pages are the last ones. */
const jobs = new WeakMap<RouteData, PageJob>();
/**
 * A page's files by its manifest, which a page given a new layout keeps: site dev finds the page
 * by these very strings after each edit, a lookup that need not compare them letter by letter.
 */
const filesOf = new WeakMap<RouteManifest, { file: string; manifestFile: string }>();

function pageJob(data: RouteData, manifest: RouteManifest): PageJob {
  let job = jobs.get(data);
  if (!job || job.manifest !== manifest) {
    let files = filesOf.get(manifest);
    if (!files) filesOf.set(manifest, (files = pageFiles(manifest.path)));
    job = { data, ...files, manifest };
    jobs.set(data, job);
  }
  return job;
}

type Renderer = Pick<typeof import("../render/index.tsx"), "renderNotFound" | "renderRedirect">;
type CompiledRoute = CompiledSite["routes"][number];

/** What siteFiles makes: the files but the pages, and the pages to render. */
export interface SiteFiles {
  files: OutputFiles;
  pages: PageJob[];
  /** The files made of single routes (news feeds, redirect pages and their manifests), by path. */
  routeFiles: OutputFiles;
  /** Where each route's page is in `pages`, by the route's place in the compiled routes (-1: none). */
  pageOf: Int32Array;
}

/**
 * The last siteFiles, of the compile before an edit (whose routes are as many, in the same order),
 * and where that edit's routes are in `compiled.routes` (compile's changedRoutes): only those
 * routes' files and pages are made again.
 */
export interface SiteFilesBefore {
  site: SiteFiles;
  compiled: CompiledSite;
  changed: readonly number[];
}

export function siteFiles(
  model: SiteModel,
  compiled: CompiledSite,
  bundled: BundleOutput,
  assets: PageAssets,
  renderer: Renderer,
  /** Only these regions' routes (site build --regions); the shared files are whole regardless. */
  regions?: ReadonlySet<string>,
  /** The files before an edit (site dev), patched where the edit changed routes. */
  before?: SiteFilesBefore,
): SiteFiles & { changedPages?: PageJob[] } {
  const files: OutputFiles = new Map();
  addAssetFiles(files, model, compiled, bundled);
  const patched = before && !regions ? patchedRoutes(model, compiled, renderer, before) : undefined;
  const routes = patched ?? allRoutes(model, compiled, renderer, regions);
  for (const [path, file] of routes.routeFiles) files.set(path, file);
  addSiteWideFiles(files, model, compiled, assets, renderer);
  return { files, ...routes };
}

/** The generated modules, the bundled assets, the favicon and the clips. */
function addAssetFiles(files: OutputFiles, model: SiteModel, compiled: CompiledSite, bundled: BundleOutput): void {
  for (const [path, source] of compiled.modules) files.set(join("generated", path), source);
  for (const [url, contents] of bundled.files) files.set(`site${url}`, contents);
  // The page images are the images stage's (pipeline.ts); the favicon keeps one address.
  const favicon = imageSource(model, "favicon");
  if (favicon?.kind === "svg") files.set(`site${FAVICON_URL}`, favicon.bytes);
  // The clips features play (templates/videos/<key>.webm), served as /videos/<key>.webm.
  const videos = join(projectRoot, VIDEOS_FOLDER);
  for (const key of videoKeys()) files.set(`site/videos/${key}.webm`, readFileSync(join(videos, `${key}.webm`)));
}

const NO_FILES: readonly [string, OutputFile][] = [];

/**
 * The files of a route besides its page: a news page's feed, beside it (site/us/news/feed.xml;
 * only its region's pages link to it); a redirect's page and the manifest of a route without a
 * page. A page kept from the last build has its files taken from there (pipeline.ts).
 */
function filesOfRoute(
  model: SiteModel,
  compiled: CompiledSite,
  route: CompiledRoute,
  { renderRedirect }: Renderer,
): readonly [string, OutputFile][] {
  const m = route.manifest;
  const feed = route.feed ?? route.kept?.feed;
  const feedFile: [string, OutputFile] | undefined = feed && [
    join("site", feed.file),
    once(() => atomFeed(feed, compiled.now)),
  ];
  // Most routes are pages without a feed: nothing is made for them.
  if (route.data || route.kept) return feedFile ? [feedFile] : NO_FILES;
  const files = feedFile ? [feedFile] : [];
  if (m.redirect) {
    const region = model.regions.get(m.region)!;
    const to = m.redirect.to;
    files.push([join("site", m.file), once(() => renderRedirect(to, region.origin + to, region.hreflang))]);
  }
  files.push([manifestPath(m), once(() => manifestJson(m))]);
  return files;
}

function allRoutes(
  model: SiteModel,
  compiled: CompiledSite,
  renderer: Renderer,
  regions: ReadonlySet<string> | undefined,
): Omit<SiteFiles, "files"> {
  const routeFiles: OutputFiles = new Map();
  const pages: PageJob[] = [];
  const pageOf = new Int32Array(compiled.routes.length).fill(-1);
  for (const [i, route] of compiled.routes.entries()) {
    if (regions && !regions.has(route.manifest.region)) continue;
    for (const [path, file] of filesOfRoute(model, compiled, route, renderer)) routeFiles.set(path, file);
    if (route.data) pageOf[i] = pages.push(pageJob(route.data, route.manifest)) - 1;
  }
  return { routeFiles, pages, pageOf };
}

/**
 * The routes' files and pages of the last siteFiles, made again where an edit changed a route;
 * undefined when the edit changed which routes have pages (then every route is gone through).
 */
function patchedRoutes(
  model: SiteModel,
  compiled: CompiledSite,
  renderer: Renderer,
  { site, compiled: last, changed }: SiteFilesBefore,
): (Omit<SiteFiles, "files"> & { changedPages: PageJob[] }) | undefined {
  const routeFiles = new Map(site.routeFiles);
  const pages = site.pages.slice();
  const changedPages: PageJob[] = [];
  for (const i of changed) {
    const [was, route] = [last.routes[i]!, compiled.routes[i]!];
    if (!was.data !== !route.data || was.manifest.path !== route.manifest.path) return undefined;
    for (const [path] of filesOfRoute(model, last, was, renderer)) routeFiles.delete(path);
    for (const [path, file] of filesOfRoute(model, compiled, route, renderer)) routeFiles.set(path, file);
    if (route.data) changedPages.push((pages[site.pageOf[i]!] = pageJob(route.data, route.manifest)));
  }
  return { routeFiles, pages, pageOf: site.pageOf, changedPages };
}

/** The 404 page, the routes' and the build's records, the crawler files and the host files. */
function addSiteWideFiles(
  files: OutputFiles,
  model: SiteModel,
  compiled: CompiledSite,
  assets: PageAssets,
  { renderNotFound }: Renderer,
): void {
  files.set(
    "site/404.html",
    once(() =>
      renderNotFound({
        brand: model.name,
        styles: stylesFor(assets.styles, notFoundShape),
        regions: compiled.notFound.regions,
      }),
    ),
  );
  files.set(
    ROUTES_FILE,
    once(() => routesJson(compiled)),
  );
  files.set(
    BUILD_FILE,
    once(() => buildJson(compiled)),
  );
  files.set(
    "site/sitemap.xml",
    once(() => sitemapXml(compiled)),
  );
  files.set(
    "site/robots.txt",
    once(() => robotsTxt(compiled, model)),
  );
  // Host configuration lives beside the web root (DESIGN: never served). Netlify and Cloudflare
  // Pages read _redirects and _headers only from the folder they publish, and serve neither, so
  // the site keeps a copy of those two; the nginx config is nowhere under site/.
  const redirects = once(() => redirectsFile(compiled));
  const headers = once(() => headersFile(model));
  files.set("host/_redirects", redirects);
  files.set("host/_headers", headers);
  files.set(
    "host/nginx.conf",
    once(() => nginxConf(compiled, model)),
  );
  files.set("site/_redirects", redirects);
  files.set("site/_headers", headers);
}
