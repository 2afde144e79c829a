#!/usr/bin/env node
// The whole test suite, as CI and the README run it: makes sure the browser the tests drive and
// the nginx that runs the generated nginx.conf are installed, runs vitest with a JSON report, and
// closes with one plain line "N passed, N failed" counted from the reports (CI reads that line,
// not vitest's own summary).
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { cjkFont } from "../bin/chromium.js";
import { ensureDebianPackage } from "./support/debian-packages.js";
import { baseFolder } from "./support/ram-disk.js";

const root = fileURLToPath(new URL("..", import.meta.url));
const chromium = "/usr/bin/chromium";

function ensureChromium() {
  if (existsSync(chromium)) return;
  if (process.getuid?.() !== 0) {
    console.error(
      `tests: ${chromium} is missing; install Debian's chromium (apt-get install -y chromium) and run again`,
    );
    process.exit(2);
  }
  console.log("tests: installing Debian's chromium for the browser tests");
  const run = (args) =>
    spawnSync("apt-get", args, { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
  if (run(["update"]).status !== 0 || run(["install", "-y", "--no-install-recommends", "chromium"]).status !== 0) {
    console.error("tests: could not install chromium");
    process.exit(2);
  }
}

// `--project unit` (npm run test:unit) runs one tier: the browser is only the e2e tier's, nginx only
// the integration tier's. With no --project, all three run.
const args = process.argv.slice(2);
const projects = args.flatMap((arg, i) =>
  arg === "--project" ? [args[i + 1]] : arg.startsWith("--project=") ? [arg.slice(10)] : [],
);
const runs = (tier) => projects.length === 0 || projects.includes(tier);
if (runs("e2e")) {
  ensureChromium();
  // Without it the browser tests still run, measuring boxes where the jp and kr pages have letters.
  const fontMissing = ensureDebianPackage(cjkFont.file, cjkFont.package);
  if (fontMissing) console.error(`tests: ${fontMissing}`);
}
if (runs("integration")) {
  // When nginx cannot be installed, the suite still runs: tests/integration/nginx.test.ts fails, saying why.
  const nginxMissing = ensureDebianPackage("/usr/sbin/nginx", "nginx");
  if (nginxMissing) console.error(`tests: ${nginxMissing}`);
}
// The whole suite runs as two vitest processes, one after the other: the integration and unit
// tiers, then the browser tier. Each keeps the two cores busy on its own (Chromium's renderers
// do), and side by side they only took turns at a higher price: about 25 s and 50 core-seconds
// more on the two-core machine (README "Tests"). They share one temporary folder and one folder
// of shared builds: the real specs are built once per instant for the whole run, by whichever
// tier asks first (tests/support/build.ts).
// Arguments of your own (a file, --project, -t) run one vitest as they are.
const invocations =
  args.length === 0
    ? [
        ["--project", "integration", "--project", "unit"],
        ["--project", "e2e"],
      ]
    : [args];
const shared = invocations.length > 1 ? mkdtempSync(join(baseFolder(), "site-tests-run-")) : undefined;
const env = {
  ...process.env,
  ...(shared ? { TMPDIR: shared, SITE_TEST_SHARED_BUILDS: join(shared, "builds") } : {}),
};
if (shared) mkdirSync(env.SITE_TEST_SHARED_BUILDS);

/** One vitest run with a JSON report of its own; resolves with the report, or null if none was written. */
function vitestRun(runArgs, index) {
  const report = join(tmpdir(), `site-test-report-${process.pid}-${index}.json`);
  rmSync(report, { force: true });
  const child = spawn(
    process.execPath,
    [
      `${root}node_modules/vitest/vitest.mjs`,
      "run",
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${report}`,
      ...runArgs,
    ],
    { stdio: "inherit", cwd: root, env },
  );
  return new Promise((resolve) => {
    child.on("close", (status) => {
      const result = existsSync(report) ? JSON.parse(readFileSync(report, "utf8")) : null;
      rmSync(report, { force: true });
      resolve({ status, result });
    });
  });
}

// A tier runs whether the one before it passed or not: the closing line counts both.
const outcomes = [];
for (const [index, runArgs] of invocations.entries()) outcomes.push(await vitestRun(runArgs, index));
if (shared) rmSync(shared, { recursive: true, force: true });
if (outcomes.some((o) => !o.result)) {
  console.error("tests: vitest wrote no report");
  process.exit(outcomes.find((o) => o.status)?.status || 2);
}
const results = outcomes.map((o) => o.result);
// Each run's report is left in .test-report.json (one run) or .test-report-<n>.json, for whoever wants to look.
for (const [i, result] of results.entries())
  writeFileSync(`${root}.test-report${results.length > 1 ? `-${i + 1}` : ""}.json`, JSON.stringify(result));
const sum = (key) => results.reduce((total, r) => total + r[key], 0);
const skipped = sum("numPendingTests") + sum("numTodoTests");
const failed = sum("numFailedTests");
console.log(`${sum("numPassedTests")} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(failed > 0 || outcomes.some((o) => o.status !== 0) ? 1 : 0);
