// The build of site dev, in memory, and what each edit makes anew: a spec edit re-reads that file
// and re-renders the pages whose data changed, each when it is next asked for (site.ts); a
// template or runtime edit reloads the renderer and rebuilds the bundle; a schema edit recompiles
// the validators. The renderer is bundled from the current templates and imported, its source
// map kept, so that an error a template throws is traced back to the template's own line.

import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { build as esbuild } from "esbuild";
import type { DateTime } from "luxon";
import {
  createBundler,
  projectRoot,
  styleKey,
  type BundleOutput,
  type PageShape,
} from "../../compiler/bundle/index.ts";
import { prepareForEdits } from "../../compiler/compile/index.ts";
import { hasErrors } from "../../compiler/diagnostics/index.ts";
import type { LinkReuse } from "../../compiler/link/index.ts";
import type { LoadCache, WatchedLoad } from "../../compiler/load/index.ts";
import { ParseCache } from "../../compiler/load/parse-cache.ts";
import { check, type Renderer } from "../../compiler/pipeline.ts";
import { escapeMarkup } from "../../compiler/render/markup.ts";
import { resetValidators } from "../../compiler/validate/index.ts";
import { plain, printPretty } from "../../cli/print/diagnostics.ts";
import { RENDER_ERROR_ID } from "./client.ts";
import { describeTemplateErrors, isEsbuildFailure, RendererMaps, syntaxErrors, templateErrorLine } from "./errors.ts";
import { updateDevSite, type DevCache, type DevSiteOutput } from "./site.ts";

const CACHE_DIR = join(projectRoot, ".site-cache");
/** How long after a build site dev waits before it prepares for the next edit (a tenth of a second of work at 10,000 routes). */
const PREPARE_AFTER_MS = 300;

export interface DevBuildOptions {
  specsDir: string;
  cwd: string;
  /** The instant the site is built as of. */
  now: () => DateTime;
  log: (line: string) => void;
}

/** What a build gives: the site, or the errors to show in its place (with their terminal line). */
export type BuildOutcome =
  | { kind: "built"; output: DevSiteOutput }
  | { kind: "code-errors"; text: string; line: string }
  /** `until`: the first instant one of the errors is gone by itself (a finished campaign's, Diagnostic.until). */
  | { kind: "spec-errors"; text: string; until: string | null };

type Bundler = Awaited<ReturnType<typeof createBundler>>;

export class DevBuild {
  private readonly loadCache: LoadCache = new Map();
  private readonly linkReuse: LinkReuse = {};
  private readonly watched: WatchedLoad = {};
  private readonly cache: DevCache = { pages: new Map() };
  private readonly maps = new RendererMaps(projectRoot);
  // Loaded by the first build: a template that does not compile then shows in the browser too.
  private renderer: Renderer | undefined;
  /** Template and runtime files changed since the renderer last loaded (a failed load keeps them). */
  private readonly codeEdits = new Set<string>();
  // The bundle depends on the code, the generated modules and the pages' shapes (for their
  // stylesheets) only: when none changed (a price edit, say), the last bundle stands.
  private lastBundle: { modules: ReadonlyMap<string, string>; shapes: string; output: BundleOutput } | undefined;
  private codeChanged = true;
  /** Prepares the last build's notes for the next edit while nothing else is going on. */
  private preparing: NodeJS.Timeout | undefined;

  private constructor(
    private readonly options: DevBuildOptions,
    /** What earlier runs parsed, for the first build only. */
    private parsedBefore: ParseCache | undefined,
    /** Started with the server: esbuild starts on another core while the first build checks the specs. */
    private readonly bundler: Promise<Bundler>,
  ) {
    // Awaited by the first bundle, which reports a failure to start; unawaited until then.
    bundler.catch(() => {});
  }

  static create(options: DevBuildOptions): DevBuild {
    const parsedBefore = ParseCache.open(options.specsDir);
    return new DevBuild(options, parsedBefore, createBundler({ hashed: false, minify: false }));
  }

