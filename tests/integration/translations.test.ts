// A text missing in one language: its pages show the fallback language's text (de -> en), the
// build says where, and --strict (for CI) makes the warning fail the run.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse } from "node-html-parser";
import { afterAll, expect, test } from "vitest";
import { projectRoot, siteCommand } from "../support/cli.ts";

const root = mkdtempSync(join(tmpdir(), "site-translations-"));
cpSync(join(projectRoot, "specs"), join(root, "specs"), { recursive: true });
afterAll(() => rmSync(root, { recursive: true, force: true }));
const german = join(root, "specs", "messages", "de.yaml");
writeFileSync(german, readFileSync(german, "utf8").replace("    menu: Menü\n", ""));

test("site check warns about the missing German text and exits 0; with --strict it exits 1", async () => {
  const loose = await siteCommand(["check"], { cwd: root });
  expect(loose.code).toBe(0);
  expect(loose.stdout).toMatch(
    /specs\/messages\/de\.yaml:\d+:\d+ warning missing-message {2}The text ui\.common\.menu is missing in specs\/messages\/de\.yaml; its pages show the en text instead\./,
  );
  const strict = await siteCommand(["check", "--strict"], { cwd: root });
  expect(strict.code).toBe(1);
  expect(strict.stdout).toMatch(/error missing-message/);
});

test("the build shows the English text on the German pages and says so; --strict writes nothing", async () => {
  const built = await siteCommand(["build", "--out", "dist", "--now", "2025-09-01T12:00+02:00"], { cwd: root });
  expect(built.code, built.stderr).toBe(0);
  expect(built.stdout).toContain("ui.common.menu shows the en text on the pages of de (missing in de)");
  const toggle = parse(readFileSync(join(root, "dist", "site", "de", "index.html"), "utf8")).querySelector(
    ".nav-toggle",
  )!;
  expect(toggle.text.trim()).toBe("Menu");
  expect(built.stdout.trim().split("\n").at(-1)).toBe("deploy: dist/site  (the folder to publish)");

  const strict = await siteCommand(["build", "--strict", "--out", "strict-dist", "--now", "2025-09-01T12:00+02:00"], {
    cwd: root,
  });
  expect(strict.code).toBe(1);
  expect(strict.stdout).toContain("build failed: 1 error in the specs (--strict: warnings count); nothing was written");
});

test("build --format json prints the diagnostics and the summary as JSON, and nothing else", async () => {
  const { code, stdout } = await siteCommand(
    ["build", "--format", "json", "--out", "json-dist", "--now", "2025-09-01T12:00+02:00"],
    { cwd: root },
  );
  expect(code).toBe(0);
  const report = JSON.parse(stdout) as {
    diagnostics: { code: string; severity: string }[];
    summary: {
      pages: number;
      deploy: string;
      fallbacks: { key: string; from: string }[];
      stages: Record<string, number>;
    };
  };
  expect(report.diagnostics).toEqual([expect.objectContaining({ code: "missing-message", severity: "warning" })]);
  expect(report.summary.deploy).toBe("json-dist/site");
  expect(report.summary.pages).toBeGreaterThan(100);
  expect(report.summary.fallbacks).toEqual([expect.objectContaining({ key: "ui.common.menu", from: "en" })]);
  // The time of each stage, for CI to keep.
  expect(Object.keys(report.summary.stages)).toEqual(["check", "compile", "bundle", "images", "render", "swap"]);
  for (const ms of Object.values(report.summary.stages)) expect(ms).toBeGreaterThanOrEqual(0);
});

test("build --format github prints annotations for CI", async () => {
  const { code, stdout } = await siteCommand(
    ["build", "--format", "github", "--out", "gh-dist", "--now", "2025-09-01T12:00+02:00"],
    { cwd: root },
  );
  expect(code).toBe(0);
  expect(stdout).toMatch(/^::warning file=specs\/messages\/de\.yaml,line=\d+,col=\d+/m);
});
