// A build whose generated modules, page shapes and code were bundled before takes that bundle
// from the cache instead of running esbuild again (compiler/bundle/cache.ts): the same files,
// byte for byte, and the same tables.
import { randomUUID } from "node:crypto";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, test, vi } from "vitest";

// A cache folder of this file's own (compiler/cache.ts reads SITE_CACHE_DIR when first loaded):
// the bundles made here push out no bundle of the project's, whatever time a test makes it.
const folder = mkdtempSync(join(tmpdir(), "bundle-cache-"));
let cachedBundle: typeof import("../../compiler/bundle/cache.ts").cachedBundle;
beforeAll(async () => {
  vi.stubEnv("SITE_CACHE_DIR", folder);
  vi.resetModules();
  ({ cachedBundle } = await import("../../compiler/bundle/cache.ts"));
});
afterAll(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
  rmSync(folder, { recursive: true, force: true });
});

test("inputs bundled before give the bundle made then; other inputs are bundled anew", async () => {
  const modules = new Map([["shared.ts", `export const run = "${randomUUID()}";`]]);
  const made = {
    files: new Map([["/assets/main-ABC.js", new Uint8Array([1, 2, 3])]]),
    script: "/assets/main-ABC.js",
    graph: new Map([["/assets/main-ABC.js", { static: [], dynamic: [] }]]),
  };
  let bundled = 0;
  const make = async () => {
    bundled++;
    return made;
  };
  expect(await cachedBundle({ modules, shapes: [] }, make)).toBe(made);
  const again = await cachedBundle({ modules: new Map(modules), shapes: [] }, make);
  expect(bundled).toBe(1);
  expect(again).toEqual(made);
  expect(Buffer.from(again.files.get("/assets/main-ABC.js")!)).toEqual(Buffer.from([1, 2, 3]));

  await cachedBundle({ modules: new Map([...modules, ["other.ts", "export const run = 1;"]]), shapes: [] }, make);
  await cachedBundle({ modules, shapes: [{ template: "home" }] }, make);
  expect(bundled).toBe(3);
});

test("a bundle taken again outlives the bundles made since: the cache keeps those last used", async () => {
  const output = { files: new Map(), script: "/assets/main.js", graph: new Map() };
  const inputs = () => ({ modules: new Map([["shared.ts", `export const run = "${randomUUID()}";`]]), shapes: [] });
  const bundles = () => readdirSync(folder).filter((name) => name.startsWith("bundle-"));
  const before = new Set(bundles());
  const used = inputs();
  await cachedBundle(used, async () => output);
  const usedFile = bundles().find((name) => !before.has(name));
  // Two hours on: every bundle is old enough to be pruned, but the one taken now.
  vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 7_200_000 });
  try {
    let made = 0;
    const make = async () => {
      made++;
      return output;
    };
    await cachedBundle(used, make);
    expect(made).toBe(0);
    for (let i = 0; i < 8; i++) await cachedBundle(inputs(), async () => output);
    expect(bundles()).toHaveLength(8);
    expect(bundles()).toContain(usedFile);
    await cachedBundle(used, make);
    expect(made).toBe(0);
  } finally {
    vi.useRealTimers();
  }
});
