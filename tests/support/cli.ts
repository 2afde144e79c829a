// Runs the real `site` command in a child process, as a user or CI would.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { bundled } from "../../compiler/run-ts.js";

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
    // A guard against a run that never ends, not a judgment of its speed: a busy machine is slow.
    timeout: 300_000,
  });
  return { code: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}

// The child's side of runSiteEach: main() from the bundle bin/site.js runs, once per folder, its
// output captured; the results go out as one JSON line once the real stdout is back.
const eachCode = `
const [bundle] = process.argv.slice(1);
const runs = JSON.parse(require("node:fs").readFileSync(0, "utf8"));
const write = process.stdout.write.bind(process.stdout);
let out = "";
let err = "";
process.stdout.write = (chunk) => ((out += String(chunk)), true);
process.stderr.write = (chunk) => ((err += String(chunk)), true);
import(bundle).then(async ({ main }) => {
  const results = [];
  for (const run of runs) {
    process.chdir(run.cwd);
    out = "";
    err = "";
    const code = await main(run.args);
    results.push({ code, stdout: out, stderr: err });
  }
  write(JSON.stringify(results) + "\\n", () => process.exit(0));
});
`;

/**
 * `site <args>` in each folder, all in one child process: the command as bin/site.js runs it, a
 * process start and a bundle load for the lot instead of one per run (seventy fixture cases
 * would take a minute of this machine's two cores one process each).
 */
export async function runSiteEach(runs: { cwd: string; args: string[] }[]): Promise<RunResult[]> {
  const bundle = await bundled("cli/main.ts", "cli", ["compiler", "server", "cli", "templates", "runtime"]);
  const result = spawnSync(process.execPath, ["-e", eachCode, bundle], {
    input: JSON.stringify(runs),
    env: { ...process.env, NO_COLOR: "1", NODE_ENV: "production" },
    encoding: "utf8",
    timeout: 300_000,
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0)
    throw new Error(`the site runs ended with ${result.status ?? result.signal}: ${result.stderr}`);
  return JSON.parse(result.stdout) as RunResult[];
}

/** A stack trace looks like "    at fn (file:line:col)". */
export const stackTrace = /^\s+at .+:\d+:\d+\)?$/m;
