#!/usr/bin/env node
// npm run lighthouse: Lighthouse (mobile) on the home page and a product page of the real site,
// built and served by `site build` and `site preview` as production would. On demand, not on
// every CI run: it takes about a minute. Exits 1 when a score is under the bar.
//
//   npm run lighthouse                          /us and /us/flagship-bumblebee
//   npm run lighthouse -- /fr /jp/flagship-bumblebee
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { root } from "../compiler/run-ts.js";

// Lighthouse is large (20 MB) and runs on demand only: it is installed into the cache folder the
// first time this runs, not with the project (npm ci).
const TOOLS = ["lighthouse@^13.5.0", "chrome-launcher@^1.2.1"];
const toolsDir = join(root, "node_modules", ".cache", "site-compiler", "lighthouse");
async function tool(name) {
  const fromTools = createRequire(join(toolsDir, "package.json"));
  try {
    return await import(pathToFileURL(fromTools.resolve(name)).href);
  } catch {
    mkdirSync(toolsDir, { recursive: true });
    console.log(`lighthouse: installing ${TOOLS.join(", ")} into ${toolsDir} (once)`);
    const installed = spawnSync(
      "npm",
      ["install", "--no-save", "--no-audit", "--no-fund", "--prefix", toolsDir, ...TOOLS],
      { stdio: "inherit" },
    );
    if (installed.status !== 0) {
      console.error("lighthouse: could not install Lighthouse from the npm registry");
      process.exit(2);
    }
    return import(pathToFileURL(createRequire(join(toolsDir, "package.json")).resolve(name)).href);
  }
}
const { launch } = await tool("chrome-launcher");
const { default: lighthouse } = await tool("lighthouse");

const BAR = 95;
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
// Black Friday week: the campaign banners and countdown are on the pages.
const NOW = "2024-11-25T12:00+01:00";
const paths = process.argv.slice(2).length ? process.argv.slice(2) : ["/us", "/us/flagship-bumblebee"];
const chromePath = process.env.CHROME_PATH ?? "/usr/bin/chromium";
if (!existsSync(chromePath)) {
  console.error(
    `lighthouse: no browser at ${chromePath}; install Debian's chromium (apt-get install -y chromium) or set CHROME_PATH`,
  );
  process.exit(2);
}

const scratch = mkdtempSync(join(tmpdir(), "site-lighthouse-"));
const out = join(scratch, "dist");
const site = join(root, "bin", "site.js");
const built = spawnSync(process.execPath, [site, "build", "--out", out, "--now", NOW], {
  cwd: root,
  stdio: ["ignore", "ignore", "inherit"],
});
if (built.status !== 0) {
  console.error("lighthouse: site build failed; run it yourself to see why");
  process.exit(2);
}

const preview = spawn(process.execPath, [site, "preview", "--out", out, "--port", "0", "--now", NOW], {
  cwd: root,
  stdio: ["ignore", "pipe", "inherit"],
});
const origin = await new Promise((resolve, reject) => {
  preview.stdout.on("data", (chunk) => {
    const url = /http:\/\/127\.0\.0\.1:\d+/.exec(String(chunk))?.[0];
    if (url) resolve(url);
  });
  preview.on("exit", (code) => reject(new Error(`site preview stopped (exit ${code})`)));
});

const chrome = await launch({
  chromePath,
  chromeFlags: [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    // No lookups of outside hosts: the pages link to shops, they load nothing from them.
    '--host-resolver-rules="MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"',
  ],
});

let failed = false;
try {
  console.log(
    `Lighthouse ${(await import("lighthouse/package.json", { with: { type: "json" } })).default.version}, mobile, site as of ${NOW}; bar ${BAR}\n`,
  );
  console.log(`${"page".padEnd(28)}${CATEGORIES.map((c) => c.padStart(16)).join("")}`);
  for (const path of paths) {
    const result = await lighthouse(origin + path, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: CATEGORIES,
      formFactor: "mobile",
    });
    const scores = CATEGORIES.map((c) => Math.round((result.lhr.categories[c].score ?? 0) * 100));
    failed ||= scores.some((s) => s < BAR);
    console.log(`${path.padEnd(28)}${scores.map((s) => `${s}${s < BAR ? " !" : "  "}`.padStart(16)).join("")}`);
    for (const c of CATEGORIES) {
      const below = Object.values(result.lhr.audits).filter(
        (a) =>
          result.lhr.categories[c].auditRefs.some((r) => r.id === a.id && r.weight > 0) &&
          a.score !== null &&
          a.score < 0.9,
      );
      if (result.lhr.categories[c].score < BAR / 100)
        for (const a of below) console.log(`    ${c}: ${a.title}${a.displayValue ? ` (${a.displayValue})` : ""}`);
    }
  }
} finally {
  await chrome.kill();
  preview.kill();
  rmSync(scratch, { recursive: true, force: true });
}
process.exitCode = failed ? 1 : 0;
