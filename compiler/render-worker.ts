// A render thread of site build (see render-pool.ts): it renders the pages it is sent and writes
// them, with their manifests, into the staging folder; it answers with what the summary needs.
import { parentPort, workerData } from "node:worker_threads";
import { renderJobs, type PageJob, type RenderedPage } from "./render-pool.ts";
import type { PageAssets } from "./render.tsx";

const { assets, staging } = workerData as { assets: PageAssets; staging: string };

parentPort!.on("message", (jobs: PageJob[]) => {
  let rendered: RenderedPage[];
  try {
    rendered = renderJobs(jobs, assets, staging);
  } catch (error) {
    // The pool turns this into a failed build; the stack is shown only with --debug.
    parentPort!.postMessage({ error: error instanceof Error ? error.message : String(error), stack: error instanceof Error ? error.stack : undefined });
    return;
  }
  parentPort!.postMessage({ rendered });
});
