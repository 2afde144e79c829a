// What a page weighs where it counts for the build summary and its budget: the JavaScript it
// loads at first (its module script and preloads) and its HTML, gzipped.

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { contentsOf, type OutputFiles } from "../write/index.ts";
import { preloadsFor, type PageAssets } from "./index.tsx";
import type { RenderedPage } from "./pool.ts";

export interface PageWeight {
  path: string;
  html: number;
  js: number;
}

/** How many pages the summary lists. */
const SHOWN = 5;

/**
 * The five pages that load the most JavaScript at once (their module script and preloads), the
 * larger HTML first among equals, with gzip weights. Only the pages listed are read back and
 * compressed: compressing every page of a large site would cost more than rendering it.
 */
export function heaviestPages(
  pages: readonly RenderedPage[],
  site: { files: OutputFiles; assets: PageAssets; gzipBytes?: ReadonlyMap<string, number> },
  out: string,
): PageWeight[] {
  const gzipped = new Map(site.gzipBytes);
  const scriptWeight = (url: string) => {
    let size = gzipped.get(url);
    if (size === undefined) {
      const contents = site.files.get(`site${url}`);
      size = contents === undefined ? 0 : gzipSync(contentsOf(contents)).byteLength;
      gzipped.set(url, size);
    }
    return size;
  };
  // Pages share a few sets of islands, and preloadsFor gives each set one list: each list is
  // weighed once, not once per page (10,000 at scale).
  const weighed = new Map<readonly string[], number>();
  const jsWeight = (islands: readonly string[]) => {
    const preloads = preloadsFor(site.assets.preloads, islands);
    let weight = weighed.get(preloads);
    if (weight === undefined)
      weighed.set(
        preloads,
        (weight = preloads.reduce((sum, url) => sum + scriptWeight(url), scriptWeight(site.assets.script))),
      );
    return weight;
  };
  type Ranked = { page: RenderedPage; js: number };
  const heavierFirst = (a: Ranked, b: Ranked) =>
    b.js - a.js || b.page.bytes - a.page.bytes || (a.page.path < b.page.path ? -1 : 1);
  // The five heaviest, kept in order as the pages go by: no sort of every page.
  const top: Ranked[] = [];
  for (const page of pages) {
    const ranked = { page, js: jsWeight(page.islands) };
    if (top.length === SHOWN && heavierFirst(ranked, top[SHOWN - 1]!) >= 0) continue;
    top.push(ranked);
    top.sort(heavierFirst);
    if (top.length > SHOWN) top.pop();
  }
  return top.map(({ page, js }) => ({
    path: page.path,
    js,
    html: gzipSync(readFileSync(join(out, page.file))).byteLength,
  }));
}
