// npm run bench: how fast the pipeline is, beside what this machine can do with the same input,
// measured in the same run. The floor is a bare single-threaded renderToString loop over the same
// pages (no check, compile, bundle or write); beside it the bare parse of the spec files (js-yaml,
// one thread) and the bare write of the pages and their manifests to the same disk. The limit is
// what no build of this input can beat here: the larger of (parse + floor) / cores and the write.
// Figures: site build cold (no output, nothing parsed before), the same with its output in memory
// (tmpfs: the build without the disk's cost of creating files), site build with nothing changed,
// site build after one price edit (incremental), and the same edit under site dev, from the file
// written to the page made and fetched again after the reload event (what the open browser does);
// for the real specs and for synthetic specs of about 10,000 routes (synthetic.ts); peak memory;
// and for the synthetic pages, Eleventy and Astro building them from the same route data with the
// project's own components (peers.ts). A benchmark prints; it never passes or fails.
//
//   npm run bench                            real site and 10,000 routes, a table
//   npm run -s bench -- --json               the same figures as JSON on stdout, under stable names
//   npm run bench -- --routes 2000 --campaigns 3 --no-peers --repeat 1
//
// Every figure is the median of three passes (--repeat N for another number).
//
// The disk is measured as it is when nothing was deleted lately. On ext4 without a journal (this
// project's machines), a file made within about four minutes of a large delete costs the kernel
// 0.1 to 0.3 ms of CPU, as it steps over each inode deleted lately (fs/ext4/ialloc.c,
// recently_deleted), against 0.02 ms otherwise: 10,000 pages and manifests took 8.3 s of kernel
// time so, 0.8 s on a settled disk. So nothing the run writes to the disk is removed before the
// run is over, and each pass waits until making a file costs what it normally does (settleDisk).
// Before both, the bare write took 6.6 to 7.9 s instead of 1 to 3 s, and set the limit.

import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, cpus, totalmem } from "node:os";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { DateTime } from "luxon";
import { projectRoot } from "../../compiler/bundle/index.ts";
import { compile, type CompiledSite } from "../../compiler/compile/index.ts";
import { fastData } from "../../compiler/load/index.ts";
import { ParseCache } from "../../compiler/load/parse-cache.ts";
import { yamlFilesBelow } from "../../compiler/load/read-ahead.ts";
import { check } from "../../compiler/pipeline.ts";
import { renderDocument } from "../../compiler/render/index.tsx";
import { renderThreads } from "../../compiler/render/pool.ts";
import { manifestJson, manifestPath } from "../../compiler/write/index.ts";
import { type DevEditFigures, editedPrices, measureDevEdit } from "./dev-edit.ts";
import { buildWithPeers, type PeerFigures } from "./peers.ts";
import { writeSyntheticSpecs } from "./synthetic.ts";
import { writeSettled } from "../support/file-times.ts";

const NOW = DateTime.fromISO("2024-11-25T12:00+01:00", { setZone: true });

/**
 * The assets the floor's pages link: fixed names. The stylesheet under both names the templates
 * have read it by (one file, or the list of a page's files), so the floor runs on either.
 */
const FLOOR_ASSETS = { script: "/assets/main.js", style: "/assets/style.css", styles: ["/assets/style.css"] };

/** A file system in memory, on Linux. */
const MEMORY_DISK = "/dev/shm";