  /** Builds the site again after the changed files (project paths; none for the first build). */
  async run(changed: readonly string[]): Promise<BuildOutcome> {
    clearTimeout(this.preparing);
    if (changed.some((p) => p.split(/[\\/]/)[0] === "schemas")) resetValidators();
    // Only the spec files the watcher saw change are read again (load reads the folder whole the
    // first time, and after a change to anything else under specs/: a file added, a picture).
    const specChanges = changed.filter((p) => p.startsWith("specs/"));
    this.watched.changed = specChanges.every((p) => p.endsWith(".yaml"))
      ? specChanges.map((p) => join(this.options.specsDir, p.slice("specs/".length)))
      : undefined;
    // Link and compile reuse what an edit of spec documents or of code did not reach; after a
    // change to anything else they read (a picture, a video clip, a schema), they do everything anew.
    if (changed.some((p) => !/^(specs\/.*\.yaml|(templates|runtime)\/.*\.(tsx?|css))$/.test(p))) {
      this.cache.reads = undefined;
      this.linkReuse.last = undefined;
    }
    // esbuild bundles the edited code in its own process while this one checks the specs.
    const code = this.reloadEditedCode(changed).then(
      () => undefined,
      (error: unknown) => {
        if (!isEsbuildFailure(error)) throw error;
        return codeErrors(error);
      },
    );
    // Handled below; marked now, so that a check that throws does not leave it unhandled.
    code.catch(() => {});
    const checked = this.checkSpecs();
    const codeFailure = await code;
    if (codeFailure) return codeFailure;
    if (hasErrors(checked.diagnostics) || !checked.model) {
      const errors = checked.diagnostics.filter((d) => d.severity === "error");
      const untils = errors.flatMap((d) => (d.until ? [d.until] : []));
      return {
        kind: "spec-errors",
        text: printPretty(errors, checked.sources, plain),
        until: untils.length ? untils.reduce((a, b) => (Date.parse(a) <= Date.parse(b) ? a : b)) : null,
      };
    }
    try {
      const output = await updateDevSite(checked.model, this.options.now(), this.cache, {
        renderer: this.renderer,
        bundle: (modules, shapes) => this.bundleIfChanged(modules, shapes),
        renderFailed: (path, message, error) => this.renderFailed(path, message, error),
      });
      const reads = this.cache.reads;
      // A moment after the build, once the browser has had its pages.
      if (reads) this.preparing = setTimeout(() => prepareForEdits(reads), PREPARE_AFTER_MS).unref();
      return { kind: "built", output };
    } catch (error) {
      // The browser bundle (runtime, islands) did not compile.
      if (!isEsbuildFailure(error)) throw error;
      return codeErrors(error);
    }
  }

  async dispose(): Promise<void> {
    clearTimeout(this.preparing);
    await this.bundler.then(
      (bundler) => bundler.dispose(),
      () => {},
    );
  }

  /** Loads the renderer for the first build and after a template or runtime edit. */
  private async reloadEditedCode(changed: readonly string[]): Promise<void> {
    for (const path of changed)
      if (path.startsWith("templates/") || path.startsWith("runtime/")) this.codeEdits.add(path);
    if (this.renderer && this.codeEdits.size === 0) return;
    this.codeChanged = true;
    this.renderer = await loadRenderer(this.maps);
    const edited = [...this.codeEdits];
    this.codeEdits.clear();
    this.forgetPagesOf(edited);
  }

  /**
   * Forgets the pages the edited code renders, so that they are rendered again. A page template
   * (templates/pages/<kind>.tsx) affects only the pages of that kind; anything else (parts, the
   * document, styles, the runtime) affects every page.
   */
  private forgetPagesOf(edited: readonly string[]): void {
    // The next update goes through every page, to make the forgotten ones again.
    this.cache.prepared = undefined;
    const pageKinds = edited.map((p) => /^templates\/pages\/([a-z-]+)\.tsx$/.exec(p)?.[1]);
    const onlyPages = pageKinds.every(Boolean);
    for (const [path, entry] of this.cache.pages)
      if (!onlyPages || pageKinds.includes(entry.data.route.template)) this.cache.pages.delete(path);
  }

