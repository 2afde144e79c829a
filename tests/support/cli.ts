// Runs the real `site` command in a child process, as a user or CI would.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

export const projectRoot = fileURLToPath(new URL("../..", import.meta.url));
const bin = `${projectRoot}bin/site.js`;

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

export function runSite(args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): RunResult {
  const result = spawnSync(process.execPath, [bin, ...args], {
    cwd: options.cwd ?? projectRoot,
    env: { ...process.env, NO_COLOR: "1", ...options.env },
    encoding: "utf8",
    timeout: 60_000,
  });
  return { code: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}

/** A stack trace looks like "    at fn (file:line:col)". */
export const stackTrace = /^\s+at .+:\d+:\d+\)?$/m;
