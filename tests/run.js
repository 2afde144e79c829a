#!/usr/bin/env node
// The whole test suite, as CI and the README run it: makes sure the browser the tests drive and
// the nginx that runs the generated nginx.conf are installed, runs vitest with a JSON report, and closes with one plain line "N passed, N failed"
// counted from that report (CI reads that line, not vitest's own summary).
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { ensureDebianPackage } from "./support/debian-packages.js";

const root = fileURLToPath(new URL("..", import.meta.url));
const report = `${root}.test-report.json`;
const chromium = "/usr/bin/chromium";

function ensureChromium() {
  if (existsSync(chromium)) return;
  if (process.getuid?.() !== 0) {
    console.error(`tests: ${chromium} is missing; install Debian's chromium (apt-get install -y chromium) and run again`);
    process.exit(2);
  }
  console.log("tests: installing Debian's chromium for the browser tests");
  const run = (args) => spawnSync("apt-get", args, { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
  if (run(["update"]).status !== 0 || run(["install", "-y", "--no-install-recommends", "chromium"]).status !== 0) {
    console.error("tests: could not install chromium");
    process.exit(2);
  }
}

ensureChromium();
// When nginx cannot be installed, the suite still runs: tests/nginx.test.ts fails, saying why.
const nginxMissing = ensureDebianPackage("/usr/sbin/nginx", "nginx");
if (nginxMissing) console.error(`tests: ${nginxMissing}`);
rmSync(report, { force: true });
const vitest = spawnSync(
  process.execPath,
  [`${root}node_modules/vitest/vitest.mjs`, "run", "--reporter=default", "--reporter=json", `--outputFile.json=${report}`, ...process.argv.slice(2)],
  { stdio: "inherit", cwd: root },
);
if (!existsSync(report)) {
  console.error("tests: vitest wrote no report");
  process.exit(vitest.status || 2);
}
const { numPassedTests, numFailedTests, numPendingTests, numTodoTests } = JSON.parse(readFileSync(report, "utf8"));
const skipped = numPendingTests + numTodoTests;
console.log(`${numPassedTests} passed, ${numFailedTests} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(numFailedTests > 0 || vitest.status !== 0 ? 1 : 0);
