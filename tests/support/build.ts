// Builds for tests. A spec folder of a test's own is built into a temporary folder of its own
// (buildInto). The real specs are built once per instant for the whole run and shared by every
// file that asks (realSiteAt): the site at 2025-09-01 serves the build, nginx, navigation and
// account tests alike. A shared build is read, never written to.
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { DateTime } from "luxon";
import { inject } from "vitest";
import type { Diagnostic } from "../../compiler/diagnostics/index.ts";
import { build, type BuildResult } from "../../compiler/pipeline.ts";
import type { MadeFiles } from "../../compiler/write/index.ts";
import { projectRoot } from "./cli.ts";

export async function buildInto(
  specsDir: string,
  now: string,
): Promise<{ out: string; result: BuildResult; cleanup: () => void }> {
  const root = mkdtempSync(join(tmpdir(), "site-build-"));
  const out = join(root, "dist");
  const result = await build({ specsDir, out, now: DateTime.fromISO(now, { setZone: true }) });
  return { out, result, cleanup: () => rmSync(root, { recursive: true, force: true }) };
}

/** The real specs as built at an instant: the output folder, and what the build reported. */
export interface SharedBuild {
  out: string;
  diagnostics: Diagnostic[];
  summary: NonNullable<BuildResult["summary"]>;
}

const builds = new Map<string, Promise<SharedBuild>>();

/** The real specs built as of `now`, once per run however many files ask; read-only. */
export function realSiteAt(now: string): Promise<SharedBuild> {
  let shared = builds.get(now);
  if (!shared) builds.set(now, (shared = sharedBuild(now)));
  return shared;
}

/** Every file of the shared build at `now`, by its path under the output folder (site/us/index.html). */
export async function realSiteFilesAt(now: string): Promise<MadeFiles> {
  const { out } = await realSiteAt(now);
  const files: MadeFiles = new Map();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else files.set(relative(out, path), readFileSync(path));
    }
  };
  walk(out);
  return files;
}

// A run without the global setup (a config of someone's own) still shares within each process.
let ownFolder: string | undefined;
function buildsFolder(): string {
  const provided = inject("sharedBuilds");
  if (provided) return provided;
  if (!ownFolder) {
    const folder = mkdtempSync(join(tmpdir(), "site-test-builds-"));
    process.once("exit", () => rmSync(folder, { recursive: true, force: true }));
    ownFolder = folder;
  }
  return ownFolder;
}

/**
 * Test files run in two worker processes at once. The first to ask for an instant takes its lock
 * (a folder: mkdir either makes it or fails) and builds; the others wait for the result. The build
 * is made in a folder of its own and renamed into place whole, so a reader never sees half of one,
 * even if a lock is wrongly taken twice after a worker died holding it.
 */
async function sharedBuild(now: string): Promise<SharedBuild> {
  const folder = join(buildsFolder(), now.replace(/[^\w+-]/g, "_"));
  const resultFile = join(folder, "result.json");
  const lock = `${folder}.lock`;
  for (;;) {
    if (existsSync(resultFile))
      return {
        out: join(folder, "dist"),
        ...(JSON.parse(readFileSync(resultFile, "utf8")) as Omit<SharedBuild, "out">),
      };
    if (takeLock(lock)) {
      try {
        if (!existsSync(resultFile)) await buildWhole(now, folder);
      } finally {
        rmSync(lock, { recursive: true, force: true });
      }
      continue;
    }
    // Another worker is building this instant: a build of the real specs takes a second or two.
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function buildWhole(now: string, folder: string): Promise<void> {
  const staging = `${folder}.${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging);
  const result = await build({
    specsDir: join(projectRoot, "specs"),
    out: join(staging, "dist"),
    now: DateTime.fromISO(now, { setZone: true }),
  });
  if (!result.summary) {
    rmSync(staging, { recursive: true, force: true });
    const errors = result.diagnostics
      .filter((d) => d.severity === "error")
      .map((d) => `${d.location.file}: ${d.code} ${d.message}`);
    throw new Error(`the real specs do not build at ${now}:\n${errors.join("\n")}`);
  }
  writeFileSync(
    join(staging, "result.json"),
    JSON.stringify({ diagnostics: result.diagnostics, summary: result.summary }),
  );
  try {
    renameSync(staging, folder);
  } catch {
    // Built by another worker meanwhile: theirs stands.
    rmSync(staging, { recursive: true, force: true });
  }
}

function takeLock(lock: string): boolean {
  try {
    mkdirSync(lock);
    writeFileSync(join(lock, "pid"), String(process.pid));
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  // A lock whose worker has died (a crash, a kill) is given up; one just made has no pid yet.
  let pid = 0;
  try {
    pid = Number(readFileSync(join(lock, "pid"), "utf8"));
  } catch {
    return false;
  }
  if (pid && !alive(pid)) rmSync(lock, { recursive: true, force: true });
  return false;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
