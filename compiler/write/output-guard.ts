// What `site build --out` may replace. A build swaps its output in for the folder it is given
// and deletes what was there, so it must only ever be given its own previous output: never the
// project, the specs, a git work tree or a folder of someone's files. Outputs carry a stamp, and
// a lock beside the folder keeps two builds from writing into it at once.

import {
  closeSync,
  existsSync,
  lstatSync,
  openSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { basename, dirname, isAbsolute, join, relative, resolve } from "node:path";
import { projectRoot } from "../project.ts";
import { buildsFolder } from "./index.ts";

/** Why a build will not write to a folder: said to the user in one line (exit 2). */
export class OutputRefused extends Error {}

/** The file that marks a folder as an output of `site build`. */
const OUTPUT_STAMP = ".site-output";

/** What a previous output holds, stamp or no stamp (outputs made before stamps existed). */
const OUTPUT_ENTRIES = new Set(["site", "manifests", "generated", "host", OUTPUT_STAMP]);

/** Where the compiler itself is installed: a build must not replace its own code either. */
const COMPILER_ROOT = resolve(projectRoot);

/**
 * Throws OutputRefused unless `out` is a folder a build may replace: a new or empty folder, or a
 * previous output. `protect` lists folders the output must neither be nor contain; the messages
 * name `out` as the user wrote it (`outAsWritten`), else from `cwd`.
 */
export function guardOutput(out: string, protect: { specsDir: string; cwd: string; outAsWritten?: string }): void {
  const target = realOrResolved(out);
  const contains = (folder: string) => {
    const rel = relative(target, realOrResolved(folder));
    return rel === "" || (!rel.startsWith("..") && !isAbsolute(rel));
  };
  const shown = protect.outAsWritten ?? (relative(protect.cwd, resolve(out)) || ".");
  if (target === dirname(target))
    throw new OutputRefused(`--out ${shown} is the root of the file system; pass a folder of its own, such as dist`);
  for (const [folder, what] of [
    [protect.cwd, "the current folder"],
    [protect.specsDir, "the specs"],
    [COMPILER_ROOT, "the site compiler itself"],
  ] as const) {
    if (contains(folder))
      throw new OutputRefused(
        `--out ${shown} ${target === realOrResolved(folder) ? "is" : "contains"} ${what}; a build replaces its --out folder whole, so pass a folder of its own, such as dist`,
      );
  }
  const link = lstatSync(out, { throwIfNoEntry: false });
  if (link?.isSymbolicLink() && dirname(target) !== realOrResolved(buildsFolder(out)))
    throw new OutputRefused(
      `--out ${shown} is a link to a folder that is not one of its builds; a build replaces the link, so pass a folder of its own, such as dist`,
    );
  if (!existsSync(target)) return;
  if (!statSync(target).isDirectory()) throw new OutputRefused(`--out ${shown} is a file, not a folder`);
  if (existsSync(join(target, ".git")))
    throw new OutputRefused(
      `--out ${shown} is a git work tree; a build replaces its --out folder whole, so pass a folder of its own, such as dist`,
    );
  const strangers = readdirSync(target).filter((entry) => !OUTPUT_ENTRIES.has(entry));
  if (strangers.length > 0 && !existsSync(join(target, OUTPUT_STAMP))) {
    throw new OutputRefused(
      `--out ${shown} holds files that are not a site build (${strangers.slice(0, 3).join(", ")}${strangers.length > 3 ? ", ..." : ""}); a build would delete them: pass a new or empty folder, or an earlier output`,
    );
  }
}

/** Marks a finished output, so later builds know they may replace it. */
export function stampOutput(folder: string): void {
  writeFileSync(
    join(folder, OUTPUT_STAMP),
    "This folder is written by `site build`; the next build replaces it whole.\n",
  );
}

/**
 * Takes the lock of an output folder for this process: one build at a time writes to a folder.
 * A lock left by a build that is gone (killed) is taken over. Returns the release.
 */
export function lockOutput(out: string): () => void {
  const lock = join(dirname(out), `.${basename(out)}.lock`);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lock, "wx");
      writeFileSync(fd, String(process.pid));
      closeSync(fd);
      return () => {
        if (readPid(lock) === process.pid) rmSync(lock, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = readPid(lock);
      if (holder !== null && holder !== process.pid && isAlive(holder)) {
        throw new OutputRefused(
          `another site build (process ${holder}) is writing to ${out}; wait for it to finish, or build into another --out`,
        );
      }
      rmSync(lock, { force: true });
    }
  }
  throw new OutputRefused(`could not take the lock ${lock}; remove it if no build is running`);
}

/** Removes the lock of an output folder when the build that took it is gone (killed). */
export function clearStaleLock(out: string): void {
  const lock = join(dirname(out), `.${basename(out)}.lock`);
  const holder = readPid(lock);
  if (holder !== null && !isAlive(holder)) rmSync(lock, { force: true });
}

function readPid(file: string): number | null {
  try {
    const pid = Number(readFileSync(file, "utf8").trim());
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The real path of a folder, or of its nearest existing parent with the rest appended. */
function realOrResolved(path: string): string {
  const absolute = resolve(path);
  let existing = absolute;
  while (!existsSync(existing) && dirname(existing) !== existing) existing = dirname(existing);
  return join(realpathSync(existing), relative(existing, absolute));
}