/** The figures of one set of specs, under the names `--json` prints. Times in ms. */
interface Figures {
  routes: number;
  pages: number;
  /** Bare renderToString loop over the pages, one thread. */
  floorMs: number;
  /** Bare js-yaml parse of every spec file, one thread. */
  parseMs: number;
  /** Bare write of the pages and their manifests, one thread. */
  writeMs: number;
  /** max((parseMs + floorMs) / cores, writeMs): no build of this input is faster here. */
  limitMs: number;
  coldMs: number;
  /**
   * The cold build's CPU time, every thread of its process (the render and read-ahead threads, V8's
   * compiler and collector threads) from its start: beside cores x coldMs, how busy the machine
   * was; beside parse + floor + write, how much work the build does that the bare figures do not.
   */
  coldCpuMs: number;
  /** null where there is no tmpfs. */
  coldTmpfsMs: number | null;
  nothingChangedMs: number;
  /**
   * site build at a later instant with nothing else changed, before the next window edge (the
   * everyday build with no --now): the output restamped.
   */
  laterInstantMs: number;
  /** site build after one price edited in prices.yaml, over the previous output. */
  priceEditMs: number;
  /** site dev: the same edit, file written to the page made again (median of 3). */
  devEditMs: number | null;
  /** site dev: file written to the rebuild done (median of 3). */
  devRebuildMs: number | null;
  /** site dev: the first edit, a second after the server started, to the page. */
  devFirstEditMs: number | null;
  /** Why the dev figures are null, when site dev failed. */
  devFailure?: string;
  peakMemoryMB: number;
  /** Kernel time to make a file or folder on the disk just before the pass (settleDisk), in µs. */
  diskCreateUs: number;
  outputMB: number;
  specMB: number;
  pageKB: number;
  /** Where a cold build's time goes, by stage, as the build reports it (process start excluded). */
  coldStages: Record<string, number>;
  coldTmpfsStages: Record<string, number> | null;
  /** Where the incremental build after one price edit spends its time, by stage. */
  priceEditStages: Record<string, number>;
  peers?: PeerFigures;
}

interface ChildBuild {
  pages: number;
  threads: number;
  bytes: number;
  maxRssBytes: number;
  /** CPU time of the whole process, all threads, user and system. */
  cpuMs: number;
  stages: Record<string, number>;
}

/**
 * Runs `site build --json` in a child process, as bin/site.js runs it (the same bundle, so the
 * same modules loaded, process start included); answers with what it built, its stages and its
 * peak memory.
 */
async function buildInChild(specs: string, out: string, now = NOW): Promise<ChildBuild> {
  const script = join(tmpdir(), `site-bench-build-${process.pid}.mjs`);
  const args = ["build", "--specs", specs, "--out", out, "--now", now.toISO()!, "--json"];
  writeFileSync(
    script,
    [
      `const { bundledCli } = await import(${JSON.stringify(pathToFileURL(join(projectRoot, "compiler/run-ts.js")).href)});`,
      "const { main } = await import(await bundledCli());",
      "let printed = '';",
      "const write = process.stdout.write.bind(process.stdout);",
      "process.stdout.write = (chunk) => ((printed += String(chunk)), true);",
      `const code = await main(${JSON.stringify(args)});`,
      "process.stdout.write = write;",
      "if (code !== 0) { console.error(printed); process.exit(1); }",
      "const { summary } = JSON.parse(printed);",
      // The whole process's CPU, all its threads (process.cpuUsage is the process's, not this thread's).
      "const cpu = process.cpuUsage();",
      "console.log(JSON.stringify({ pages: summary.pages, bytes: summary.bytes, stages: summary.stages, maxRssBytes: process.resourceUsage().maxRSS * 1024, cpuMs: (cpu.user + cpu.system) / 1000 }));",
      "process.exit(0);",
    ].join("\n"),
  );
  const child = spawn(process.execPath, [script], {
    stdio: ["ignore", "pipe", "inherit"],
    env: { ...process.env, NODE_ENV: "production" },
  });
  let stdout = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk));
  const code = await new Promise((resolve) => child.on("exit", resolve));
  rmSync(script, { force: true });
  if (code !== 0) throw new Error(`the build failed (exit ${code})`);
  const built = JSON.parse(stdout.trim().split("\n").pop()!) as Omit<ChildBuild, "threads">;
  return { ...built, threads: renderThreads(built.pages) };
}

const DEV_EDIT_CHILD = "--measure-dev-edit";

/**
 * site dev's edit timed in a process of its own, as a developer runs it: in this one the server's
 * collector would also walk what the benchmark keeps (the compiled site, the floor's pages).
 */
async function devEditInChild(specs: string): Promise<DevEditFigures> {
  const child = spawn(process.execPath, [join(projectRoot, "bin/bench.js"), DEV_EDIT_CHILD, specs], {
    stdio: ["ignore", "pipe", "inherit"],
    env: { ...process.env, NODE_ENV: "production" },
  });
  let stdout = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk));
  const code = await new Promise((resolve) => child.on("exit", resolve));
  if (code !== 0) throw new Error(`site dev's edit could not be timed (exit ${code})`);
  return JSON.parse(stdout.trim().split("\n").pop()!) as DevEditFigures;
}

