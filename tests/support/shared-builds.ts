// vitest globalSetup, once per run: the folder where the real specs, built as of an instant, are
// kept for every test file of the run (tests/support/build.ts, realSiteAt). Removed at the end,
// so no run ever reads another run's build.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** Where tests/support/build.ts keeps the shared builds of this run. */
    sharedBuilds: string;
  }
}

export default function setup(project: TestProject): () => void {
  const dir = mkdtempSync(join(tmpdir(), "site-test-builds-"));
  project.provide("sharedBuilds", dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
