// The `site` command line. Exit codes: 0 done (warnings allowed), 1 problems in the specs,
// 2 usage errors and internal failures. No stack trace reaches a user unless --debug.

import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { networkInterfaces } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import { Command, CommanderError, Option } from "commander";
import { closest, hasErrors, strictly } from "../compiler/diagnostics/index.ts";
import { DateTime } from "luxon";
import { OutputRefused } from "../compiler/write/output-guard.ts";
import { createProgress } from "./print/progress.ts";
import { campaignIdProblem, campaignSkeleton } from "./commands/new-campaign.ts";
import type { BuildResult, CheckResult, RecordedSummary } from "../compiler/pipeline.ts";
import { parseInstant } from "../compiler/time/instant.ts";
import type { RouteRecord } from "../server/preview.ts";
import { previousBuild, standingBuild } from "../compiler/write/record.ts";
import { printGithub, printJson, printPretty, styleFor } from "./print/diagnostics.ts";

// Each command imports the stages and servers it runs when it runs (import()): lib/cli.js is split
// there (compiler/run-ts.js), so site build with nothing changed loads neither React nor esbuild,
// and site check no server.

/** A failure the user can act on, printed as one line (exit 2). */
class UsageError extends Error {}

type Format = "pretty" | "json" | "github";

function specsDirFrom(option: string): string {
  const dir = resolve(option);
  let isFolder: boolean | undefined;
  try {
    isFolder = statSync(dir).isDirectory();
  } catch {
    isFolder = undefined;
  }
  if (isFolder === false) throw new UsageError(`--specs '${option}' is a file, not a folder (pass --specs DIR)`);
  if (isFolder === undefined) throw new UsageError(`the specs folder '${option}' does not exist (pass --specs DIR)`);
  return dir;
}

function formatOf(options: { json?: boolean; format?: Format }): Format {
  return options.json ? "json" : (options.format ?? "pretty");
}

/**
 * site check and check-windows, as of `now`: what earlier runs parsed is reused, what this one
 * parses kept; many files not parsed before are read on every core, as site build reads them
 * (read-ahead.ts).
 */
async function checkSpecs(specsDir: string, now: DateTime): Promise<CheckResult> {
  const [{ ParseCache }, { check }, { readAhead }] = await Promise.all([
    import("../compiler/load/parse-cache.ts"),
    import("../compiler/pipeline.ts"),
    import("../compiler/load/read-ahead.ts"),
  ]);
  const parsed = ParseCache.open(specsDir);
  const result = check(specsDir, process.cwd(), { parsed, ahead: await readAhead(specsDir, parsed), now });
  parsed.save();
  return result;
}

async function runCheck(options: {
  specs: string;
  now?: string;
  json?: boolean;
  format?: Format;
  strict?: boolean;
}): Promise<number> {
  const started = performance.now();
  const found = await checkSpecs(specsDirFrom(options.specs), instantOption(options.now, "--now"));
  const result = options.strict ? { ...found, diagnostics: strictly(found.diagnostics) } : found;
  const format = formatOf(options);
  const errors = result.diagnostics.filter((d) => d.severity === "error").length;
  const warnings = result.diagnostics.length - errors;
  if (format === "json") {
    process.stdout.write(printJson(result.diagnostics, result.sources) + "\n");
  } else if (format === "github") {
    if (result.diagnostics.length) process.stdout.write(printGithub(result.diagnostics, result.sources) + "\n");
  } else {
    const style = styleFor(process.stdout);
    if (result.diagnostics.length)
      process.stdout.write(printPretty(result.diagnostics, result.sources, style) + "\n\n");
    const ms = Math.round(performance.now() - started);
    // An instant given is said: what a check finds can depend on it (a campaign over by then).
    const asOf = options.now === undefined ? "" : ` as of ${options.now}`;
    const summary =
      errors + warnings === 0
        ? `${style.bold("ok")}: ${result.fileCount} spec files checked${asOf} in ${ms} ms`
        : `${errors} error${errors === 1 ? "" : "s"}, ${warnings} warning${warnings === 1 ? "" : "s"} in ${result.fileCount} spec files${asOf} (${ms} ms)`;
    process.stdout.write(summary + "\n");
  }
  return hasErrors(result.diagnostics) ? 1 : 0;
}

