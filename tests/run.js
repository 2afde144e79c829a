#!/usr/bin/env node
// The whole test suite, as CI and the README run it: makes sure the browser the tests drive and
// the nginx that runs the generated nginx.conf are installed, runs vitest with a JSON report, and closes with one plain line "N passed, N failed"
// counted from that report (CI reads that line, not vitest's own summary).
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { ensureDebianPackage } from "./support/debian-packages.js";

const root = fileURLToPath(new URL("..", import.meta.url));
// Each run writes its own report (two runs side by side must not read each other's) and leaves a
// copy in .test-report.json for whoever wants to look.
const report = join(tmpdir(), `site-test-report-${process.pid}.json`);
const lastReport = `${root}.test-report.json`;
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
if (runs("e2e")) ensureChromium();
if (runs("integration")) {
  // When nginx cannot be installed, the suite still runs: tests/integration/nginx.test.ts fails, saying why.
  const nginxMissing = ensureDebianPackage("/usr/sbin/nginx", "nginx");
  if (nginxMissing) console.error(`tests: ${nginxMissing}`);
}
rmSync(report, { force: true });
const vitest = spawnSync(
  process.execPath,
  [
    `${root}node_modules/vitest/vitest.mjs`,
    "run",
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${report}`,
    ...args,
  ],
  { stdio: "inherit", cwd: root },
);
if (!existsSync(report)) {
  console.error("tests: vitest wrote no report");
  process.exit(vitest.status || 2);
}
const { numPassedTests, numFailedTests, numPendingTests, numTodoTests } = JSON.parse(readFileSync(report, "utf8"));
copyFileSync(report, lastReport);
rmSync(report, { force: true });
const skipped = numPendingTests + numTodoTests;
console.log(`${numPassedTests} passed, ${numFailedTests} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(numFailedTests > 0 || vitest.status !== 0 ? 1 : 0);
