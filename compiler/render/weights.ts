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

/**
 * The five pages that load the most JavaScript at once (their module script and preloads), the
 * larger HTML first among equals, with gzip weights. Only the pages listed are read back and
 * compressed: compressing every page of a large site would cost more than rendering it.
 */
export function heaviestPages(
  pages: readonly RenderedPage[],
  site: { files: OutputFiles; assets: PageAssets },
  out: string,
): PageWeight[] {
  const gzipped = new Map<string, number>();
  const scriptWeight = (url: string) => {
    let size = gzipped.get(url);
    if (size === undefined) {
      const contents = site.files.get(`site${url}`);
      size = contents === undefined ? 0 : gzipSync(contentsOf(contents)).byteLength;
      gzipped.set(url, size);
    }
    return size;
  };
  const jsWeight = (islands: readonly string[]) =>
    [site.assets.script, ...preloadsFor(site.assets.preloads, islands)].reduce(
      (sum, url) => sum + scriptWeight(url),
      0,
    );
  return pages
    .map((page) => ({ page, js: jsWeight(page.islands) }))
    .sort((a, b) => b.js - a.js || b.page.bytes - a.page.bytes || (a.page.path < b.page.path ? -1 : 1))
    .slice(0, 5)
    .map(({ page, js }) => ({ path: page.path, js, html: gzipSync(readFileSync(join(out, page.file))).byteLength }));
}
