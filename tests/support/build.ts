// Builds a spec folder once per test file into a temporary output folder.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DateTime } from "luxon";
import { build, type BuildResult } from "../../compiler/pipeline.ts";

export async function buildInto(specsDir: string, now: string): Promise<{ out: string; result: BuildResult; cleanup: () => void }> {
  const root = mkdtempSync(join(tmpdir(), "site-build-"));
  const out = join(root, "dist");
  const result = await build({ specsDir, out, now: DateTime.fromISO(now, { setZone: true }) });
  return { out, result, cleanup: () => rmSync(root, { recursive: true, force: true }) };
}
