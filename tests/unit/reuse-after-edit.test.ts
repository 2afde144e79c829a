// site dev links and compiles again only what an edit reaches: after a price edit, the price
// table's links and the pages of the regions whose prices changed. Whatever it reuses, the result
// must be the one a full check and compile of the edited specs give: the same problems, the same
// model, page for page the same data, the same image files and fallback texts in the same order;
// and when something it does not track changes, it does everything again.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { DateTime } from "luxon";
import { parseDocument } from "yaml";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type CompiledSite, compile } from "../../compiler/compile/index.ts";
import type { LinkReuse } from "../../compiler/link/index.ts";
import type { SiteModel } from "../../compiler/link/model.ts";
import type { LoadCache } from "../../compiler/load/index.ts";
import { check } from "../../compiler/pipeline.ts";
import { writeSettled } from "../support/file-times.ts";
import { realSpecsCopy } from "../support/spec-edits.ts";

const runs = Number(process.env.FC_RUNS ?? 40);
const INSTANTS = [
  "2024-11-13T12:00+01:00",
  "2024-11-25T12:00+01:00",
  "2025-04-01T12:00+02:00",
  "2025-09-01T12:00+02:00",
];

let copy: ReturnType<typeof realSpecsCopy>;
const cache: LoadCache = new Map();
let pricesText: string;
let rows: string[];
let columns: string[];

beforeAll(() => {
  copy = realSpecsCopy();
  pricesText = readFileSync(join(copy.specsDir, "prices.yaml"), "utf8");
  const prices = parseDocument(pricesText).toJS() as { columns: string[]; list: Record<string, unknown[]> };
  columns = prices.columns;
  rows = Object.keys(prices.list);
});
afterAll(() => copy.cleanup());

/** Writes a spec file with an mtime of its own, settled, so the load cache reads it again and keeps it. */
function write(file: string, text: string): void {
  writeSettled(join(copy.specsDir, file), text);
}

const linked: LinkReuse = {};