  private checkSpecs(): ReturnType<typeof check> {
    const checked = check(this.options.specsDir, this.options.cwd, {
      cache: this.loadCache,
      watched: this.watched,
      link: this.linkReuse,
      parsed: this.parsedBefore,
      now: this.options.now(),
    });
    // What earlier runs parsed helps the first build; after it, the documents in memory do.
    this.parsedBefore?.save();
    this.parsedBefore = undefined;
    return checked;
  }

  private async bundleIfChanged(
    modules: ReadonlyMap<string, string>,
    pageShapes: readonly PageShape[],
  ): Promise<BundleOutput> {
    const shapes = [...new Set(pageShapes.map(styleKey))].sort().join("\n");
    const last = this.lastBundle;
    if (!this.codeChanged && last && last.shapes === shapes && sameModules(last.modules, modules)) return last.output;
    this.lastBundle = { modules, shapes, output: await (await this.bundler).bundle(modules, pageShapes) };
    this.codeChanged = false;
    return this.lastBundle.output;
  }

  /**
   * What a page that failed to render shows instead (pages are rendered when first asked for): its
   * error where the template threw it, which the dev client shows as the overlay.
   */
  private renderFailed(path: string, message: string, error?: unknown): string {
    const location = this.maps.locate(error);
    this.options.log(`failed   ${path}  ${templateErrorLine([{ location, message }])}`);
    const text = describeTemplateErrors([{ location, message: `${path} failed to render: ${message}` }], projectRoot);
    return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>site dev: ${escapeMarkup(path)} failed to render</title></head><body><pre id="${RENDER_ERROR_ID}">${escapeMarkup(text)}</pre></body></html>`;
  }
}

const sameModules = (a: ReadonlyMap<string, string>, b: ReadonlyMap<string, string>) =>
  a.size === b.size && [...a].every(([path, source]) => b.get(path) === source);

/** A template or runtime file that does not compile: its errors, as esbuild placed them. */
function codeErrors(failure: Parameters<typeof syntaxErrors>[0]): BuildOutcome {
  const errors = syntaxErrors(failure, projectRoot);
  const described = errors.map((e) => ({
    ...e,
    message: `${e.location?.file.startsWith("runtime/") ? "The runtime" : "The template"} does not compile: ${e.message}`,
  }));
  return {
    kind: "code-errors",
    text: describeTemplateErrors(described, projectRoot),
    line: `error    ${templateErrorLine(errors)}`,
  };
}

let rendererVersion = 0;

/**
 * Bundles the render stage with the current templates into .site-cache and imports it: Node
 * caches modules by URL, so each version gets a file of its own. Its source map stays in memory,
 * so that an error a template throws can be traced back to the template's own line.
 */
async function loadRenderer(maps: RendererMaps): Promise<Renderer> {
  mkdirSync(CACHE_DIR, { recursive: true });
  const file = join(CACHE_DIR, `render-${process.pid}-${++rendererVersion}.mjs`);
  const result = await esbuild({
    absWorkingDir: projectRoot,
    entryPoints: ["compiler/render/index.tsx"],
    outfile: file,
    bundle: true,
    platform: "node",
    format: "esm",
    packages: "external",
    jsx: "automatic",
    loader: { ".css": "empty" },
    sourcemap: "external",
    sourcesContent: false,
    write: false,
    logLevel: "silent",
  });
  const code = result.outputFiles.find((f) => f.path === file)!;
  const map = result.outputFiles.find((f) => f.path.endsWith(".map"));
  writeFileSync(file, code.contents);
  const url = pathToFileURL(file).href;
  if (map) maps.add(url, map.text);
  try {
    return (await import(url)) as Renderer;
  } finally {
    rmSync(file, { force: true });
  }
}
