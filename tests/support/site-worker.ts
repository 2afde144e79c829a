// The `site` command run on a worker thread, many times over: the bundled CLI's main() as
// bin/site.js runs it, its output captured, and a time limit per run that holds even when a run
// never yields (the thread is terminated and a fresh one started). A fuzz can make thousands of
// runs this way, where a process per run would take an hour.
import { Worker } from "node:worker_threads";
import { bundledCli } from "../../compiler/run-ts.js";
import type { RunResult } from "./cli.ts";

// The thread's side: main() from the same bundle the launcher loads, stdout and stderr kept.
const threadCode = `
const { parentPort, workerData } = require("node:worker_threads");
process.env.NODE_ENV ??= "production";
process.env.NO_COLOR = "1";
let out = "";
let err = "";
process.stdout.write = (chunk) => ((out += String(chunk)), true);
process.stderr.write = (chunk) => ((err += String(chunk)), true);
import(workerData.cli).then(({ main }) => {
  parentPort.on("message", async (args) => {
    out = "";
    err = "";
    let code;
    try {
      code = await main(args);
    } catch (error) {
      err += "thrown from main: " + (error && error.stack || error);
      code = -1;
    }
    parentPort.postMessage({ code, stdout: out, stderr: err });
  });
  parentPort.postMessage("ready");
});
`;

export class SiteWorker {
  private worker: Worker | undefined;

  private constructor(private readonly cli: string) {}

  static async start(): Promise<SiteWorker> {
    const cli = await bundledCli();
    return new SiteWorker(cli);
  }

  private async thread(): Promise<Worker> {
    if (this.worker) return this.worker;
    const worker = new Worker(threadCode, { eval: true, workerData: { cli: this.cli } });
    await new Promise<void>((resolve, reject) => {
      worker.once("message", () => resolve());
      worker.once("error", reject);
    });
    this.worker = worker;
    return worker;
  }

  /**
   * `site <args>`; "timeout" when it has spent `ms` of CPU time without answering, or ten times
   * that on the wall clock. CPU time, because that is what a run stuck in a loop spends and what a
   * busy machine does not stretch: a case that takes 3 s alone takes 30 s of wall time beside two
   * other builds, and is no hang. (process.cpuUsage counts every thread of this process; while a
   * run goes on, the thread doing it is the only one at work.) The wall limit catches a run that
   * waits for ever without spending anything.
   */
  async run(args: string[], ms: number): Promise<RunResult | "timeout"> {
    const worker = await this.thread();
    const cpuAtStart = process.cpuUsage();
    const cpuMs = () => {
      const { user, system } = process.cpuUsage(cpuAtStart);
      return (user + system) / 1000;
    };
    return new Promise((resolve, reject) => {
      const stop = () => {
        clearInterval(watch);
        clearTimeout(wall);
      };
      const giveUp = () => {
        stop();
        worker.removeAllListeners("message");
        worker.removeAllListeners("error");
        this.worker = undefined;
        void worker.terminate();
        resolve("timeout");
      };
      const watch = setInterval(() => cpuMs() > ms && giveUp(), 250);
      const wall = setTimeout(giveUp, ms * 10);
      worker.once("message", (result: RunResult) => {
        stop();
        worker.removeAllListeners("error");
        resolve(result);
      });
      worker.once("error", (error) => {
        stop();
        this.worker = undefined;
        reject(error);
      });
      worker.postMessage(args);
    });
  }

  async close(): Promise<void> {
    await this.worker?.terminate();
    this.worker = undefined;
  }
}
