// site dev and the templates: a page template saved re-renders the pages of its kind only; a JSX
// syntax error, and an error a template throws while rendering, show in the browser's error
// overlay (the one spec errors use) with the template's file, line and column and a code frame,
// and clear once the template is fixed. The templates saved are those of a temporary copy of the
// project, run as a user runs it: another run of the suite beside this one, whose site dev
// watches this checkout's templates, sees none of it.
import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DateTime } from "luxon";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { compile } from "../../compiler/compile/index.ts";
import { check } from "../../compiler/pipeline.ts";
import { connectBrowser } from "../support/browser.ts";
import { projectRoot, stackTrace } from "../support/cli.ts";
import { fixturesDir } from "../support/fixtures.ts";

const NOW = "2025-06-05T00:00+08:00";
const copy = mkdtempSync(join(tmpdir(), "site-project-"));
const article = join(copy, "templates", "pages", "article.tsx");
let original = "";
// Two lines of the article template the edits break, and their numbers in it: the tag that closes
// a section, and the line that gives the title its text.
const closing = "</section>";
const title = "text={page.title}";
let closingLine = 0;
let titleLine = 0;
let dev: ChildProcess;
let url = "";
let stdout = "";
let stderr = "";
let browser: Browser;

beforeAll(async () => {
  // What the package ships (its "files"), so a folder added or moved is copied too; not lib/, the
  // bundle cache of this checkout's sources: the copy bundles its own.
  const shipped = (
    JSON.parse(readFileSync(join(projectRoot, "package.json"), "utf8")) as { files: string[] }
  ).files.filter((dir) => dir !== "lib");
  for (const dir of shipped) cpSync(join(projectRoot, dir), join(copy, dir), { recursive: true });
  cpSync(join(projectRoot, "package.json"), join(copy, "package.json"));
  cpSync(join(fixturesDir, "base", "specs"), join(copy, "specs"), { recursive: true });
  symlinkSync(join(projectRoot, "node_modules"), join(copy, "node_modules"));
  original = readFileSync(article, "utf8");
  const lines = original.split("\n");
  closingLine = lines.findIndex((l) => l.trim() === closing) + 1;
  titleLine = lines.findIndex((l) => l.includes(title)) + 1;
  expect(closingLine, `templates/pages/article.tsx has a line ${closing}`).toBeGreaterThan(0);
  expect(titleLine, `templates/pages/article.tsx has a line ${title}`).toBeGreaterThan(0);
  dev = spawn(process.execPath, [join(copy, "bin", "site.js"), "dev", "--port", "0", "--now", NOW], {
    cwd: copy,
    env: { ...process.env, NO_COLOR: "1" },
  });
  dev.stdout!.on("data", (d: Buffer) => (stdout += d));
  dev.stderr!.on("data", (d: Buffer) => (stderr += d));
  url = await new Promise<string>((resolve, reject) => {
    dev.stdout!.on("data", () => {
      const match = /http:\/\/127\.0\.0\.1:\d+/.exec(stdout);
      if (match) resolve(match[0]);
    });
    dev.once("exit", (code) => reject(new Error(`site dev exited ${code}: ${stderr}`)));
  });
  browser = await connectBrowser();
});

afterAll(async () => {
  await browser?.close();
  if (dev && dev.exitCode === null) {
    const exited = new Promise((resolve) => dev.once("exit", resolve));
    dev.kill("SIGTERM");
    await exited;
  }
  rmSync(copy, { recursive: true, force: true });
});

/** The article page open in a tab, as it is before any edit. */
async function openArticle(): Promise<Page> {
  const page = await browser.newPage();
  await page.goto(`${url}/us/about-us`);
  await expect(page.locator("h1").innerText()).resolves.toBe("About us");
  return page;
}

/** Waits for the overlay and returns its text. */
async function overlayText(page: Page): Promise<string> {
  const overlay = page.locator("#__site-error-overlay");
  await overlay.waitFor({ timeout: 60_000 });
  return overlay.innerText();
}

/** The fixed template saved: the page reloads by itself, shows the article, and no overlay. */
async function fixedAndCleared(page: Page): Promise<void> {
  writeFileSync(article, original);
  await page.waitForFunction(
    () => !document.getElementById("__site-error-overlay") && document.querySelector("h1")?.textContent === "About us",
    null,
    { timeout: 60_000 },
  );
}

test("a page template saved re-renders the pages of its kind and no others", async () => {
  // Saved as it is: only its time changes.
  const model = check(join(copy, "specs")).model!;
  const articles = compile(model, DateTime.fromISO(NOW, { setZone: true })).routes.filter(
    (r) => r.data?.route.template === "article",
  ).length;
  expect(articles).toBeGreaterThan(0);
  const before = stdout.length;
  const saved = new Date();
  utimesSync(article, saved, saved);
  // The terminal's line for the rebuild: what changed, and how many pages with it.
  const rebuilt = () => /rebuilt {2}(.+?) {2}(\d+) pages? changed/.exec(stdout.slice(before))?.slice(1, 3);
  await expect.poll(rebuilt, { timeout: 60_000 }).toBeDefined();
  expect(rebuilt()).toEqual(["templates/pages/article.tsx", String(articles)]);
});

describe("template errors in the browser", () => {
  test("a JSX syntax error shows its file, line, column and code frame over the page, and clears when fixed", async () => {
    const page = await openArticle();
    try {
      writeFileSync(article, original.replace(closing, "</article>"));
      const text = await overlayText(page);
      expect(text).toMatch(new RegExp(`templates/pages/article\\.tsx:${closingLine}:\\d+`));
      expect(text).toMatch(/closing "article" tag does not match opening "section" tag/);
      // The code frame: the line itself under its number, with a caret.
      expect(text).toContain(`> ${closingLine} |         </article>`);
      expect(text).toMatch(/\|\s+\^/);
      expect(stdout).toMatch(new RegExp(`templates/pages/article\\.tsx:${closingLine}:\\d+`));
      await fixedAndCleared(page);
    } finally {
      await page.close();
    }
  });

  test("an error a template throws while rendering shows where it was thrown, and clears when fixed", async () => {
    const page = await openArticle();
    try {
      writeFileSync(
        article,
        original.replace(title, "text={(page as unknown as { hero: { title: string } }).hero.title}"),
      );
      const text = await overlayText(page);
      expect(text).toMatch(new RegExp(`templates/pages/article\\.tsx:${titleLine}:\\d+`));
      expect(text).toContain("Cannot read properties of undefined (reading 'title')");
      // The code frame: the line under its number (its start cut to fit the column in view).
      expect(text).toMatch(new RegExp(`> ${titleLine} \\| .*text=\\{\\(page as unknown`));
      await fixedAndCleared(page);
    } finally {
      await page.close();
    }
  });

  test("nothing reached the terminal as a stack trace", () => {
    expect(stderr).not.toMatch(stackTrace);
    expect(stdout).not.toMatch(stackTrace);
  });
});
