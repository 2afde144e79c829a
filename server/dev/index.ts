// site dev: build in memory, serve it like preview, watch specs/, templates/, runtime/ and
// schemas/, and rebuild only what a change affects: a spec edit re-reads that file and
// re-renders the pages whose data changed, each when it is next asked for (the open browser asks
// for one); a template edit reloads the renderer and rebuilds the bundle; a schema edit
// recompiles the validators. The browser reloads by itself (server-sent events), and a spec
// error, a template that does not compile or one that throws while rendering shows over the page
// with its file, line and code frame until it is fixed. An error is shown only once the files
// that changed have held still: a file caught half-written must not flash one. A symbolic link
// loop under a watched folder is skipped with one line instead of being followed forever.

import { lstatSync, mkdirSync, realpathSync, rmSync, statSync, writeFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { dirname, join, relative, sep } from "node:path";
import { pathToFileURL } from "node:url";
import { watch, type FSWatcher } from "chokidar";
import { build as esbuild } from "esbuild";
import type { DateTime } from "luxon";
import { createBundler, projectRoot, type BundleOutput } from "../../compiler/bundle/index.ts";
import { describeTemplateErrors, isEsbuildFailure, RendererMaps, syntaxErrors, templateErrorLine } from "./errors.ts";
import { hasErrors } from "../../compiler/diagnostics/index.ts";
import type { LoadCache } from "../../compiler/load/index.ts";
import { ParseCache } from "../../compiler/load/parse-cache.ts";
import { check, type Renderer } from "../../compiler/pipeline.ts";
import { updateDevSite, type DevCache } from "./site.ts";
import { escapeMarkup } from "../../compiler/render/markup.ts";
import type { OutputFiles } from "../../compiler/write/index.ts";
import { createPreviewHandler, filesInMemory, type RouteRecord } from "../preview.ts";
import { plain, printPretty } from "../../cli/print/diagnostics.ts";
import { resetValidators } from "../../compiler/validate/index.ts";

export interface DevOptions {
  specsDir: string;
  cwd?: string;
  /** The instant the site is built as of, and where the server clock starts; default: now. */
  now: () => DateTime;
  clock: () => number;
  /** One line per rebuild. */
  log: (line: string) => void;
  /** How long a burst of saves is gathered into one rebuild. */
  settleMs?: number;
  /**
   * How long the files of a rebuild that found errors must hold still before the errors are shown
   * (a newer change cancels them; its own rebuild decides). Errors of the first build show at once.
   */
  errorSettleMs?: number;
  /** Answers the account calls (the local account service or a proxy); true = handled. */
  accounts?: (request: IncomingMessage, response: ServerResponse) => Promise<boolean>;
}

export interface RebuildReport {
  changed: string[];
  ok: boolean;
  /** Pages whose data or template changed: each is rendered again when next asked for. */
  pages: number;
  ms: number;
  /** Why the rebuild itself failed (not the specs: those are diagnostics). */
  failure?: string;
}

const CLIENT_PATH = "/__site/client.js";
const EVENTS_PATH = "/__site/events";
const CACHE_DIR = join(projectRoot, ".site-cache");
/** Past chokidar's throttle of changes to one file (50 ms). */
const RECHECK_MS = 60;
/** Longer than RECHECK_MS, so that a write chokidar dropped is seen before an error is shown. */
const ERROR_SETTLE_MS = 100;
/** The element of a page that failed to render that holds its error (the client shows it). */
const RENDER_ERROR_ID = "__site-render-error";

/**
 * The browser side of live reload: reload on a rebuild, show the errors while the specs or the
 * templates are broken, and show the error of a page that failed to render.
 */
const CLIENT = `
const overlayId = "__site-error-overlay";
const show = (text) => {
  let overlay = document.getElementById(overlayId);
  if (!overlay) {
    overlay = document.createElement("div");
    overlay.id = overlayId;
    overlay.setAttribute("role", "alert");
    overlay.style.cssText = "position:fixed;inset:0;z-index:2147483647;background:rgba(17,24,39,.94);color:#f9fafb;overflow:auto;padding:32px;font:14px/1.5 ui-monospace,monospace";
    document.body.append(overlay);
  }
  const pre = document.createElement("pre");
  pre.style.whiteSpace = "pre-wrap";
  pre.textContent = text;
  overlay.replaceChildren(pre);
};
const events = new EventSource(${JSON.stringify(EVENTS_PATH)});
events.addEventListener("reload", () => location.reload());
events.addEventListener("error-report", (event) => show(JSON.parse(event.data)));
const failed = document.getElementById(${JSON.stringify(RENDER_ERROR_ID)});
if (failed) show(failed.textContent);
`;

export async function createDevServer(options: DevOptions) {
  const cwd = options.cwd ?? process.cwd();
  const loadCache: LoadCache = new Map();
  const devCache: DevCache = { pages: new Map() };
  let parsedBefore: ParseCache | undefined = ParseCache.open(options.specsDir);
  const bundler = await createBundler({ hashed: false, minify: false });
  const rendererMaps = new RendererMaps(projectRoot);
  // Loaded by the first build: a template that does not compile then shows in the browser too.
  let renderer: Renderer | undefined;
  /** Template and runtime files changed since the renderer last loaded (a failed load keeps them). */
  const codeEdits = new Set<string>();
  let files: OutputFiles = new Map();
  let routes: RouteRecord[] = [];
  let homes = new Map<string, string>();
  let errorText: string | null = null;
  let heldError: NodeJS.Timeout | undefined;
  const clients = new Set<ServerResponse>();

  const broadcast = (event: string, data: unknown) => {
    for (const client of clients) client.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  };

  // The bundle depends on the code and the generated modules only: when neither changed (a
  // price edit, say), the last bundle stands.
  let lastBundle: { modules: ReadonlyMap<string, string>; output: BundleOutput } | undefined;
  let codeChanged = true;
  const sameModules = (a: ReadonlyMap<string, string>, b: ReadonlyMap<string, string>) => a.size === b.size && [...a].every(([path, source]) => b.get(path) === source);
  const bundleIfChanged = async (modules: ReadonlyMap<string, string>): Promise<BundleOutput> => {
    if (!codeChanged && lastBundle && sameModules(lastBundle.modules, modules)) return lastBundle.output;
    lastBundle = { modules, output: await bundler.bundle(modules) };
    codeChanged = false;
    return lastBundle.output;
  };

  /**
   * Shows errors in the browser and says so in the terminal. After a change, only once the files
   * have held still for errorSettleMs: an editor or a copy caught half-way through writing a file
   * would otherwise flash an error that the rest of the file fixes. A newer change cancels it.
   */
  const showError = (text: string, line: string, changed: readonly string[]) => {
    clearTimeout(heldError);
    const show = () => {
      heldError = undefined;
      errorText = text;
      broadcast("error-report", text);
      options.log(line);
    };
    if (changed.length === 0) show();
    else heldError = setTimeout(show, options.errorSettleMs ?? ERROR_SETTLE_MS);
  };

  /** A template or runtime file that does not compile: its errors, as esbuild placed them. */
  const codeFailed = (failure: Parameters<typeof syntaxErrors>[0], changed: string[], started: number): RebuildReport => {
    const errors = syntaxErrors(failure, projectRoot);
    const described = errors.map((e) => ({ ...e, message: `${e.location?.file.startsWith("runtime/") ? "The runtime" : "The template"} does not compile: ${e.message}` }));
    showError(describeTemplateErrors(described, projectRoot), `error    ${templateErrorLine(errors)}`, changed);
    return { changed, ok: false, pages: 0, ms: performance.now() - started };
  };

  async function rebuild(changed: string[]): Promise<RebuildReport> {
    const started = performance.now();
    const kinds = new Set(changed.map((p) => p.split(/[\\/]/)[0]));
    if (kinds.has("schemas")) resetValidators();
    for (const path of changed) if (path.startsWith("templates/") || path.startsWith("runtime/")) codeEdits.add(path);
    if (!renderer || codeEdits.size > 0) {
      codeChanged = true;
      try {
        renderer = await loadRenderer(rendererMaps);
      } catch (error) {
        if (!isEsbuildFailure(error)) throw error;
        return codeFailed(error, changed, started);
      }
      // A page template (templates/pages/<kind>.tsx) affects only the pages of that kind;
      // anything else (parts, the document, styles, the runtime) affects every page.
      const edited = [...codeEdits];
      codeEdits.clear();
      const pageKinds = edited.map((p) => /^templates\/pages\/([a-z-]+)\.tsx$/.exec(p)?.[1]);
      const onlyPages = pageKinds.every(Boolean);
      for (const [path, entry] of devCache.pages) if (!onlyPages || pageKinds.includes(entry.data.route.template)) devCache.pages.delete(path);
    }
    const checked = check(options.specsDir, cwd, { cache: loadCache, parsed: parsedBefore });
    // What earlier runs parsed helps the first build; after it, the documents in memory do.
    parsedBefore?.save();
    parsedBefore = undefined;
    if (hasErrors(checked.diagnostics) || !checked.model) {
      const text = printPretty(checked.diagnostics.filter((d) => d.severity === "error"), checked.sources, plain);
      const ms = Math.round(performance.now() - started);
      showError(text, `error    ${changed.join(", ") || "specs"}  spec errors, shown in the browser  ${ms} ms`, changed);
      return { changed, ok: false, pages: 0, ms: performance.now() - started };
    }
    let output: Awaited<ReturnType<typeof updateDevSite>>;
    try {
      output = await updateDevSite(checked.model, options.now(), devCache, { renderer, bundle: bundleIfChanged, renderFailed });
    } catch (error) {
      // The browser bundle (runtime, islands) did not compile.
      if (!isEsbuildFailure(error)) throw error;
      return codeFailed(error, changed, started);
    }
    clearTimeout(heldError);
    heldError = undefined;
    files = output.files;
    routes = output.manifests;
    homes = new Map(output.manifests.filter((r) => r.page === "home").map((r) => [r.region, r.path]));
    const wasBroken = errorText !== null;
    errorText = null;
    if (output.changed.length > 0 || wasBroken || kinds.has("templates") || kinds.has("runtime")) broadcast("reload", changed);
    return { changed, ok: true, pages: output.changed.length, ms: performance.now() - started };
  }

  /**
   * What a page that failed to render shows instead (pages are rendered when first asked for): its
   * error where the template threw it, which the dev client shows as the overlay.
   */
  const renderFailed = (path: string, message: string, error?: unknown) => {
    const location = rendererMaps.locate(error);
    options.log(`failed   ${path}  ${templateErrorLine([{ location, message }])}`);
    const text = describeTemplateErrors([{ location, message: `${path} failed to render: ${message}` }], projectRoot);
    return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>site dev: ${escapeMarkup(path)} failed to render</title></head><body><pre id="${RENDER_ERROR_ID}">${escapeMarkup(text)}</pre></body></html>`;
  };

  const handler = createPreviewHandler({
    files: filesInMemory(() => files),
    routes: () => routes,
    homes: () => homes,
    clock: options.clock,
    immutableAssets: false,
    transformHtml: (html) => html.replace("</head>", `<script type="module" src="${CLIENT_PATH}"></script></head>`),
    before: async (request: IncomingMessage, response: ServerResponse) => {
      if (options.accounts && (await options.accounts(request, response))) return true;
      const path = (request.url ?? "").split("?")[0];
      if (path === CLIENT_PATH) {
        response.writeHead(200, { "content-type": "text/javascript; charset=utf-8", "cache-control": "no-store" });
        response.end(CLIENT);
        return true;
      }
      if (path === EVENTS_PATH) {
        response.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-store", connection: "keep-alive" });
        response.write(": connected\n\n");
        if (errorText) response.write(`event: error-report\ndata: ${JSON.stringify(errorText)}\n\n`);
        clients.add(response);
        request.on("close", () => clients.delete(response));
        return true;
      }
      // While the specs are broken and nothing was ever built, every page is the error overlay.
      if (errorText && files.size === 0 && request.method === "GET") {
        response.writeHead(500, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
        response.end(`<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>site dev: spec errors</title><script type="module" src="${CLIENT_PATH}"></script></head><body></body></html>`);
        return true;
      }
      return false;
    },
  });

  // Saves come in bursts (editors write, rename, touch): gather them, then rebuild once; a
  // rebuild under way is never interleaved with another: changes meanwhile wait for the next.
  let watcher: FSWatcher | undefined;
  let pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const listeners = new Set<(report: RebuildReport) => void>();

  const flush = () => {
    timer = undefined;
    if (running || pending.size === 0) return;
    const changed = [...pending].sort();
    pending = new Set();
    const started = performance.now();
    running = rebuild(changed)
      .then((report) => {
        // Errors say so themselves, once shown (showError).
        if (report.ok) options.log(`rebuilt  ${changed.join(", ")}  ${report.pages} page${report.pages === 1 ? "" : "s"} changed  ${Math.round(report.ms)} ms`);
        listeners.forEach((l) => l(report));
      })
      .catch((error: unknown) => {
        const message = error instanceof Error ? error.message : String(error);
        showError(`site dev could not rebuild after ${changed.join(", ")}: ${message}`, `failed   ${changed.join(", ")}  ${message}`, changed);
        const report: RebuildReport = { changed, ok: false, pages: 0, ms: performance.now() - started, failure: message };
        listeners.forEach((l) => l(report));
      })
      .finally(() => {
        running = undefined;
        if (pending.size) flush();
      });
  };

  // chokidar drops a change to a file that comes within 50 ms of its last one, and sends nothing
  // after: a save followed at once by a formatter's rewrite would stay unbuilt. So each changed
  // file is looked at again once that time has passed.
  const rechecks = new Set<NodeJS.Timeout>();
  const stampOf = (path: string) => {
    const stats = statSync(path, { throwIfNoEntry: false });
    return stats ? `${stats.mtimeMs} ${stats.size}` : "gone";
  };
  const onFileChange = (absolute: string) => {
    const stamp = stampOf(absolute);
    onChange(absolute);
    const recheck = setTimeout(() => {
      rechecks.delete(recheck);
      if (stampOf(absolute) !== stamp) onFileChange(absolute);
    }, RECHECK_MS);
    rechecks.add(recheck);
  };

  const onChange = (absolute: string) => {
    // A newer change: its rebuild decides what is shown.
    clearTimeout(heldError);
    heldError = undefined;
    const path = relative(projectRoot, absolute).split(sep).join("/");
    const specs = relative(projectRoot, options.specsDir).split(sep).join("/");
    pending.add(path.startsWith(`${specs}/`) ? `specs/${path.slice(specs.length + 1)}` : path);
    if (timer) clearTimeout(timer);
    timer = setTimeout(flush, options.settleMs ?? 20);
  };

  return {
    handler,
    /** The first build, before serving. */
    start: async () => {
      const report = await rebuild([]);
      const skipped = new Set<string>();
      const skip = (path: string, why: string) => {
        if (skipped.has(path)) return;
        skipped.add(path);
        options.log(`skipped  ${relative(cwd, path).split(sep).join("/")}  ${why}`);
      };
      watcher = watch([options.specsDir, ...["templates", "runtime", "schemas"].map((d) => join(projectRoot, d))], {
        ignoreInitial: true,
        // chokidar follows symbolic links, and one that leads back to a folder it is in would be
        // followed until the path is too long to stat, then end the process with an error.
        ignored: (path: string) => {
          if (!isLinkLoop(path)) return false;
          skip(path, "a symbolic link loop: not followed, not watched");
          return true;
        },
      });
      watcher.on("all", (event, path) => (event === "change" ? onFileChange(path) : onChange(path)));
      // Whatever else cannot be watched (no permission, too many links) is skipped, never fatal.
      watcher.on("error", (error: unknown) => {
        const { path, code, message } = error as NodeJS.ErrnoException;
        skip(path ?? "?", `cannot be watched (${code ?? message})`);
      });
      await new Promise<void>((resolve) => watcher!.once("ready", () => resolve()));
      return report;
    },
    onRebuild: (listener: (report: RebuildReport) => void) => listeners.add(listener),
    close: async () => {
      clearTimeout(heldError);
      await watcher?.close();
      for (const recheck of rechecks) clearTimeout(recheck);
      for (const client of clients) client.end();
      await bundler.dispose();
    },
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

/**
 * A symbolic link to a folder it is in (or to itself, or in a circle of links): following it
 * never ends. Links elsewhere, a specs folder that is itself a link among them, are followed.
 */
function isLinkLoop(path: string): boolean {
  try {
    if (!lstatSync(path).isSymbolicLink()) return false;
  } catch {
    return false;
  }
  let target: string;
  try {
    target = realpathSync(path);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ELOOP";
  }
  try {
    const parent = realpathSync(dirname(path));
    return parent === target || parent.startsWith(target + sep);
  } catch {
    return false;
  }
}
