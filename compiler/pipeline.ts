// The order of the stages. Data flows one way: each stage reads only what the one before it
// returned, and reports problems as diagnostics instead of throwing.
//
//   load ──▶ validate ──▶ link                              site check
//        ──▶ compile ──▶ bundle ──▶ render ──▶ write        site build
//
// bundle runs before render because every page links the hashed names of its assets.

import { cpSync, existsSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { DateTime } from "luxon";
import { bundle, projectRoot } from "./bundle.ts";
import { compile, fileOf } from "./compile.ts";
import { hasErrors, type Diagnostic } from "./diagnostics.ts";
import { link, type SiteModel } from "./link.ts";
import { load, type SourceFile } from "./load.ts";
import { islandsIn, renderNotFound, renderPage, renderRedirect, withPreloads } from "./render.tsx";
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
export function check(specsDir: string, cwd = process.cwd()): CheckResult {
  const loaded = load(specsDir, cwd);
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
}

export interface BuildResult extends CheckResult {
  /** Undefined when the specs had errors: nothing was written. */
  summary?: BuildSummary;
}

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

  const compiled = compile(model, options.now);
  stage("compile", `${compiled.routes.length} routes`);

  const staging = stagingFolder(options.out);
  let bytes = 0;
  try {
    for (const [path, source] of compiled.modules) bytes += writeFile(staging, join("generated", path), source);
    const assets = await bundle(join(staging, "generated"), join(staging, "site", "assets"));
    const assetBytes = [...assets.sizes.values()].reduce((a, b) => a + b, 0);
    bytes += assetBytes;
    stage("bundle", `${assets.sizes.size} files, ${Math.round(assetBytes / 1024)} KB`);

    const images = join(projectRoot, "templates", "images");
    if (existsSync(images)) cpSync(images, join(staging, "site", "images"), { recursive: true });

    let pages = 0;
    for (const route of compiled.routes) {
      const m = route.manifest;
      if (route.data) {
        const page = renderPage(route.data, { script: assets.script, style: assets.style });
        const html = withPreloads(page, assets.preloadFor(islandsIn(page)));
        bytes += writeFile(staging, join("site", m.file), html);
        pages++;
      } else if (m.redirect) {
        const region = model.regions.get(m.region)!;
        bytes += writeFile(staging, join("site", fileOf(m.path)), renderRedirect(m.redirect.to, region.origin + m.redirect.to));
      }
      bytes += writeFile(staging, manifestPath(m), JSON.stringify(m, null, 2) + "\n");
    }
    bytes += writeFile(staging, join("site", "404.html"), renderNotFound({ brand: model.name, style: assets.style, regions: compiled.notFound.regions }));
    stage("render", `${pages} pages`);

    bytes += writeFile(staging, join("manifests", "routes.json"), routesJson(compiled, compiled.nextChange));
    bytes += writeFile(staging, join("site", "sitemap.xml"), sitemapXml(compiled));
    bytes += writeFile(staging, join("site", "robots.txt"), robotsTxt(compiled, model));
    bytes += writeFile(staging, join("site", "_redirects"), redirectsFile(compiled));
    bytes += writeFile(staging, join("site", "nginx.conf"), nginxConf(compiled));
    swapIn(staging, options.out);
    stage("write", options.out);

    return {
      ...checked,
      summary: { routes: compiled.routes.length, pages, regions: model.regions.size, bytes, nextChange: compiled.nextChange, ms: performance.now() - started },
    };
  } catch (error) {
    // Whatever failed, the previous output stays as it was.
    rmSync(staging, { recursive: true, force: true });
    throw error;
  }
}
