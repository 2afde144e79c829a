// site dev: build in memory, serve it like preview, watch specs/, templates/, runtime/ and
// schemas/, and rebuild only what a change affects: a spec edit re-reads that file and
// re-renders the pages whose data changed, each when it is next asked for (the open browser asks
// for one); a template edit reloads the renderer and rebuilds the bundle; a schema edit
// recompiles the validators. When the server clock passes the site's next change (a stage begins
// or ends), the site is built again as of then. The browser reloads by itself (server-sent
// events), and a spec error, a template that does not compile or one that throws while rendering
// shows over the page with its file, line and code frame until it is fixed. An error is shown
// only once the files that changed have held still: a file caught half-written must not flash
// one. A symbolic link loop under a watched folder is skipped with one line instead of being
// followed forever.
// Here the parts meet: build.ts makes the site, watcher.ts turns saves into rebuilds, events.ts and
// client.ts tell the browser, routes.ts answers what is dev's own.

import type { IncomingMessage, ServerResponse } from "node:http";
import type { DateTime } from "luxon";
import { createPreviewHandler, filesInMemory, type RouteRecord } from "../preview.ts";
import { DevBuild } from "./build.ts";
import type { ServedFiles } from "./site.ts";
import { clientTag } from "./client.ts";
import { DevEvents } from "./events.ts";
import { devRoutes } from "./routes.ts";
import { gatherChanges, projectPath, watchProject, type ProjectWatcher } from "./watcher.ts";

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

/** Longer than the watcher's second look at a file (60 ms), so that a write chokidar dropped is seen before an error is shown. */
const ERROR_SETTLE_MS = 100;

/**
 * A rebuild the clock asks for, not a save: at the next change of the site (a stage begins or
 * ends, a page opens, a nav entry appears), named by that instant as routes.json names it.
 */
const CLOCK = "clock passed ";
/**
 * How often the server clock is read while a change is ahead: a machine that slept through the
 * change, or a clock set forward, catches up within this (a timer set for the whole wait would fire
 * late after a sleep, its clock being the machine's uptime).
 */
const CLOCK_READ_MS = 1_000;

export async function createDevServer(options: DevOptions) {
  const cwd = options.cwd ?? process.cwd();
  const build = DevBuild.create({ specsDir: options.specsDir, cwd, now: options.now, log: options.log });
  const events = new DevEvents(options.log, options.errorSettleMs ?? ERROR_SETTLE_MS);
  let files: ServedFiles = new Map();
  let routes: RouteRecord[] = [];
  let homes = new Map<string, string>();
  const listeners = new Set<(report: RebuildReport) => void>();

  /** Builds again after the changed files, and puts the result before the browser: the site or its errors. */
  async function rebuild(changed: string[]): Promise<RebuildReport> {
    const started = performance.now();
    const outcome = await build.run(changed.filter((p) => !p.startsWith(CLOCK)));
    const failed = (): RebuildReport => ({ changed, ok: false, pages: 0, ms: performance.now() - started });
    if (outcome.kind === "code-errors") {
      events.showError(outcome.text, outcome.line, changed);
      return failed();
    }
    if (outcome.kind === "spec-errors") {
      // An error that is gone by itself at an instant (a campaign over) is built past then too.
      if (outcome.until) rebuildAt(outcome.until);
      const ms = Math.round(performance.now() - started);
      // In the terminal as `site check` prints them, for whoever has no page open yet.
      events.showError(
        outcome.text,
        `error    ${changed.join(", ") || "specs"}  spec errors, shown in the browser too  ${ms} ms\n${outcome.text.trimEnd()}`,
        changed,
      );
      return failed();
    }
    const { output } = outcome;
    events.cancelHeldError();
    rebuildAt(output.nextChange);
    files = output.files;
    routes = output.manifests;
    homes = new Map(output.manifests.filter((r) => r.page === "home").map((r) => [r.region, r.path]));
    const wasBroken = events.clearError();
    const codeEdited = changed.some((p) => ["templates", "runtime"].includes(p.split(/[\\/]/)[0]!));
    if (output.changed.length > 0 || wasBroken || codeEdited) events.reload(changed);
    return { changed, ok: true, pages: output.changed.length, ms: performance.now() - started };
  }

  // The first build (start); a rebuild waits for it.
  let firstBuild: Promise<RebuildReport> | undefined;

  /** A rebuild after a burst of saves, said in the terminal and to onRebuild's listeners; one that throws shows as an error. */
  const rebuildAndReport = async (changed: string[]) => {
    await firstBuild?.catch(() => {});
    const started = performance.now();
    try {
      const report = await rebuild(changed);
      // Errors say so themselves, once shown (showError).
      if (report.ok)
        options.log(
          `rebuilt  ${changed.join(", ")}  ${report.pages} page${report.pages === 1 ? "" : "s"} changed  ${Math.round(report.ms)} ms`,
        );
      listeners.forEach((l) => l(report));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      events.showError(
        `site dev could not rebuild after ${changed.join(", ")}: ${message}`,
        `failed   ${changed.join(", ")}  ${message}`,
        changed,
      );
      const report: RebuildReport = { changed, ok: false, pages: 0, ms: performance.now() - started, failure: message };
      listeners.forEach((l) => l(report));
    }
  };

  const handler = createPreviewHandler({
    files: filesInMemory(() => files),
    routes: () => routes,
    homes: () => homes,
    clock: options.clock,
    immutableAssets: false,
    transformHtml: (html) => html.replace("</head>", `${clientTag(events.build)}</head>`),
    before: devRoutes({ accounts: options.accounts, events, nothingBuilt: () => files.size === 0 }),
  });

  const changedFile = gatherChanges(options.settleMs ?? 20, rebuildAndReport);

  // The site as of the server clock: when it passes the next change, the pages change as a
  // deployed site's do when the build at that instant goes out (a countdown at zero reloads into
  // the next stage). Through gatherChanges, so never while another rebuild runs.
  let clockTimer: NodeJS.Timeout | undefined;
  // The change last rebuilt for: a build that named it again would otherwise rebuild for ever.
  let passed: string | undefined;
  function rebuildAt(nextChange: string | null): void {
    clearTimeout(clockTimer);
    if (nextChange === null || nextChange === passed) return;
    const at = Date.parse(nextChange);
    const wait = () => {
      const left = at - options.clock();
      if (left <= 0) {
        passed = nextChange;
        changedFile(`${CLOCK}${nextChange}`);
      } else clockTimer = setTimeout(wait, Math.min(left, CLOCK_READ_MS)).unref();
    };
    wait();
  }
  const onChange = (absolute: string) => {
    // A newer change: its rebuild decides what is shown.
    events.cancelHeldError();
    changedFile(projectPath(absolute, options.specsDir));
  };
  let watcher: ProjectWatcher | undefined;

  return {
    handler,
    /**
     * The first build, before serving. The folders are watched before it reads them: a file saved
     * while it runs is built again after it (gatherChanges keeps to one build at a time).
     */
    start: async () => {
      watcher = watchProject({ specsDir: options.specsDir, cwd, log: options.log, onChange });
      await watcher.ready;
      firstBuild = rebuild([]);
      return firstBuild;
    },
    onRebuild: (listener: (report: RebuildReport) => void) => listeners.add(listener),
    close: async () => {
      clearTimeout(clockTimer);
      events.cancelHeldError();
      await watcher?.close();
      events.close();
      await build.dispose();
    },
  };
}