/** The region codes site.yaml names, or undefined when it cannot be read (site check says why). */
async function siteRegions(specsDir: string): Promise<string[] | undefined> {
  const { parse: parseYaml } = await import("yaml");
  try {
    const site = parseYaml(readFileSync(join(specsDir, "site.yaml"), "utf8")) as { regions?: unknown } | null;
    return site?.regions && typeof site.regions === "object" ? Object.keys(site.regions) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * --regions us,uk: the codes given, each a region of site.yaml (one line naming the closest if
 * not). Unchecked when site.yaml cannot be read: the build then stops at its problems.
 */
function regionsOption(value: string, known: readonly string[] | undefined): string[] {
  const regions = [...new Set(value.split(",").map((r) => r.trim()))].filter((r) => r !== "");
  if (!regions.length) throw new UsageError(`--regions '${value}' names no region (e.g. --regions us,uk)`);
  const unknown = known && regions.find((r) => !known.includes(r));
  if (known && unknown !== undefined) {
    const suggestion = closest(unknown, known);
    throw new UsageError(
      `--regions: '${unknown}' is not a region of site.yaml${suggestion ? `; did you mean '${suggestion}'?` : ""} (regions: ${known.join(", ")})`,
    );
  }
  return regions;
}

function instantOption(value: string | undefined, name: string): DateTime {
  if (value === undefined) return DateTime.now();
  const parsed = parseInstant(value);
  if (!parsed.ok)
    throw new UsageError(
      `${name} '${value}' is not an instant: ${parsed.reason}; write it as 2024-11-25T12:00+01:00 or "2024-11-25T12:00 Europe/Paris"`,
    );
  return parsed.instant;
}

function printDiagnostics(result: BuildResult, format: Format) {
  if (!result.diagnostics.length) return;
  if (format === "github") process.stdout.write(printGithub(result.diagnostics, result.sources) + "\n");
  else process.stdout.write(printPretty(result.diagnostics, result.sources, styleFor(process.stdout)) + "\n\n");
}

async function runBuild(options: {
  specs: string;
  out: string;
  now?: string;
  regions?: string;
  strict?: boolean;
  json?: boolean;
  format?: Format;
}): Promise<number> {
  const specsDir = specsDirFrom(options.specs);
  const now = instantOption(options.now, "--now");
  const regions =
    options.regions === undefined ? undefined : regionsOption(options.regions, await siteRegions(specsDir));
  const format = formatOf(options);
  const style = styleFor(process.stdout);
  const out = resolve(options.out);
  const site = join(options.out, "site");
  const host = join(options.out, "host");
  // Progress is for people: JSON and annotations are for programs, which read the result only.
  const progress = createProgress(format === "pretty" ? process.stdout : { write: () => true });
  // How long each stage took, in ms: in the JSON summary, for CI to keep.
  const stages: Record<string, number> = {};
  const asked = {
    specsDir,
    out,
    outAsWritten: options.out,
    now,
    ...(regions ? { regions } : {}),
    strict: options.strict ?? false,
    onProgress: (name: string, done: number, total: number) => progress.update(name, done, total),
    onStage: (name: string, detail: string, ms: number) => {
      stages[name] = Math.round((stages[name] ?? 0) + ms);
      progress.done();
      if (format === "pretty")
        process.stdout.write(
          `${style.dim(name.padEnd(8))} ${detail.padEnd(40)} ${style.dim(`${Math.round(ms)} ms`)}\n`,
        );
    },
  };
  // Nothing changed since the build --out holds: its output stands, and no stage is loaded.
  const started = performance.now();
  const result: BuildResult =
    standingBuild(asked, previousBuild<RecordedSummary>(asked), started) ??
    (await (await import("../compiler/pipeline.ts")).build(asked));
  if (format === "json") {
    const { diagnostics } = JSON.parse(printJson(result.diagnostics, result.sources)) as { diagnostics: unknown[] };
    const summary = result.summary
      ? { ...result.summary, now: now.toISO({ suppressMilliseconds: true }), deploy: site, host, stages }
      : null;
    process.stdout.write(JSON.stringify({ diagnostics, summary }, null, 2) + "\n");
    return result.summary ? 0 : 1;
  }
  printDiagnostics(result, format);
  if (!result.summary) {
    const errors = result.diagnostics.filter((d) => d.severity === "error").length;
    process.stdout.write(
      `${style.red("build failed")}: ${errors} error${errors === 1 ? "" : "s"} in the specs${options.strict ? " (--strict: warnings count)" : ""}; nothing was written\n`,
    );
    return 1;
  }
  if (format === "github") return 0;
  const s = result.summary;
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  process.stdout.write(
    `\n${"heaviest pages (gzip)".padEnd(44)} ${"first-load JS".padStart(13)} ${"HTML".padStart(9)}\n`,
  );
  for (const w of s.heaviest)
    process.stdout.write(`  ${w.path.padEnd(42)} ${kb(w.js).padStart(13)} ${kb(w.html).padStart(9)}\n`);
  process.stdout.write(`  budget: first-load JS 80 KB, HTML 100 KB per page\n\n`);
  if (s.fallbacks.length) {
    process.stdout.write(
      `${style.yellow("fallback texts")}: these pages show a text in another language until it is translated\n`,
    );
    for (const f of s.fallbacks)
      process.stdout.write(
        `  ${f.key} shows the ${f.from} text on the pages of ${f.regions.join(", ")} (missing in ${f.language})\n`,
      );
    process.stdout.write("\n");
  }
  process.stdout.write(
    `${style.bold("built")} ${s.pages} pages (${s.routes} routes, ${s.regions} region${s.regions === 1 ? "" : "s"}, ${(s.bytes / 1024 / 1024).toFixed(1)} MB) as of ${now.toISO({ suppressMilliseconds: true })} in ${Math.round(s.ms)} ms\n` +
      (s.nextChange ? `next change: ${s.nextChange} (rebuild then)\n` : "") +
      `host:   ${host}  (nginx.conf to include in the server block; _redirects and _headers, also in ${site} for Netlify-style hosts)\n` +
      `deploy: ${site}  (the folder to publish)\n`,
  );
  return 0;
}

async function runNewCampaign(
  id: string,
  options: { specs: string; name?: string; regions?: string; start?: string },
): Promise<number> {
  const specsDir = specsDirFrom(options.specs);
  const problem = campaignIdProblem(id);
  if (problem) throw new UsageError(problem);
  const file = join(specsDir, "campaigns", `${id}.yaml`);
  if (existsSync(file))
    throw new UsageError(`${relative(process.cwd(), file)} already exists; pick another id or edit it`);
  const known = (await siteRegions(specsDir)) ?? [];
  const regions = options.regions
    ? regionsOption(options.regions, known)
    : known.filter((r) => r !== "cn" && r !== "kr");
  const start = options.start ? DateTime.fromISO(options.start) : DateTime.now().plus({ days: 1 });
  if (!start.isValid) throw new UsageError(`--start '${options.start}' is not a date such as 2026-12-01`);
  const name =
    options.name ??
    id
      .split("-")
      .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
      .join(" ");
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, campaignSkeleton({ id, name, regions, start }), { flag: "wx" });
  process.stdout.write(
    `wrote ${relative(process.cwd(), file)}: fill in its stages, offers and promotion, then run site check\n`,
  );
  return 0;
}

function portOption(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new UsageError(`--port '${value}' is not a port number (0 to 65535; 0 picks a free one)`);
  return port;
}

/** Where dev and preview listen: loopback; with --host every address, or the one given. */
type HostOption = string | boolean | undefined;

/** The machine's own network addresses (IPv4), as a phone on the same network would reach them. */
function networkAddresses(): string[] {
  return Object.values(networkInterfaces())
    .flat()
    .filter((i) => i !== undefined && i.family === "IPv4" && !i.internal)
    .map((i) => i!.address);
}

/** How many ports after a taken one --next-free-port tries. */
const FREE_PORT_TRIES = 20;

/** Listens on 127.0.0.1 (or as --host says) until SIGINT or SIGTERM; resolves with the exit code. */
async function serveUntilStopped(
  handler: Parameters<typeof createServer>[1],
  port: number,
  host: HostOption,
  describe: (url: string) => string,
  nextFreePort = false,
): Promise<number> {
  const server = createServer(handler);
  // --host alone: every address (Node listens on :: and 0.0.0.0 both). Each request must still
  // name this server as localhost or the address it came in on (checkLocalRequest, in preview.ts).
  const address = host === true ? undefined : typeof host === "string" ? host : "127.0.0.1";
  const listen = (at: number) =>
    new Promise<void>((resolvePromise, reject) => {
      server.once("error", reject);
      server.listen(at, address, () => {
        server.off("error", reject);
        resolvePromise();
      });
    });
  // A taken port is said, not silently replaced: the next free one only when asked (--next-free-port).
  for (let at = port, tries = 0; ; at++, tries++) {
    try {
      await listen(at);
      if (at !== port) process.stdout.write(`port ${port} is in use; using ${at}\n`);
      break;
    } catch (caught) {
      const error = caught as NodeJS.ErrnoException;
      if (error.code === "EADDRINUSE" && nextFreePort && port !== 0 && tries < FREE_PORT_TRIES) continue;
      if (error.code === "EADDRINUSE")
        throw new UsageError(
          `port ${at} is in use; pass another with --port, or --next-free-port to take the next free one`,
        );
      if (error.code === "EADDRNOTAVAIL")
        throw new UsageError(`--host ${String(host)} is not an address of this machine`);
      throw error;
    }
  }
  const bound = server.address();
  const actualPort = typeof bound === "object" && bound ? bound.port : port;
  const shown = address === undefined ? "127.0.0.1" : address.includes(":") ? `[${address}]` : address;
  const lines = [describe(`http://${shown}:${actualPort}`)];
  if (host === true)
    for (const other of networkAddresses()) lines.push(`  on the network: http://${other}:${actualPort}`);
  process.stdout.write(lines.join("\n") + "\n");
  return new Promise((resolvePromise) => {
    const stop = () => {
      process.off("SIGINT", stop);
      process.off("SIGTERM", stop);
      server.close(() => resolvePromise(0));
      // close() only stops new connections and waits for the open ones, which a browser tab keeps
      // (keep-alive, a preconnected socket, dev's event stream, a request half sent): end them
      // all now. A local server has nothing in flight worth waiting for.
      server.closeAllConnections();
    };
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
  });
}

/** A clock that reads `start` now and runs on from there. */
function clockFrom(start: DateTime | null): () => number {
  const offset = start ? start.toMillis() - Date.now() : 0;
  return () => Date.now() + offset;
}

/** The account calls: a real API behind --api, else the local account service. */
async function accountHandler(options: { api?: string; tokenTtl: string }) {
  if (options.api) {
    try {
      new URL(options.api);
    } catch {
      throw new UsageError(`--api '${options.api}' is not a URL`);
    }
    return (await import("../server/api-proxy.ts")).createApiProxy(options.api);
  }
  const seconds = Number(options.tokenTtl);
  if (!Number.isFinite(seconds) || seconds <= 0)
    throw new UsageError(`--token-ttl '${options.tokenTtl}' is not a number of seconds`);
  const { createAccountService } = await import("../server/accounts/service.ts");
  return createAccountService({ dataDir: resolve(".site-data"), tokenTtlMs: seconds * 1000 }).handle;
}

async function runPreview(options: {
  out: string;
  port: string;
  nextFreePort?: boolean;
  host?: HostOption;
  now?: string;
  api?: string;
  tokenTtl: string;
}): Promise<number> {
  const out = resolve(options.out);
  const routesFile = join(out, "manifests", "routes.json");
  if (!existsSync(join(out, "site")) || !existsSync(routesFile))
    throw new UsageError(`no built site in ${options.out}: run site build first`);
  const routes = (JSON.parse(readFileSync(routesFile, "utf8")) as { routes: (RouteRecord & { page: string })[] })
    .routes;
  const homes = new Map(routes.filter((r) => r.page === "home").map((r) => [r.region, r.path]));
  const start = options.now === undefined ? null : instantOption(options.now, "--now");
  const { createPreviewHandler, filesOnDisk } = await import("../server/preview.ts");
  const handler = createPreviewHandler({
    files: filesOnDisk(join(out, "site")),
    routes: () => routes,
    homes: () => homes,
    clock: clockFrom(start),
    before: await accountHandler(options),
  });
  return serveUntilStopped(
    handler,
    portOption(options.port),
    options.host,
    (url) =>
      `preview: ${url}  (${options.out}/site${start ? `, clock at ${start.toISO({ suppressMilliseconds: true })}` : ""}; Ctrl-C stops)`,
    options.nextFreePort,
  );
}

async function runDev(options: {
  specs: string;
  port: string;
  nextFreePort?: boolean;
  host?: HostOption;
  now?: string;
  api?: string;
  tokenTtl: string;
}): Promise<number> {
  const specsDir = specsDirFrom(options.specs);
  const start = options.now === undefined ? null : instantOption(options.now, "--now");
  // Options are read before the watcher starts: once it runs, it keeps the process alive.
  const port = portOption(options.port);
  const clock = clockFrom(start);
  const style = styleFor(process.stdout);
  const { createDevServer } = await import("../server/dev/index.ts");
  const dev = await createDevServer({
    specsDir,
    now: () => DateTime.fromMillis(clock()),
    clock,
    log: (line) => process.stdout.write(`${style.dim(new Date().toLocaleTimeString())} ${line}\n`),
    accounts: await accountHandler(options),
  });
  try {
    const first = await dev.start();
    return await serveUntilStopped(
      dev.handler,
      port,
      options.host,
      (url) =>
        `dev: ${url}  (${first.ok ? `${first.pages} pages ready in ${Math.round(first.ms)} ms` : "errors above, and in the browser"}; watching specs, templates, runtime, schemas; Ctrl-C stops)`,
      options.nextFreePort,
    );
  } finally {
    // A port in use, or any failure, stops the watcher too: the command exits instead of hanging.
    await dev.close();
  }
}

async function runCheckWindows(options: {
  specs: string;
  at?: string;
  json?: boolean;
  all?: boolean;
}): Promise<number> {
  const at = instantOption(options.at, "--at");
  const { printTimeline, timeline } = await import("./print/timeline.ts");
  const result = await checkSpecs(specsDirFrom(options.specs), at);
  const report = result.model ? timeline(result.model, at) : null;
  const diagnostics = [...result.diagnostics, ...(report?.warnings ?? [])];
  // The printed report leaves finished windows, and the warnings about them, to --all; --json keeps everything.
  const shown = options.all ? diagnostics : result.diagnostics;
  if (options.json) {
    const { diagnostics: printed } = JSON.parse(printJson(diagnostics, result.sources)) as { diagnostics: unknown[] };
    process.stdout.write(
      JSON.stringify(
        {
          at: report?.at ?? at.toISO(),
          windows: report?.rows ?? [],
          nextChange: report?.next ?? null,
          diagnostics: printed,
        },
        null,
        2,
      ) + "\n",
    );
  } else {
    const style = styleFor(process.stdout);
    if (shown.length) process.stdout.write(printPretty(shown, result.sources, style) + "\n\n");
    if (report) process.stdout.write(printTimeline(report, { all: options.all }) + "\n");
  }
  return hasErrors(diagnostics) ? 1 : 0;
}

// The account calls of dev and preview: both servers take the same two options.
const apiOption = () =>
  new Option("--api <url>", "send the account calls to this API instead of the local account service");
const tokenTtlOption = () =>
  new Option("--token-ttl <seconds>", "lifetime of a login token in the local account service").default("3600");
const hostOption = () =>
  new Option(
    "--host [address]",
    "serve on the local network too, e.g. to try the site on a phone: every address, or the one given (default: 127.0.0.1 only)",
  );

/** The version of the installed compiler, from its package.json. */
function packageVersion(): string {
  return (JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version: string }).version;
}

