// Where a test run keeps its temporary files: on a RAM disk (/dev/shm) where there is one with
// room to spare, else the system's temporary folder; a TMPDIR of your own is used as it is. Plain
// JavaScript, so that tests/run.js (plain Node) and the global setup (tests/support/temp-folder.ts)
// share it.
import { statfsSync } from "node:fs";
import { tmpdir } from "node:os";

const ramDisk = "/dev/shm";
// Shared builds and fixture copies of a run take a few hundred MB at most; a container's default
// /dev/shm (64 MB) is too small and is passed over.
const roomNeeded = 2 * 1024 ** 3;

/** The folder a run's own temporary folder goes in. */
export function baseFolder() {
  if (process.env.TMPDIR) return tmpdir();
  try {
    const { bavail, bsize } = statfsSync(ramDisk);
    if (bavail * bsize >= roomNeeded) return ramDisk;
  } catch {
    // No RAM disk here (macOS, Windows).
  }
  return tmpdir();
}
