// The order of the stages, and nothing else. Data flows one way: each stage reads only what the
// one before it returned, and reports problems as diagnostics instead of throwing.
//
//   load ──▶ validate ──▶ link                                    site check
//        ──▶ time ──▶ compile ──▶ bundle ──▶ render ──▶ write     site build
//
// time is resolved inside compile (compile/index.ts calls time/ once per build). bundle runs
// before render because every page links the hashed names of its assets. site build writes
// everything but the pages first (write/site-files.ts); render then writes each page as it is
// done (on worker threads for a large site, render/pool.ts), and the folder is swapped in at once.

import type { DateTime } from "luxon";
import { resolve } from "node:path";
import type { BundleOutput, PageShape } from "./bundle/index.ts";
import type { CompiledSite, CompileNotes, CompileOptions, Fallback, RouteManifest } from "./compile/index.ts";
import { hasErrors, heldAt, rootCauses, strictly, type Diagnostic } from "./diagnostics/index.ts";
import { link, type LinkReuse } from "./link/index.ts";
import type { LinkKeeper } from "./link/kept.ts";
import type { SiteModel } from "./link/model.ts";
import { load, type LoadReuse } from "./load/index.ts";
import type { SourceFile } from "./load/source.ts";
import { ParseCache } from "./load/parse-cache.ts";
import { readAhead } from "./load/read-ahead.ts";
import type * as RenderModule from "./render/index.tsx";
import type { PageAssets } from "./render/index.tsx";
import type { PageJob, RenderedPage, Reuse, SpliceJob } from "./render/pool.ts";
import type { PageWeight } from "./render/weights.ts";
import type { SiteFiles } from "./write/site-files.ts";
import { checksToken, type StampOf, validate } from "./validate/index.ts";
// The write stage and the fingerprints come with the build record (write/record.ts), which every
// build reads first; the other stages are loaded when a build gets past its checks (buildStages).
import { codeFingerprint } from "./fingerprint.ts";
import {
  contentsOf,
  discardStaging,
  type OutputFiles,
  pageFiles,
  type OutputTarget,
  removeLeftovers,
  restampOutput,
  stagingFolder,
  swapIn,
  writeOutput,
} from "./write/index.ts";
import { guardOutput, lockOutput, stampOutput } from "./write/output-guard.ts";
import {
  type BuildRecord,
  filesOf,
  keepNotes,
  keyWithLayout,
  readNotes,
  writeNotes,
  keyBase,
  outputAt,
  previousBuild,
  standingBuild,
  standingResult,
  recordedWarnings,
  takeRecord,
  writeRecord,
} from "./write/record.ts";

/**
 * The stages after link, loaded when a build gets past its checks: site check, and a build that
 * finds nothing changed, never load React and the templates (esbuild and sharp are loaded later
 * still, when the bundle or an image is not in the cache).
 */
async function buildStages() {
  const [
    { compile },
    { bundle, shapeOf },
    { encodeImages },
    render,
    { renderPages, renderThreads, reusedPage, startRenderThreads },
    { heaviestPages },
    { siteFiles },
  ] = await Promise.all([
    import("./compile/index.ts"),
    import("./bundle/index.ts"),
    import("./images/index.ts"),
    import("./render/index.tsx"),
    import("./render/pool.ts"),
    import("./render/weights.ts"),
    import("./write/site-files.ts"),
  ]);
  return {
    compile,
    bundle,
    shapeOf,
    encodeImages,
    render,
    renderPages,
    renderThreads,
    reusedPage,
    startRenderThreads,
    heaviestPages,
    siteFiles,
  };
}

export interface CheckResult {
  /**
   * Undefined when the specs are too broken to model (no valid site.yaml), and after a build that
   * found nothing changed since the last one (nothing was checked).
   */
  model: SiteModel | undefined;
  diagnostics: Diagnostic[];
  /** Every file read, by its reported path: printers need the text for code frames. */
  sources: Map<string, SourceFile>;
  fileCount: number;
}

/**
 * What a check may take from earlier ones (documents loaded, and site dev's last link), and the
 * instant it judges the specs at.
 */
export interface CheckReuse extends LoadReuse {
  /**
   * A problem gone by this instant is left out (a finished campaign's promotion with no page: heldAt);
   * with none, the specs are judged as such, every problem kept.
   */
  now?: DateTime;
  link?: LinkReuse;
  /** Where link keeps what its rules besides the prices found (link/kept.ts): by default, the parse cache. */
  kept?: LinkKeeper;
  /** The code's fingerprint, when the caller has taken it (the kept findings are keyed by it). */
  code?: string;
}

