// Stage 5, bundle: esbuild builds the runtime, the islands and the stylesheets into hashed files
// under assets/, split so that a page loads only what it uses: the runtime entry for every page,
// React and an island's chunk only where the page has that island, a region's data chunk only
// in that region, the CSS of the components the page renders (styles.ts). (It runs before render because pages link the hashed file names.) Nothing is
// written here: the generated modules come from memory and the output goes back to memory.

import { gzipSync } from "node:zlib";
import type { BuildOptions, BuildResult, Metafile, Plugin } from "esbuild";
import type { PreloadTable } from "../render/index.tsx";
import { bundleStyles, type PageShape, type StyleTable } from "./styles.ts";
import { cachedBundle } from "./cache.ts";

export { projectRoot } from "../project.ts";
export { notFoundShape, shapeOf, styleKey, stylesFor, type PageShape } from "./styles.ts";
import { projectRoot } from "../project.ts";

/** Where esbuild is told the assets go; only used to name them, never written. */
const ASSETS_DIR = `${projectRoot}.site-assets`;

export interface BundleOutput {
  /** Output files by site path ("/assets/main-ABC123.js"). */
  files: Map<string, Uint8Array>;
  /** URL of the runtime entry. */
  script: string;
  /** The stylesheets pages link (stylesFor picks a page's). */
  styles: StyleTable;
  /** What pages preload, as plain data that render workers receive (see preloadsFor). */
  preloads: PreloadTable;
  /** Static and dynamic imports of each output, by URL (for the page-weight budget). */
  graph: Map<string, { static: string[]; dynamic: string[] }>;
  /**
   * Each script's size gzipped, by URL, for the build summary's page weights: measured once per
   * bundle and kept with it in the cache, not by every build that takes it. site dev's bundler
   * leaves it out: nothing there weighs pages.
   */
  gzipBytes?: Map<string, number>;
}

export interface BundleOptions {
  /** Content-hashed names (production); dev keeps names stable so pages need not change. */
  hashed?: boolean;
  minify?: boolean;
}

/** Resolves "site-generated/<path>" to the modules compile produced, held in memory. */
function generatedModules(modules: () => ReadonlyMap<string, string>): Plugin {
  return {
    name: "site-generated",
    setup(b) {
      b.onResolve({ filter: /^site-generated\// }, (args) => ({
        path: args.path.slice("site-generated/".length),
        namespace: "site-generated",
      }));
      b.onResolve({ filter: /^\.\.?\// }, (args) =>
        args.namespace === "site-generated"
          ? { path: new URL(args.path, `file:///${args.importer}`).pathname.slice(1), namespace: "site-generated" }
          : undefined,
      );
      b.onLoad({ filter: /.*/, namespace: "site-generated" }, (args) => {
        const contents = modules().get(args.path);
        return contents === undefined
          ? { errors: [{ text: `no generated module ${args.path}` }] }
          : { contents, loader: "ts", resolveDir: projectRoot };
      });
    },
  };
}

function buildOptions(
  modules: () => ReadonlyMap<string, string>,
  options: BundleOptions,
): BuildOptions & { metafile: true; write: false } {
  const hashed = options.hashed ?? true;
  return {
    absWorkingDir: projectRoot,
    entryPoints: { main: "runtime/main.ts" },
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "browser",
    target: ["es2020"],
    minify: options.minify ?? true,
    outdir: ASSETS_DIR,
    entryNames: hashed ? "[name]-[hash]" : "[name]",
    // Shared chunks all have the name "chunk": only the hash tells them apart, even in dev.
    chunkNames: "chunks/[name]-[hash]",
    assetNames: hashed ? "[name]-[hash]" : "[name]",
    metafile: true,
    write: false,
    jsx: "automatic",
    // Components import their CSS for the stylesheets (styles.ts); the scripts leave it out.
    loader: { ".css": "empty" },
    define: { "process.env.NODE_ENV": '"production"' },
    plugins: [generatedModules(modules)],
    legalComments: "none",
    logLevel: "silent",
  };
}

