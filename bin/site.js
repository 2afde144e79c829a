#!/usr/bin/env node
// Launcher for the `site` command. The compiler is TypeScript; Node 20 cannot run it directly,
// so it is bundled once with esbuild into lib/cli.js and rebuilt whenever a source is newer.
import { mkdirSync, readdirSync, renameSync, statSync } from "node:fs";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const entry = `${root}compiler/cli-main.ts`;
const bundle = `${root}lib/cli.js`;

function newestSource(dir) {
  let newest = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const path = `${dir}/${e.name}`;
    newest = Math.max(newest, e.isDirectory() ? newestSource(path) : statSync(path).mtimeMs);
  }
  return newest;
}

function bundleTime() {
  try {
    return statSync(bundle).mtimeMs;
  } catch {
    return -1;
  }
}

const sources = ["compiler", "templates", "runtime"].map((d) => newestSource(`${root}${d}`));
if (bundleTime() < Math.max(...sources)) {
  const { build } = await import("esbuild");
  mkdirSync(`${root}lib`, { recursive: true });
  // Write beside and rename: several `site` processes may start at once.
  const temporary = `${bundle}.${process.pid}.tmp`;
  await build({
    entryPoints: [entry],
    outfile: temporary,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    sourcemap: "inline",
    jsx: "automatic",
    logLevel: "error",
  });
  renameSync(temporary, bundle);
}

// React picks its build when first loaded: the production one renders several times faster.
process.env.NODE_ENV ??= "production";
const { main } = await import(bundle);
process.exitCode = await main(process.argv.slice(2));
