// Runs a TypeScript entry of the project under Node 20, which cannot run .ts itself: the entry
// is bundled once with esbuild into lib/ and rebuilt whenever a source is newer.
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

export const root = fileURLToPath(new URL("..", import.meta.url));

function newestSource(dir) {
  let newest = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const path = `${dir}/${e.name}`;
    newest = Math.max(newest, e.isDirectory() ? newestSource(path) : statSync(path).mtimeMs);
  }
  return newest;
}

function mtime(path) {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return -1;
  }
}

/** The `site` command's bundle, lib/cli.js (bundled if stale): bin/site.js runs it, and so do the tests and the benchmark. */
export function bundledCli() {
  return bundled("cli/main.ts", "cli", ["compiler", "server", "cli", "templates", "runtime"]);
}

/** Bundles `entry` (relative to the project) into lib/<name>.js if stale, and imports it. */
export async function importBundled(entry, name, sourceDirs) {
  return import(await bundled(entry, name, sourceDirs));
}

/**
 * Bundles `entry` into lib/<name>.js unless that is newer than every source; returns its path.
 * What the entry imports with import() is split into chunks beside it (lib/chunk-<hash>.js), so
 * that a command loads the packages it needs and not every command's: `site build` with nothing
 * changed never loads React, esbuild or the YAML parsers.
 */
export async function bundled(entry, name, sourceDirs) {
  const bundle = `${root}lib/${name}.js`;
  if (mtime(bundle) < Math.max(...sourceDirs.map((d) => newestSource(`${root}${d}`)))) {
    const { build } = await import("esbuild");
    mkdirSync(`${root}lib`, { recursive: true });
    const result = await build({
      entryPoints: { [name]: `${root}${entry}` },
      outdir: `${root}lib`,
      // Chunks sit beside the entry: code that finds the project from its own address
      // (project.ts, cache.ts) finds it from any of them.
      chunkNames: "chunk-[hash]",
      splitting: true,
      write: false,
      bundle: true,
      platform: "node",
      format: "esm",
      target: "node20",
      packages: "external",
      // Beside the code, not inline: inline maps were three quarters of the bytes every command
      // loads. bin/site.js --debug turns them on, so a stack names the TypeScript lines.
      sourcemap: "linked",
      jsx: "automatic",
      // Components import their stylesheets for the bundle stage; on the server they are nothing.
      loader: { ".css": "empty" },
      logLevel: "error",
    });
    // Chunks first, the entry last, each written beside and renamed: several processes may start
    // at once. A chunk's name is the hash of its code, but not of the options it was written with
    // (its source map's place): one already there is kept only if it is the same file.
    const files = result.outputFiles
      .filter((f) => f.path !== bundle)
      .concat(result.outputFiles.filter((f) => f.path === bundle));
    for (const file of files) {
      if (file.path !== bundle && sameContents(file.path, file.contents)) continue;
      const temporary = `${file.path}.${process.pid}.tmp`;
      writeFileSync(temporary, file.contents);
      renameSync(temporary, file.path);
    }
    removeUnusedChunks();
  }
  return bundle;
}

function sameContents(path, contents) {
  try {
    return Buffer.compare(readFileSync(path), contents) === 0;
  } catch {
    return false;
  }
}

/** A chunk no bundle of lib/ imports any more, written over an hour ago (not by a bundling now). */
function removeUnusedChunks() {
  const lib = `${root}lib/`;
  const names = readdirSync(lib);
  const used = new Set();
  const read = (name) => {
    for (const [chunk] of readFileSync(lib + name, "utf8").matchAll(/chunk-[A-Z0-9]+\.js/g))
      if (!used.has(chunk) && names.includes(chunk)) {
        used.add(chunk);
        read(chunk);
      }
  };
  for (const name of names) if (name.endsWith(".js") && !name.startsWith("chunk-")) read(name);
  for (const name of names)
    if (
      name.startsWith("chunk-") &&
      !used.has(name.replace(/\.map$/, "")) &&
      mtime(lib + name) < Date.now() - 3_600_000
    )
      rmSync(lib + name, { force: true });
}