/** The specs' model as site dev checks them, reusing the unchanged files and the last link. */
function modelNow(): SiteModel {
  const checked = check(copy.specsDir, copy.root, { cache, link: linked });
  expect(checked.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  return checked.model!;
}

/** Everything a build takes from compile is the same, said by what differs: the paths, files or texts. */
function expectSame(site: CompiledSite, full: CompiledSite): void {
  expect(site.routes.map((r) => r.manifest.path)).toEqual(full.routes.map((r) => r.manifest.path));
  const differs = (a: unknown, b: unknown) => JSON.stringify(a) !== JSON.stringify(b);
  expect(site.routes.filter((r, i) => differs(r, full.routes[i])).map((r) => r.manifest.path)).toEqual([]);
  const job = (j: CompiledSite["images"][number]) => `${j.url} ${j.format} ${j.width}x${j.height}`;
  expect(site.images.map(job)).toEqual(full.images.map(job));
  expect(site.fallbacks).toEqual(full.fallbacks);
  expect([...site.modules.keys()].filter((m) => site.modules.get(m) !== full.modules.get(m))).toEqual([]);
  expect(site.notFound).toEqual(full.notFound);
  expect(site.nextChange).toBe(full.nextChange);
}

/**
 * One spec file edited as of Black Friday 2024: the compile before the edit, the compile after it
 * that reuses the first, and a full compile of the edited specs. The file is put back after.
 */
function compiledAfterEdit(file: string, edit: (text: string) => string) {
  const now = DateTime.fromISO("2024-11-25T12:00+01:00", { setZone: true });
  const originalText = copy.originals.get(file)!;
  write(file, originalText);
  const last = compile(modelNow(), now, { track: true });
  write(file, edit(originalText));
  try {
    const model = modelNow();
    return { last, site: compile(model, now, { track: true, last: last.reads! }), full: compile(model, now) };
  } finally {
    write(file, originalText);
  }
}

type CellEdit = { row: number; column: number; to: (value: number) => number | null };

const editedPrices = (edits: CellEdit[]) => {
  const document = parseDocument(pricesText);
  for (const { row, column, to } of edits) {
    const path = ["list", rows[row % rows.length]!, column % columns.length];
    const value = document.getIn(path);
    if (typeof value === "number") document.setIn(path, to(value));
  }
  return document.toString();
};

/** Raised: every campaign's price stays below the list price, and the specs stay free of errors. */
const raise = fc.record({
  row: fc.nat(),
  column: fc.nat(),
  to: fc.integer({ min: 0, max: 500 }).map((by) => (value: number) => value + by),
});
/** Any edit: raised, lowered below a campaign's price, or no longer sold (~). */
const anyEdit = fc.record({
  row: fc.nat(),
  column: fc.nat(),
  to: fc.oneof(
    fc.integer({ min: -500, max: 500 }).map((by) => (value: number) => Math.max(1, value + by)),
    fc.constant(() => null),
  ),
});

/** A content file with `text` put after the first plain text (a title, a heading...) at or after the `at`th line. */
function editedText(text: string, at: number, inserted: string): string {
  const lines = text.split("\n");
  for (let n = 0; n < lines.length; n++) {
    const i = (at + n) % lines.length;
    const match =
      /^(\s*(?:- )?(?:title|subtitle|heading|description|label|tagline|text): )([^\s|>&*![{"'#~][^#]*)$/.exec(
        lines[i]!,
      );
    if (match) {
      lines[i] = `${match[1]}${match[2]}${inserted}`;
      return lines.join("\n");
    }
  }
  return text;
}

const sorted = (diagnostics: readonly unknown[]) => diagnostics.map((d) => JSON.stringify(d)).sort();
const entries = (map: ReadonlyMap<string, unknown>) => [...map];

describe("check after a price edit, linking only the prices again", () => {
  test("gives the problems and the model a full check gives", () => {
    // Problems the price table does not touch: one the other rules find, one found while the
    // prices are linked again.
    const typo = (file: string, from: string, to: string) => write(file, copy.originals.get(file)!.replace(from, to));
    typo("regions/us.yaml", "identify: flagshipBumblebee", "identify: flagshipBumblebe");
    typo("campaigns/flagship-bumblebee-launch.yaml", "preOrder: flagshipBumblebee", "preOrder: flagshipBumblebe");
    try {
      assertSameCheck();
    } finally {
      write("regions/us.yaml", copy.originals.get("regions/us.yaml")!);
      write(
        "campaigns/flagship-bumblebee-launch.yaml",
        copy.originals.get("campaigns/flagship-bumblebee-launch.yaml")!,
      );
    }
  });

  test("a list price that changes a campaign's largest saving makes a headline that writes the old figure disagree, as a full check says", () => {
    const id = "black-friday-2024";
    const file = `campaigns/${id}.yaml`;
    write("prices.yaml", pricesText);
    const base = modelNow();
    const figure = base.upTo(id, "us", 2);
    // The Black Friday stage's banner writes its figure out instead of deriving it ({upTo}).
    const original = copy.originals.get(file)!;
    const derived = 'discount: "Up to {upTo}% OFF"';
    const second = original.indexOf(derived, original.indexOf(derived) + 1);
    const written = `${original.slice(0, second)}discount: "Up to ${figure}% OFF"${original.slice(second + derived.length)}`;
    // The product that gives the stage its largest saving in us, its list price doubled: the saving grows.
    const product = Object.keys(base.specs.campaigns.get(id)!.data.offers!.us!).find((p) => {
      const [sale, list] = [base.offer(id, p, "us", 2)!, base.price(p, "us")!];
      return Math.floor(((list - sale) / list) * 100 + 1e-9) === figure;
    })!;
    const document = parseDocument(pricesText);
    const cell = ["list", base.canonicalProduct(product)!, columns.indexOf("us")];
    document.setIn(cell, (document.getIn(cell) as number) * 2);
    const ofUsStage2 = (result: ReturnType<typeof check>) =>
      result.diagnostics.filter(
        (d) => d.code === "headline-percent-mismatch" && d.message.includes(`${id}'s stage 2 prices in us`),
      );
    try {
      const reuse: LinkReuse = {};
      write(file, written);
      write("prices.yaml", pricesText);
      expect(ofUsStage2(check(copy.specsDir, copy.root, { cache, link: reuse }))).toEqual([]);
      write("prices.yaml", document.toString());
      const reused = check(copy.specsDir, copy.root, { cache, link: reuse });
      const full = check(copy.specsDir, copy.root, { cache });
      expect(ofUsStage2(full)).toHaveLength(1);
      expect(sorted(reused.diagnostics)).toEqual(sorted(full.diagnostics));
    } finally {
      write(file, original);
      write("prices.yaml", pricesText);
    }
  });
});

function assertSameCheck(): void {
  fc.assert(
    fc.property(fc.array(anyEdit, { minLength: 1, maxLength: 3 }), (edits) => {
      const reuse: LinkReuse = {};
      write("prices.yaml", pricesText);
      const before = check(copy.specsDir, copy.root, { cache, link: reuse });
      write("prices.yaml", editedPrices(edits));
      const reused = check(copy.specsDir, copy.root, { cache, link: reuse });
      const full = check(copy.specsDir, copy.root, { cache });
      expect(full.diagnostics.map((d) => d.code)).toEqual(expect.arrayContaining(["unknown-product"]));
      expect(sorted(reused.diagnostics)).toEqual(sorted(full.diagnostics));
      const [a, b] = [reused.model!, full.model!];
      // Only the prices were linked again: the routes are the last link's.
      expect(a.routes).toBe(before.model!.routes);
      expect(a.routes).toEqual(b.routes);
      for (const part of ["regions", "products", "images"] as const) expect(entries(a[part])).toEqual(entries(b[part]));
      for (const region of b.regions.keys()) {
        const answers = (m: SiteModel) => [
          ...[...m.products.keys()].map((p) => m.price(p, region)),
          ...[...m.specs.campaigns].flatMap(([id, c]) =>
            c.data.stages.map((_, stage) => m.upTo(id, region, stage + 1)),
          ),
        ];
        expect(answers(a)).toEqual(answers(b));
      }
    }),
    { numRuns: Math.max(4, Math.round(runs / 4)) },
  );
}

describe("compile after an edit, reusing what the edit did not reach", () => {
  test("a price edit gives the full compile's result and compiles only the regions whose prices changed", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...INSTANTS),
        fc.array(raise, { minLength: 1, maxLength: 3 }),
        fc.array(raise, { minLength: 1, maxLength: 2 }),
        (iso, edits, laterEdits) => {
          const now = DateTime.fromISO(iso, { setZone: true });
          write("prices.yaml", pricesText);
          const before = modelNow();
          const last = compile(before, now, { track: true });
          write("prices.yaml", editedPrices(edits));
          const after = modelNow();
          const reused = compile(after, now, { track: true, last: last.reads! });
          expectSame(reused, compile(after, now));
          // A second edit, compiled from the first's reuse: nothing the first edit changed is taken as it was before it.
          write("prices.yaml", editedPrices([...edits, ...laterEdits]));
          const later = modelNow();
          expectSame(compile(later, now, { track: true, last: reused.reads! }), compile(later, now));

          // The pages of a region whose prices did not change are the last compile's.
          const repriced = new Set(
            [...after.regions.keys()].filter((region) =>
              [...after.products.keys()].some((p) => before.price(p, region) !== after.price(p, region)),
            ),
          );
          const kept = reused.routes.filter((route, i) => route.data && route === last.routes[i]);
          const unrepriced = reused.routes.filter((route) => route.data && !repriced.has(route.manifest.region));
          expect(kept.map((r) => r.manifest.path)).toEqual(
            expect.arrayContaining(unrepriced.map((r) => r.manifest.path)),
          );
        },
      ),
      { numRuns: Math.max(4, Math.round(runs / 8)) },
    );
  });

  test("a price in the menu changes every page's menu, and only the pages that show it besides", () => {
    const now = DateTime.fromISO("2025-09-01T12:00+02:00", { setZone: true });
    write("prices.yaml", pricesText);
    const last = compile(modelNow(), now, { track: true });
    write("prices.yaml", pricesText.replace("[1199, 1099, 1299", "[1189, 1099, 1299"));
    const edited = modelNow();
    const site = compile(edited, now, { track: true, last: last.reads! });
    expectSame(site, compile(edited, now));
    const at = (compiled: CompiledSite, path: string) => compiled.routes.find((r) => r.manifest.path === path)!.data!;
    const megatron = "/us/flagship-megatron";
    const about = "/us/about-us";
    expect(at(site, megatron).page.template).toBe("product");
    // The Megatron's own page is compiled again; the about page keeps its page and head...
    expect(at(site, megatron).page).not.toBe(at(last, megatron).page);
    expect(at(site, about).page).toBe(at(last, about).page);
    expect(at(site, about).head).toBe(at(last, about).head);
    // ...and takes the us menu anew, which lists the Megatron at its new price.
    expect(at(site, about).layout).not.toBe(at(last, about).layout);
    expect(JSON.stringify(at(site, about).layout)).toContain("$1,189");
    // The uk pages are the last compile's.
    expect(at(site, "/uk/about-us")).toBe(at(last, "/uk/about-us"));
  });

  test("a content edit gives the full compile's result and compiles only the edited page's routes", () => {
    const contentFiles = copy.files.filter((f) => f.startsWith("content/"));
    fc.assert(
      fc.property(fc.nat(), fc.nat(), fc.constantFrom(" Now shipping.", "", "{brand}"), (file, at, text) => {
        const name = contentFiles[file % contentFiles.length]!;
        const page = name.replace(/^content\/|\.yaml$/g, "");
        const originalText = copy.originals.get(name)!;
        const now = DateTime.fromISO("2024-11-25T12:00+01:00", { setZone: true });
        write(name, originalText);
        const last = compile(modelNow(), now, { track: true });
        write(name, editedText(originalText, at, text));
        try {
          const edited = modelNow();
          const site = compile(edited, now, { track: true, last: last.reads! });
          expectSame(site, compile(edited, now));
          // A page that is not news is read by its own routes alone.
          const isNewsPage = (compiled: CompiledSite) =>
            compiled.routes.some((r) => r.feed && r.data?.route.page === page);
          const news = isNewsPage(site) || isNewsPage(last);
          if (!news)
            expect(
              site.routes
                .filter((r, i) => r !== last.routes[i] && r.data?.route.page !== page)
                .map((r) => r.manifest.path),
            ).toEqual([]);
        } finally {
          write(name, originalText);
        }
      }),
      // The news page first: every page of its regions lists its feed by its title.
      {
        numRuns: Math.max(4, Math.round(runs / 8)),
        examples: [[contentFiles.indexOf("content/news.yaml"), 0, " Now shipping."]],
      },
    );
  });

  test("an article that becomes news gives every page of its regions a feed link", () => {
    const { site, full } = compiledAfterEdit("content/about-us.yaml", (text) =>
      text.replace("  en:\n    - heading: Who we are\n", "  en:\n    - heading: Who we are\n      date: 2024-11-01\n"),
    );
    expectSame(site, full);
    const feeds = (path: string) => site.routes.find((r) => r.manifest.path === path)!.data!.head.feeds;
    expect(feeds("/us/manuals").map((f) => f.href)).toContain("https://www.mechanova.com/us/about-us/feed.xml");
  });

  test("a content edit that shows other pictures gives the full compile's image files, in its order", () => {
    // The two features swap pictures, and the gallery loses its second one.
    const { last, site, full } = compiledAfterEdit("content/bumblebee-g1-performance.yaml", (text) => {
      const edited = text
        .replace("image: bumblebee-g1-performance", "image: SWAPPED")
        .replace("image: bumblebee-g1-specs", "image: bumblebee-g1-performance")
        .replace("image: SWAPPED", "image: bumblebee-g1-specs")
        .replace("        - bumblebee-g1-gallery-2\n", "");
      expect(edited).not.toContain("bumblebee-g1-gallery-2");
      return edited;
    });
    expect(full.images.map((j) => j.url)).not.toEqual(last.images.map((j) => j.url));
    expectSame(site, full);
  });

  test("an edit of any other spec file, or a later instant past the next change, compiles everything", () => {
    const now = DateTime.fromISO("2024-11-25T12:00+01:00", { setZone: true });
    write("prices.yaml", pricesText);
    const last = compile(modelNow(), now, { track: true });

    const regionFile = "regions/us.yaml";
    const original = copy.originals.get(regionFile)!;
    write(regionFile, `${original}\n# touched\n`);
    const edited = modelNow();
    const afterEdit = compile(edited, now, { track: true, last: last.reads! });
    expect(afterEdit.routes.filter((route, i) => route.data && route === last.routes[i])).toEqual([]);
    expectSame(afterEdit, compile(edited, now));
    write(regionFile, original);

    const unchanged = modelNow();
    const base = compile(unchanged, now, { track: true });
    // Before the next change, with nothing edited, every page is the last one...
    const sameWindow = compile(unchanged, now.plus({ seconds: 1 }), { track: true, last: base.reads! });
    expect(sameWindow.routes.every((route, i) => route === base.routes[i])).toBe(true);
    // ...and from the next change on, none is.
    const later = DateTime.fromISO(base.nextChange!, { setZone: true });
    const afterNextChange = compile(unchanged, later, { track: true, last: base.reads! });
    expect(afterNextChange.routes.filter((route, i) => route.data && route === base.routes[i])).toEqual([]);
    expectSame(afterNextChange, compile(unchanged, later));
  });
});
