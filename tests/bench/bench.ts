// npm run bench: how fast the pipeline is, as ratios to a floor measured in the same run.
// The floor is a bare single-threaded renderToString loop over the same pages (no check,
// compile, bundle or write). Beside it, what no build can beat: the bare cost of writing those
// pages and their manifests to the same disk, and of parsing the spec files. Figures: site
// build cold (no output, nothing parsed before), the same with its output in memory (tmpfs,
// where there is one: the build without the disk's cost of creating files), site build with
// nothing changed (parsed specs and unchanged files reused), and a one-value edit under site
// dev, from the file written to the rebuild done and to the page made and fetched again after
// the reload event (what the open browser does); for the real specs and for synthetic specs of
// about 10,000 routes (synthetic.ts); plus peak memory. A benchmark prints; it never passes or
// fails.
//
//   npm run bench                 real site and 10,000 routes
//   npm run bench -- --routes 2000 --campaigns 3

import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, get, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { DateTime } from "luxon";
import { projectRoot } from "../../compiler/bundle/index.ts";
import { compile } from "../../compiler/compile/index.ts";
import { fastData } from "../../compiler/load/index.ts";
import { ParseCache } from "../../compiler/load/parse-cache.ts";
import { build, check } from "../../compiler/pipeline.ts";
import { renderDocument } from "../../compiler/render/index.tsx";
import { yamlFilesBelow } from "../../compiler/load/read-ahead.ts";
import { renderThreads } from "../../compiler/render/pool.ts";
import { createDevServer } from "../../server/dev/index.ts";
import { manifestJson, manifestPath } from "../../compiler/write/index.ts";
import { writeSyntheticSpecs } from "./synthetic.ts";

const NOW = DateTime.fromISO("2024-11-25T12:00+01:00", { setZone: true });

/** A file system in memory, on Linux. */
const MEMORY_DISK = "/dev/shm";