async function time<T>(run: () => Promise<T> | T): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await run();
  return { ms: performance.now() - started, value };
}

/** The floor, the bare write and the bare parse: what the same input costs with nothing else. */
function bareFigures(specs: string, compiled: CompiledSite, scratch: string) {
  const routes = compiled.routes.filter((r) => r.data);
  const assets = FLOOR_ASSETS;
  renderDocument(routes[0]!.data!, assets); // warm up React and the templates
  // One pass: each page rendered (the floor's time), then written with its manifest, at the paths a
  // build writes them (the page in a folder of its own), and only the writes timed (the write's
  // time). No page is held: holding them all would slow the floor down with GC.
  const bare = join(scratch, "bare");
  let bytes = 0;
  let floorMs = 0;
  let writeMs = 0;
  let started: number;
  for (const { data, manifest } of routes) {
    started = performance.now();
    const page = renderDocument(data!, assets);
    floorMs += performance.now() - started;
    bytes += page.length;
    const manifestText = manifestJson(manifest);
    started = performance.now();
    for (const [path, text] of [
      [join("site", manifest.file), page],
      [manifestPath(manifest), manifestText],
    ] as const) {
      const file = join(bare, path);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, text);
    }
    writeMs += performance.now() - started;
  }
  const texts = yamlFilesBelow(specs).map((file) => readFileSync(file, "utf8"));
  started = performance.now();
  for (const text of texts) fastData(text);
  const parseMs = performance.now() - started;
  const specBytes = texts.reduce((sum, t) => sum + Buffer.byteLength(t), 0);
  const limitMs = Math.max((parseMs + floorMs) / availableParallelism(), writeMs);
  return { pages: routes.length, floorMs, writeMs, parseMs, limitMs, specBytes, pageBytes: bytes / routes.length };
}

/** site build as users run it: a process of its own, so its memory is its own too. */
async function buildFigures(specs: string, out: string) {
  // Cold: no output to link from and nothing parsed before (the compiled schema validators are
  // kept from the first run after install, as on any machine that has run the tool once).
  ParseCache.clear(specs);
  const cold = await time(() => buildInChild(specs, out));
  let tmpfs: typeof cold | null = null;
  if (existsSync(MEMORY_DISK)) {
    const inMemory = mkdtempSync(join(MEMORY_DISK, "site-bench-out-"));
    try {
      ParseCache.clear(specs);
      tmpfs = await time(() => buildInChild(specs, join(inMemory, "dist")));
    } finally {
      rmSync(inMemory, { recursive: true, force: true });
    }
  }
  const again = await time(() => buildInChild(specs, out));
  // An hour on: Black Friday's stage runs to November 30.
  const later = await time(() => buildInChild(specs, out, NOW.plus({ hours: 1 })));
  const prices = join(specs, "prices.yaml");
  const original = readFileSync(prices, "utf8");
  writeFileSync(prices, editedPrices(original, 1189));
  // Put back as it was, and settled, as the next pass's builds expect the specs to be.
  const edited = await time(() => buildInChild(specs, out)).finally(() => writeSettled(prices, original));
  return {
    threads: cold.value.threads,
    coldMs: cold.ms,
    coldCpuMs: cold.value.cpuMs,
    coldStages: cold.value.stages,
    coldTmpfsMs: tmpfs?.ms ?? null,
    coldTmpfsStages: tmpfs?.value.stages ?? null,
    nothingChangedMs: again.ms,
    laterInstantMs: later.ms,
    priceEditMs: edited.ms,
    priceEditStages: edited.value.stages,
    peakBytes: Math.max(...[cold, tmpfs, again, later, edited].map((b) => b?.value.maxRssBytes ?? 0)),
    outputBytes: cold.value.bytes,
  };
}

/**
 * The figures of `repeat` passes over the same specs, each the median of its passes (a busy
 * machine's noise falls on one pass, not on the figure); the stages are those of the pass whose
 * cold build is the median. The peers, which take minutes, build once.
 */
async function measure(specs: string, options: { peers: boolean; repeat: number; log: Log }): Promise<Figures> {
  const passes: Figures[] = [];
  for (let pass = 1; pass <= options.repeat; pass++) {
    if (options.repeat > 1) options.log(`  pass ${pass} of ${options.repeat}`);
    passes.push(await measureOnce(specs, { ...options, peers: options.peers && pass === options.repeat }));
  }
  return medianFigures(passes);
}

