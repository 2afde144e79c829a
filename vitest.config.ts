// Three tiers, told apart by folder (README "Tests"):
//   tests/unit/         in this process only: no browser, no `site` child process, no build of a whole site
//   tests/integration/  the CLI as users run it, whole builds, nginx, the type checker
//   tests/e2e/          pages in Chromium: one browser for the whole run (tests/support/browser-server.ts)
// `npm test` runs all three; `npm run test:unit` (or test:integration, test:e2e) runs one.
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// The tests build and render with React's production build, as `site build` does (bin/site.js):
// the development build, vitest's default (NODE_ENV=test), renders several times slower and adds
// only warnings no test reads (the integration tier's CPU time down by about a third). Vite reads
// it after this file to pick the JSX transform, and the test workers are started with it.
process.env.NODE_ENV = "production";

// Time limits are there to end a test that hangs, never to judge how fast the machine is: the
// whole suite twice at once beside a 10,000-route build runs four to ten times slower than alone,
// and must pass (README "Tests"). Unit tests are small; the other tiers build, spawn and render.
// expect.poll, which waits for a page or a server to reach a state, waits as long as a busy
// machine needs (vitest's default is 1 s).
const unitLimits = { testTimeout: 30_000, hookTimeout: 60_000 };
const heavyLimits = { testTimeout: 180_000, hookTimeout: 300_000, expect: { poll: { timeout: 20_000 } } };
// The files of a worker share loaded modules: the compiler, React and the servers are imported
// once per worker, not once per file (the unit tier's CPU time halved, the integration tier's
// cut by a third). A file that mocks a module loads its own copy after vi.resetModules()
// (tests/unit/load-entries.test.ts); a file leaves no global state behind.
const shared = { isolate: false, setupFiles: ["tests/support/fresh-connections.ts"] };

export default defineConfig({
  test: {
    // Two cores: the CLI and browser tests spawn processes of their own.
    maxWorkers: 2,
    // The TypeScript of the tests and the compiler, transformed once and kept on disk
    // (node_modules/.experimental-vitest-cache, keyed by each file's content; `vitest --clearCache`
    // empties it): a run after the first spends 0.5 s transforming instead of 3, and imports its
    // modules in 2 s instead of 4.5 (npm run test:unit, 2026-11-26).
    experimental: { fsModuleCache: true },
    // The compiler's caches of the tests' many fixture folders are kept apart from the project's
    // (compiler/cache.ts): a run makes more bundles than the cache keeps, and would push out the
    // one every `site build` of specs/ takes. Kept between runs, so the next run starts warm.
    env: { SITE_CACHE_DIR: fileURLToPath(new URL("node_modules/.cache/site-compiler-tests/", import.meta.url)) },
    // UPDATE_SNAPSHOTS=1 rewrites the snapshots (the fixtures' expected.txt), as `vitest -u` does;
    // otherwise they are only written where missing, and never in CI.
    ...(process.env.UPDATE_SNAPSHOTS === "1" ? { update: true } : {}),
    // One temporary folder for the whole run, on a RAM disk where there is one, removed after
    // (tests/support/temp-folder.ts). The real specs are built once per instant for the whole run,
    // whichever tier asks first (tests/support/build.ts); shared-builds makes the folder they are
    // kept in.
    globalSetup: ["tests/support/temp-folder.ts", "tests/support/shared-builds.ts"],
    projects: [
      {
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.ts"],
          ...shared,
          ...unitLimits,
        },
      },
      { test: { name: "integration", include: ["tests/integration/**/*.test.ts"], ...shared, ...heavyLimits } },
      {
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          // Launched once, only when an e2e file runs; each file connects to it.
          globalSetup: ["tests/support/browser-server.ts"],
          // A page test mostly waits on the browser (a load, a round trip per step): files whose
          // tests each use their own page run them three at a time (describe.concurrent).
          maxConcurrency: 3,
          ...shared,
          ...heavyLimits,
        },
      },
    ],
  },
});
