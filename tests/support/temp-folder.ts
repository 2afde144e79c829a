// vitest globalSetup, once per run, before the others: every temporary file of the run (fixture
// copies, builds, account data, the CLI's children's) goes into one folder, removed at the end,
// so a run leaves nothing behind even where a test forgot to clean up. Tests write and delete
// thousands of small files; on a disk that other work keeps busy each delete waits behind its
// writes, so the folder goes on a RAM disk (/dev/shm) where there is one with room to spare.
// A TMPDIR of your own is used as it is.
import { mkdtempSync, rmSync, statfsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const ramDisk = "/dev/shm";
// Shared builds and fixture copies of a run take a few hundred MB at most; a container's default
// /dev/shm (64 MB) is too small and is passed over.
const roomNeeded = 2 * 1024 ** 3;

function baseFolder(): string {
  if (process.env.TMPDIR) return tmpdir();
  try {
    const { bavail, bsize } = statfsSync(ramDisk);
    if (bavail * bsize >= roomNeeded) return ramDisk;
  } catch {
    // No RAM disk here (macOS, Windows).
  }
  return tmpdir();
}

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
