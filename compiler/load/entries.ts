// What the loader finds in a specs folder, and how it reads a file. Only plain files are read. A
// symbolic link is followed only to a file inside the specs folder: a specs folder can come from
// anyone (a pull request, an archive), and a link out of it would print any file of the machine
// in code frames and CI logs. Loops are never followed, links to folders neither (a link to a
// folder above would read the specs over and over), and a named pipe is never opened: opening one
// waits for a writer, for good. A read the OS refuses is reported in words, never thrown.

import {
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  openSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  statSync,
  type Stats,
} from "node:fs";
import { sep } from "node:path";
import { getSystemErrorMap } from "node:util";

/** What is at a path of the specs folder. */
export type Entry =
  /** A plain file, or a link to one inside the specs folder: read it. */
  | { kind: "file" }
  | { kind: "folder" }
  | { kind: "missing" }
  /** Never opened: named (`what`) and skipped, or, where a spec file is required, refused with `reason`. */
  | { kind: "skip"; what: string; reason: string; hint: string }
  | { kind: "unreadable"; reason: string };

const notFollowed =
  "links are followed only to files inside the specs folder: link to one of those, or copy the file here.";

/** The specs folder as links resolve: a link leads inside it when its target starts with this. */
export function specsRoot(dir: string): string {
  try {
    return realpathSync.native(dir);
  } catch {
    return dir;
  }
}

/** What is at `path`, without opening it. */
export function entryAt(path: string, root: string): Entry {
  let stat: Stats;
  try {
    stat = lstatSync(path);
  } catch (error) {
    return errorCode(error) === "ENOENT" ? { kind: "missing" } : { kind: "unreadable", reason: reasonOf(error) };
  }
  if (stat.isFile()) return { kind: "file" };
  if (stat.isDirectory()) return { kind: "folder" };
  if (stat.isSymbolicLink()) return linkAt(path, root);
  const what = special(stat);
  return {
    kind: "skip",
    what,
    reason: `it is ${what}, not a file`,
    hint: "a spec is a plain file: remove this, or put the spec file in its place.",
  };
}

/** Where a symbolic link leads: a file inside the specs folder is read, anything else named. */
export function linkAt(path: string, root: string): Entry {
  let real: string;
  try {
    real = realpathSync.native(path);
  } catch (error) {
    const code = errorCode(error);
    const what =
      code === "ELOOP"
        ? "a symbolic link that leads back to itself (a loop)"
        : code === "ENOENT"
          ? "a symbolic link to something that does not exist"
          : `a symbolic link that cannot be followed (${reasonOf(error)})`;
    return {
      kind: "skip",
      what,
      reason: `it is ${what}`,
      hint: "remove the link, or point it at a spec file inside the specs folder.",
    };
  }
  if (real !== root && !real.startsWith(root.endsWith(sep) ? root : root + sep)) {
    let target = real;
    try {
      target = readlinkSync(path);
    } catch {
      // Named by where it leads instead.
    }
    const what = `a symbolic link to ${target}, outside the specs folder`;
    return { kind: "skip", what, reason: `it is ${what}, which is not followed`, hint: notFollowed };
  }
  let stat: Stats;
  try {
    stat = statSync(real);
  } catch (error) {
    return { kind: "unreadable", reason: reasonOf(error) };
  }
  if (stat.isFile()) return { kind: "file" };
  const what = `a symbolic link to ${stat.isDirectory() ? "a folder" : special(stat)}`;
  return {
    kind: "skip",
    what,
    reason: `it is ${what}`,
    hint: stat.isDirectory()
      ? "links to folders are not followed: move the spec files here, or link to each file."
      : notFollowed,
  };
}

function special(stat: Stats): string {
  if (stat.isFIFO()) return "a named pipe (FIFO)";
  if (stat.isSocket()) return "a socket";
  if (stat.isBlockDevice() || stat.isCharacterDevice()) return "a device";
  return "neither a file nor a folder";
}

export interface ReadBytes {
  bytes: Buffer;
  mtimeMs: number;
  size: number;
}

/**
 * The bytes of a plain file, or why they cannot be read. Opened without waiting (a named pipe put
 * in the file's place since it was looked at would otherwise block) and read only if it is a file.
 */
export function readBytes(path: string): ReadBytes | { reason: string } {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    return { reason: reasonOf(error) };
  }
  try {
    const stat = fstatSync(fd);
    if (stat.isDirectory()) return { reason: "it is a folder, not a file" };
    if (!stat.isFile()) return { reason: `it is ${special(stat)}, not a file` };
    return { bytes: readFileSync(fd), mtimeMs: stat.mtimeMs, size: stat.size };
  } catch (error) {
    return { reason: reasonOf(error) };
  } finally {
    closeSync(fd);
  }
}

/** A file's size and modification time, or undefined when it cannot be looked at. */
export function stampOf(path: string): { mtimeMs: number; size: number } | undefined {
  try {
    const { mtimeMs, size } = statSync(path);
    return { mtimeMs, size };
  } catch {
    return undefined;
  }
}

const reasons: Record<string, string> = {
  EACCES: "you do not have permission to read it",
  EPERM: "you do not have permission to read it",
  EISDIR: "it is a folder, not a file",
  ENOENT: "it was removed while it was being read",
  ENOTDIR: "a part of its path is not a folder",
  ELOOP: "its symbolic links lead round in a loop",
  EIO: "the disk reported an input/output error",
  ENAMETOOLONG: "its path is too long",
  EMFILE: "too many files are open at once",
  ENFILE: "too many files are open at once",
  EBUSY: "another program holds it",
  ENXIO: "it is a device or socket that is not there",
};

/** Why the OS refused, in words: a known reason, else the system's own text without the path. */
export function reasonOf(error: unknown): string {
  const code = errorCode(error);
  if (code && reasons[code]) return reasons[code];
  const errno = (error as NodeJS.ErrnoException | undefined)?.errno;
  const system = typeof errno === "number" ? getSystemErrorMap().get(errno)?.[1] : undefined;
  if (system) return system;
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/^[A-Z]+: /, "").replace(/, \w+ '.*'$/, "");
}

function errorCode(error: unknown): string | undefined {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return typeof code === "string" ? code : undefined;
}
