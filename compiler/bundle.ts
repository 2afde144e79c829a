// Stage 5, bundle: esbuild builds the runtime, the islands and the stylesheet into hashed files
// under assets/, split so that a page loads only what it uses: the runtime entry for every page,
// React and an island's chunk only where the page has that island, a region's data chunk only
// in that region. (It runs before render because pages link the hashed file names.)

import { relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { build, type Metafile } from "esbuild";
import type { IslandName } from "../templates/islands/index.ts";

export const projectRoot = fileURLToPath(new URL("..", import.meta.url));

export interface BundleOutput {
  /** URL of the runtime entry. */
  script: string;
  style: string;
  /** URLs to preload on a page with these islands: the entry's imports, React, the islands' chunks. */
  preloadFor(islands: readonly string[]): string[];
  /** Bytes of every output file, by URL. */
  sizes: Map<string, number>;
  /** Static and dynamic imports of each output, by URL (for the page-weight budget). */
  graph: Map<string, { static: string[]; dynamic: string[] }>;
}

export async function bundle(generatedDir: string, assetsDir: string, options: { minify?: boolean } = {}): Promise<BundleOutput> {
  const result = await build({
    absWorkingDir: projectRoot,
    entryPoints: { main: "runtime/main.ts", style: "templates/styles.css" },
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "browser",
    target: ["es2020"],
    minify: options.minify ?? true,
    outdir: assetsDir,
    entryNames: "[name]-[hash]",
    chunkNames: "chunks/[name]-[hash]",
    assetNames: "[name]-[hash]",
    metafile: true,
    jsx: "automatic",
    define: { "process.env.NODE_ENV": '"production"' },
    alias: { "site-generated": generatedDir },
    legalComments: "none",
    logLevel: "silent",
  });
  return describe(result.metafile, assetsDir);
}

function describe(metafile: Metafile, assetsDir: string): BundleOutput {
  const urlOf = (outputPath: string) => `/assets/${relative(assetsDir, `${projectRoot}${outputPath}`).split(sep).join("/")}`;
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
  const style = outputs.find((o) => o.url.endsWith(".css") && o.output.entryPoint === "templates/styles.css")!;
  const react = byEntry("runtime/hydrate.ts");
  const islandChunk = (name: string) => byEntry(`templates/islands/${name[0]!.toUpperCase()}${name.slice(1)}.tsx`);
  return {
    script: main.url,
    style: style.url,
    preloadFor(islands: readonly IslandName[] | readonly string[]) {
      const urls = new Set<string>();
      for (const u of staticClosure(main.url)) if (u !== main.url) urls.add(u);
      if (islands.length) {
        if (react) for (const u of staticClosure(react.url)) urls.add(u);
        for (const name of islands) {
          const chunk = islandChunk(name);
          if (chunk) for (const u of staticClosure(chunk.url)) urls.add(u);
        }
      }
      return [...urls].sort();
    },
    sizes: new Map(outputs.map(({ url, output }) => [url, output.bytes])),
    graph,
  };
}
