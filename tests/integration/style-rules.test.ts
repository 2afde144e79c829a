// Every class on every built page has a rule in a stylesheet that page links, or is a declared
// hook (templates/style-hooks.ts): names built at render time (`is-${state}`, a section's tone)
// included, and each page judged by its own sheets, so a component whose CSS the page's sheet
// lacks is caught too. At two instants: Black Friday week and an ordinary day show different
// sections.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { parse } from "node-html-parser";
import { expect, test } from "vitest";
import { realSiteAt } from "../support/build.ts";
import { classesInCss, isStyleHook } from "../support/style-classes.ts";

const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)],
  );

/** Each class without a rule in its page's sheets, with the first page it is on. */
async function classesWithoutRule(now: string): Promise<{ pages: number; bare: Map<string, string> }> {
  const site = join((await realSiteAt(now)).out, "site");
  const sheets = new Map<string, Set<string>>();
  const ruled = (href: string) => {
    if (!sheets.has(href)) sheets.set(href, classesInCss(readFileSync(join(site, href), "utf8")));
    return sheets.get(href)!;
  };
  const bare = new Map<string, string>();
  const pages = files(site).filter((f) => f.endsWith(".html"));
  for (const file of pages) {
    const doc = parse(readFileSync(file, "utf8"));
    const linked = doc.querySelectorAll('link[rel="stylesheet"]').map((l) => ruled(l.getAttribute("href")!));
    for (const element of doc.querySelectorAll("[class]"))
      for (const name of element.classList.values())
        if (!bare.has(name) && !isStyleHook(name) && !linked.some((rules) => rules.has(name)))
          bare.set(name, `/${relative(site, file)}`);
  }
  return { pages: pages.length, bare };
}

test.each(["2024-11-25T12:00+01:00", "2025-09-01T12:00+02:00"])(
  "every class on a page built as of %s has a rule in the sheets it links, or is a declared hook",
  async (now) => {
    const { pages, bare } = await classesWithoutRule(now);
    expect(pages).toBeGreaterThan(150);
    expect(
      [...bare].map(([name, page]) => `${name} (${page})`),
      "give these a rule beside their component, or list them in templates/style-hooks.ts",
    ).toEqual([]);
  },
);
