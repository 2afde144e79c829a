// Stage 6, render: react-dom/server turns each route's data into a full HTML page. A page's
// data comes only from compile's RouteData; templates are pure functions of it.

import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import type { RouteData } from "./route-data.ts";
import { Document, type Assets } from "../templates/Document.tsx";
import { NotFoundDocument, type NotFoundProps } from "../templates/NotFound.tsx";
import { pages } from "../templates/pages/index.ts";

const DOCTYPE = "<!DOCTYPE html>";

/** Chunks loaded at once: by every page, by any page with an island, and by each island. */
export interface PreloadTable {
  runtime: string[];
  react: string[];
  islands: Record<string, string[]>;
}

/** URLs to preload on a page with these islands: the entry's imports, React, the islands' chunks. */
export function preloadsFor(table: PreloadTable, islands: readonly string[]): string[] {
  const urls = new Set(table.runtime);
  if (islands.length) {
    for (const u of table.react) urls.add(u);
    for (const name of islands) for (const u of table.islands[name] ?? []) urls.add(u);
  }
  return [...urls].sort();
}

export interface PageAssets extends Assets {
  preloads: PreloadTable;
}

/** A route's finished page: rendered, with its islands' chunks preloaded. */
export function renderRoutePage(data: RouteData, assets: PageAssets): { html: string; islands: string[] } {
  const page = renderPage(data, { script: assets.script, style: assets.style });
  const islands = islandsIn(page);
  return { html: withPreloads(page, preloadsFor(assets.preloads, islands)), islands };
}

/** The islands a rendered page contains, so their chunks can be preloaded. */
export function islandsIn(html: string): string[] {
  return [...new Set([...html.matchAll(/data-island="([a-z-]+)"/g)].map((m) => m[1]!))];
}

/**
 * Adds modulepreload links for the chunks a rendered page will load at once. Which those are is
 * known only after rendering (the islands are in the HTML), so they go in before </head>.
 */
export function withPreloads(html: string, urls: readonly string[]): string {
  const links = urls.map((u) => `<link rel="modulepreload" href="${u}"/>`).join("");
  return html.replace("</head>", `${links}</head>`);
}

export function renderPage(data: RouteData, assets: Assets): string {
  const Page = pages[data.route.template] as (props: { page: RouteData["page"] }) => ReactNode;
  return (
    DOCTYPE +
    renderToString(
      <Document route={data.route} head={data.head} layout={data.layout} assets={assets}>
        <Page page={data.page} />
      </Document>,
    )
  );
}

export function renderNotFound(props: NotFoundProps): string {
  return DOCTYPE + renderToString(<NotFoundDocument {...props} />);
}

/** A page for static hosts that cannot redirect: it sends the browser on at once. */
export function renderRedirect(to: string, canonical: string, lang: string): string {
  const href = to.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
  return `${DOCTYPE}<html lang="${lang}"><head><meta charset="utf-8"><title>${href}</title><meta http-equiv="refresh" content="0;url=${href}"><link rel="canonical" href="${canonical.replace(/"/g, "&quot;")}"><meta name="robots" content="noindex"></head><body><a href="${href}">${href}</a></body></html>`;
}
