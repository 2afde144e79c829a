// npm run bench: how fast the pipeline is, as ratios to a floor measured in the same run.
// The floor is a bare single-threaded renderToString loop over the same pages (no check,
// compile, bundle or write). Figures: site build cold, site build with nothing changed, and a
// one-value edit under the dev pipeline, for the real specs and for synthetic specs of about
// 10,000 routes; plus peak memory. A benchmark prints; it never passes or fails.
//
//   npm run bench                 real site and 10,000 routes
//   npm run bench -- --routes 2000

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DateTime } from "luxon";
import { projectRoot } from "../../compiler/bundle.ts";
import { compile } from "../../compiler/compile.ts";
import { build, check } from "../../compiler/pipeline.ts";
import { renderPage } from "../../compiler/render.tsx";
import { createDevServer } from "../../compiler/watch.ts";
import { writeSyntheticSpecs } from "./synthetic.ts";

const NOW = DateTime.fromISO("2024-11-25T12:00+01:00", { setZone: true });

let peakRss = 0;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 20);
sampler.unref();

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

async function measure(label: string, specs: string): Promise<{ label: string; routes: number; floorMs: number; rows: Row[] }> {
  const out = mkdtempSync(join(tmpdir(), "site-bench-out-"));
  try {
    // The floor: the same pages, rendered one after the other, nothing else.
    const checked = check(specs);
    const compiled = compile(checked.model!, NOW);
    const pages = compiled.routes.filter((r) => r.data).map((r) => r.data!);
    const assets = { script: "/assets/main.js", style: "/assets/style.css" };
    renderPage(pages[0]!, assets); // warm up React and the templates
    let bytes = 0;
    const floor = await time(() => {
      for (const data of pages) bytes += renderPage(data, assets).length;
    });

    const rows: Row[] = [];
    const cold = await time(() => build({ specsDir: specs, out, now: NOW }));
    rows.push({ name: "site build, cold", ms: cold.ms, detail: `${cold.value.summary?.pages ?? 0} pages` });
    const again = await time(() => build({ specsDir: specs, out, now: NOW }));
    rows.push({ name: "site build, nothing changed", ms: again.ms, detail: "" });

    // One value edited under site dev: from the file written to the rebuild done.
    const dev = await createDevServer({ specsDir: specs, now: () => NOW, clock: () => NOW.toMillis(), log: () => {}, settleMs: 5 });
    await dev.start();
    const prices = join(specs, "prices.yaml");
    const original = readFileSync(prices, "utf8");
    const edits: number[] = [];
    for (const value of [1289, 1279, 1269]) {
      const done = new Promise<void>((resolve) => dev.onRebuild(() => resolve()));
      const started = performance.now();
      writeFileSync(prices, original.replace("[1299, 1299, 1599", `[${value}, 1299, 1599`));
      await done;
      edits.push(performance.now() - started);
    }
    writeFileSync(prices, original);
    await dev.close();
    edits.sort((a, b) => a - b);
    rows.push({ name: "site dev, one value edited (median of 3)", ms: edits[1]!, detail: "file written -> pages rebuilt" });
    return { label: `${label}: ${compiled.routes.length} routes, ${pages.length} pages of ${Math.round(bytes / pages.length / 1024)} KB`, routes: compiled.routes.length, floorMs: floor.ms, rows };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

function print(result: Awaited<ReturnType<typeof measure>>) {
  const pagesPerSecond = (result.routes / result.floorMs) * 1000;
  console.log(`\n${result.label}`);
  console.log(`  floor: bare renderToString loop      ${result.floorMs.toFixed(0).padStart(7)} ms  (${pagesPerSecond.toFixed(0)} pages/s)   1.00x`);
  for (const row of result.rows) {
    console.log(`  ${row.name.padEnd(36)} ${row.ms.toFixed(0).padStart(7)} ms  ${row.detail.padEnd(22)} ${(row.ms / result.floorMs).toFixed(2)}x`);
  }
}

export async function runBenchmark(args: string[]) {
  const routesArg = args.indexOf("--routes");
  const large = routesArg >= 0 ? Number(args[routesArg + 1]) : 10_000;
  const real = join(projectRoot, "specs");
  console.log(`benchmark on ${process.version}, ${(await import("node:os")).cpus().length} cores; build instant ${NOW.toISO()}`);

  const scratch = mkdtempSync(join(tmpdir(), "site-bench-"));
  try {
    const realCopy = join(scratch, "real");
    writeSyntheticSpecs(real, realCopy, 0);
    print(await measure("real specs", realCopy));
    const synthetic = join(scratch, "synthetic");
    writeSyntheticSpecs(real, synthetic, large);
    print(await measure("synthetic specs", synthetic));
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  console.log(`\npeak memory (RSS): ${(peakRss / 1024 / 1024).toFixed(0)} MB`);
  console.log("targets: real site cold well under 2 s; 10,000 routes at most 0.75x the floor; a dev edit well under 150 ms; peak memory under 1 GiB");
}