function medianFigures(passes: Figures[]): Figures {
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;
  const byCold = [...passes].sort((a, b) => a.coldMs - b.coldMs)[Math.floor((passes.length - 1) / 2)]!;
  const last = passes[passes.length - 1]!;
  const figures: Figures = { ...byCold, ...(last.peers ? { peers: last.peers } : {}) };
  for (const key of Object.keys(figures) as (keyof Figures)[]) {
    const values = passes.map((f) => f[key]);
    if (values.every((v) => typeof v === "number")) (figures[key] as number) = median(values as number[]);
  }
  return figures;
}

/** Kernel time to make a folder or file in `within` above which the disk has not settled (0.01-0.04 ms settled). */
const SETTLED_US = 60;
/**
 * How long a run waits in all for the disk to settle (the window is at most 6 minutes): on a host
 * whose kernel is slow for another reason, the passes measure anyway rather than wait each time.
 */
let settleBudgetMs = 6 * 60_000;

/**
 * Makes 1,000 folders with a file each and 1,000 files beside them in a new folder of `within`
 * (kept: removing them would unsettle the disk again), and returns the kernel time per item, in µs.
 */
function diskCreateCost(within: string): number {
  const probe = mkdtempSync(join(within, "disk-probe-"));
  const before = process.cpuUsage();
  for (let i = 0; i < 1000; i++) {
    mkdirSync(join(probe, `d${i}`));
    writeFileSync(join(probe, `d${i}`, "f"), "x");
    writeFileSync(join(probe, `f${i}`), "x");
  }
  return process.cpuUsage(before).system / 3000;
}

/**
 * Waits, within what is left of settleBudgetMs, until making a file in `within` costs the kernel
 * what it does when nothing was deleted lately; returns the last cost measured (µs per item).
 */
async function settleDisk(within: string, log: Log): Promise<number> {
  const started = Date.now();
  let cost = diskCreateCost(within);
  if (cost <= SETTLED_US) return cost;
  if (settleBudgetMs <= 0) {
    log(
      `  the disk has not settled (${Math.round(cost)} µs) and the run's wait is spent: the figures on disk are high`,
    );
    return cost;
  }
  log(
    `  waiting for the disk: making a file costs ${Math.round(cost)} µs of kernel time (files deleted lately), ${SETTLED_US} or less when settled`,
  );
  while (cost > SETTLED_US && Date.now() - started < settleBudgetMs) {
    await new Promise((resolve) => setTimeout(resolve, 15_000));
    cost = diskCreateCost(within);
  }
  settleBudgetMs -= Date.now() - started;
  log(
    cost > SETTLED_US
      ? `  the disk did not settle (${Math.round(cost)} µs): the figures on disk are high`
      : `  settled after ${Math.round((Date.now() - started) / 1000)} s`,
  );
  return cost;
}

