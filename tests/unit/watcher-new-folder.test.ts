// site dev's watcher and a folder made while it runs (server/dev/watcher.ts). chokidar reads a new
// folder and only then watches it, so a file moved into it while the process is busy (a rebuild)
// fell between the two: never reported, the page kept its drawing, and the file's removal went
// unseen too. One of the suite's runs under load hung on it (tests/e2e/dev.test.ts, 2026-11-29).
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, test } from "vitest";
import { watchProject } from "../../server/dev/watcher.ts";

const root = mkdtempSync(join(tmpdir(), "site-watch-folder-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Keeps this thread busy for `ms`, as a rebuild does: the thread pool reads the new folder meanwhile. */
function busy(ms: number) {
  const end = Date.now() + ms;
  while (Date.now() < end);
}

test("a file moved into a new folder while the process is busy is reported, and so is its removal", async () => {
  const specs = join(root, "specs");
  mkdirSync(specs);
  const folder = join(specs, "images");
  const picture = join(folder, "flagship-bumblebee.jpg");
  const made = join(root, "flagship-bumblebee.jpg");
  writeFileSync(made, "a picture");
  // Each path reported, and whether it was there then: a removal is a report of a path that is gone.
  const reported: string[] = [];
  const watcher = watchProject({
    specsDir: specs,
    cwd: root,
    log: () => {},
    onChange: (path) => {
      reported.push(`${path} ${existsSync(path) ? "there" : "gone"}`);
      // The folder's rebuild runs while chokidar reads it; the picture is moved in at its end.
      if (path === folder && !existsSync(picture))
        setImmediate(() => {
          busy(100);
          renameSync(made, picture);
        });
    },
  });
  try {
    await watcher.ready;
    mkdirSync(folder);
    // Polled as long as a busy machine needs; a file never reported never gets there. (A file
    // reported twice costs a rebuild that changes nothing, and is let be.)
    await expect.poll(() => reported, { timeout: 20_000 }).toContain(`${picture} there`);
    rmSync(picture);
    await expect.poll(() => reported, { timeout: 20_000 }).toContain(`${picture} gone`);
  } finally {
    await watcher.close();
  }
});
