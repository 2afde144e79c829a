// What a build's output is a function of, as hashes a later build compares: the code that makes
// the output (the compiler, the templates and runtime it renders and bundles, the schemas, and the
// versions of the packages and the Node that run them) and the files of the specs folder. An
// equal hash means an equal output, so a build can take what an earlier one made instead of
// making it again (make and ninja stamp inputs the same way: by size and modification time).

import { createHash } from "node:crypto";
import { lstatSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { cacheDir, writeCacheFile } from "./cache.ts";
import { projectRoot } from "./project.ts";
import { byCodeUnit } from "./order.ts";

/**
 * How long after its last change a file's size and modification time are trusted to tell whether
 * it changed again. A file system stamps times in ticks of its clock (4 ms on this Linux; 2 s on
 * FAT), so a file written again within the tick it was read in, at the same size, looks untouched
 * ("racily clean", as git calls it): what was read of a younger file is not kept for later.
 */
const SETTLED_MS = 2_000;

/** Whether a file last changed at `mtimeMs` is old enough for its stamp to be trusted (SETTLED_MS). */
export function settled(mtimeMs: number, now = Date.now()): boolean {
  return mtimeMs <= now - SETTLED_MS;
}

/** The project folders whose code goes into the output, or decides whether there is one. */
const CODE_FOLDERS = ["compiler", "templates", "runtime", "server", "schemas"];
/** The packages whose code goes into the output: rendering, bundling, formatting, images. */
const CODE_PACKAGES = ["react", "react-dom", "esbuild", "luxon", "sharp"];

interface FileDigest {
  size: number;
  mtimeMs: number;
  digest: string;
}

/** Each code file's digest, by path, kept while its size and modification time stay the same. */
const fileDigests = new Map<string, FileDigest>();
/** Whether fileDigests holds digests the stored ones lack. */
let digestsAdded = false;

/**
 * The digests of earlier runs, in the cache folder (cache.ts), taken in once per process: reading
 * and hashing the 2 MB of code took about 25 ms of every build, a build that finds nothing
 * changed included; checking the stamps takes 5.
 */
const storedDigests = new URL("code-digests.json", cacheDir);
let storedRead = false;

function readStoredDigests(): void {
  if (storedRead) return;
  storedRead = true;
  try {
    const stored = JSON.parse(readFileSync(storedDigests, "utf8")) as Record<string, FileDigest>;
    for (const [file, entry] of Object.entries(stored)) if (!fileDigests.has(file)) fileDigests.set(file, entry);
  } catch {
    // None yet, or unreadable: every file is read and hashed, and the digests written anew.
  }
}

/**
 * A hash of the code that makes a build's output: every file of CODE_FOLDERS by its path in the
 * project and its contents (a checkout that only touches a file's time, or a copy of the project
 * elsewhere, changes nothing), and the versions of the packages and of Node. Taken afresh on every
 * call: a long-lived process (site dev, a test worker) whose code is edited under it must not
 * keep, or cache a bundle under, the hash of the code it started with. A file whose size and time
 * are unchanged is not read again. `folders`: some of CODE_FOLDERS only (validate's results
 * depend on the compiler's code, not on the templates').
 */
export function codeFingerprint(root = projectRoot, folders: readonly string[] = CODE_FOLDERS): string {
  readStoredDigests();
  const hash = createHash("sha256").update(`node ${process.version}\n`);
  for (const name of CODE_PACKAGES) {
    let version = "none";
    try {
      version = (
        JSON.parse(readFileSync(join(root, "node_modules", name, "package.json"), "utf8")) as { version: string }
      ).version;
    } catch {
      // Not installed (sharp is optional on some platforms): that, too, is part of the hash.
    }
    hash.update(`${name}@${version}\n`);
  }
  const files = folders.flatMap((folder) => filesIn(join(root, folder)));
  for (const file of files) hash.update(`${relative(root, file)}\n${digestOf(file)}\n`);
  if (digestsAdded) {
    // This project's files only: those of projects gone (a test's, a removed worktree) and of
    // files gone from the folders just walked drop out; those of the folders not walked stay.
    digestsAdded = false;
    const notWalked = CODE_FOLDERS.filter((folder) => !folders.includes(folder)).map((f) => join(root, f, sep));
    const kept = [
      ...files.flatMap((file) => {
        const entry = fileDigests.get(file);
        return entry ? [[file, entry] as const] : [];
      }),
      ...[...fileDigests].filter(([file]) => notWalked.some((folder) => file.startsWith(folder))),
    ];
    writeCacheFile(storedDigests, JSON.stringify(Object.fromEntries(kept)), 1);
  }
  return hash.digest("hex");
}

/**
 * The compiler folder's fingerprint, taken once per process: a process runs the compiler it
 * loaded, whatever is edited under it (validate's checksToken, load's kept spans).
 */
export function loadedCompilerFingerprint(): string {
  return (loadedCompiler ??= codeFingerprint(projectRoot, ["compiler"]));
}
let loadedCompiler: string | undefined;

function digestOf(file: string): string {
  const stat = statSync(file, { throwIfNoEntry: false });
  if (!stat) return "gone";
  const known = fileDigests.get(file);
  if (known && known.size === stat.size && known.mtimeMs === stat.mtimeMs) return known.digest;
  const digest = createHash("sha256").update(readFileSync(file)).digest("hex");
  if (settled(stat.mtimeMs)) {
    fileDigests.set(file, { size: stat.size, mtimeMs: stat.mtimeMs, digest });
    digestsAdded = true;
  }
  return digest;
}

/** Every file below `dir`, sorted, folders walked, links not followed. */
function filesIn(dir: string): string[] {
  const files: string[] = [];
  let entries: import("node:fs").Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return files;
  }
  for (const entry of entries.sort((a, b) => byCodeUnit(a.name, b.name))) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) for (const file of filesIn(path)) files.push(file);
    else if (entry.isFile()) files.push(path);
  }
  return files;
}

/**
 * A hash of what is in a specs folder: every entry's path, kind, size and modification time (a
 * link's target's too), in order. An edit, a new file, a removed one or a renamed one changes it.
 * `settled` is false when a file changed too recently for its stamp to be trusted (SETTLED_MS): a
 * later hash equal to this one would not prove the folder unchanged.
 */
export function specsFingerprint(specsDir: string): { hash: string; settled: boolean } {
  const hash = createHash("sha256");
  const now = Date.now();
  let allSettled = true;
  const walk = (dir: string, prefix: string) => {
    let names: string[];
    try {
      names = readdirSync(dir).sort();
    } catch {
      hash.update(`${prefix} unreadable\n`);
      return;
    }
    for (const name of names) {
      const path = join(dir, name);
      const stat = lstatSync(path, { throwIfNoEntry: false });
      if (!stat) continue;
      if (stat.isDirectory()) {
        hash.update(`${prefix}${name}/\n`);
        walk(path, `${prefix}${name}/`);
        continue;
      }
      const target = stat.isSymbolicLink() ? statSync(path, { throwIfNoEntry: false }) : stat;
      hash.update(`${prefix}${name} ${stat.mode} ${stat.size} ${stat.mtimeMs} ${target?.size} ${target?.mtimeMs}\n`);
      allSettled &&= settled(stat.mtimeMs, now) && (!target || settled(target.mtimeMs, now));
    }
  };
  walk(specsDir, "");
  return { hash: hash.digest("hex"), settled: allSettled };
}
