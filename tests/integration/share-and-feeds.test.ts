// What a shared link and a feed reader see (issue 15), in a build of the real specs: the OpenGraph
// and Twitter card tags of a product page, a campaign page and the home in two regions, and each
// region's Atom feed of its news (items newest first, absolute links, a campaign's item only once
// the campaign has begun), linked from the region's pages and listed nowhere else.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { type HTMLElement, parse } from "node-html-parser";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { buildInto } from "../support/build.ts";
import { projectRoot } from "../support/cli.ts";

// Early Black Friday is live (it began on 14 November); the Flagship Bumblebee launch, whose news
// item is in every language, begins on 27 March 2025.
const NOW = "2024-11-20T12:00+01:00";
const ORIGIN = "https://www.mechanova.com";
let out = "";
let cleanup = () => {};

beforeAll(async () => {
  const built = await buildInto(join(projectRoot, "specs"), NOW);
  cleanup = built.cleanup;
  expect(built.result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  out = built.out;
}, 120_000);
afterAll(() => cleanup());

const siteFile = (path: string) => join(out, "site", path === "/" ? "index.html" : `${path.slice(1)}/index.html`);
const page = (path: string): HTMLElement => parse(readFileSync(siteFile(path), "utf8"));
const routes = () =>
  (
    JSON.parse(readFileSync(join(out, "manifests", "routes.json"), "utf8")) as {
      routes: { path: string; region: string; locale: string; page: string; redirect: unknown }[];
    }
  ).routes;

const property = (doc: HTMLElement, name: string) =>
  doc.querySelectorAll(`meta[property="${name}"]`).map((m) => m.getAttribute("content"));
const named = (doc: HTMLElement, name: string) => doc.querySelector(`meta[name="${name}"]`)?.getAttribute("content");

describe("OpenGraph and Twitter card tags", () => {
  const cases = [
    { path: "/us", region: "us", type: "website" },
    { path: "/de", region: "de", type: "website" },
    { path: "/us/toy-story-buzz-lightyear", region: "us", type: "product" },
    { path: "/de/toy-story-buzz-lightyear", region: "de", type: "product" },
    { path: "/us/black-friday", region: "us", type: "website" },
    { path: "/de/black-friday", region: "de", type: "website" },
  ];
  for (const { path, region, type } of cases) {
    test(`${path}: title, description, url, image, locale and its alternates`, () => {
      const doc = page(path);
      const one = (name: string) => {
        const values = property(doc, name);
        expect(values, name).toHaveLength(1);
        return values[0]!;
      };
      const title = doc.querySelector("title")!.textContent;
      const description = named(doc, "description");
      expect(one("og:type")).toBe(type);
      expect(one("og:site_name")).toBe("Mechanova");
      expect(`${one("og:title")} | Mechanova`).toBe(title);
      expect(one("og:description")).toBe(description);
      expect(one("og:description").length).toBeGreaterThan(20);
      expect(one("og:url")).toBe(doc.querySelector('link[rel="canonical"]')!.getAttribute("href"));
      expect(one("og:url")).toBe(ORIGIN + path);

      // An absolute URL of an image the build holds: a JPEG, since share previews take no SVG.
      const image = new URL(one("og:image"));
      expect(image.origin).toBe(ORIGIN);
      expect(existsSync(join(out, "site", decodeURIComponent(image.pathname))), image.href).toBe(true);
      expect(image.pathname).toMatch(/\.jpg$/);
      expect(one("og:image:alt")).not.toBe("");

      // The page's locale with an underscore; the alternates are the other regions that have the page.
      const own = routes().find((r) => r.path === path)!;
      expect(one("og:locale")).toBe(own.locale.replace("-", "_"));
      const others = routes()
        .filter((r) => r.page === own.page && !r.redirect && r.region !== region)
        .map((r) => r.locale.replace("-", "_"));
      const alternates = property(doc, "og:locale:alternate");
      expect(alternates.sort()).toEqual([...new Set(others)].sort());
      expect(alternates).not.toContain(one("og:locale"));
      expect(others.length).toBeGreaterThan(0);

      expect(named(doc, "twitter:card")).toBe("summary_large_image");
      expect(named(doc, "twitter:title")).toBe(one("og:title"));
      expect(named(doc, "twitter:description")).toBe(one("og:description"));
      expect(named(doc, "twitter:image")).toBe(one("og:image"));
    });
  }

  test("a product page shows its product; a campaign page its banner", () => {
    const product = property(page("/us/toy-story-buzz-lightyear"), "og:image")[0]!;
    const productLd = page("/us/toy-story-buzz-lightyear")
      .querySelectorAll('script[type="application/ld+json"]')
      .map((s) => JSON.parse(s.textContent) as { "@type": string; image?: string })
      .find((block) => block["@type"] === "Product")!;
    expect(product).toBe(productLd.image);
    expect(property(page("/us/black-friday"), "og:image")[0]).toMatch(/\/images\/bf-[\w-]+\.share\.[\w-]{10}\.jpg$/);
  });

  test("the cn home speaks its own origin and locale", () => {
    const doc = page("/");
    expect(property(doc, "og:url")).toEqual(["https://www.mechanova.cn/"]);
    expect(property(doc, "og:locale")).toEqual(["zh_CN"]);
    expect(new URL(property(doc, "og:image")[0]!).origin).toBe("https://www.mechanova.cn");
  });
});

// A strict XML reader, enough to hold a feed to XML 1.0's well-formedness: one root, tags
// balanced and well-formed, attribute values quoted and unique, no stray "<" or "&".
interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

const NAME = "[A-Za-z_:][\\w.:-]*";
const REF = /&(?:lt|gt|amp|quot|apos|#[0-9]+|#x[0-9a-fA-F]+);/g;
const START_TAG = new RegExp(`^<(${NAME})((?:\\s+${NAME}\\s*=\\s*(?:"[^"<]*"|'[^'<]*'))*)\\s*(/?)>`);
const END_TAG = new RegExp(`^</(${NAME})\\s*>`);
const ATTRIBUTE = new RegExp(`(${NAME})\\s*=\\s*(?:"([^"]*)"|'([^']*)')`, "g");
const NAMED_REFS: Record<string, string> = { "&lt;": "<", "&gt;": ">", "&amp;": "&", "&quot;": '"', "&apos;": "'" };

function decodeXml(s: string, where: string): string {
  if (s.replace(REF, "").includes("&")) throw new Error(`a bare & in ${where}`);
  return s.replace(REF, (ref) => {
    if (NAMED_REFS[ref]) return NAMED_REFS[ref]!;
    const hex = ref.startsWith("&#x");
    return String.fromCodePoint(Number.parseInt(ref.slice(hex ? 3 : 2, -1), hex ? 16 : 10));
  });
}

class XmlReader {
  rest: string;
  stack: XmlElement[] = [];
  root: XmlElement | null = null;
  constructor(xml: string) {
    this.rest = xml.replace(/^\uFEFF/, "").replace(/^<\?xml\s[^?]*\?>/, "");
  }
  /** Skips a comment or a processing instruction; a CDATA section is text. */
  skip(open: string, close: string): void {
    const end = this.rest.indexOf(close);
    if (end < 0) throw new Error(`an unclosed ${open}`);
    if (open === "<![CDATA[") {
      if (!this.stack.length) throw new Error("CDATA outside the root");
      this.stack.at(-1)!.text += this.rest.slice(open.length, end);
    }
    this.rest = this.rest.slice(end + close.length);
  }
  close(): void {
    const match = END_TAG.exec(this.rest);
    const open = this.stack.pop();
    if (!match || open?.name !== match[1])
      throw new Error(`a closing tag that closes nothing: ${this.rest.slice(0, 40)}`);
    this.rest = this.rest.slice(match[0].length);
  }
  open(): void {
    const match = START_TAG.exec(this.rest);
    if (!match) throw new Error(`a malformed tag: ${this.rest.slice(0, 40)}`);
    if (!this.stack.length && this.root) throw new Error("a second root element");
    const element: XmlElement = { name: match[1]!, attributes: {}, children: [], text: "" };
    for (const [, name, double, single] of match[2]!.matchAll(ATTRIBUTE)) {
      if (name! in element.attributes) throw new Error(`attribute ${name} twice`);
      element.attributes[name!] = decodeXml(double ?? single ?? "", `attribute ${name}`);
    }
    if (this.stack.length) this.stack.at(-1)!.children.push(element);
    else this.root = element;
    if (!match[3]) this.stack.push(element);
    this.rest = this.rest.slice(match[0].length);
  }
  text(): void {
    const end = this.rest.indexOf("<");
    const text = end < 0 ? this.rest : this.rest.slice(0, end);
    if (text.includes("]]>")) throw new Error("]]> in text");
    const parent = this.stack.at(-1);
    if (parent) parent.text += decodeXml(text, `<${parent.name}>`);
    else if (text.trim()) throw new Error(`text outside the root: ${text.slice(0, 40)}`);
    this.rest = end < 0 ? "" : this.rest.slice(end);
  }
  step(): void {
    const r = this.rest;
    if (r.startsWith("<!--")) this.skip("<!--", "-->");
    else if (r.startsWith("<![CDATA[")) this.skip("<![CDATA[", "]]>");
    else if (r.startsWith("<?")) this.skip("<?", "?>");
    else if (r.startsWith("</")) this.close();
    else if (r.startsWith("<")) this.open();
    else this.text();
  }
}

function parseXml(xml: string): XmlElement {
  const reader = new XmlReader(xml);
  while (reader.rest.length) reader.step();
  if (reader.stack.length) throw new Error(`<${reader.stack.at(-1)!.name}> is never closed`);
  if (!reader.root) throw new Error("no root element");
  return reader.root;
}

describe("the strict XML reader", () => {
  test("refuses what is not well-formed", () => {
    for (const bad of [
      "<a><b></a></b>",
      "<a>x & y</a>",
      "<a b=c/>",
      '<a b="1" b="2"/>',
      "<a/><b/>",
      "<a>",
      "<a>1 < 2</a>",
    ])
      expect(() => parseXml(bad), bad).toThrow();
    expect(parseXml('<?xml version="1.0"?><a x="&amp;"><b>1 &lt; 2</b></a>').children[0]!.text).toBe("1 < 2");
  });
});

describe("news feeds", () => {
  const child = (el: XmlElement, name: string) => el.children.find((c) => c.name === name);
  const feed = (region: string) => parseXml(readFileSync(join(out, "site", region, "news", "feed.xml"), "utf8"));

  for (const { region, pageDates } of [
    { region: "us", pageDates: ["2024-11-14", "2024-09-19", "2023-07-19"] },
    { region: "de", pageDates: ["2024-11-14", "2024-09-19", "2023-07-19"] },
  ]) {
    test(`${region}: the page's news, newest first, absolute links, nothing of a campaign not yet begun`, () => {
      const root = feed(region);
      expect(root.name).toBe("feed");
      expect(root.attributes.xmlns).toBe("http://www.w3.org/2005/Atom");
      const pageUrl = `${ORIGIN}/${region}/news`;
      const self = root.children.find((c) => c.name === "link" && c.attributes.rel === "self")!;
      expect(self.attributes.href).toBe(`${pageUrl}/feed.xml`);
      expect(root.children.find((c) => c.name === "link" && c.attributes.rel === "alternate")!.attributes.href).toBe(
        pageUrl,
      );

      const entries = root.children.filter((c) => c.name === "entry");
      const published = entries.map((e) => child(e, "published")!.text);
      expect(published.map((p) => p.slice(0, 10))).toEqual(pageDates);
      for (const p of published) expect(Number.isNaN(Date.parse(p))).toBe(false);
      expect(child(root, "updated")!.text).toBe(published[0]);

      // Exactly the items the page shows, in the page's words.
      const headings = page(`/${region}/news`)
        .querySelectorAll("article h2")
        .map((h) => h.textContent);
      expect(entries.map((e) => child(e, "title")!.text)).toEqual(headings);
      // Flagship Bumblebee's launch (27 March 2025) is not news yet.
      expect(entries.map((e) => child(e, "title")!.text).join("\n")).not.toMatch(/Bumblebee/);

      const ids = entries.map((e) => child(e, "id")!.text);
      expect(new Set(ids).size).toBe(entries.length);
      for (const entry of entries) {
        const link = entry.children.find((c) => c.name === "link")!.attributes.href!;
        expect(link.startsWith(`${pageUrl}#news-`), link).toBe(true);
        // The anchor is on the page.
        expect(page(`/${region}/news`).querySelector(`#${link.split("#")[1]}`), link).not.toBeNull();
        const html = child(entry, "content")!.text;
        expect(child(entry, "content")!.attributes.type).toBe("html");
        expect(html).toMatch(/^<p>/);
        for (const [, href] of html.matchAll(/href="([^"]*)"/g)) expect(href!, href).toMatch(/^https:\/\//);
      }
      // The Buzz Lightyear item links to its product page by an absolute URL.
      expect(entries.map((e) => child(e, "content")!.text).join("")).toContain(
        `href="${ORIGIN}/${region}/toy-story-buzz-lightyear"`,
      );
    });
  }

  test("every region has a well-formed feed; cn's has no Black Friday (it did not run it)", () => {
    for (const region of ["us", "uk", "eu", "fr", "de", "jp", "kr"]) expect(feed(region).name).toBe("feed");
    const cn = parseXml(readFileSync(join(out, "site", "news", "feed.xml"), "utf8"));
    expect(cn.attributes["xml:lang"]).toBe("zh-CN");
    expect(cn.children.filter((c) => c.name === "entry").map((e) => child(e, "published")!.text.slice(0, 10))).toEqual([
      "2024-09-19",
      "2023-07-19",
    ]);
  });

  test("each page links its own region's feed, and the sitemap does not list feeds", () => {
    const cases: [string, string][] = [
      ["/us", `${ORIGIN}/us/news/feed.xml`],
      ["/us/black-friday", `${ORIGIN}/us/news/feed.xml`],
      ["/de/toy-story-buzz-lightyear", `${ORIGIN}/de/news/feed.xml`],
      ["/de/news", `${ORIGIN}/de/news/feed.xml`],
      ["/", "https://www.mechanova.cn/news/feed.xml"],
    ];
    for (const [path, href] of cases) {
      const links = page(path).querySelectorAll('link[rel="alternate"][type="application/atom+xml"]');
      expect(
        links.map((l) => l.getAttribute("href")),
        path,
      ).toEqual([href]);
      expect(links[0]!.getAttribute("title")).toMatch(/ \| Mechanova$/);
    }
    expect(readFileSync(join(out, "site", "sitemap.xml"), "utf8")).not.toContain("feed.xml");
    expect(readFileSync(join(out, "manifests", "routes.json"), "utf8")).not.toContain("feed.xml");
  });
});
