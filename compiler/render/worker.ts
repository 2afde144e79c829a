// A render thread of site build (see pool.ts): it renders the pages it is sent and writes
// them, with their manifests, into the staging folder (write/index.ts links what the previous output
// holds unchanged); it answers with what the summary needs.
import { parentPort } from "node:worker_threads";
import {
  type PostedBatch,
  type RenderedAhead,
  type RenderedPage,
  renderAhead,
  renderPosted,
  type Reuse,
} from "./pool.ts";
import type { LayoutData } from "../compile/route-data.ts";
import type { PageAssets } from "./index.tsx";
import type { OutputTarget } from "../write/index.ts";

interface Setup {
  assets: PageAssets;
  target: OutputTarget;
  reuse: Reuse;
}

// The thread starts before the site is compiled (pool.ts, RenderThreads). While it compiles, it
// may send pages ahead ({ ahead }), rendered here but for their asset links and kept; what every
// page is rendered with comes next, and the pages kept are written then; the batches come after.
let setup: Setup | undefined;
const layouts = new Map<number, LayoutData>();
let kept: RenderedAhead[] = [];

const answer = (work: () => RenderedPage[] | { ahead: number }) => {
  let reply: { rendered: RenderedPage[] } | { ahead: number };
  try {
    const done = work();
    reply = Array.isArray(done) ? { rendered: done } : done;
  } catch (error) {
    // The pool turns this into a failed build; the stack is shown only with --debug.
    parentPort!.postMessage({
      error: error instanceof Error ? error.message : String(error),
      stack: error instanceof Error ? error.stack : undefined,
    });
    return;
  }
  parentPort!.postMessage(reply);
};

parentPort!.on("message", (message: Setup | PostedBatch | { ahead: PostedBatch }) => {
  if ("ahead" in message) {
    for (const [number, layout] of message.ahead.layouts) layouts.set(number, layout);
    answer(() => {
      for (const page of message.ahead.pages) kept.push(renderAhead(page, layouts));
      return { ahead: message.ahead.pages.length };
    });
    return;
  }
  if (!("pages" in message)) {
    setup = message;
    if (kept.length === 0) return;
    const ahead = kept;
    kept = [];
    answer(() => renderPosted(ahead, layouts, setup!.assets, setup!.target, setup!.reuse));
    return;
  }
  for (const [number, layout] of message.layouts) layouts.set(number, layout);
  answer(() => renderPosted(message.pages, layouts, setup!.assets, setup!.target, setup!.reuse));
});
