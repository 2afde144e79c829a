// The tiers stay what the README says they are. A test file outside tests/unit, integration or e2e
// runs in no tier (vitest.config.ts includes those three folders only), so it would silently never
// run; and a unit test that starts a browser, a `site` process or a whole build makes the unit
// tier slow for everyone.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { expect, test } from "vitest";
import { projectRoot } from "../support/cli.ts";

const testsDir = join(projectRoot, "tests");
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === "node_modules" || name === "fixtures") return [];
    return statSync(path).isDirectory() ? files(path) : [path];
  });
const testFiles = files(testsDir).filter((f) => f.endsWith(".test.ts"));

test("every test file is in a tier's folder", () => {
  const stray = testFiles.map((f) => relative(testsDir, f)).filter((f) => !/^(unit|integration|e2e)\//.test(f));
  expect(stray, "move these into tests/unit, tests/integration or tests/e2e (README, Tests)").toEqual([]);
});

test("unit tests start no browser, no site process and no whole build", () => {
  // The helpers that do (tests/support): each belongs to the integration or e2e tier.
  // A tool run over the whole project (npm run lint, tsc) is a process of seconds too.
  const heavy =
    /\b(runSite|runSiteEach|siteCommand|SiteWorker|buildInto|realSiteAt|realSiteFilesAt|serveBuiltSite|connectBrowser|renderSite)\b|playwright-core|bin\/site\.js|spawnSync\("npm"|typescript\/bin\/tsc/;
  const offending = testFiles
    .filter((f) => relative(testsDir, f).startsWith("unit/") && f !== import.meta.filename)
    .filter((f) => heavy.test(readFileSync(f, "utf8")))
    .map((f) => relative(testsDir, f));
  expect(offending).toEqual([]);
});
