// Runs the real `site` command in a child process, as a user or CI would.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { bundledCli } from "../../compiler/run-ts.js";

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

// The child's side of SiteProcess: main() from the bundle bin/site.js runs, once for each line
// ({ cwd, args }) that comes in on stdin, in turn, its output captured; each result goes back as
// one JSON line.
const serveCode = `
const [bundle] = process.argv.slice(1);
const write = process.stdout.write.bind(process.stdout);
let out = "";
let err = "";
process.stdout.write = (chunk) => ((out += String(chunk)), true);
process.stderr.write = (chunk) => ((err += String(chunk)), true);
import(bundle).then(({ main }) => {
  let queue = Promise.resolve();
  require("node:readline").createInterface({ input: process.stdin }).on("line", (line) => {
    queue = queue.then(async () => {
      const run = JSON.parse(line);
      process.chdir(run.cwd);
      out = "";
      err = "";
      let code;
      try {
        code = await main(run.args);
      } catch (error) {
        err += "thrown from main: " + ((error && error.stack) || error);
        code = -1;
      }
      write(JSON.stringify({ code, stdout: out, stderr: err }) + "\\n");
    });
  });
});
`;

/** A guard against a command that never ends, not a judgment of its speed: below the tests' 180 s. */
const RUN_LIMIT_MS = 150_000;

/**
 * The `site` command as bin/site.js runs it (the same bundle, main() with the arguments, in the
 * given folder), in one child process kept for many runs: a process start and a bundle load
 * for the lot instead of one per run. For tests of what a command prints and answers; whether
 * the process itself exits with the code is tests/integration/cli.test.ts's (runSite).
 */
class SiteProcess {
  private readonly waiting: { resolve: (result: RunResult) => void; reject: (error: Error) => void }[] = [];
  private buffered = "";

  private constructor(private readonly child: ChildProcess) {
    child.stdout!.setEncoding("utf8").on("data", (chunk: string) => {
      this.buffered += chunk;
      for (let end = this.buffered.indexOf("\n"); end >= 0; end = this.buffered.indexOf("\n")) {
        const line = this.buffered.slice(0, end);
        this.buffered = this.buffered.slice(end + 1);
        this.waiting.shift()?.resolve(JSON.parse(line) as RunResult);
      }
    });
    child.on("exit", (code, signal) => {
      for (const run of this.waiting.splice(0)) run.reject(new Error(`the site process ended (${code ?? signal})`));
    });
  }

  static async start(): Promise<SiteProcess> {
    const bundle = await bundledCli();
    const child = spawn(process.execPath, ["-e", serveCode, bundle], {
      env: { ...process.env, NO_COLOR: "1", NODE_ENV: "production" },
      stdio: ["pipe", "pipe", "inherit"],
    });
    return new SiteProcess(child);
  }

  /**
   * `site <args>` in `cwd` (default: the project folder). A run not answered within RUN_LIMIT_MS
   * ends the process, before the test's own time limit: the next test's command starts a new one
   * instead of queueing behind a command that hangs.
   */
  run(args: string[], options: { cwd?: string } = {}): Promise<RunResult> {
    return new Promise((resolve, reject) => {
      if (!this.running)
        return reject(new Error(`the site process has ended (${this.child.exitCode ?? this.child.signalCode})`));
      const limit = setTimeout(() => this.child.kill(), RUN_LIMIT_MS).unref();
      this.waiting.push({
        resolve: (result) => {
          clearTimeout(limit);
          resolve(result);
        },
        reject: (error) => {
          clearTimeout(limit);
          reject(error);
        },
      });
      this.child.stdin!.write(`${JSON.stringify({ cwd: options.cwd ?? projectRoot, args })}\n`);
    });
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Ends the process, without waiting: at a worker's exit nothing can be awaited. */
  kill(): void {
    this.child.kill();
  }
}

let workerSite: Promise<SiteProcess> | undefined;

/**
 * `site <args>` in `cwd` (default: the project folder), in the one SiteProcess of this test
 * worker, started on first use and ended with the worker: the compiler loaded and warmed up once
 * for every file the worker runs, where a process per command spent most of its second starting
 * cold. For what a command prints, writes and answers; runSite for the exit of a process of its own.
 */
export async function siteCommand(args: string[], options: { cwd?: string } = {}): Promise<RunResult> {
  // A run that ends the process fails on its own; the next one starts another.
  if (!workerSite || !(await workerSite).running) workerSite = startWorkerSite();
  return (await workerSite).run(args, options);
}

async function startWorkerSite(): Promise<SiteProcess> {
  const site = await SiteProcess.start();
  process.once("exit", () => site.kill());
  return site;
}

/** `site <args>` in each folder, one after the other (siteCommand). */
export async function runSiteEach(runs: { cwd: string; args: string[] }[]): Promise<RunResult[]> {
  const results: RunResult[] = [];
  for (const run of runs) results.push(await siteCommand(run.args, { cwd: run.cwd }));
  return results;
}

/** A stack trace looks like "    at fn (file:line:col)". */
export const stackTrace = /^\s+at .+:\d+:\d+\)?$/m;