async function measureOnce(specs: string, options: { peers: boolean; log: Log }): Promise<Figures> {
  // Beside the specs, in the run's folder: removed with it when the run is over.
  const scratch = mkdtempSync(join(dirname(specs), "pass-"));
  const out = join(scratch, "dist");
  const diskCreateUs = await settleDisk(scratch, options.log);
  const compiled = compile(check(specs).model!, NOW);
  options.log(`  ${compiled.routes.length} routes: floor, bare write, bare parse`);
  const bare = bareFigures(specs, compiled, scratch);
  options.log("  site build: cold, cold on tmpfs, nothing changed, an hour later, one price edited");
  const built = await buildFigures(specs, out);
  options.log("  site dev: one price edited, three times");
  // A failure here leaves the other figures standing, and says why.
  const dev = await devEditInChild(specs).catch((error: unknown) => ({
    failure: error instanceof Error ? error.message : String(error),
  }));
  const peers = options.peers
    ? await buildWithPeers(compiled, FLOOR_ASSETS, join(scratch, "peers"), options.log)
    : undefined;
  const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
  return {
    routes: compiled.routes.length,
    pages: bare.pages,
    floorMs: Math.round(bare.floorMs),
    parseMs: Math.round(bare.parseMs),
    writeMs: Math.round(bare.writeMs),
    limitMs: Math.round(bare.limitMs),
    coldMs: Math.round(built.coldMs),
    coldCpuMs: Math.round(built.coldCpuMs),
    coldTmpfsMs: built.coldTmpfsMs === null ? null : Math.round(built.coldTmpfsMs),
    nothingChangedMs: Math.round(built.nothingChangedMs),
    laterInstantMs: Math.round(built.laterInstantMs),
    priceEditMs: Math.round(built.priceEditMs),
    ...("failure" in dev
      ? { devEditMs: null, devRebuildMs: null, devFirstEditMs: null, devFailure: dev.failure }
      : {
          devEditMs: Math.round(dev.toPageMs),
          devRebuildMs: Math.round(dev.rebuiltMs),
          devFirstEditMs: Math.round(dev.firstToPageMs),
        }),
    peakMemoryMB: mb(built.peakBytes),
    diskCreateUs: Math.round(diskCreateUs),
    outputMB: Math.round((built.outputBytes / 1024 / 1024) * 10) / 10,
    specMB: Math.round((bare.specBytes / 1024 / 1024) * 10) / 10,
    pageKB: Math.round(bare.pageBytes / 1024),
    coldStages: built.coldStages,
    coldTmpfsStages: built.coldTmpfsStages,
    priceEditStages: built.priceEditStages,
    ...(peers ? { peers } : {}),
  };
}

type Log = (line: string) => void;

const ms = (value: number) => `${Math.round(value).toLocaleString("en-US")} ms`;
const ratio = (value: number, of: number) => `${(value / of).toFixed(2)}x`;

/** The human table: each figure, then as a ratio to the limit and to the floor. */
function table(name: string, f: Figures, threads: number): string[] {
  const row = (label: string, value: number | null, detail = "") =>
    value === null
      ? `  ${label.padEnd(44)} ${"-".padStart(10)} ${"".padStart(17)}  ${detail}`
      : `  ${label.padEnd(44)} ${ms(value).padStart(10)} ${ratio(value, f.limitMs).padStart(8)} ${ratio(value, f.floorMs).padStart(8)}  ${detail}`;
  const stages = (s: Record<string, number> | null) =>
    s
      ? Object.entries(s)
          .map(([stage, t]) => `${stage} ${ms(t)}`)
          .join(", ")
      : "";
  const lines = [
    `${name}: ${f.routes.toLocaleString("en-US")} routes, ${f.pages.toLocaleString("en-US")} pages of ${f.pageKB} KB, ${f.specMB} MB of YAML`,
    `  ${"".padEnd(44)} ${"time".padStart(10)} ${"x limit".padStart(8)} ${"x floor".padStart(8)}`,
    row(
      "floor: bare renderToString loop, one thread",
      f.floorMs,
      `${Math.round((f.pages / f.floorMs) * 1000)} pages/s`,
    ),
    row("bare parse of the specs, one thread", f.parseMs, "js-yaml"),
    row("bare write of pages and manifests", f.writeMs, "no build writes faster"),
    row(`limit: max((parse + floor) / ${availableParallelism()} cores, write)`, f.limitMs, "no build is faster here"),
    row("site build, cold", f.coldMs, `${threads ? `${threads} render threads; ` : ""}${stages(f.coldStages)}`),
    row(
      "  ...its CPU time, all threads",
      f.coldCpuMs,
      `${Math.round((f.coldCpuMs / (f.coldMs * availableParallelism())) * 100)}% of ${availableParallelism()} cores over the build; ${(f.coldCpuMs / (f.parseMs + f.floorMs + f.writeMs)).toFixed(1)}x the bare parse, render and write`,
    ),
    row("  ...output on tmpfs", f.coldTmpfsMs, stages(f.coldTmpfsStages)),
    row("site build, nothing changed", f.nothingChangedMs),
    row("site build, an hour later", f.laterInstantMs, "before the next window edge: restamped"),
    row("site build, one price edited", f.priceEditMs, `incremental: ${stages(f.priceEditStages)}`),
    row("site dev, one price edited, to rebuilt", f.devRebuildMs, f.devFailure ?? "median of 3"),
    row("  ...to the page reloaded", f.devEditMs, "-> reload event, page made and fetched"),
    row("  ...the first edit, to the page", f.devFirstEditMs, "a second after the server started"),
  ];
  if (f.peers) {
    lines.push(row("Eleventy 3, same pages from the route data", f.peers.eleventy, f.peers.notes.eleventy ?? ""));
    lines.push(row("Astro 5, same pages from the route data", f.peers.astro, f.peers.notes.astro ?? ""));
  }
  lines.push(`  peak memory of site build: ${f.peakMemoryMB} MB (output ${f.outputMB} MB)`);
  lines.push(`  the disk before each pass: ${f.diskCreateUs} µs of kernel time to make a file (median)`);
  return lines;
}