function createProgram(setExitCode: (code: number) => void): Command {
  const program = new Command();
  program
    .name("site")
    .description("Compile the multi-region storefront from YAML specs: check them, build the static site, serve it.")
    .option("--debug", "print stack traces of internal errors")
    .version(packageVersion(), "-V, --version", "print the version of the site compiler")
    .showHelpAfterError("(run site --help for usage)")
    .exitOverride();

  const formatOption = () =>
    new Option("--format <format>", "how to print problems").choices(["pretty", "json", "github"]).default("pretty");

  program
    .command("check")
    .description("load, validate and cross-check the specs; print every problem")
    .option("--specs <dir>", "folder of the YAML specs", "specs")
    .option(
      "--now <instant>",
      "judge the specs as of this instant, as site build --now does: a campaign over by then no longer needs its page (default: now)",
    )
    .option("--json", 'print {"diagnostics": [...]} on stdout (same as --format json)')
    .addOption(formatOption())
    .option("--strict", "treat every warning as an error (for CI): exit 1 while one remains")
    .action(async (options) => setExitCode(await runCheck(options)));

  program
    .command("build")
    .description("check, then compile, prerender and bundle the site into --out")
    .option("--specs <dir>", "folder of the YAML specs", "specs")
    .option("--out <dir>", "output folder", "dist")
    .option("--now <instant>", "build the site as it is at this instant, e.g. 2024-11-25T12:00+01:00 (default: now)")
    .option(
      "--regions <codes>",
      "build only these regions' pages, e.g. us,uk (the files every region shares are written whole): the outputs of separate runs, merged, equal the full build",
    )
    .option("--strict", "treat every warning as an error (for CI): nothing is written while one remains")
    .option("--json", 'print {"diagnostics": [...], "summary": {...}} on stdout (same as --format json)')
    .addOption(formatOption())
    .action(async (options) => setExitCode(await runBuild(options)));

  program
    .command("new")
    .description("start a new spec from a commented skeleton that passes site check")
    .command("campaign <id>")
    .description(
      "write specs/campaigns/<id>.yaml: two stages in the coming week, with offers and entry points explained",
    )
    .option("--specs <dir>", "folder of the YAML specs", "specs")
    .option("--name <name>", "the campaign's name in reports (default: from the id)")
    .option("--regions <codes>", "regions that run it, comma-separated (default: every region with prices but cn)")
    .option("--start <date>", "its first day, e.g. 2026-12-01 (default: tomorrow)")
    .action(async (id: string, options) => setExitCode(await runNewCampaign(id, options)));

  program
    .command("check-windows")
    .summary("the windows running or upcoming at --at, by campaign and stage; --all adds the finished ones")
    .description(
      "By default, the windows running or upcoming at --at (default: now): campaign stages by campaign and stage name, then " +
        "page windows, then nav start times; one row per window and the regions that share its times, with its state (upcoming, " +
        "live, OVERLAP when two live windows change the same output) and its local start and last minute; then the next change " +
        "and how many finished windows were left out. --all adds the finished windows (state over) and a window-over warning for each.",
    )
    .option("--specs <dir>", "folder of the YAML specs", "specs")
    .option("--at <instant>", 'the instant to report on, e.g. "2024-11-22T09:00 Europe/Paris" (default: now)')
    .option("--all", "also list the finished windows (state over) and a window-over warning for each")
    .option(
      "--json",
      "print {at, windows, nextChange, diagnostics} on stdout: every window per region, finished ones included",
    )
    .action(async (options) => setExitCode(await runCheckWindows(options)));

  program
    .command("dev")
    .description("build in memory, serve, watch specs and templates, reload the browser on change")
    .option("--port <n>", "port to listen on", "4321")
    .option("--next-free-port", "if the port is taken, use the next free one after it")
    .addOption(hostOption())
    .option("--specs <dir>", "folder of the YAML specs", "specs")
    .option("--now <instant>", "build and serve the site as of this instant (the clock runs on from it)")
    .addOption(apiOption())
    .addOption(tokenTtlOption())
    .action(async (options) => setExitCode(await runDev(options)));

  program
    .command("preview")
    .description("serve a built site as production would")
    .option("--out <dir>", "folder of a finished build", "dist")
    .option("--port <n>", "port to listen on", "4173")
    .option("--next-free-port", "if the port is taken, use the next free one after it")
    .addOption(hostOption())
    .option("--now <instant>", "start the server clock at this instant, e.g. 2024-11-25T12:00+01:00")
    .addOption(apiOption())
    .addOption(tokenTtlOption())
    .action(async (options) => setExitCode(await runPreview(options)));

  return program;
}

export async function main(argv: string[]): Promise<number> {
  let exitCode = 0;
  const program = createProgram((code) => (exitCode = code));
  const debug = argv.includes("--debug");
  try {
    await program.parseAsync(argv, { from: "user" });
    return exitCode;
  } catch (error) {
    if (error instanceof CommanderError) {
      // --help and --version end here too, with exit code 0.
      return error.exitCode === 0 ? 0 : 2;
    }
    if (error instanceof UsageError || error instanceof OutputRefused) {
      process.stderr.write(`site: ${error.message}\n`);
      return 2;
    }
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`site: internal error: ${message}${debug ? "" : " (run with --debug for details)"}\n`);
    if (debug && error instanceof Error && error.stack) process.stderr.write(error.stack + "\n");
    return 2;
  }
}
