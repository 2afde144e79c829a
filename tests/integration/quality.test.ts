// The quality gates of every build (DESIGN.md "Bars"): valid HTML, images and JSON-LD that
// resolve and agree with the price table, and the page-weight budget.
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { gzipSync } from "node:zlib";
import { type ConfigData, HtmlValidate, type ResolvedConfig, StaticConfigLoader } from "html-validate";
import { parse } from "node-html-parser";
import { beforeAll, describe, expect, test } from "vitest";
import { check } from "../../compiler/pipeline.ts";
import type { PageWeight } from "../../compiler/render/weights.ts";
import { hydratesAtLoad } from "../../templates/islands/hydration.ts";
import type { SiteModel } from "../../compiler/link/model.ts";
import { realSiteAt } from "../support/build.ts";
import { projectRoot } from "../support/cli.ts";

const KB = 1024;
let out = "";
let model: SiteModel;
let pages: string[] = [];
let heaviestInSummary: PageWeight[] = [];

const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)],
  );

beforeAll(async () => {
  // During Black Friday: every kind of section is on some page.
  const built = await realSiteAt("2024-11-25T12:00+01:00");
  out = built.out;
  heaviestInSummary = built.summary.heaviest;
  model = check(join(projectRoot, "specs")).model!;
  pages = files(join(out, "site")).filter((f) => f.endsWith(".html"));
});

/**
 * The project's html-validate configuration, resolved once for every page: html-validate resolves
 * it for each document it is given, building its table of HTML elements again each time, which
 * took half of the time the 172 pages took to validate.
 */
class ResolvedOnce extends StaticConfigLoader {
  private resolved: ResolvedConfig | Promise<ResolvedConfig> | undefined;
  override getConfigFor(handle: string, override?: ConfigData): ResolvedConfig | Promise<ResolvedConfig> {
    if (override) return super.getConfigFor(handle, override);
    return (this.resolved ??= super.getConfigFor(handle));
  }
}

const site = (path: string) => join(out, "site", path);
const pathOf = (file: string) =>
  `/${relative(join(out, "site"), file)
    .replace(/index\.html$/, "")
    .replace(/\/$/, "")}`;

describe("every built page", () => {
  test("is valid HTML (html-validate, standard and accessibility rules)", async () => {
    const validator = new HtmlValidate(
      new ResolvedOnce(JSON.parse(readFileSync(join(projectRoot, ".htmlvalidate.json"), "utf8")) as ConfigData),
    );
    const problems: string[] = [];
    for (const file of pages) {
      const report = await validator.validateString(readFileSync(file, "utf8"), file);
      for (const result of report.results)
        for (const m of result.messages) problems.push(`${pathOf(file)}: ${m.ruleId} ${m.message}`);
    }
    expect(problems).toEqual([]);
    expect(pages.length).toBeGreaterThan(150);
  });

  test("every image it shows exists", () => {
    const missing = new Set<string>();
    for (const file of pages) {
      for (const img of parse(readFileSync(file, "utf8")).querySelectorAll(
        "img[src], link[rel=icon], link[rel=preload][as=image]",
      )) {
        const src = img.getAttribute("src") ?? img.getAttribute("href")!;
        if (src.startsWith("/") && !existsSync(site(src))) missing.add(`${pathOf(file)} -> ${src}`);
      }
    }
    expect([...missing]).toEqual([]);
  });

  test("every internal link and anchor leads to a built page and an element on it", () => {
    const ids = new Map<string, Set<string>>();
    const idsOf = (path: string) => {
      if (!ids.has(path)) {
        const file = site(path === "/" ? "index.html" : `${path.slice(1)}/index.html`);
        ids.set(
          path,
          existsSync(file)
            ? new Set(
                parse(readFileSync(file, "utf8"))
                  .querySelectorAll("[id]")
                  .map((e) => e.id),
              )
            : new Set(["<missing>"]),
        );
      }
      return ids.get(path)!;
    };
    const broken: string[] = [];
    for (const file of pages) {
      const from = pathOf(file) || "/";
      for (const a of parse(readFileSync(file, "utf8")).querySelectorAll("a[href]")) {
        const href = a.getAttribute("href")!;
        if (!href.startsWith("/") && !href.startsWith("#")) continue;
        const [path, anchor] = href.split("#") as [string, string | undefined];
        const target = path === "" ? from : path;
        const targetIds = idsOf(target);
        if (targetIds.has("<missing>")) broken.push(`${from} -> ${href} (no page)`);
        else if (anchor && !targetIds.has(anchor)) broken.push(`${from} -> ${href} (no #${anchor})`);
      }
    }
    expect(broken).toEqual([]);
  });

  test("JSON-LD parses, and every product offer is the price in force: the campaign's, else the price table's", () => {
    let offers = 0;
    for (const file of pages) {
      for (const script of parse(readFileSync(file, "utf8")).querySelectorAll('script[type="application/ld+json"]')) {
        const block = JSON.parse(script.textContent);
        if (block["@type"] !== "Product" || !block.offers) continue;
        const path = pathOf(file);
        const route = model.routesByPath.get(path)!;
        const region = model.regions.get(route.region)!;
        // Black Friday (stage 2) is on: where it prices the product, its price is the offer.
        const sale = model.offer("black-friday-2024", route.product!, route.region, 2);
        expect(block.offers.price, path).toBe(sale ?? model.price(route.product!, route.region));
        expect(block.offers.priceCurrency, path).toBe(region.settings.currency);
        offers++;
      }
    }
    expect(offers).toBeGreaterThan(40);
  });
});

