#!/usr/bin/env node
// npm run bench: the benchmark of tests/bench/bench.ts (a benchmark, not a test).
import { importBundled } from "../compiler/run-ts.js";

process.env.NODE_ENV ??= "production";
const { runBenchmark } = await importBundled("tests/bench/bench.ts", "bench", [
  "compiler",
  "server",
  "cli",
  "templates",
  "runtime",
  "tests/bench",
  "tests/support",
]);
try {
  await runBenchmark(process.argv.slice(2));
} catch (error) {
  console.error(`bench: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 2;
}
