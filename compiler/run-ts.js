// Runs a TypeScript entry of the project under Node 20, which cannot run .ts itself: the entry
// is bundled once with esbuild into lib/ and rebuilt whenever a source is newer.
import { mkdirSync, readdirSync, renameSync, statSync } from "node:fs";
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

/** Bundles `entry` (relative to the project) into lib/<name>.js if stale, and imports it. */
export async function importBundled(entry, name, sourceDirs) {
  return import(await bundled(entry, name, sourceDirs));
}

/** Bundles `entry` into lib/<name>.js unless that is newer than every source; returns its path. */
export async function bundled(entry, name, sourceDirs) {
  const bundle = `${root}lib/${name}.js`;
  if (mtime(bundle) < Math.max(...sourceDirs.map((d) => newestSource(`${root}${d}`)))) {
    const { build } = await import("esbuild");
    mkdirSync(`${root}lib`, { recursive: true });
    // Write beside and rename: several processes may start at once.
    const temporary = `${bundle}.${process.pid}.tmp`;
    await build({
      entryPoints: [`${root}${entry}`],
      outfile: temporary,
      bundle: true,
      platform: "node",
      format: "esm",
      target: "node20",
      packages: "external",
      sourcemap: "inline",
      jsx: "automatic",
      // Components import their stylesheets for the bundle stage; on the server they are nothing.
      loader: { ".css": "empty" },
      logLevel: "error",
    });
    renameSync(temporary, bundle);
  }
  return bundle;
}