describe("page weight", () => {
  const gz = (url: string) => gzipSync(readFileSync(site(url))).byteLength;
  const scriptsOf = (file: string) => {
    const doc = parse(readFileSync(file, "utf8"));
    return [
      ...doc.querySelectorAll('script[type="module"][src]').map((s) => s.getAttribute("src")!),
      ...doc.querySelectorAll('link[rel="modulepreload"]').map((l) => l.getAttribute("href")!),
    ];
  };

  test("first-load JavaScript of every page is at most 80 KB gzip, HTML at most 100 KB gzip", () => {
    const heaviest = { js: 0, html: 0, jsPage: "", htmlPage: "" };
    for (const file of pages) {
      const js = scriptsOf(file).reduce((sum, url) => sum + gz(url), 0);
      const html = gzipSync(readFileSync(file)).byteLength;
      if (js > heaviest.js) Object.assign(heaviest, { js, jsPage: pathOf(file) });
      if (html > heaviest.html) Object.assign(heaviest, { html, htmlPage: pathOf(file) });
    }
    expect(heaviest.js, `first-load JS of ${heaviest.jsPage}`).toBeLessThanOrEqual(80 * KB);
    expect(heaviest.html, `HTML of ${heaviest.htmlPage}`).toBeLessThanOrEqual(100 * KB);
  });

  test("a page loads React at first only for an island a shopper meets at once (the login and account forms)", () => {
    let waiting = 0;
    let countdowns = 0;
    for (const file of pages) {
      const html = readFileSync(file, "utf8");
      const islands = [...new Set([...html.matchAll(/data-island="(\w+)"/g)].map((m) => m[1]!))];
      const atLoad = islands.filter(hydratesAtLoad);
      const scripts = [...html.matchAll(/<(?:script type="module" src|link rel="modulepreload" href)="([^"]+)"/g)].map(
        (m) => m[1]!,
      );
      const loadsReact = scripts.some((url) => /\/hydrate-\w+\.js$/.test(url));
      expect(loadsReact, `${pathOf(file)}: ${islands.join(", ")}`).toBe(atLoad.length > 0);
      // The code of an island that waits (the footer's form, a gallery far down) is not preloaded either.
      const chunkOf = (island: string) => `/${island[0]!.toUpperCase()}${island.slice(1)}-`;
      for (const island of islands.filter((name) => !atLoad.includes(name)))
        expect(
          scripts.filter((url) => url.includes(chunkOf(island))),
          pathOf(file),
        ).toEqual([]);
      if (atLoad.length === 0) waiting++;
      // A campaign's countdown ticks in the runtime (runtime/countdown.ts): no React for it.
      if (html.includes("data-countdown=")) {
        countdowns++;
        expect(loadsReact, `${pathOf(file)} loads React for its countdown`).toBe(false);
      }
    }
    expect(countdowns, "campaign pages with a countdown").toBeGreaterThan(0);
    // Every page has the footer's form; most have no island needed at once (the homes, products, articles).
    expect(waiting).toBeGreaterThan(pages.length / 2);
  });

  test("the CSS of every page is at most 20 KB gzip, the sheets it links together", () => {
    const heaviest = { css: 0, page: "" };
    for (const file of pages) {
      const sheets = parse(readFileSync(file, "utf8"))
        .querySelectorAll('link[rel="stylesheet"]')
        .map((l) => l.getAttribute("href")!);
      const css = sheets.reduce((sum, url) => sum + gz(url), 0);
      if (css > heaviest.css) Object.assign(heaviest, { css, page: pathOf(file) });
    }
    expect(heaviest.css, "a page links its stylesheets").toBeGreaterThan(0);
    expect(heaviest.css, `CSS of ${heaviest.page}`).toBeLessThanOrEqual(20 * KB);
  });

  test("the build summary's size table agrees with the pages as served, the heaviest first", () => {
    expect(heaviestInSummary).toHaveLength(5);
    for (const w of heaviestInSummary) {
      const file = site(w.path === "/" ? "index.html" : `${w.path.slice(1)}/index.html`);
      expect(w.html, w.path).toBe(gzipSync(readFileSync(file)).byteLength);
      expect(w.js, w.path).toBe(scriptsOf(file).reduce((sum, url) => sum + gz(url), 0));
    }
    const weights = heaviestInSummary.map((w) => w.js);
    expect(weights).toEqual([...weights].sort((a, b) => b - a));
    // No page left out of the table loads more than the last one in it.
    const listed = new Set(heaviestInSummary.map((w) => w.path));
    const lightestListed = weights.at(-1)!;
    for (const file of pages)
      if (!listed.has(pathOf(file)))
        expect(
          scriptsOf(file).reduce((sum, url) => sum + gz(url), 0),
          pathOf(file),
        ).toBeLessThanOrEqual(lightestListed);
  });

  test("a page with nothing interactive of its own loads no page chunk", () => {
    // An article has no island besides the footer's sign-up: it loads the runtime and that only.
    const article = scriptsOf(site("us/about-us/index.html"));
    const home = scriptsOf(site("us/index.html"));
    const campaign = scriptsOf(site("eu/black-friday/index.html"));
    expect(article.filter((u) => /Countdown|Gallery|VoiceCommands|Community/.test(u))).toEqual([]);
    expect(campaign.filter((u) => /Countdown|hydrate-/.test(u))).toEqual([]);
    expect(new Set(article)).toEqual(new Set(home.filter((u) => !/Countdown|Gallery|VoiceCommands|Community/.test(u))));
  });

  test("a region's data chunk carries only that region's data", () => {
    const chunks = files(site("assets/chunks")).filter((f) => /\/(us|uk|eu|fr|de|jp|kr|cn)-[A-Z0-9]+\.js$/.test(f));
    expect(chunks).toHaveLength(8);
    for (const chunk of chunks) {
      const code = /\/([a-z]{2})-[A-Z0-9]+\.js$/.exec(chunk)![1]!;
      const text = readFileSync(chunk, "utf8");
      for (const other of ["us", "uk", "eu", "fr", "de", "jp", "kr"].filter((r) => r !== code)) {
        expect(text.includes(`"/${other}/`), `${code} chunk mentions /${other}/`).toBe(false);
      }
    }
  });
});
