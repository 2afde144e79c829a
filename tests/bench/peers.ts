// Peers in the bench: Eleventy 3 and Astro 5 build the same pages from the same route data with
// the project's own page components, each in a process of its own, timed from start to exit.
// Both start from the compiled route data (one JSON file), so neither pays for the parse, check
// and compile that the project's cold build includes: the comparison favours them.
// - Eleventy: one .11ty.js template paginated over the routes, rendering each page with the
//   floor's render function (compiler/render's renderDocument: the project's Document and page
//   components in one renderToString, bundled by esbuild as the render threads are).
// - Astro: one [...path].astro page whose getStaticPaths reads the routes and renders the
//   project's Document and page components through @astrojs/react.
// They are tools only the bench needs: installed on first use into node_modules/.cache, as
// bin/lighthouse.js installs Lighthouse, not into package.json.

import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { projectRoot } from "../../compiler/bundle/index.ts";
import type { CompiledSite } from "../../compiler/compile/index.ts";
import type { LayoutData } from "../../compiler/compile/route-data.ts";
import { bundled } from "../../compiler/run-ts.js";

export interface PeerFigures {
  /** Wall time of each peer's build, process start to exit; null when it could not run (notes say why). */
  eleventy: number | null;
  astro: number | null;
  notes: { eleventy?: string; astro?: string };
}

const PEERS = { "@11ty/eleventy": "^3.1.8", astro: "^5.18.2", "@astrojs/react": "^4.4.2" };
const peersDir = join(projectRoot, "node_modules", ".cache", "site-compiler", "peers");

/** Installs the peers into the cache folder unless they are there; an error says why not. */
function installPeers(log: (line: string) => void): void {
  const missing = Object.keys(PEERS).filter(
    (name) => !existsSync(join(peersDir, "node_modules", name, "package.json")),
  );
  if (!missing.length) return;
  mkdirSync(peersDir, { recursive: true });
  writeFileSync(join(peersDir, "package.json"), `${JSON.stringify({ private: true, dependencies: PEERS }, null, 2)}\n`);
  log(`  installing ${Object.keys(PEERS).join(", ")} into ${peersDir} (once)`);
  const installed = spawnSync("npm", ["install", "--no-audit", "--no-fund", "--prefix", peersDir], {
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (installed.status !== 0) throw new Error("could not install the peers from the npm registry");
}

/** The route data as one JSON file: each region's layout once, the pages without it. */
function writeRouteData(compiled: CompiledSite, file: string): number {
  const layouts: LayoutData[] = [];
  const routes = compiled.routes
    .filter((r) => r.data)
    .map(({ data, manifest }) => {
      let layout = layouts.indexOf(data!.layout);
      if (layout < 0) layout = layouts.push(data!.layout) - 1;
      return { path: manifest.path, file: manifest.file, layout, data: { ...data!, layout: undefined } };
    });
  writeFileSync(file, JSON.stringify({ layouts, routes }));
  return routes.length;
}

async function timedProcess(args: string[], cwd: string): Promise<{ ms: number; error?: string }> {
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd,
    stdio: ["ignore", "ignore", "pipe"],
    env: { ...process.env, NODE_ENV: "production", ASTRO_TELEMETRY_DISABLED: "1" },
  });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk));
  const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
  const ms = performance.now() - started;
  // The message, not the stack under it.
  const message = stderr.split("\n").filter((line) => line.trim() && !/^\s*(at |\[11ty\]\s+at )/.test(line));
  return code === 0 ? { ms } : { ms, error: `exit ${code}: ${message.slice(0, 3).join(" / ")}` };
}

/** Counts the index.html files below `dir`: a peer must have built every page. */
function pagesBelow(dir: string): number {
  if (!existsSync(dir)) return 0;
  return readdirSync(dir, { recursive: true }).filter((f) => String(f).endsWith("index.html")).length;
}

async function eleventy(
  data: string,
  work: string,
  pages: number,
  assets: object,
): Promise<{ ms: number | null; note?: string }> {
  const input = join(work, "eleventy");
  const out = join(work, "eleventy-out");
  const render = await bundled("compiler/render/index.tsx", "peer-render", ["compiler", "templates", "runtime"]);
  mkdirSync(join(input, "_data"), { recursive: true });
  writeFileSync(
    join(input, "_data", "site.js"),
    `import { readFileSync } from "node:fs";\nexport default JSON.parse(readFileSync(${JSON.stringify(data)}, "utf8"));\n`,
  );
  writeFileSync(
    join(input, "pages.11ty.js"),
    [
      `import { renderDocument } from ${JSON.stringify(pathToFileURL(render).href)};`,
      `const assets = ${JSON.stringify(assets)};`,
      `export const data = { pagination: { data: "site.routes", size: 1, alias: "entry" }, permalink: (d) => "/" + d.entry.file };`,
      `export function render(d) {`,
      `  return renderDocument({ ...d.entry.data, layout: d.site.layouts[d.entry.layout] }, assets);`,
      `}`,
    ].join("\n"),
  );
  const bin = join(peersDir, "node_modules", "@11ty", "eleventy", "cmd.cjs");
  const run = await timedProcess([bin, "--quiet", `--input=${input}`, `--output=${out}`, "--formats=11ty.js"], work);
  if (run.error) return { ms: null, note: `Eleventy failed: ${run.error}` };
  const built = pagesBelow(out);
  return built === pages ? { ms: run.ms } : { ms: null, note: `Eleventy built ${built} of ${pages} pages` };
}