/** Runs `site build` in a child process; answers with what it built and its peak memory. */
async function buildInChild(
  specs: string,
  out: string,
): Promise<{ pages: number; threads: number; bytes: number; maxRssBytes: number }> {
  const script = join(tmpdir(), `site-bench-build-${process.pid}.mjs`);
  writeFileSync(
    script,
    [
      `const { buildOnce } = await import(${JSON.stringify(import.meta.url)});`,
      `const built = await buildOnce(${JSON.stringify(specs)}, ${JSON.stringify(out)});`,
      `console.log(JSON.stringify({ ...built, maxRssBytes: process.resourceUsage().maxRSS * 1024 }));`,
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
  return JSON.parse(stdout.trim().split("\n").pop()!);
}

/** The child's side of buildInChild. */
export async function buildOnce(
  specs: string,
  out: string,
): Promise<{ pages: number; threads: number; bytes: number }> {
  const result = await build({ specsDir: specs, out, now: NOW });
  if (!result.summary) throw new Error("the specs have errors");
  return { pages: result.summary.pages, threads: renderThreads(result.summary.pages), bytes: result.summary.bytes };
}

async function time<T>(run: () => Promise<T> | T): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await run();
  return { ms: performance.now() - started, value };
}

interface Row {
  name: string;
  ms: number;
  detail: string;
}

interface Measured {
  label: string;
  routes: number;
  floorMs: number;
  rows: Row[];
  /** Peak RSS of the site build processes, and the size of what they wrote. */
  memory: { peakBytes: number; outputBytes: number };
}

async function measure(label: string, specs: string): Promise<Measured> {
  const out = mkdtempSync(join(tmpdir(), "site-bench-out-"));
  try {
    // The floor: the same pages, rendered one after the other, nothing else.
    const checked = check(specs);
    const compiled = compile(checked.model!, NOW);
    const routes = compiled.routes.filter((r) => r.data);
    const pages = routes.map((r) => r.data!);
    const assets = { script: "/assets/main.js", styles: ["/assets/style.css"] };
    renderDocument(pages[0]!, assets); // warm up React and the templates
    let bytes = 0;
    const floor = await time(() => {
      for (const data of pages) bytes += renderDocument(data, assets).length;
    });
    const rows: Row[] = [];
    // The disk's share: the files a build writes per route (the page, in a folder of its own, and
    // its manifest) at the same paths, and only the writes timed (holding every page to write
    // them afterwards would slow the floor down with GC).
    const bare = join(out, "bare");
    let writeMs = 0;
    routes.forEach(({ data, manifest }) => {
      const page = renderDocument(data!, assets);
      const manifestText = manifestJson(manifest);
      const started = performance.now();
      for (const [path, text] of [
        [join("site", manifest.file), page],
        [manifestPath(manifest), manifestText],
      ] as const) {
        const file = join(bare, path);
        mkdirSync(dirname(file), { recursive: true });
        writeFileSync(file, text);
      }
      writeMs += performance.now() - started;
    });
    rmSync(bare, { recursive: true, force: true });
    rows.push({ name: "bare write of pages and manifests", ms: writeMs, detail: "(no build is faster)" });
    // The input's share: every spec file given to the loader's fast parser, one after the other.
    const texts = yamlFilesBelow(specs).map((file) => readFileSync(file, "utf8"));
    const parsed = await time(() => texts.forEach((text) => fastData(text)));
    const specBytes = texts.reduce((sum, t) => sum + Buffer.byteLength(t), 0);
    rows.push({ name: "bare parse of the specs", ms: parsed.ms, detail: `(${megabytes(specBytes)}, js-yaml)` });

    // site build as users run it: a process of its own, so its memory is its own too. Cold: no
    // output to link from and nothing parsed before (the compiled schema validators are kept from
    // the first run after install, as on any machine that has run the tool once).
    rmSync(ParseCache.fileOf(specs), { force: true });
    const cold = await time(() => buildInChild(specs, out));
    rows.push({
      name: "site build, cold",
      ms: cold.ms,
      detail: `${cold.value.pages} pages, ${cold.value.threads} threads`,
    });
    if (existsSync(MEMORY_DISK)) {
      const inMemory = mkdtempSync(join(MEMORY_DISK, "site-bench-out-"));
      try {
        rmSync(ParseCache.fileOf(specs), { force: true });
        const coldInMemory = await time(() => buildInChild(specs, inMemory));
        rows.push({ name: "  ...output on tmpfs", ms: coldInMemory.ms, detail: `(${MEMORY_DISK}: no disk)` });
      } finally {
        rmSync(inMemory, { recursive: true, force: true });
      }
    }
    const again = await time(() => buildInChild(specs, out));
    rows.push({ name: "site build, nothing changed", ms: again.ms, detail: "specs and pages reused" });
    const memory = {
      peakBytes: Math.max(cold.value.maxRssBytes, again.value.maxRssBytes),
      outputBytes: cold.value.bytes,
    };

    // One value edited under site dev, the server listening and a client on its reload events,
    // as the open browser is: file written -> rebuilt, and -> reload event and page fetched again.
    const dev = await createDevServer({
      specsDir: specs,
      now: () => NOW,
      clock: () => NOW.toMillis(),
      log: () => {},
      settleMs: 5,
    });
    await dev.start();
    const server = createServer((request, response) => void dev.handler(request, response));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const events = await new Promise<IncomingMessage>((resolve) => get(`${base}/__site/events`, resolve));
    const reloads: (() => void)[] = [];
    events.on(
      "data",
      (chunk: Buffer) => chunk.toString().includes("event: reload") && reloads.splice(0).forEach((r) => r()),
    );
    const prices = join(specs, "prices.yaml");
    const original = readFileSync(prices, "utf8");
    const rebuilt: number[] = [];
    const inBrowser: number[] = [];
    for (const value of [1289, 1279, 1269]) {
      // Edits a person makes are far apart; one within 50 ms of the last is picked up late (watch.ts).
      await new Promise((resolve) => setTimeout(resolve, 100));
      const done = new Promise<void>((resolve) => dev.onRebuild(() => resolve()));
      const reloaded = new Promise<void>((resolve) => reloads.push(resolve));
      const started = performance.now();
      writeFileSync(prices, original.replace("[1299, 1299, 1599", `[${value}, 1299, 1599`));
      await done;
      rebuilt.push(performance.now() - started);
      await reloaded;
      const page = await (await fetch(`${base}/us/flagship-bumblebee`)).text();
      inBrowser.push(performance.now() - started);
      if (!page.includes(`$${value.toLocaleString("en-US")}`))
        throw new Error(`the reloaded page does not show ${value}`);
    }
    writeFileSync(prices, original);
    events.destroy();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await dev.close();
    const median = (list: number[]) => list.sort((a, b) => a - b)[1]!;
    rows.push({
      name: "site dev, one price edited (median of 3)",
      ms: median(rebuilt),
      detail: "file written -> compiled",
    });
    rows.push({ name: "  ...and the page reloaded", ms: median(inBrowser), detail: "-> event, page made" });
    return {
      label: `${label}: ${compiled.routes.length} routes, ${pages.length} pages of ${Math.round(bytes / pages.length / 1024)} KB`,
      routes: compiled.routes.length,
      floorMs: floor.ms,
      rows,
      memory,
    };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(bytes < 10 * 1024 * 1024 ? 1 : 0)} MB`;

function print(result: Measured) {
  const pagesPerSecond = (result.routes / result.floorMs) * 1000;
  console.log(`\n${result.label}`);
  console.log(
    `  floor: bare renderToString loop          ${result.floorMs.toFixed(0).padStart(7)} ms  ${`(${pagesPerSecond.toFixed(0)} pages/s)`.padEnd(26)} 1.00x`,
  );
  for (const row of result.rows) {
    console.log(
      `  ${row.name.padEnd(40)} ${row.ms.toFixed(0).padStart(7)} ms  ${row.detail.padEnd(26)} ${(row.ms / result.floorMs).toFixed(2)}x`,
    );
  }
}

export async function runBenchmark(args: string[]) {
  const option = (name: string, fallback: number) => {
    const at = args.indexOf(name);
    const value = at >= 0 ? Number(args[at + 1]) : fallback;
    if (!Number.isInteger(value) || value < 0) throw new Error(`${name} takes a whole number, not ${args[at + 1]}`);
    return value;
  };
  const large = option("--routes", 10_000);
  const campaigns = option("--campaigns", 8);
  const real = join(projectRoot, "specs");
  console.log(
    `benchmark on ${process.version}, ${(await import("node:os")).cpus().length} cores; build instant ${NOW.toISO()}`,
  );

  const scratch = mkdtempSync(join(tmpdir(), "site-bench-"));
  try {
    const realCopy = join(scratch, "real");
    writeSyntheticSpecs(real, realCopy, 0);
    const small = await measure("real specs", realCopy);
    print(small);
    const synthetic = join(scratch, "synthetic");
    const shape = writeSyntheticSpecs(real, synthetic, large, { campaigns });
    const big = await measure(
      `synthetic specs (${shape.regions} regions x ${shape.products} more products x ${shape.campaigns} more campaigns)`,
      synthetic,
    );
    print(big);
    // Memory should grow no faster than the output: compare the two sizes' growth.
    const growth = (m: (x: Measured) => number) => (m(big) / m(small)).toFixed(1);
    console.log(
      `\npeak memory of site build (RSS of its process, threads included): ${megabytes(small.memory.peakBytes)} for the real specs, ${megabytes(big.memory.peakBytes)} for the synthetic ones`,
    );
    console.log(
      `  grew ${growth((x) => x.memory.peakBytes)}x as the output grew ${growth((x) => x.memory.outputBytes)}x (${megabytes(small.memory.outputBytes)} to ${megabytes(big.memory.outputBytes)})`,
    );
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  console.log(
    "targets: real site cold well under 2 s; 10,000 routes at most 0.75x the floor; a dev edit well under 150 ms; peak memory growing no faster than the output, under 1 GiB",
  );
}
