// A render thread of site build (see render-pool.ts): it renders the pages it is sent and writes
// them, with their manifests, into the staging folder (write.ts links what the previous output
// holds unchanged); it answers with what the summary needs.
import { parentPort, workerData } from "node:worker_threads";
import { renderJobs, type PageJob, type RenderedPage, type Reuse } from "./pool.ts";
import type { PageAssets } from "./index.tsx";
import type { OutputTarget } from "../write/index.ts";

const { assets, target, reuse } = workerData as { assets: PageAssets; target: OutputTarget; reuse: Reuse };

parentPort!.on("message", (jobs: PageJob[]) => {
  let rendered: RenderedPage[];
  try {
    rendered = renderJobs(jobs, assets, target, reuse);
  } catch (error) {
    // The pool turns this into a failed build; the stack is shown only with --debug.
    parentPort!.postMessage({
      error: error instanceof Error ? error.message : String(error),
      stack: error instanceof Error ? error.stack : undefined,
    });
    return;
  }
  parentPort!.postMessage({ rendered });
});
