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
  type OutputFiles,
} from "./index.ts";

/** Jobs by the page's data: site dev asks again for every page after each edit, and most pages are the last ones. */
const jobs = new WeakMap<RouteData, PageJob>();

function pageJob(data: RouteData, manifest: RouteManifest): PageJob {
  let job = jobs.get(data);
  if (!job || job.manifest !== manifest) {
    job = { data, ...pageFiles(manifest.path), manifest };
    jobs.set(data, job);
  }
  return job;
}

export function siteFiles(
  model: SiteModel,
  compiled: CompiledSite,
  bundled: BundleOutput,
  assets: PageAssets,
  renderer: Pick<typeof import("../render/index.tsx"), "renderNotFound" | "renderRedirect">,
  /** Only these regions' routes (site build --regions); the shared files are whole regardless. */
  regions?: ReadonlySet<string>,
): { files: OutputFiles; pages: PageJob[] } {
  const { renderNotFound, renderRedirect } = renderer;
  const files: OutputFiles = new Map();
  for (const [path, source] of compiled.modules) files.set(join("generated", path), source);
  for (const [url, contents] of bundled.files) files.set(`site${url}`, contents);
  // The page images are the images stage's (pipeline.ts); the favicon keeps one address.
  const favicon = imageSource(model, "favicon");
  if (favicon?.kind === "svg") files.set(`site${FAVICON_URL}`, favicon.bytes);
  // The clips features play (templates/videos/<key>.webm), served as /videos/<key>.webm.
  const videos = join(projectRoot, VIDEOS_FOLDER);
  for (const key of videoKeys()) files.set(`site/videos/${key}.webm`, readFileSync(join(videos, `${key}.webm`)));

  const pages: PageJob[] = [];
  for (const route of compiled.routes) {
    const m = route.manifest;
    if (regions && !regions.has(m.region)) continue;
    const feed = route.feed ?? route.kept?.feed;
    // A news page's feed, beside it (site/us/news/feed.xml); only its region's pages link to it.
    if (feed)
      files.set(
        join("site", feed.file),
        once(() => atomFeed(feed, compiled.now)),
      );
    if (route.data) {
      pages.push(pageJob(route.data, m));
      continue;
    }
    // A page kept from the last build: the build takes its files from there (pipeline.ts).
    if (route.kept) continue;
    if (m.redirect) {
      const region = model.regions.get(m.region)!;
      const to = m.redirect.to;
      files.set(
        join("site", m.file),
        once(() => renderRedirect(to, region.origin + to, region.hreflang)),
      );
    }
    files.set(
      manifestPath(m),
      once(() => manifestJson(m)),
    );
  }
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
  return { files, pages };
}
