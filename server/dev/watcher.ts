// What site dev watches and how changes reach a rebuild: the specs folder and the project's
// templates/, runtime/ and schemas/, each changed file looked at again once chokidar's throttle
// has passed, and a burst of saves gathered into one rebuild, never two at once. A symbolic link
// loop under a watched folder is skipped with one line instead of being followed forever.

import { lstatSync, readdirSync, realpathSync, statSync } from "node:fs";
import { basename, dirname, join, relative, sep } from "node:path";
import { watch } from "chokidar";
import { projectRoot } from "../../compiler/bundle/index.ts";

/** Past chokidar's throttle of changes to one file (50 ms). */
const RECHECK_MS = 60;

export interface WatchOptions {
  specsDir: string;
  /** Where skipped paths are named from. */
  cwd: string;
  log: (line: string) => void;
  /** Called with the absolute path of each file added, changed or removed. */
  onChange: (absolute: string) => void;
}

export interface ProjectWatcher {
  /** Resolves once the folders are read and changes are reported. */
  ready: Promise<void>;
  close(): Promise<void>;
}

export function watchProject({ specsDir, cwd, log, onChange }: WatchOptions): ProjectWatcher {
  const skipped = new Set<string>();
  const skip = (path: string, why: string) => {
    if (skipped.has(path)) return;
    skipped.add(path);
    log(`skipped  ${relative(cwd, path).split(sep).join("/")}  ${why}`);
  };
  const watcher = watch([specsDir, ...["templates", "runtime", "schemas"].map((d) => join(projectRoot, d))], {
    ignoreInitial: true,
    // chokidar follows symbolic links, and one that leads back to a folder it is in would be
    // followed until the path is too long to stat, then end the process with an error.
    ignored: (path: string) => {
      if (!isLinkLoop(path)) return false;
      skip(path, "a symbolic link loop: not followed, not watched");
      return true;
    },
  });

  // chokidar drops a change to a file that comes within 50 ms of its last one, and sends nothing
  // after: a save followed at once by a formatter's rewrite would stay unbuilt. So each changed
  // file is looked at again once that time has passed.
  const rechecks = new Set<NodeJS.Timeout>();
  const onFileChange = (absolute: string) => {
    const stamp = stampOf(absolute);
    onChange(absolute);
    const recheck = setTimeout(() => {
      rechecks.delete(recheck);
      if (stampOf(absolute) !== stamp) onFileChange(absolute);
    }, RECHECK_MS);
    rechecks.add(recheck);
  };

  // chokidar reads a new folder and only then watches it: a file moved into it in between is
  // never reported, nor its removal later (a picture put into a new images/ folder stayed a
  // drawing). So a new folder is looked at again once that time has passed, and a file in it that
  // chokidar does not know is reported and handed to it to watch. One it knows is not reported again.
  const onFolderAdded = (folder: string) => {
    onChange(folder);
    const recheck = setTimeout(() => {
      rechecks.delete(recheck);
      const known = watcher.getWatched();
      for (const file of filesBelow(folder))
        if (!known[dirname(file)]?.includes(basename(file))) {
          watcher.add(file);
          onChange(file);
        }
    }, RECHECK_MS);
    rechecks.add(recheck);
  };

  watcher.on("all", (event, path) =>
    event === "change" ? onFileChange(path) : event === "addDir" ? onFolderAdded(path) : onChange(path),
  );
  // Whatever else cannot be watched (no permission, too many links) is skipped, never fatal.
  watcher.on("error", (error: unknown) => {
    const { path, code, message } = error as NodeJS.ErrnoException;
    skip(path ?? "?", `cannot be watched (${code ?? message})`);
  });
  return {
    ready: new Promise<void>((resolve) => watcher.once("ready", () => resolve())),
    close: async () => {
      await watcher.close();
      for (const recheck of rechecks) clearTimeout(recheck);
    },
  };
}

/** The files in a folder and the folders in it; none when it is gone. */
function filesBelow(folder: string): string[] {
  try {
    return readdirSync(folder, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name));
  } catch {
    return [];
  }
}

/** A file's modification time and size, to tell whether it was written again. */
function stampOf(path: string): string {
  const stats = statSync(path, { throwIfNoEntry: false });
  return stats ? `${stats.mtimeMs} ${stats.size}` : "gone";
}

/**
 * A changed file as a rebuild names it: relative to the project, and under specs/ for a file of
 * the specs folder wherever that folder is.
 */
export function projectPath(absolute: string, specsDir: string): string {
  const path = relative(projectRoot, absolute).split(sep).join("/");
  const specs = relative(projectRoot, specsDir).split(sep).join("/");
  return path.startsWith(`${specs}/`) ? `specs/${path.slice(specs.length + 1)}` : path;
}

/**
 * Saves come in bursts (editors write, rename, touch): the paths changed are gathered until
 * none has come for settleMs, then `run` gets them, sorted, once. A run under way is never
 * interleaved with another: changes meanwhile wait for the next.
 */
export function gatherChanges(settleMs: number, run: (changed: string[]) => Promise<void>): (path: string) => void {
  let pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const flush = () => {
    timer = undefined;
    if (running || pending.size === 0) return;
    const changed = [...pending].sort();
    pending = new Set();
    running = run(changed).finally(() => {
      running = undefined;
      if (pending.size) flush();
    });
  };
  return (path) => {
    pending.add(path);
    if (timer) clearTimeout(timer);
    timer = setTimeout(flush, settleMs);
  };
}

/**
 * A symbolic link to a folder it is in (or to itself, or in a circle of links): following it
 * never ends. Links elsewhere, a specs folder that is itself a link among them, are followed.
 */
function isLinkLoop(path: string): boolean {
  try {
    if (!lstatSync(path).isSymbolicLink()) return false;
  } catch {
    return false;
  }
  let target: string;
  try {
    target = realpathSync(path);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ELOOP";
  }
  try {
    const parent = realpathSync(dirname(path));
    return parent === target || parent.startsWith(target + sep);
  } catch {
    return false;
  }
}
