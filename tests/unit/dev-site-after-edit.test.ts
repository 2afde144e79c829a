// site dev after a spec edit prepares and compares only the routes the edit changed, and takes
// every other page, file and manifest from the last update. What it serves must be what a first
// update of the edited specs serves: every file, byte for byte, and every route's manifest.
import { join } from "node:path";
import { DateTime } from "luxon";
import { parseDocument } from "yaml";
import { afterAll, beforeAll, expect, test } from "vitest";
import type { LinkReuse } from "../../compiler/link/index.ts";
import type { SiteModel } from "../../compiler/link/model.ts";
import type { LoadCache } from "../../compiler/load/index.ts";
import { check } from "../../compiler/pipeline.ts";
import { contentsOf } from "../../compiler/write/index.ts";
import { type DevCache, type DevSiteOutput, updateDevSite } from "../../server/dev/site.ts";
import { writeSettled } from "../support/file-times.ts";
import { realSpecsCopy } from "../support/spec-edits.ts";

const NOW = DateTime.fromISO("2024-11-25T12:00+01:00", { setZone: true });

let copy: ReturnType<typeof realSpecsCopy>;
beforeAll(() => {
  copy = realSpecsCopy();
});
afterAll(() => copy.cleanup());

const loaded: LoadCache = new Map();
const linked: LinkReuse = {};

/** The specs' model as site dev checks them, reusing the files and the link an edit did not reach. */
function modelNow(): SiteModel {
  const checked = check(copy.specsDir, copy.root, { cache: loaded, link: linked });
  expect(checked.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  return checked.model!;
}

const update = (model: SiteModel, cache: DevCache) =>
  updateDevSite(model, NOW, cache, {
    renderFailed: (path, message) => {
      throw new Error(`${path} failed to render: ${message}`);
    },
  });

/** Every path the update serves: its own files and its pages' (HTML and manifest). */
function servedPaths(cache: DevCache): string[] {
  return [...cache.prepared!.site.files.keys(), ...cache.pageFiles!.keys()].sort();
}

const text = (file: string | Uint8Array | (() => string)) => {
  const contents = contentsOf(file);
  return typeof contents === "string" ? contents : Buffer.from(contents).toString("base64");
};

/** The served files and manifests that differ, by path ("manifests" for the route list). */
function differences(served: DevSiteOutput, cache: DevCache, fresh: DevSiteOutput, freshCache: DevCache): string[] {
  const paths = servedPaths(freshCache);
  const differ = paths.filter((path) => {
    const [a, b] = [served.files.get(path), fresh.files.get(path)];
    return a === undefined || b === undefined || text(a) !== text(b);
  });
  if (JSON.stringify(served.manifests) !== JSON.stringify(fresh.manifests)) differ.push("manifests");
  const extra = servedPaths(cache).filter((path) => !paths.includes(path));
  return [...differ, ...extra.map((path) => `${path} (served, but not by a first update)`)];
}

/**
 * The site dev serves after an update from the last (`cache`) against a first update of the same
 * specs: every file and manifest, and the prepared pages the next update starts from, which one
 * that goes through every page (the assets changed) renders. Returns the update's output.
 */
async function expectAsFirstUpdate(cache: DevCache, model: SiteModel): Promise<DevSiteOutput> {
  const served = await update(model, cache);
  expect(cache.prepared!.site.changedPages, "prepared from the last update").toBeDefined();
  const freshCache: DevCache = { pages: new Map() };
  const fresh = await update(model, freshCache);
  expect(differences(served, cache, fresh, freshCache)).toEqual([]);
  const pagesOf = (c: DevCache) => c.prepared!.site.pages.map((p) => `${p.manifest.path} ${JSON.stringify(p.data)}`);
  expect(pagesOf(cache)).toEqual(pagesOf(freshCache));
  return served;
}

/** Writes `text` into a spec file of the copy, settled, runs `then`, and puts the file back. */
async function withSpec(file: string, texts: string[], then: (model: SiteModel) => Promise<void>): Promise<void> {
  try {
    for (const text of texts) {
      writeSettled(join(copy.specsDir, file), text);
      await then(modelNow());
    }
  } finally {
    writeSettled(join(copy.specsDir, file), copy.originals.get(file)!);
  }
}

test("after price edits, what site dev serves is what a first update of the edited specs serves", async () => {
  const cache: DevCache = { pages: new Map() };
  await update(modelNow(), cache);
  // A product in the us menu with its price shown at this instant: the price is on every us page,
  // through the region's layout.
  const menuProduct = "flagshipMegatron";
  expect(copy.originals.get("regions/us.yaml")).toContain(`identify: ${menuProduct}`);
  const document = parseDocument(copy.originals.get("prices.yaml")!);
  const cell = ["list", menuProduct, (document.toJS().columns as string[]).indexOf("us")];
  const listPrice = document.getIn(cell) as number;
  const priced = (price: number) => {
    document.setIn(cell, price);
    return document.toString();
  };
  await withSpec("prices.yaml", [priced(listPrice + 10), priced(listPrice)], async (model) => {
    const served = await expectAsFirstUpdate(cache, model);
    // Only the routes the edit changed were gone through: the us pages, each of which shows the price.
    const usPages = served.manifests.filter((m) => m.region === "us" && !m.redirect).map((m) => m.path);
    expect(cache.prepared!.site.changedPages!.map((p) => p.manifest.path).sort()).toEqual(usPages.sort());
    expect(served.changed.sort()).toEqual(usPages);
  });
});

test("after edits of the news, its pages and their feeds are served anew, or gone, as a first update serves them", async () => {
  const cache: DevCache = { pages: new Map() };
  await update(modelNow(), cache);
  const original = copy.originals.get("content/news.yaml")!;
  // An English news item's text: in the news pages and their feeds only.
  const edited = original.replace("is ready for his mission.", "is ready for any mission.");
  expect(edited).not.toBe(original);
  // Its items undated: no page of it is news, and no region has a feed.
  const undated = original.replace(/^ +date: .*\n/gm, "");
  const feeds = ["site/us/news/feed.xml", "site/uk/news/feed.xml", "site/eu/news/feed.xml"];
  const before = feeds.map((path) => text(cache.prepared!.site.files.get(path)!));
  let step = 0;
  await withSpec("content/news.yaml", [edited, undated], async (model) => {
    const served = await expectAsFirstUpdate(cache, model);
    if (step++ === 0) {
      // The English news pages, and the feeds beside them, which the patch of the routes' files made.
      expect(served.changed.sort()).toEqual(["/eu/news", "/uk/news", "/us/news"]);
      feeds.forEach((path, i) => expect(text(served.files.get(path)!), path).not.toBe(before[i]));
    } else for (const path of feeds) expect(served.files.get(path), path).toBeUndefined();
  });
});