async function astro(
  data: string,
  work: string,
  pages: number,
  assets: object,
): Promise<{ ms: number | null; note?: string }> {
  // The peers' node_modules linked in: a project inside a node_modules folder is taken by Vite for
  // a dependency, and its pages are left unbundled.
  const project = join(work, "astro");
  mkdirSync(join(project, "src", "pages"), { recursive: true });
  symlinkSync(join(peersDir, "node_modules"), join(project, "node_modules"));
  // Astro bundles the integrations the project depends on (an unbundled one cannot import its
  // virtual modules): they are named here as a project would.
  const dependencies = { ...PEERS, react: "^19", "react-dom": "^19" };
  writeFileSync(join(project, "package.json"), `${JSON.stringify({ private: true, type: "module", dependencies })}\n`);
  writeFileSync(
    join(project, "astro.config.mjs"),
    [
      `import react from "@astrojs/react";`,
      `export default {`,
      `  integrations: [react()],`,
      `  logLevel: "error",`,
      `  vite: { resolve: { dedupe: ["react", "react-dom"] } },`,
      `};`,
    ].join("\n"),
  );
  const templates = join(projectRoot, "templates");
  writeFileSync(
    join(project, "src", "pages", "[...path].astro"),
    [
      `---`,
      `import { readFileSync } from "node:fs";`,
      `import { Document } from ${JSON.stringify(join(templates, "Document.tsx"))};`,
      `import { pages } from ${JSON.stringify(join(templates, "pages", "index.ts"))};`,
      `export function getStaticPaths() {`,
      `  const site = JSON.parse(readFileSync(${JSON.stringify(data)}, "utf8"));`,
      `  return site.routes.map((entry) => ({`,
      `    params: { path: entry.path === "/" ? undefined : entry.path.slice(1) },`,
      `    props: { data: { ...entry.data, layout: site.layouts[entry.layout] } },`,
      `  }));`,
      `}`,
      `const { data } = Astro.props;`,
      `const Page = pages[data.route.template];`,
      `const assets = ${JSON.stringify(assets)};`,
      `---`,
      `<Document route={data.route} head={data.head} layout={data.layout} assets={assets}><Page page={data.page} /></Document>`,
    ].join("\n"),
  );
  const bin = join(peersDir, "node_modules", "astro", "astro.js");
  const run = await timedProcess([bin, "build", "--silent"], project);
  if (run.error) return { ms: null, note: `Astro failed: ${run.error}` };
  // Its output stays inside the project: the pages it prerenders import the integrations from there.
  const built = pagesBelow(join(project, "dist"));
  return built === pages ? { ms: run.ms } : { ms: null, note: `Astro built ${built} of ${pages} pages` };
}

/**
 * Builds the compiled site's pages with each peer, in `work`, their pages linking `assets` (the
 * floor's); a peer that cannot run says why.
 */
export async function buildWithPeers(
  compiled: CompiledSite,
  assets: object,
  work: string,
  log: (line: string) => void,
): Promise<PeerFigures> {
  const notes: PeerFigures["notes"] = {};
  try {
    installPeers(log);
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    return { eleventy: null, astro: null, notes: { eleventy: why, astro: why } };
  }
  mkdirSync(work, { recursive: true });
  const data = join(work, "route-data.json");
  const pages = writeRouteData(compiled, data);
  log("  peers: Eleventy 3");
  const e = await eleventy(data, work, pages, assets);
  if (e.note) notes.eleventy = e.note;
  // Eleventy's pages stay until the run is over, as every page the run writes (bench.ts): removed
  // now, they would slow down Astro's writing.
  log("  peers: Astro 5");
  const a = await astro(data, work, pages, assets);
  if (a.note) notes.astro = a.note;
  return { eleventy: e.ms === null ? null : Math.round(e.ms), astro: a.ms === null ? null : Math.round(a.ms), notes };
}