function options(args: string[]) {
  const option = (name: string, fallback: number) => {
    const at = args.indexOf(name);
    const value = at >= 0 ? Number(args[at + 1]) : fallback;
    if (!Number.isInteger(value) || value < 0) throw new Error(`${name} takes a whole number, not ${args[at + 1]}`);
    return value;
  };
  const valued = ["--routes", "--campaigns", "--repeat"];
  const known = new Set([...valued, "--json", "--no-peers"]);
  const unknown = args.filter((a, i) => a.startsWith("--") && !known.has(a) && !valued.includes(args[i - 1]!));
  if (unknown.length)
    throw new Error(`unknown option ${unknown[0]} (--routes N, --campaigns C, --repeat N, --json, --no-peers)`);
  const repeat = option("--repeat", 3);
  if (repeat < 1) throw new Error("--repeat takes 1 or more");
  return {
    routes: option("--routes", 10_000),
    campaigns: option("--campaigns", 8),
    repeat,
    json: args.includes("--json"),
    peers: !args.includes("--no-peers"),
  };
}

export async function runBenchmark(args: string[]) {
  // The bench's own child (devEditInChild): one site dev, its edits timed, the figures as JSON.
  if (args[0] === DEV_EDIT_CHILD) {
    console.log(JSON.stringify(await measureDevEdit(args[1]!, NOW)));
    return;
  }
  const opts = options(args);
  // With --json, stdout carries the JSON alone; what the run is doing goes to stderr.
  const say: Log = opts.json ? (line) => process.stderr.write(`${line}\n`) : (line) => console.log(line);
  const machine = {
    node: process.version,
    cores: availableParallelism(),
    cpu: cpus()[0]?.model.trim() ?? "unknown",
    memoryGB: Math.round(totalmem() / 1024 ** 3),
    date: new Date().toISOString(),
    instant: NOW.toISO(),
    repeat: opts.repeat,
  };
  say(`benchmark on ${machine.node}, ${machine.cores} cores (${machine.cpu}); build instant ${machine.instant}`);
  const real = join(projectRoot, "specs");
  const scratch = mkdtempSync(join(tmpdir(), "site-bench-"));
  try {
    const realCopy = join(scratch, "real");
    writeSyntheticSpecs(real, realCopy, 0);
    say("real specs");
    const small = await measure(realCopy, { peers: false, repeat: opts.repeat, log: say });
    if (!opts.json) say(table("real specs", small, 0).join("\n"));
    const synthetic = join(scratch, "synthetic");
    const shape = writeSyntheticSpecs(real, synthetic, opts.routes, { campaigns: opts.campaigns });
    say(
      `synthetic specs (${shape.regions} regions x ${shape.products} more products x ${shape.campaigns} more campaigns)`,
    );
    const big = await measure(synthetic, { peers: opts.peers, repeat: opts.repeat, log: say });
    if (opts.json) {
      process.stdout.write(`${JSON.stringify({ machine, real: small, synthetic: big }, null, 2)}\n`);
      return;
    }
    say(table("synthetic specs", big, renderThreads(big.pages)).join("\n"));
    const growth = (m: (x: Figures) => number) => (m(big) / m(small)).toFixed(1);
    say(
      `\nmemory grew ${growth((x) => x.peakMemoryMB)}x as the output grew ${growth((x) => x.outputMB)}x (${small.outputMB} MB to ${big.outputMB} MB)`,
    );
    say(
      "targets: cold within 1.5x the limit; nothing changed at most 0.3x the floor; one price edited at most 0.75x the floor; a dev edit to the page under 150 ms; peak memory under 1 GiB; the real site cold under 600 ms; ahead of both peers",
    );
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
