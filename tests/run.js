#!/usr/bin/env node
// The whole test suite, as CI and the README run it: makes sure the browser the tests drive and
// the nginx that runs the generated nginx.conf are installed, runs vitest with a JSON report, and
// closes with one plain line "N passed, N failed" counted from its JSON report (CI reads that line,
// not vitest's own summary).
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { cjkFont } from "../bin/chromium.js";
import { ensureDebianPackage } from "./support/debian-packages.js";
import { reportCounts } from "./support/report-counts.js";

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
// One vitest runs the whole suite: its three projects one after the other (the browser tier,
// then integration, then unit), each keeping both cores busy on its own, and they share the
// real specs built once per instant (tests/support/build.ts). Run as two processes side by side,
// or one after the other, the same suite took longer (README "Tests"). Arguments of your own (a
// file, --project, -t) go on to it as they are.
const report = join(tmpdir(), `site-test-report-${process.pid}.json`);
rmSync(report, { force: true });
const child = spawn(
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
const status = await new Promise((resolve) => child.on("close", resolve));
if (!existsSync(report)) {
  console.error("tests: vitest wrote no report");
  process.exit(status || 2);
}
const result = JSON.parse(readFileSync(report, "utf8"));
rmSync(report, { force: true });
// The report is left in .test-report.json, for whoever wants to look.
writeFileSync(`${root}.test-report.json`, JSON.stringify(result));
const { passed, failed, skipped } = reportCounts(result);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(failed > 0 || status !== 0 ? 1 : 0);