/** load + validate + link: everything `site check` does. */
export function check(specsDir: string, cwd = process.cwd(), reuse: CheckReuse = {}): CheckResult {
  const loaded = load(specsDir, cwd, reuse);
  const token = checksToken();
  const validated = validate(loaded.value, token);
  const { parsed } = reuse;
  // What the rules besides the prices found is kept in the parse cache, by the stamps it read the files by.
  const kept: LinkKeeper | undefined =
    reuse.kept ??
    (parsed && {
      code: reuse.code ?? codeFingerprint(),
      stampOf: stampsIn(parsed, cwd),
      foundUnder: (token) => parsed.linkFoundUnder(token),
      keep: (token, found) => parsed.keepLinkFound(token, found),
    });
  const linked = link(validated.value, reuse.link, kept);
  // Root causes first, as they place each problem: the spans found are kept with the files.
  const diagnostics = rootCauses(
    heldAt([...loaded.diagnostics, ...validated.diagnostics, ...linked.diagnostics], reuse.now),
  );
  // What passed is not validated again, and what rules worked out of a file alone is not worked
  // out again, while the file and the code stay the same.
  if (parsed)
    for (const spec of loaded.value.documents)
      parsed.checked(resolve(cwd, spec.source.path), {
        passed: spec.checksPassed === token ? token : undefined,
        derived: spec.derived,
      });
  const sources = new Map(loaded.value.documents.map((d) => [d.source.path, d.source]));
  return {
    model: linked.value,
    diagnostics,
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
export type Renderer = Pick<typeof RenderModule, "renderRoutePage" | "renderNotFound" | "renderRedirect">;

export interface RenderSiteOptions {
  renderer?: Renderer;
  /** Bundles the generated modules and the pages' stylesheets (default: a one-off hashed production bundle). */
  bundle?: (modules: ReadonlyMap<string, string>, shapes: readonly PageShape[]) => Promise<BundleOutput>;
  onStage?: (stage: string, detail: string) => void;
  /** Only these regions' pages and route files; the files every region shares are made whole. */
  regions?: ReadonlySet<string>;
  /** What each route reads, noted and reused (site dev). */
  incremental?: CompileOptions;
  /** The code's fingerprint, when the caller has taken it: the bundle cache is keyed by it. */
  code?: string;
  /**
   * The last prepare of the site (site dev): when compile says which routes an edit changed, only
   * those are prepared again, and the rest taken from it.
   */
  last?: PreparedSite;
}

export interface PreparedSite extends SiteFiles {
  compiled: CompiledSite;
  assets: PageAssets;
  /** The scripts' gzipped sizes, when the bundle measured them (bundle/index.ts). */
  gzipBytes?: ReadonlyMap<string, number>;
  /** Each route's page shape (for its stylesheets), by its place in `compiled.routes`; none for a redirect. */
  shapes: (PageShape | undefined)[];
  /** After an edit prepared from `last`: the pages of the routes it changed. Every other page is `last`'s very job. */
  changedPages?: PageJob[];
}

/** compile ──▶ bundle, and every output file that is not a rendered page. */
export async function prepareSite(model: SiteModel, now: DateTime, options: RenderSiteOptions): Promise<PreparedSite> {
  const { compile, shapeOf, bundle, encodeImages, siteFiles, render } = await buildStages();
  const compiled = compile(model, now, options.incremental);
  // After an edit, what the routes it did not change made is taken from the last prepare.
  const last = options.last;
  const edit =
    last && compiled.changedRoutes && last.compiled.routes.length === compiled.routes.length
      ? { site: last, compiled: last.compiled, changed: compiled.changedRoutes }
      : undefined;
  const kept = edit ? 0 : compiled.routes.filter((r) => r.kept).length;
  options.onStage?.(
    "compile",
    `${compiled.routes.length} routes${kept ? `, ${kept} kept from the last build (the edit does not reach them)` : ""}`,
  );
  const shapeOfRoute = (r: CompiledSite["routes"][number]) => (r.data ? shapeOf(r.data) : r.kept?.shape);
  let shapes: (PageShape | undefined)[];
  if (edit) {
    shapes = edit.site.shapes.slice();
    for (const i of edit.changed) shapes[i] = shapeOfRoute(compiled.routes[i]!);
  } else shapes = compiled.routes.map(shapeOfRoute);
  const pageShapes = shapes.filter((shape) => shape !== undefined);
  // The images the pages use are encoded (or taken from the cache) while esbuild bundles.
  const [bundled, images] = await Promise.all([
    options.bundle
      ? options.bundle(compiled.modules, pageShapes)
      : bundle(compiled.modules, pageShapes, {}, options.code),
    encodeImages(compiled.images),
  ]);
  const assetBytes = [...bundled.files.values()].reduce((sum, f) => sum + f.byteLength, 0);
  options.onStage?.("bundle", `${bundled.files.size} files, ${Math.round(assetBytes / 1024)} KB`);
  const assets: PageAssets = { script: bundled.script, styles: bundled.styles, preloads: bundled.preloads };
  const site = siteFiles(model, compiled, bundled, assets, options.renderer ?? render, options.regions, edit);
  for (const [url, bytes] of images) site.files.set(`site${url}`, bytes);
  options.onStage?.("images", `${images.size} files`);
  return { compiled, assets, gzipBytes: bundled.gzipBytes, shapes, ...site };
}

export interface BuildOptions {
  specsDir: string;
  out: string;
  /** --out as the user wrote it, for the guard's messages; by default `out` from `cwd`. */
  outAsWritten?: string;
  now: DateTime;
  cwd?: string;
  /** Render threads; by default one per core on large sites and none on small ones. */
  threads?: number;
  /**
   * Build only these regions' pages (site build --regions): compile and the files every region
   * shares (routes.json, the sitemap, the assets, the host files) still cover the whole site, so
   * the outputs of builds of disjoint regions, merged, are the full build.
   */
  regions?: readonly string[];
  /** Every warning counts as an error (CI): nothing is written while one remains. */
  strict?: boolean;
  /** Called as a long stage advances, with what is done of how much. */
  onProgress?: (stage: string, done: number, total: number) => void;
  /** Called once per finished stage, for progress lines. */
  onStage?: (stage: string, detail: string, ms: number) => void;
}

interface BuildSummary {
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

/**
 * site build at a later instant than the build --out holds, with nothing else changed and no
 * window opening or closing in between: that output as of the new instant, every file linked from
 * it but routes.json and build.json (write/index.ts, restampOutput), swapped in as a build is.
 * Nothing is checked, compiled or rendered: the daily `site build`, at the moment it is run.
 */
async function restampedBuild(
  options: BuildOptions,
  previous: string,
  record: BuildRecord<RecordedSummary>,
  started: number,
): Promise<BuildResult> {
  guardOut(options);
  const release = lockOutput(options.out);
  const { folder: staging, spare } = stagingFolder(options.out, takeRecord<RecordedSummary>);
  const now = options.now.toISO()!;
  try {
    const restamped = restampOutput({ staging, previous }, now, filesOf(record), spare ? filesOf(spare) : new Map());
    // The compile's notes hold until the next change, as the output does.
    keepNotes({ staging, previous });
    stampOutput(staging);
    writeRecord(staging, { ...record, now, files: { ...record.files, ...Object.fromEntries(restamped) } });
    swapIn(staging, options.out);
  } catch (error) {
    discardStaging(staging);
    throw error;
  } finally {
    release();
  }
  options.onStage?.(
    "check",
    "nothing changed, and no window opened or closed, since the last build: its output stands",
    performance.now() - started,
  );
  return standingResult(record, started);
}

export interface BuildResult extends CheckResult {
  /** Undefined when the specs had errors: nothing was written. */
  summary?: BuildSummary;
}

/** What the record keeps of each page, rendered or kept (write/record.ts, RecordedPage). */
function recordedPages(rendered: readonly RenderedPage[]): BuildRecord["pages"] {
  return Object.fromEntries(
    rendered.map((p) => [
      p.path,
      {
        key: p.key,
        bytes: p.bytes,
        islands: p.islands,
        htmlHash: p.htmlHash,
        manifestHash: p.manifestHash,
        own: p.own,
        frame: p.frame,
        slots: p.slots,
      },
    ]),
  );
}

/** Refuses an --out that a build may not replace (write/output-guard.ts). */
function guardOut(options: BuildOptions): void {
  guardOutput(options.out, {
    specsDir: options.specsDir,
    cwd: options.cwd ?? process.cwd(),
    outAsWritten: options.outAsWritten,
  });
}

/** What a build's record keeps of its summary, for a later build that finds nothing changed. */
export type RecordedSummary = Omit<BuildSummary, "ms"> & { fileCount: number };

/**
 * What compile is given to note for the next build and to keep from the last one (compile/notes.ts):
 * the notes beside the previous output, and the parse cache's stamps of the files read.
 */
function compileNotesOptions(
  code: string,
  previous: string | null,
  parsed: ParseCache,
  cwd = process.cwd(),
): NonNullable<CompileOptions["notes"]> & { last: CompileNotes | null } {
  return { code, last: readNotes(previous), stampOf: stampsIn(parsed, cwd) };
}

/** A spec document's stamp as the parse cache read its file (load/parse-cache.ts, stampIn). */
function stampsIn(parsed: ParseCache, cwd: string): StampOf {
  return (spec) => parsed.stampIn(resolve(cwd, spec.source.path));
}

/**
 * The pages of the routes compile kept from the last build's notes: each is that build's page,
 * taken as the build folder or the previous output holds it. One that neither holds as recorded
 * (or whose assets changed since) is compiled after all and rendered with the others.
 */
async function keptPages(
  site: PreparedSite,
  lastNotes: CompileNotes | null,
  reuse: Reuse,
  target: OutputTarget,
  regions: ReadonlySet<string> | undefined,
): Promise<{ kept: RenderedPage[]; pages: PageJob[]; splices: SpliceJob[]; compiledAfterAll: Set<string> }> {
  const { reusedPage } = await buildStages();
  const kept: RenderedPage[] = [];
  const pages = [...site.pages];
  const splices: SpliceJob[] = [];
  // The kept routes whose pages had to be compiled after all, for the render stage's line.
  const compiledAfterAll = new Set<string>();
  for (const route of site.compiled.routes) {
    const { path, region } = route.manifest;
    if (!route.kept || (regions && !regions.has(region))) continue;
    const files = pageFiles(path);
    const recorded = lastNotes?.keyBase === reuse.base ? reuse.pages?.[path] : undefined;
    const compiled = () => {
      compiledAfterAll.add(path);
      const { data, manifest } = site.compiled.compileKept!(path);
      return { data: data!, manifest };
    };
    if (recorded && route.relaid) {
      // Its own page as recorded, its region's layout new: made from the recorded HTML.
      const key = keyWithLayout(recorded.own, route.relaid);
      splices.push({ path, region, ...files, key, own: recorded.own, layout: route.relaid, load: compiled });
      continue;
    }
    const taken = recorded ? reusedPage({ path, ...files, key: recorded.key }, target, reuse) : null;
    if (taken) kept.push(taken);
    else pages.push({ ...compiled(), ...files });
  }
  return { kept, pages, splices, compiledAfterAll };
}

/**
 * site build: check, prepare the site in memory, then write it beside --out and swap it in all
 * at once. Pages are rendered and written by worker threads on large sites. Incremental: when the
 * inputs are those of the build --out holds, its output stands as it is; otherwise a page whose
 * data, assets and code are those of a page of that build is linked from it, not rendered.
 */
export async function build(options: BuildOptions): Promise<BuildResult> {
  // A wrong --out is refused before the specs are read (their check can take seconds), and again
  // under the lock just before anything is written, in case the folder has changed since.
  guardOut(options);
  const started = performance.now();
  let mark = started;
  const stage = (name: string, detail: string) => {
    const now = performance.now();
    options.onStage?.(name, detail, now - mark);
    mark = now;
  };

  // Taken once: each stage that keys a cache by the code would otherwise stat every code file again.
  const code = codeFingerprint();
  const asked = previousBuild<RecordedSummary>(options, code);
  const { folder: previous, record, inputs } = asked;
  const standing = standingBuild(options, asked, started);
  if (standing) return standing;
  if (previous && record && outputAt(asked, options.now) === "restamped")
    return restampedBuild(options, previous, record, started);

  const parsed = ParseCache.open(options.specsDir);
  const found = check(options.specsDir, options.cwd, {
    parsed,
    code,
    now: options.now,
    ahead: await readAhead(options.specsDir, parsed),
  });
  const checked = options.strict ? { ...found, diagnostics: strictly(found.diagnostics) } : found;
  stage("check", `${checked.fileCount} spec files`);
  if (hasErrors(checked.diagnostics) || !checked.model) {
    parsed.save();
    return checked;
  }
  const model = checked.model;
  const { renderThreads, startRenderThreads, renderPages, heaviestPages } = await buildStages();

  // Checked again before anything is written: a build replaces --out whole.
  guardOut(options);
  const release = lockOutput(options.out);
  const regions = options.regions ? new Set(options.regions) : undefined;
  // The render threads start now and load the templates on the other cores while this one writes
  // the parse cache, compiles, bundles and writes the other files (the routes tell their number).
  const threads =
    options.threads ?? renderThreads(model.routes.filter((r) => !regions || regions.has(r.region)).length);
  const threadsStarted = threads ? startRenderThreads(threads) : undefined;
  // Ended by renderPages; on a failure before it, here (a live thread keeps the process running).
  const stopThreads = async () => Promise.all((await threadsStarted)?.map((w) => w.terminate()) ?? []);
  parsed.save();
  // The last build's notes: the routes an edit does not reach are kept from it, not compiled.
  const notes = compileNotesOptions(code, previous, parsed, options.cwd);
  let site: PreparedSite;
  try {
    site = await prepareSite(model, options.now, {
      onStage: stage,
      code,
      incremental: { notes },
      ...(regions ? { regions } : {}),
    });
  } catch (error) {
    release();
    await stopThreads();
    throw error;
  }
  const { folder: staging, spare } = stagingFolder(options.out, takeRecord<RecordedSummary>);
  let summary: RecordedSummary;
  try {
    const target: OutputTarget = { staging, previous };
    let bytes = 0;
    const files: Record<string, string> = {};
    for (const [path, file] of site.files) {
      const written = writeOutput(target, path, contentsOf(file), {
        // A record names every file of its build; without one, the previous file is read.
        ...(record ? { previous: record.files[path] ?? null } : {}),
        ...(spare?.files[path] !== undefined ? { here: spare.files[path] } : {}),
      });
      bytes += written.bytes;
      files[path] = written.hash;
    }
    const reuse = {
      base: keyBase(code, site.assets),
      pages: record?.pages ?? null,
      here: spare?.pages ?? {},
    };
    const { kept, pages, splices, compiledAfterAll } = await keptPages(site, notes.last, reuse, target, regions);
    const rendered = await renderPages(
      pages,
      site.assets,
      target,
      threads,
      reuse,
      (done, total) => options.onProgress?.("render", done, total),
      threadsStarted,
      splices,
    );
    rendered.push(...kept);
    bytes += rendered.reduce((sum, page) => sum + page.bytes, 0);
    if (spare) {
      const written = new Set(site.files.keys());
      for (const page of rendered) written.add(page.file).add(pageFiles(page.path).manifestFile);
      removeLeftovers(target, filesOf(spare).keys(), written);
    }
    const unchanged = rendered.filter((page) => page.unchanged).length;
    const reused = rendered.filter((page) => page.reused).length;
    const layoutOnly = rendered.filter((page) => page.layoutOnly).length;
    const again = compiledAfterAll.size ? `, ${compiledAfterAll.size} kept but compiled after all` : "";
    stage(
      "render",
      `${rendered.length} pages${threads ? ` on ${threads} threads` : ""}${target.previous ? `, ${unchanged} unchanged (${reused} not rendered again), ${layoutOnly} given a new header and footer only${again}` : ""}, with ${site.files.size} other files`,
    );
    summary = {
      routes: site.compiled.routes.length,
      pages: rendered.length,
      regions: regions?.size ?? model.regions.size,
      bytes,
      nextChange: site.compiled.nextChange,
      heaviest: heaviestPages(rendered, site, staging),
      fallbacks: site.compiled.fallbacks,
      fileCount: checked.fileCount,
    };
    stampOutput(staging);
    if (site.compiled.notes) writeNotes(staging, { ...site.compiled.notes, keyBase: reuse.base });
    writeRecord(staging, {
      inputs,
      // Shown again by a later build whose output stands, which checks nothing.
      warnings: recordedWarnings(checked.diagnostics, options.cwd),
      now: site.compiled.now,
      summary,
      pages: recordedPages(rendered),
      files,
    });
    swapIn(staging, options.out);
  } catch (error) {
    // Whatever failed, the previous output stays as it was.
    discardStaging(staging);
    await stopThreads();
    throw error;
  } finally {
    release();
  }
  stage("swap", options.out);
  const { fileCount: _, ...shown } = summary;
  return { ...checked, summary: { ...shown, ms: performance.now() - started } };
}
