// Stage 6, render: react-dom/server turns each route's data into a full HTML page. A page's
// data comes only from compile's RouteData; templates are pure functions of it.

import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import type { LayoutData, RouteData } from "../compile/route-data.ts";
import { Document, type Assets } from "../../templates/Document.tsx";
import { NotFoundDocument, type NotFoundProps } from "../../templates/NotFound.tsx";
import { hydratesAtLoad } from "../../templates/islands/hydration.ts";
import { pages } from "../../templates/pages/index.ts";
import { Footer } from "../../templates/parts/Footer.tsx";
import { Header } from "../../templates/parts/Header.tsx";
import { escapeMarkup } from "./markup.ts";
import { shapeOf, stylesFor, type StyleTable } from "../bundle/styles.ts";
import type { LayoutSlots } from "../write/record.ts";

const DOCTYPE = "<!DOCTYPE html>";

/** Chunks loaded at once: by every page, by any page with an island hydrated at load, and by each island. */
export interface PreloadTable {
  runtime: string[];
  react: string[];
  islands: Record<string, string[]>;
}

/**
 * URLs to preload on a page with these islands: the entry's imports, and React and the islands'
 * chunks for the islands hydrated at load (templates/islands/hydration.ts); the others load when
 * they are wanted. Worked out once per set of islands: the pages of a site share a few.
 */
export function preloadsFor(table: PreloadTable, islands: readonly string[]): readonly string[] {
  let bySet = preloadsByTable.get(table);
  if (!bySet) preloadsByTable.set(table, (bySet = new Map()));
  const set = islands.join("\n");
  let urls = bySet.get(set);
  if (!urls) {
    const found = new Set(table.runtime);
    const atLoad = islands.filter(hydratesAtLoad);
    if (atLoad.length) {
      for (const u of table.react) found.add(u);
      for (const name of atLoad) for (const u of table.islands[name] ?? []) found.add(u);
    }
    bySet.set(set, (urls = [...found].sort()));
  }
  return urls;
}
const preloadsByTable = new WeakMap<PreloadTable, Map<string, readonly string[]>>();

export interface PageAssets extends Omit<Assets, "styles"> {
  styles: StyleTable;
  preloads: PreloadTable;
}

/**
 * What a page's HTML takes from its region's layout outside the header and footer: the skip
 * link's text, and the islands of the header and footer, whose chunks the head preloads. Two
 * layouts with the same frame differ only inside the slots.
 */
export function layoutFrame(layout: LayoutData): string {
  return layoutParts(layout).frame;
}

/** The layout's header and footer, as every page of the layout has them. */
export function layoutHtml(layout: LayoutData): { header: string; footer: string } {
  const { header, footer } = layoutParts(layout);
  return { header, footer };
}

/** A route's finished page: rendered, with its islands' chunks preloaded. */
export function renderRoutePage(
  data: RouteData,
  assets: PageAssets,
): { html: string; islands: string[]; slots: LayoutSlots } {
  const page = pagePieces(data, { script: assets.script, styles: stylesFor(assets.styles, shapeOf(data)) });
  // The page is put together once, in document order; the header's and footer's islands are
  // found once per layout, and only the head is searched for its end.
  const islands = [
    ...new Set([
      ...islandsIn(page.before),
      ...page.parts.headerIslands,
      ...islandsIn(page.main),
      ...page.parts.footerIslands,
      ...islandsIn(page.after),
    ]),
  ];
  const head = withPreloads(page.before, preloadsFor(assets.preloads, islands));
  const headerEnd = head.length + page.parts.header.length;
  const footerStart = headerEnd + page.main.length;
  return {
    html: head + page.parts.header + page.main + page.parts.footer + page.after,
    islands,
    slots: [head.length, headerEnd, footerStart, footerStart + page.parts.footer.length],
  };
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

/** A route's page in one renderToString of the whole document: the reference renderPage equals. */
export function renderDocument(data: RouteData, assets: Assets): string {
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

// Header and footer are a function of the region's layout data alone, one object shared by
// every route of the region: rendered once per layout object and spliced into each page, they
// stop costing as much as the rest of the page again. Spec text cannot forge a slot: React
// escapes every text and attribute.
const slotElement = (name: string) => <template data-site-slot={name} />;
const slotHtml = (name: string) => `<template data-site-slot="${name}"></template>`;
interface LayoutParts {
  header: string;
  footer: string;
  headerIslands: string[];
  footerIslands: string[];
  frame: string;
}
const layoutPartsOf = new WeakMap<LayoutData, LayoutParts>();

function layoutParts(layout: LayoutData): LayoutParts {
  let parts = layoutPartsOf.get(layout);
  if (!parts) {
    const header = renderToString(<Header layout={layout} />);
    const footer = renderToString(<Footer layout={layout} />);
    const [headerIslands, footerIslands] = [islandsIn(header), islandsIn(footer)];
    const frame = JSON.stringify([layout.ui.skipToContent, headerIslands, footerIslands]);
    parts = { header, footer, headerIslands, footerIslands, frame };
    layoutPartsOf.set(layout, parts);
  }
  return parts;
}

/** A page rendered with slots for its header and footer: the text around them, and the parts. */
function pagePieces(
  data: RouteData,
  assets: Assets,
): { before: string; main: string; after: string; parts: LayoutParts } {
  const Page = pages[data.route.template] as (props: { page: RouteData["page"] }) => ReactNode;
  const parts = layoutParts(data.layout);
  const html =
    DOCTYPE +
    renderToString(
      <Document
        route={data.route}
        head={data.head}
        layout={data.layout}
        assets={assets}
        layoutParts={{ header: slotElement("header"), footer: slotElement("footer") }}
      >
        <Page page={data.page} />
      </Document>,
    );
  const header = html.indexOf(slotHtml("header"));
  const footer = html.indexOf(slotHtml("footer"), header);
  if (header < 0 || footer < 0)
    throw new Error(`the document of ${data.route.path} has no slot for its header or footer`);
  return {
    before: html.slice(0, header),
    main: html.slice(header + slotHtml("header").length, footer),
    after: html.slice(footer + slotHtml("footer").length),
    parts,
  };
}

/** A route's page: the same HTML as renderDocument. */
export function renderPage(data: RouteData, assets: Assets): string {
  const page = pagePieces(data, assets);
  return page.before + page.parts.header + page.main + page.parts.footer + page.after;
}

export function renderNotFound(props: NotFoundProps): string {
  return DOCTYPE + renderToString(<NotFoundDocument {...props} />);
}

/** A page for static hosts that cannot redirect: it sends the browser on at once. */
export function renderRedirect(to: string, canonical: string, lang: string): string {
  const href = escapeMarkup(to);
  return `${DOCTYPE}<html lang="${lang}"><head><meta charset="utf-8"><title>${href}</title><meta http-equiv="refresh" content="0;url=${href}"><link rel="canonical" href="${escapeMarkup(canonical)}"><meta name="robots" content="noindex"></head><body><a href="${href}">${href}</a></body></html>`;
}
