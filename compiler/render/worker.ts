// A render thread of site build (see render-pool.ts): it renders the pages it is sent and writes
// them, with their manifests, into the staging folder (write.ts links what the previous output
// holds unchanged); it answers with what the summary needs.
import { parentPort } from "node:worker_threads";
import { renderJobs, type PageJob, type RenderedPage, type Reuse } from "./pool.ts";
import type { PageAssets } from "./index.tsx";
import type { OutputTarget } from "../write/index.ts";

interface Setup {
  assets: PageAssets;
  target: OutputTarget;
  reuse: Reuse;
}

// The thread starts before the site is compiled (pool.ts, startRenderThreads): what every page is
// rendered with comes as the first message, the batches of pages after it.
let setup: Setup | undefined;

parentPort!.on("message", (message: Setup | PageJob[]) => {
  if (!Array.isArray(message)) {
    setup = message;
    return;
  }
  let rendered: RenderedPage[];
  try {
    rendered = renderJobs(message, setup!.assets, setup!.target, setup!.reuse);
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
