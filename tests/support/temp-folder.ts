// vitest globalSetup, once per run, before the others: every temporary file of the run (fixture
// copies, builds, account data, the CLI's children's) goes into one folder, removed at the end,
// so a run leaves nothing behind even where a test forgot to clean up. Tests write and delete
// thousands of small files; on a disk that other work keeps busy each delete waits behind its
// writes, so the folder goes on a RAM disk (/dev/shm) where there is one with room to spare.
// A TMPDIR of your own is used as it is.
import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { baseFolder } from "./ram-disk.js";

export default function setup(): () => void {
  const previous = process.env.TMPDIR;
  const folder = mkdtempSync(join(baseFolder(), "site-tests-"));
  // Workers and the processes they start inherit it; os.tmpdir() reads it on every call.
  process.env.TMPDIR = folder;
  return () => {
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
    rmSync(folder, { recursive: true, force: true });
  };
}
