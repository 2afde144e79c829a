// site build of the real specs: every route of both seeds' tables with its language, canonical,
// alternates and JSON-LD; the price facts a shopper sees; host files; and the output as a whole.
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { parse, type HTMLElement } from "node-html-parser";
import { beforeAll, describe, expect, test } from "vitest";
import { check } from "../../compiler/pipeline.ts";
import { pageAnchors, templateAnchors } from "../../templates/anchors.ts";
import { realSiteAt } from "../support/build.ts";
import { projectRoot } from "../support/cli.ts";

// A moment after the Flagship Bumblebee release and outside every campaign.
const NOW = "2025-09-01T12:00+02:00";
let out = "";

beforeAll(async () => {
  const built = await realSiteAt(NOW);
  expect(built.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  out = built.out;
});

const page = (path: string): HTMLElement => {
  const file = path === "/" ? "index.html" : `${path.slice(1)}/index.html`;
  return parse(readFileSync(join(out, "site", file), "utf8"));
};
const jsonLd = (doc: HTMLElement) =>
  doc.querySelectorAll('script[type="application/ld+json"]').map((s) => JSON.parse(s.textContent));
const routes = () =>
  JSON.parse(readFileSync(join(out, "manifests", "routes.json"), "utf8")) as {
    now: string;
    routes: {
      path: string;
      region: string;
      locale: string;
      page: string;
      file: string;
      redirect: { to: string; status: number } | null;
    }[];
  };

// Seed 000 §2 and seed 001 §2: page -> regions that carry it. (The campaign pages, black-friday
// and christmas-sale, are over at NOW: see "ended campaign pages"; tests/integration/campaigns.test.ts builds
// them while they run.)
const routeTable: Record<string, string[]> = {
  home: ["us", "uk", "eu", "fr", "de", "jp", "kr", "cn"],
  "choose-your-region": ["us", "uk", "eu", "fr", "de", "jp", "kr", "cn"],
  "toy-story-buzz-lightyear": ["us", "uk", "eu", "fr", "de", "cn"],
  "flagship-bumblebee": ["us", "uk", "eu", "fr", "de", "cn", "jp"],
  "elite-optimus-prime": ["us"],
  "grimlock-g1-flagship": ["us"],
  "bumblebee-g1-performance": ["us"],
  "where-to-buy": ["us", "uk", "eu", "fr", "de", "jp"],
  "where-to-buy/hongkong-macao": ["cn"],
  manuals: ["us", "uk", "eu", "fr", "de", "kr", "cn"],
  login: ["us", "uk", "eu", "fr", "de", "jp", "kr", "cn"],
  "k1-pro-interstellar-scout": ["cn", "de", "eu", "fr", "uk", "us"],
};
const langOf: Record<string, string> = {
  cn: "zh-CN",
  us: "en-US",
  uk: "en-GB",
  eu: "en",
  fr: "fr-FR",
  de: "de-DE",
  kr: "ko-KR",
  jp: "ja-JP",
};
const pathOf = (region: string, pageId: string) =>
  (region === "cn" ? "" : `/${region}`) + (pageId === "home" ? "" : `/${pageId}`) || "/";
const originOf = (region: string) => (region === "cn" ? "https://www.mechanova.cn" : "https://www.mechanova.com");

describe("routes of the seeds' route tables", () => {
  for (const [pageId, regions] of Object.entries(routeTable)) {
    test(`${pageId} is built in ${regions.join(", ")} and nowhere else`, () => {
      const built = routes()
        .routes.filter((r) => r.page === pageId && !r.redirect)
        .map((r) => r.region);
      expect(built.sort()).toEqual([...regions].sort());
      for (const region of regions) {
        const path = pathOf(region, pageId);
        const doc = page(path);
        expect(doc.querySelector("html")!.getAttribute("lang"), path).toBe(langOf[region]);
        expect(doc.querySelector('link[rel="canonical"]')!.getAttribute("href")).toBe(originOf(region) + path);
        const alternates = doc
          .querySelectorAll('link[rel="alternate"][hreflang]')
          .map((l) => [l.getAttribute("hreflang"), l.getAttribute("href")]);
        // Every region that has the page, and x-default by priority cn, us, eu.
        expect(alternates.filter(([h]) => h !== "x-default")).toHaveLength(regions.length);
        const fallback = ["cn", "us", "eu"].find((r) => regions.includes(r));
        if (fallback) expect(alternates).toContainEqual(["x-default", originOf(fallback) + pathOf(fallback, pageId)]);
        expect(jsonLd(doc).map((b) => b["@type"])).toEqual(expect.arrayContaining(["Organization", "WebPage"]));
      }
    });
  }

  test("ended campaign pages are 302s to their region's home, with no HTML, in routes.json, _redirects and nginx.conf", () => {
    for (const pageId of ["black-friday", "christmas-sale"]) {
      const ended = routes().routes.filter((r) => r.page === pageId);
      expect(ended.map((r) => r.region).sort()).toEqual(["de", "eu", "fr", "uk", "us"]);
      for (const route of ended) {
        expect(route.redirect).toEqual({ to: `/${route.region}`, status: 302 });
        // Only the redirect page for hosts without redirects: none of the campaign's content.
        const doc = page(`/${route.region}/${pageId}`);
        expect(doc.querySelector('meta[http-equiv="refresh"]')!.getAttribute("content")).toBe(`0;url=/${route.region}`);
        expect(doc.querySelector("main")).toBeNull();
        expect(readFileSync(join(out, "host", "_redirects"), "utf8")).toContain(
          `/${route.region}/${pageId} /${route.region} 302`,
        );
        expect(readFileSync(join(out, "host", "nginx.conf"), "utf8")).toContain(
          `location = /${route.region}/${pageId} { return 302 /${route.region}; }`,
        );
      }
    }
  });

  test("cn new-release is a 301 to flagship-bumblebee in routes.json and _redirects", () => {
    expect(routes().routes).toContainEqual(
      expect.objectContaining({
        path: "/new-release",
        region: "cn",
        redirect: { to: "/flagship-bumblebee", status: 301 },
      }),
    );
    expect(readFileSync(join(out, "host", "_redirects"), "utf8")).toContain("/new-release /flagship-bumblebee 301");
    expect(readFileSync(join(out, "host", "nginx.conf"), "utf8")).toContain(
      "location = /new-release { return 301 /flagship-bumblebee; }",
    );
    // Hosts without redirects still send the visitor on.
    expect(page("/new-release").querySelector('meta[http-equiv="refresh"]')!.getAttribute("content")).toBe(
      "0;url=/flagship-bumblebee",
    );
  });

  test("routes.json records the instant the build shows, and a manifest per route", () => {
    const json = routes();
    expect(json.now).toBe("2025-09-01T12:00:00.000+02:00");
    for (const r of json.routes) {
      const manifest = JSON.parse(
        readFileSync(join(out, "manifests", r.path === "/" ? "index.json" : `${r.path.slice(1)}.json`), "utf8"),
      );
      expect(manifest.path).toBe(r.path);
    }
  });
});

describe("prices and offers", () => {
  const offer = (path: string) => jsonLd(page(path)).find((b) => b["@type"] === "Product")!.offers;

  test("the Flagship Bumblebee offers 1299 USD in us, 174900 JPY in jp, 8499 CNY on cn", () => {
    expect(offer("/us/flagship-bumblebee")).toMatchObject({ price: 1299, priceCurrency: "USD" });
    expect(offer("/jp/flagship-bumblebee")).toMatchObject({ price: 174900, priceCurrency: "JPY" });
    expect(offer("/flagship-bumblebee")).toMatchObject({ price: 8499, priceCurrency: "CNY" });
  });

  test("the shown price is formatted for the region", () => {
    expect(page("/us/flagship-bumblebee").querySelector(".product-price .price")!.text).toBe("$1,299");
    expect(page("/jp/flagship-bumblebee").querySelector(".product-price .price")!.text).toBe("￥174,900");
    expect(page("/de/flagship-bumblebee").querySelector(".product-price .price")!.text).toBe("1.599\u00a0€");
  });

  test("sold out, pre-order and buy states come from stock and pre-sale", () => {
    const megatron = page("/us/flagship-megatron");
    expect(megatron.querySelector("[data-state]")!.getAttribute("data-state")).toBe("soldOut");
    expect(megatron.querySelector("[data-state]")!.tagName).toBe("SPAN");
    expect(offer("/us/flagship-megatron").availability).toBe("https://schema.org/SoldOut");
    expect(page("/us/flagship-bumblebee").querySelector("[data-state]")!.getAttribute("data-state")).toBe("preOrder");
    expect(offer("/us/flagship-bumblebee").availability).toBe("https://schema.org/PreOrder");
    const buzz = page("/us/toy-story-buzz-lightyear").querySelector("a[data-state]")!;
    expect(buzz.getAttribute("data-state")).toBe("buy");
    expect(buzz.getAttribute("href")).toBe("https://us.store.mechanova.com/products/toy-story-buzz-lightyear");
  });

  test("the us instalment is derived: 1,699 over 12 months is 141.6", () => {
    expect(page("/us/grimlock-g1-flagship").querySelector(".installment")!.text).toBe(
      "or $141.6/mo. for 12 months at 0% APR",
    );
    expect(page("/uk/toy-story-buzz-lightyear").querySelector(".installment")!.text).toContain("£166.3");
    expect(page("/de/toy-story-buzz-lightyear").querySelector(".installment")).toBeNull();
  });
});

describe("layout", () => {
  test("the header leaves out entries hidden there; the footer leaves out entries hidden in the footer", () => {
    const us = readFileSync(join(projectRoot, "specs", "regions", "us.yaml"), "utf8");
    expect(us).toMatch(/hidden: \[header, footer\]/);
    const doc = page("/us");
    const headerLabels = doc.querySelectorAll(".site-header .nav-label").map((e) => e.text);
    const footerLinks = doc.querySelectorAll(".footer-column a").map((e) => e.text);
    expect(headerLabels.length).toBeGreaterThan(5);
    // The region chooser entry is hidden in both; the account is the header's own link, once.
    expect(headerLabels).not.toContain("Choose Your Region");
    expect(footerLinks).not.toContain("Choose Your Region");
    expect(doc.querySelectorAll(".site-header a").filter((a) => a.text.trim() === "Account")).toHaveLength(1);
    expect(footerLinks).not.toContain("Account");
  });

  test("every page has the ids the link stage lets scrollTo and #links name (templates/anchors.ts), once", () => {
    const model = check(join(projectRoot, "specs")).model!;
    const templateOf = new Map(model.routes.map((r) => [r.path, r.template]));
    let checked = 0;
    for (const r of routes().routes) {
      if (r.redirect) continue;
      const template = templateOf.get(r.path);
      const doc = page(r.path);
      for (const id of [...pageAnchors, ...((template && templateAnchors[template]) ?? [])]) {
        expect(doc.querySelectorAll(`[id="${id}"]`), `#${id} on ${r.path}`).toHaveLength(1);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(500);
  });

  test("the us footer links are Home, About, Privacy Policy, Terms of Use", () => {
    const links = page("/us")
      .querySelectorAll(".footer-navs a")
      .map((a) => [a.text, a.getAttribute("href")]);
    expect(links).toEqual([
      ["Home", "/us"],
      ["About", "/us/about-us"],
      ["Privacy Policy", "/us/privacy-policy"],
      ["Terms of Use", "/us/terms-use"],
    ]);
  });

  test("choose-your-region lists the countries, with Canada and other countries on the us site and cn on its own domain", () => {
    const doc = page("/us/choose-your-region");
    const options = doc.querySelectorAll(".region-options a").map((a) => [a.text.trim(), a.getAttribute("href")]);
    expect(options).toContainEqual(["CA Canada - English", "/us"]);
    expect(options).toContainEqual(["OTHER Other Regions - English", "/us"]);
    expect(options).toContainEqual(["CN 中国大陆 - 简体中文", "https://www.mechanova.cn/"]);
    expect(doc.querySelectorAll("[lang]").map((e) => e.getAttribute("lang"))).toEqual(
      expect.arrayContaining(["zh", "en", "de", "fr", "ja", "ko"]),
    );
  });

  test("manuals follow the seed's series counts: cn 6, kr 5, de/eu/fr 7, us 8", () => {
    const series = (region: string) => page(pathOf(region, "manuals")).querySelectorAll(".manual-series").length;
    expect(Object.fromEntries(["cn", "kr", "de", "eu", "fr", "us"].map((r) => [r, series(r)]))).toEqual({
      cn: 6,
      kr: 5,
      de: 7,
      eu: 7,
      fr: 7,
      us: 8,
    });
  });
});

describe("files for hosts and crawlers", () => {
  test("sitemap.xml lists pages with their alternates; robots.txt names the sitemaps; 404.html exists", () => {
    const sitemap = readFileSync(join(out, "site", "sitemap.xml"), "utf8");
    expect(sitemap).toContain("<loc>https://www.mechanova.com/us/flagship-bumblebee</loc>");
    expect(sitemap).toContain('hreflang="ja-JP" href="https://www.mechanova.com/jp/flagship-bumblebee"');
    expect(sitemap).not.toContain("/us/login<");
    const robots = readFileSync(join(out, "site", "robots.txt"), "utf8");
    expect(robots).toContain("Sitemap: https://www.mechanova.com/sitemap.xml");
    expect(robots).toContain("Disallow: /us/account");
    expect(existsSync(join(out, "site", "404.html"))).toBe(true);
  });

  test("every internal link of every page leads to a built page", () => {
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? files(join(dir, e.name)) : e.name === "index.html" ? [join(dir, e.name)] : [],
      );
    const broken: string[] = [];
    for (const file of files(join(out, "site"))) {
      for (const a of parse(readFileSync(file, "utf8")).querySelectorAll("a[href]")) {
        const href = a.getAttribute("href")!;
        if (!href.startsWith("/")) continue;
        const path = href.split("#")[0]!;
        const target = path === "/" ? "index.html" : `${path.slice(1)}/index.html`;
        if (!existsSync(join(out, "site", target))) broken.push(`${file.slice(out.length)} -> ${href}`);
      }
    }
    expect(broken).toEqual([]);
  });

  test("generated modules: shared plus one per region", () => {
    const generated = readdirSync(join(out, "generated", "regions")).sort();
    expect(generated).toEqual(["cn.ts", "de.ts", "eu.ts", "fr.ts", "jp.ts", "kr.ts", "uk.ts", "us.ts"]);
    expect(existsSync(join(out, "generated", "shared.ts"))).toBe(true);
  });
});