/** The scripts' build and the stylesheets (run beside it: they share nothing) as one output. */
async function outputOf(
  scripts: Promise<BuildResult<{ metafile: true; write: false }>>,
  shapes: readonly PageShape[],
  options: BundleOptions,
): Promise<BundleOutput> {
  const urlOf = (path: string) => `/assets/${path.slice(path.indexOf(".site-assets/") + ".site-assets/".length)}`;
  const [result, styles] = await Promise.all([
    scripts,
    bundleStyles(shapes, { hashed: options.hashed ?? true, minify: options.minify ?? true }),
  ]);
  const files = new Map([...result.outputFiles.map((f) => [urlOf(f.path), f.contents] as const), ...styles.files]);
  return { files, styles: styles.table, ...describe(result.metafile, urlOf) };
}

/** One bundle, for site build: the scripts, and the stylesheets of these page shapes; inputs bundled before come from the cache (cache.ts). */
export async function bundle(
  modules: ReadonlyMap<string, string>,
  shapes: readonly PageShape[] = [],
  options: BundleOptions = {},
  code?: string,
): Promise<BundleOutput> {
  // esbuild is loaded only when the cache lacks this bundle.
  return cachedBundle(
    { modules, shapes, options },
    async () => {
      const { build } = await import("esbuild");
      const output = await outputOf(build(buildOptions(() => modules, options)), shapes, options);
      return { ...output, gzipBytes: scriptGzipBytes(output.files) };
    },
    code,
  );
}

function scriptGzipBytes(files: ReadonlyMap<string, Uint8Array>): Map<string, number> {
  const sizes = new Map<string, number>();
  for (const [url, contents] of files) if (url.endsWith(".js")) sizes.set(url, gzipSync(contents).byteLength);
  return sizes;
}

/** A bundler that keeps esbuild's state between builds, for site dev: a rebuild takes milliseconds. */
export async function createBundler(options: BundleOptions = {}) {
  let current: ReadonlyMap<string, string> = new Map();
  const { context } = await import("esbuild");
  const ctx = await context(buildOptions(() => current, options));
  return {
    async bundle(modules: ReadonlyMap<string, string>, shapes: readonly PageShape[] = []): Promise<BundleOutput> {
      current = modules;
      return outputOf(ctx.rebuild(), shapes, options);
    },
    dispose: () => ctx.dispose(),
  };
}

function describe(metafile: Metafile, urlOf: (path: string) => string): Omit<BundleOutput, "files" | "styles"> {
  const outputs = Object.entries(metafile.outputs).map(([path, output]) => ({ url: urlOf(path), output }));
  const byEntry = (entry: string) => outputs.find((o) => o.output.entryPoint === entry);
  const graph = new Map(
    outputs.map(({ url, output }) => [
      url,
      {
        static: output.imports.filter((i) => i.kind === "import-statement").map((i) => urlOf(i.path)),
        dynamic: output.imports.filter((i) => i.kind === "dynamic-import").map((i) => urlOf(i.path)),
      },
    ]),
  );
  const staticClosure = (url: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(url)) return seen;
    seen.add(url);
    for (const next of graph.get(url)?.static ?? []) staticClosure(next, seen);
    return seen;
  };
  const main = byEntry("runtime/main.ts")!;
  const react = byEntry("runtime/hydrate.ts");
  // Islands live in templates/islands/<Name>.tsx, registered as <name> (islands/index.ts).
  const islands: Record<string, string[]> = {};
  for (const { url, output } of outputs) {
    const island = /^templates\/islands\/([A-Z]\w*)\.tsx$/.exec(output.entryPoint ?? "")?.[1];
    if (island) islands[island[0]!.toLowerCase() + island.slice(1)] = [...staticClosure(url)];
  }
  return {
    script: main.url,
    preloads: {
      runtime: [...staticClosure(main.url)].filter((u) => u !== main.url),
      react: react ? [...staticClosure(react.url)] : [],
      islands,
    },
    graph,
  };
}
