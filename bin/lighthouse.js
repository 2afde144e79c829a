#!/usr/bin/env node
// npm run lighthouse: Lighthouse (mobile) on the home, a product, a campaign and an article page
// of the real site in two regions, built and served by `site build` and `site preview` as
// production would. On demand, not on every CI run: it takes a few minutes. Exits 1 when a score
// is under the bar or a path is no page at the instant.
//
//   npm run lighthouse                          those four pages in us and de, in Black Friday week
//   npm run lighthouse -- /fr /jp/flagship-bumblebee
//   npm run lighthouse -- --now 2024-12-15T12:00+01:00 /uk/christmas-sale
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { root } from "../compiler/run-ts.js";
import { chromiumArgs } from "./chromium.js";
import { BLACK_FRIDAY_WEEK, chromePath, requireChromium, serveBuild, toolArguments } from "./served-build.js";

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

const BAR = 95;
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
const kinds = ["", "/flagship-bumblebee", "/black-friday", "/about-us"];
const options = toolArguments(
  "lighthouse",
  `Usage: npm run lighthouse -- [--now <instant>] [path ...]

Builds the real site as of --now (default ${BLACK_FRIDAY_WEEK}, Black Friday week), serves it
with site preview and runs Lighthouse (mobile) on each path (default: the home, a product, a
campaign and an article page in us and de). Exits 1 when a score is under ${BAR} or a path is no
page at that instant.`,
);
const NOW = options.values.now;
const paths = options.positionals.length
  ? options.positionals
  : ["us", "de"].flatMap((region) => kinds.map((kind) => `/${region}${kind}`));
const { launch } = await tool("chrome-launcher");
const { default: lighthouse } = await tool("lighthouse");

requireChromium("lighthouse");

const { origin, close } = await serveBuild("lighthouse", NOW);

const chrome = await launch({
  chromePath,
  chromeFlags: ["--headless=new", ...chromiumArgs],
});

let failed = false;
try {
  console.log(
    `Lighthouse ${JSON.parse(readFileSync(join(toolsDir, "node_modules", "lighthouse", "package.json"), "utf8")).version}, mobile, site as of ${NOW}; bar ${BAR}\n`,
  );
  console.log(`${"page".padEnd(28)}${CATEGORIES.map((c) => c.padStart(16)).join("")}`);
  for (const path of paths) {
    // A path that is no page at the instant (a campaign page outside its campaign is not built, or
    // redirects home once it is over; a typo) would be scored for the page it lands on, or not at all.
    const page = await fetch(origin + path, { redirect: "manual" });
    if (page.status !== 200) {
      failed = true;
      const to = page.headers.get("location");
      console.log(
        `${path.padEnd(28)}no page as of ${NOW}: ${page.status}${to ? ` to ${new URL(to, origin).pathname}` : ""}; audit it at an instant it is up (--now)`,
      );
      continue;
    }
    // A page the site keeps out of search engines on purpose (login, account: robots noindex)
    // fails SEO's crawlability audit by design: its SEO is judged without it, and said so.
    const noindex = /<meta name="robots" content="[^"]*noindex/.test(await page.text());
    const result = await lighthouse(origin + path, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: CATEGORIES,
      formFactor: "mobile",
      ...(noindex ? { skipAudits: ["is-crawlable"] } : {}),
    });
    if (result.lhr.runtimeError) {
      failed = true;
      console.log(`${path.padEnd(28)}Lighthouse could not audit it: ${result.lhr.runtimeError.message}`);
      continue;
    }
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
    if (noindex)
      console.log("    seo: kept out of search engines on purpose (robots noindex): crawlability not judged");
  }
} finally {
  await chrome.kill();
  close();
}
process.exitCode = failed ? 1 : 0;
