// What a command loads decides how soon it answers. The CLI is bundled so that each command
// imports the packages it needs and no other's (compiler/run-ts.js): `site check`, clean or
// printing errors with their code frames, loads none for rendering, bundling or laying out
// text. (string-width, imported by the printer for the width of CJK characters, once added
// 50 ms to every command; check-windows' tables kept it until 2026-11-27.) country-to-currency,
// which the check reads each region's money from, is a table of 3 KB.
import { readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { beforeAll, expect, test } from "vitest";
import { bundledCli } from "../../compiler/run-ts.js";
import { projectRoot, runSite } from "../support/cli.ts";
import { materialize } from "../support/fixtures.ts";

const CHECK_PACKAGES = ["ajv-formats", "commander", "country-to-currency", "luxon"];
const watch = pathToFileURL(join(projectRoot, "tests", "support", "watch-packages.js")).href;

// The bundle made (or found fresh) first: a command that finds it stale loads esbuild to make it.
beforeAll(() => bundledCli());

/** The packages `site <args>` imports (ESM imports; packages required through CommonJS are not seen). */
function packagesLoadedBy(fixture: string, args: string[]) {
  const project = materialize(fixture);
  const file = join(tmpdir(), `site-packages-${process.pid}-${fixture}.txt`);
  rmSync(file, { force: true });
  try {
    const run = runSite(args, {
      cwd: project.root,
      env: { NODE_OPTIONS: `--import=${watch}`, LOADED_PACKAGES_FILE: file },
    });
    const loaded = [...new Set(readFileSync(file, "utf8").split("\n").filter(Boolean))].sort();
    return { ...run, loaded };
  } finally {
    project.cleanup();
    rmSync(file, { force: true });
  }
}

test("site check loads only what a check needs, with nothing to print and with code frames of CJK lines", () => {
  const clean = packagesLoadedBy("base", ["check"]);
  expect(clean.code, clean.stdout).toBe(0);
  // wrong-type's frames include a line of site.yaml with 中国大陆 in it.
  const printing = packagesLoadedBy("wrong-type", ["check"]);
  expect(printing.code).toBe(1);
  expect(printing.stdout).toContain("中国大陆");
  for (const { loaded } of [clean, printing]) expect(loaded).toEqual(CHECK_PACKAGES);
});

test("site check-windows loads what a check does, and site --version only what the program needs", () => {
  // A campaign manager's everyday question: what runs when. It checks the specs and reads times.
  const windows = packagesLoadedBy("base", ["check-windows", "--at", "2025-06-10T12:00+08:00"]);
  expect(windows.code, windows.stdout).toBe(0);
  expect(windows.stdout).toContain("Summer sale");
  expect(windows.loaded).toEqual(CHECK_PACKAGES);
  // The program reads every command's --now and --at with luxon: loaded by any command, nothing else.
  const version = packagesLoadedBy("base", ["--version"]);
  expect(version.code).toBe(0);
  expect(version.loaded).toEqual(["commander", "luxon"]);
});
