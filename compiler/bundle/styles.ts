// The stylesheets. A component's CSS sits beside it and the component imports it
// (`import "./Faq.css"`); esbuild reads the templates' import graph, so a page is styled by what
// it renders and nothing else. Every page links two sheets: the site's shared one (what
// Document.tsx imports: tokens, base, header, footer) and the sheet of its shape (its page
// template and its sections, with the parts and islands they import), one sheet per distinct
// shape, content-hashed. The registries (sections/index.tsx, pages/index.ts, islands/index.ts)
// import everything and are not followed: a page names its sections in its data.

import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import type { Metafile, Plugin } from "esbuild";
import type { RouteData } from "../compile/route-data.ts";
import { projectRoot } from "../project.ts";

/** What decides a page's sheet: its template and the kinds of its sections, in order. */
export interface PageShape {
  template: string;
  sections: readonly string[];
}

/** Which sheets a page links, as plain data that render workers receive. */
export interface StyleTable {
  /** The shared sheet, linked by every page. */
  shared: string;
  /** A shape's own sheet by its key (styleKey); absent when its components have no CSS. */
  shapes: Record<string, string>;
}

const DOCUMENT = "templates/Document.tsx";
const NOT_FOUND = "templates/NotFound.tsx";
const REGISTRY = /templates\/(sections\/index\.tsx|pages\/index\.ts|islands\/index\.ts)$/;
const ASSETS_DIR = `${projectRoot}.site-assets`;

/** The shape of the 404 page, which has no route data. */
export const notFoundShape: PageShape = { template: "404", sections: [] };

/** Shapes by page data: site dev asks again for every page after each edit, and most pages are the last ones. */
const shapes = new WeakMap<RouteData["page"], PageShape>();

/** A route's shape. An article's sections are its own kinds, which article.tsx renders itself. */
export function shapeOf(data: RouteData): PageShape {
  const page = data.page;
  let shape = shapes.get(page);
  if (!shape) {
    const sections = "sections" in page && page.template !== "article" ? page.sections.map((s) => s.type) : [];
    shapes.set(page, (shape = { template: data.route.template, sections }));
  }
  return shape;
}

/** Keys by shape: site dev asks for every page's on each edit, and pages keep their shapes. */
const styleKeys = new WeakMap<PageShape, string>();

/** The key of a shape's own stylesheet: its template and its section kinds, each once. */
export function styleKey(shape: PageShape): string {
  let key = styleKeys.get(shape);
  if (key === undefined) styleKeys.set(shape, (key = `${shape.template}:${[...new Set(shape.sections)].join(",")}`));
  return key;
}

/** The sheets a page of this shape links, in cascade order. */
export function stylesFor(table: StyleTable, shape: PageShape): string[] {
  const own = table.shapes[styleKey(shape)];
  return own ? [table.shared, own] : [table.shared];
}

/** "lucky-draw" → templates/sections/LuckyDraw.tsx (or …Section.tsx, where an island took the name). */
function sectionFile(kind: string): string | undefined {
  const name = kind.replace(/(^|-)([a-z])/g, (_, _dash, c: string) => c.toUpperCase());
  return [`templates/sections/${name}.tsx`, `templates/sections/${name}Section.tsx`].find((f) =>
    existsSync(`${projectRoot}${f}`),
  );
}

function componentsOf(shape: PageShape): string[] {
  if (shape === notFoundShape || shape.template === notFoundShape.template) return [NOT_FOUND];
  const sections = [...new Set(shape.sections)].map(sectionFile).filter((f): f is string => f !== undefined);
  return [`templates/pages/${shape.template}.tsx`, ...sections];
}

/** Keeps the registries out of the graph: following them would give every page every sheet. */
const registriesOutside: Plugin = {
  name: "site-registries",
  setup(b) {
    b.onResolve({ filter: /index\.tsx?$/ }, (args) =>
      REGISTRY.test(resolve(args.resolveDir, args.path)) ? { path: args.path, external: true } : undefined,
    );
  },
};

