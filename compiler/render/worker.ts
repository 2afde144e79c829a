// A render thread of site build (see pool.ts): it renders the pages it is sent and writes
// them, with their manifests, into the staging folder (write/index.ts links what the previous output
// holds unchanged); it answers with what the summary needs.
import { parentPort } from "node:worker_threads";
import { type PostedBatch, type RenderedPage, renderPosted, type Reuse } from "./pool.ts";
import type { LayoutData } from "../compile/route-data.ts";
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
const layouts = new Map<number, LayoutData>();

parentPort!.on("message", (message: Setup | PostedBatch) => {
  if (!("pages" in message)) {
    setup = message;
    return;
  }
  for (const [number, layout] of message.layouts) layouts.set(number, layout);
  let rendered: (RenderedPage | null)[];
  try {
    rendered = renderPosted(message.pages, layouts, setup!.assets, setup!.target, setup!.reuse);
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