/** The import graph of the components, by project path: each file's imports in source order. */
async function importGraph(entries: readonly string[]): Promise<Map<string, string[]>> {
  const { build } = await import("esbuild");
  const result = await build({
    absWorkingDir: projectRoot,
    entryPoints: [...entries],
    bundle: true,
    write: false,
    metafile: true,
    platform: "node",
    format: "esm",
    packages: "external",
    jsx: "automatic",
    loader: { ".css": "empty", ".svg": "empty" },
    outdir: ASSETS_DIR,
    plugins: [registriesOutside],
    logLevel: "silent",
  });
  const inputs: Metafile["inputs"] = result.metafile.inputs;
  return new Map(
    Object.entries(inputs).map(([file, input]) => [file, input.imports.filter((i) => !i.external).map((i) => i.path)]),
  );
}

/** The CSS files a component brings, its imports' first (depth-first, in import order). */
function cssOf(graph: Map<string, string[]>, file: string, seen = new Set<string>(), out: string[] = []): string[] {
  if (seen.has(file)) return out;
  seen.add(file);
  if (file.endsWith(".css")) out.push(file);
  for (const next of graph.get(file) ?? []) cssOf(graph, next, seen, out);
  return out;
}

/** The CSS of a sheet: its files' @imports, which esbuild inlines in that order. */
function sheetsFrom(sheets: Map<string, string[]>): Plugin {
  return {
    name: "site-sheets",
    setup(b) {
      b.onResolve({ filter: /^site-sheet:/ }, (args) => ({ path: args.path.slice(11), namespace: "site-sheet" }));
      b.onLoad({ filter: /.*/, namespace: "site-sheet" }, (args) => ({
        contents: sheets
          .get(args.path)!
          .map((f) => `@import ${JSON.stringify(`./${f}`)};`)
          .join("\n"),
        loader: "css",
        resolveDir: projectRoot,
      }));
    },
  };
}

export interface StyleOutput {
  files: Map<string, Uint8Array>;
  table: StyleTable;
}

/** Builds the shared sheet and one sheet per distinct set of CSS the given shapes need. */
export async function bundleStyles(
  shapes: readonly PageShape[],
  options: { hashed: boolean; minify: boolean },
): Promise<StyleOutput> {
  const all = [notFoundShape, ...shapes];
  const keys = new Map(all.map((s) => [styleKey(s), s]));
  const components = new Set([DOCUMENT, ...[...keys.values()].flatMap(componentsOf)]);
  const graph = await importGraph([...components].filter((f) => existsSync(`${projectRoot}${f}`)));
  const shared = cssOf(graph, DOCUMENT);
  // Shapes that need the same CSS files share one sheet.
  const sheets = new Map<string, string[]>([["site", shared]]);
  const sheetOfKey = new Map<string, string>();
  for (const [key, shape] of keys) {
    const seen = new Set(shared);
    const files: string[] = [];
    for (const component of componentsOf(shape)) cssOf(graph, component, seen, files);
    if (files.length === 0) continue;
    // Named by its files, so that the name stays while they do.
    const name = `${shape.template}-${createHash("sha256").update(files.join("\n")).digest("hex").slice(0, 8)}`;
    sheets.set(name, files);
    sheetOfKey.set(key, name);
  }
  const { build } = await import("esbuild");
  const result = await build({
    absWorkingDir: projectRoot,
    entryPoints: Object.fromEntries([...sheets.keys()].map((name) => [name, `site-sheet:${name}`])),
    bundle: true,
    write: false,
    metafile: true,
    minify: options.minify,
    outdir: ASSETS_DIR,
    entryNames: options.hashed ? "[name]-[hash]" : "[name]",
    plugins: [sheetsFrom(sheets)],
    logLevel: "silent",
  });
  const urlOf = (path: string) => `/assets/${path.slice(path.indexOf(".site-assets/") + ".site-assets/".length)}`;
  const urlOfSheet = new Map(
    Object.entries(result.metafile.outputs).map(([path, o]) => [o.entryPoint!.slice(11), urlOf(path)]),
  );
  return {
    files: new Map(result.outputFiles.map((f) => [urlOf(f.path), f.contents])),
    table: {
      shared: urlOfSheet.get("site")!,
      shapes: Object.fromEntries([...sheetOfKey].map(([key, name]) => [key, urlOfSheet.get(name)!])),
    },
  };
}
