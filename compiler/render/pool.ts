// The render stage of site build at scale: pages are rendered and written by worker threads, one
// per core, each sent batches of routes as it finishes the last. The main thread holds no HTML:
// it keeps the size of each page and the islands it has, for the build summary.

import { readFileSync, rmSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import { bundled } from "../run-ts.js";
import type { RouteManifest } from "../compile/index.ts";
import { layoutFrame, layoutHtml, renderRoutePage, type PageAssets } from "./index.tsx";
import type { LayoutData, RouteData } from "../compile/route-data.ts";
import { hashOf, type KnownFiles, manifestJson, reuseFile, type OutputTarget, writeOutput } from "../write/index.ts";
import { keysOf, type LayoutSlots, pageKeys, pageText, type PageText, type RecordedPage } from "../write/record.ts";
import { byCodeUnit } from "../order.ts";

/** A page to render: its data, and where its HTML and its manifest go inside the output. */
export interface PageJob {
  data: RouteData;
  file: string;
  manifestFile: string;
  manifest: RouteManifest;
}

export interface RenderedPage {
  /** The route's path, "/us/flagship-bumblebee". */
  path: string;
  /** Where the HTML was written, inside the output. */
  file: string;
  bytes: number;
  /** The same bytes as in the previous output, linked from there. */
  unchanged: boolean;
  islands: string[];
  /** What the page is made of, hashed (write/record.ts). */
  key: string;
  /** Taken from the previous output without rendering: its key is the one recorded there. */
  reused: boolean;
  /** Hashes of the HTML and the manifest as written, for the next build's record. */
  htmlHash: string;
  manifestHash: string;
  /** For the next build's record: the key of all but the layout, the layout's frame, its slots. */
  own: string;
  frame: string;
  slots: LayoutSlots;
  /** Made from a recorded page with the new layout's header and footer, not rendered. */
  layoutOnly?: true;
}

/**
 * What every page's key starts from (write/record.ts, keyBase), the pages of the previous output
 * (null when it has no record: its files are read to be compared), and the pages the build folder
 * already holds (the spare's: write/index.ts, stagingFolder), by route path.
 */
export interface Reuse {
  base: string;
  pages: Record<string, RecordedPage> | null;
  here: Record<string, RecordedPage>;
}

/**
 * A page as a render thread is sent it: the text its key is made of (JSON, cheaper to send than
 * the objects and hashed as it is), parsed only if the page must be rendered; its region's layout
 * by number, each layout sent to a thread once.
 */
export interface PostedPage {
  path: string;
  file: string;
  manifestFile: string;
  layout: number;
  /** The page as text; a splice (SpliceJob) is sent its keys instead. */
  text?: PageText;
  keys?: { key: string; own: string };
}

/** A page to write: its keys and layout, and its data and manifest when it must be rendered. */
interface PageToWrite {
  path: string;
  file: string;
  manifestFile: string;
  key: string;
  own: string;
  layout: LayoutData;
  load: () => { data: RouteData; manifest: RouteManifest };
}

/**
 * A page of a route kept from the last build whose region's layout changed (pipeline.ts): its keys
 * are known and its data is not. It is made from a recorded page with the new layout's header and
 * footer; where none can be read as recorded, from `load`, which compiles the route after all.
 */
export interface SpliceJob extends PageToWrite {
  region: string;
}

/** What a render thread throws from a splice's `load`: the page goes back to the main thread. */
class NeedsData extends Error {}

/** A batch of pages for a render thread, with the layouts it has not been sent yet. */
export interface PostedBatch {
  pages: PostedPage[];
  layouts: [number, LayoutData][];
}

/**
 * Renders pages and writes them and their manifests into the target; a page whose key the
 * previous output's record holds is linked from there instead, without rendering, and one the
 * build folder already holds with that key (the spare's) is left as it is.
 */
function renderJobs(jobs: readonly PageJob[], assets: PageAssets, target: OutputTarget, reuse: Reuse): RenderedPage[] {
  return jobs.map((job) =>
    writeOne(
      {
        path: job.manifest.path,
        file: job.file,
        manifestFile: job.manifestFile,
        ...pageKeys(reuse.base, job.data, job.manifest),
        layout: job.data.layout,
        load: () => job,
      },
      assets,
      target,
      reuse,
    ),
  );
}

/** renderJobs on a render thread, for the pages as they were sent (`layouts`: those sent so far). */
export function renderPosted(
  posted: readonly PostedPage[],
  layouts: ReadonlyMap<number, LayoutData>,
  assets: PageAssets,
  target: OutputTarget,
  reuse: Reuse,
): (RenderedPage | null)[] {
  return posted.map((page) => {
    const { path, file, manifestFile, text } = page;
    const layout = layouts.get(page.layout)!;
    if (!text)
      try {
        const load = () => {
          throw new NeedsData();
        };
        return writeOne({ path, file, manifestFile, ...page.keys!, layout, load }, assets, target, reuse);
      } catch (error) {
        // writeOne loads before it writes anything of its own; a failed link from the previous
        // output may have taken the build folder's files at the path (renderPages makes the page
        // again without them).
        if (error instanceof NeedsData) return null;
        throw error;
      }
    const load = () => {
      const { route, head, page: own } = JSON.parse(text.own) as Omit<RouteData, "layout">;
      const data: RouteData = { route, head, layout, page: own };
      const manifest = JSON.parse(text.manifest) as RouteManifest | (RouteManifest & { head: 0 });
      return { data, manifest: manifest.head === 0 ? { ...manifest, head } : manifest };
    };
    return writeOne({ path, file, manifestFile, ...keysOf(reuse.base, text), layout, load }, assets, target, reuse);
  });
}

/**
 * The page with this key as the build folder holds it (the spare's), or linked with its manifest
 * from the previous output; null when neither holds it (or a link failed).
 */
export function reusedPage(
  page: Pick<PageToWrite, "path" | "file" | "manifestFile" | "key">,
  target: OutputTarget,
  reuse: Reuse,
): RenderedPage | null {
  const { path, file, manifestFile, key } = page;
  const before = reuse.pages?.[path];
  const here = reuse.here[path];
  const recorded = (kept: RecordedPage): RenderedPage => ({
    path,
    file,
    bytes: kept.bytes,
    unchanged: true,
    islands: kept.islands,
    key,
    reused: true,
    htmlHash: kept.htmlHash,
    manifestHash: kept.manifestHash,
    own: kept.own,
    frame: kept.frame,
    slots: kept.slots,
  });
  if (here?.key === key) return recorded(here);
  if (before?.key === key && reuseFile(target, manifestFile, here !== undefined)) {
    if (reuseFile(target, file, here !== undefined)) return recorded(before);
    // Never written through: the link shares the previous build's file.
    rmSync(join(target.staging, manifestFile));
  }
  return null;
}

/**
 * Writes one page into the target: the page the build folder or the previous output holds with its
 * key; else a recorded page with the same own key and layout frame, with this layout's header and
 * footer; else the page rendered from `load`.
 */
function writeOne(page: PageToWrite, assets: PageAssets, target: OutputTarget, reuse: Reuse): RenderedPage {
  const { path, file, manifestFile, key, own } = page;
  const before = reuse.pages?.[path];
  let here = reuse.here[path];
  const reused = reusedPage(page, target, reuse);
  if (reused) return reused;
  // After a failed reuse, the build folder's files at these paths are gone: nothing is known of them.
  if (before?.key === key) here = undefined;
  const frame = layoutFrame(page.layout);
  const known = (previous: string | undefined, inSpare: string | undefined): KnownFiles => ({
    ...(reuse.pages ? { previous: previous ?? null } : {}),
    ...(inSpare === undefined ? {} : { here: inSpare }),
  });
  const spliced = withNewLayout(page, frame, target, [here, before]);
  if (spliced) {
    // The same own key: the manifest is the recorded page's, which the build folder may hold
    // already or the previous output have, to link; written from the page's data otherwise.
    const { manifestHash } = spliced.from;
    let hereManifest = here?.manifestHash;
    let manifestTaken = hereManifest === manifestHash;
    if (!manifestTaken && before?.manifestHash === manifestHash) {
      manifestTaken = reuseFile(target, manifestFile, hereManifest !== undefined);
      // Room was made for the link: the build folder's file at the path is gone either way.
      hereManifest = undefined;
    }
    if (!manifestTaken)
      writeOutput(target, manifestFile, manifestJson(page.load().manifest), known(before?.manifestHash, hereManifest));
    const written = writeOutput(target, file, spliced.html, known(before?.htmlHash, here?.htmlHash));
    return {
      path,
      file,
      bytes: written.bytes,
      unchanged: written.linked,
      islands: spliced.from.islands,
      key,
      reused: false,
      htmlHash: written.hash,
      manifestHash,
      own,
      frame,
      slots: spliced.slots,
      layoutOnly: true,
    };
  }
  const { data, manifest } = page.load();
  const { html, islands, slots } = renderRoutePage(data, assets);
  const manifestWritten = writeOutput(
    target,
    manifestFile,
    manifestJson(manifest),
    known(before?.manifestHash, here?.manifestHash),
  );
  const written = writeOutput(target, file, html, known(before?.htmlHash, here?.htmlHash));
  return {
    path,
    file,
    bytes: written.bytes,
    unchanged: written.linked,
    islands,
    key,
    reused: false,
    htmlHash: written.hash,
    manifestHash: manifestWritten.hash,
    own,
    frame,
    slots,
  };
}

/**
 * A page whose own key and layout frame are those of a recorded page (the build folder's, then the
 * previous output's) differs from it only inside the header and footer slots: its HTML is that
 * page's, read back as recorded, with the layout's header and footer put in the slots. This is
 * most of the pages an edit of a price in the menu reaches, made without React. Undefined when no
 * recorded page fits, or its file is not as recorded.
 */
function withNewLayout(
  page: PageToWrite,
  frame: string,
  target: OutputTarget,
  recorded: readonly (RecordedPage | undefined)[],
): { html: string; slots: LayoutSlots; from: RecordedPage } | undefined {
  const folders = [target.staging, target.previous];
  for (const [i, from] of recorded.entries()) {
    const folder = folders[i];
    if (!from || !folder || from.own !== page.own || from.frame !== frame) continue;
    let bytes: Buffer;
    try {
      bytes = readFileSync(join(folder, page.file));
    } catch {
      continue;
    }
    if (hashOf(bytes) !== from.htmlHash) continue;
    const text = bytes.toString("utf8");
    const [headerStart, headerEnd, footerStart, footerEnd] = from.slots;
    const { header, footer } = layoutHtml(page.layout);
    const main = text.slice(headerEnd, footerStart);
    const start = headerStart + header.length + main.length;
    return {
      html: text.slice(0, headerStart) + header + main + footer + text.slice(footerEnd),
      slots: [headerStart, headerStart + header.length, start, start + footer.length],
      from,
    };
  }
  return undefined;
}

/**
 * Below this many pages per thread, starting threads (each loads React and the templates) costs
 * more than it saves.
 */
const PAGES_PER_THREAD = 500;

/** How many render threads a build of `pages` pages uses; 0 renders on the main thread. */
export function renderThreads(pages: number): number {
  const threads = Math.min(availableParallelism(), Math.floor(pages / PAGES_PER_THREAD));
  return threads < 2 ? 0 : threads;
}

/** Routes per message: small enough to keep every thread busy to the end, large enough to batch. */
const BATCH = 100;

/** A run of the ordered pages: those from `next` up to `end` are still to be sent. */
interface Share {
  next: number;
  end: number;
}

/** The pages cut into one run per thread, each of whole regions as far as the counts allow. */
function shareOut(pages: number, threads: number): Share[] {
  return Array.from({ length: threads }, (_, i) => ({
    next: Math.floor((i * pages) / threads),
    end: Math.floor(((i + 1) * pages) / threads),
  }));
}

/**
 * The next batch for thread `index`: from the start of its own run while it lasts (two threads
 * making files in one folder wait for each other), then from the end of the longest run left.
 */
function nextBatch(shares: Share[], index: number): { from: number; to: number } | undefined {
  const own = shares[index]!;
  if (own.next < own.end) {
    const from = own.next;
    own.next = Math.min(own.end, from + BATCH);
    return { from, to: own.next };
  }
  const longest = shares.reduce((max, s) => (s.end - s.next > max.end - max.next ? s : max));
  if (longest.next >= longest.end) return undefined;
  const to = longest.end;
  longest.end = Math.max(longest.next, to - BATCH);
  return { from: longest.end, to };
}

/**
 * Pages as a thread is sent them, with the layouts among them that it was not sent before.
 * `numbers` numbers the build's layouts in the order they are first sent, to any thread.
 */
function postedBatch(
  jobs: readonly (PageJob | SpliceJob)[],
  numbers: Map<LayoutData, number>,
  sent: Set<number>,
): PostedBatch {
  const layouts: PostedBatch["layouts"] = [];
  const pages = jobs.map((job): PostedPage => {
    const layout = "data" in job ? job.data.layout : job.layout;
    let number = numbers.get(layout);
    if (number === undefined) numbers.set(layout, (number = numbers.size));
    if (!sent.has(number)) {
      sent.add(number);
      layouts.push([number, layout]);
    }
    const { file, manifestFile } = job;
    if (!("data" in job))
      return { path: job.path, file, manifestFile, layout: number, keys: { key: job.key, own: job.own } };
    return { path: job.manifest.path, file, manifestFile, layout: number, text: pageText(job.data, job.manifest) };
  });
  return { pages, layouts };
}

/**
 * Starts `threads` render threads before their pages are known: each loads React and the
 * templates (a quarter second of a core) while this thread compiles and bundles the site.
 */
export async function startRenderThreads(threads: number): Promise<Worker[]> {
  const script = await bundled("compiler/render/worker.ts", "render-worker", ["compiler", "templates", "runtime"]);
  return Array.from({ length: threads }, () => {
    const worker = new Worker(script);
    // A thread that fails before it is given work is remembered, so that renderPages reports it.
    const note = (failure: Error) => failedEarly.has(worker) || failedEarly.set(worker, failure);
    worker.on("error", note);
    worker.on("exit", (code) => note(new Error(`a render thread stopped (exit code ${code})`)));
    return worker;
  });
}

const failedEarly = new WeakMap<Worker, Error>();

/**
 * Renders and writes every page into the target, on `threads` worker threads (0: on this one),
 * those `started` ahead if given (startRenderThreads). `onProgress` hears the count of pages done
 * as batches come back from the threads.
 */
export async function renderPages(
  pageJobs: readonly PageJob[],
  assets: PageAssets,
  target: OutputTarget,
  threads: number,
  reuse: Reuse,
  onProgress?: (done: number, total: number) => void,
  started?: Promise<Worker[]>,
  splices: readonly SpliceJob[] = [],
): Promise<RenderedPage[]> {
  if (threads === 0) {
    await Promise.all((await started)?.map((w) => w.terminate()) ?? []);
    return [
      ...renderJobs(pageJobs, assets, target, reuse),
      ...splices.map((job) => writeOne(job, assets, target, reuse)),
    ];
  }
  const jobs = [...pageJobs, ...splices];
  const workers = (await started) ?? (await startRenderThreads(threads));
  // What every batch is rendered with, sent once: a thread reads its messages in order.
  for (const worker of workers) worker.postMessage({ assets, target, reuse });
  // A batch of one region's routes carries its layout once, and the thread renders its header
  // and footer once (render.tsx).
  const regionOf = (job: PageJob | SpliceJob) => ("data" in job ? job.manifest.region : job.region);
  const ordered = jobs.sort((a, b) => byCodeUnit(regionOf(a), regionOf(b)));
  // Splices a thread could not make from a recorded page, made here once the threads are done.
  const returned: number[] = [];
  const shares = shareOut(ordered.length, workers.length);
  // In the order of `ordered`, whichever thread finishes first: the summary and the record are
  // the same from build to build.
  const rendered: RenderedPage[] = new Array(ordered.length);
  const layoutNumbers = new Map<LayoutData, number>();
  let done = 0;
  try {
    await Promise.all(
      workers.map(
        (worker, index) =>
          new Promise<void>((resolve, reject) => {
            const failure = failedEarly.get(worker);
            if (failure) return reject(failure);
            // Where each batch in flight starts; a thread answers its batches in order.
            const inFlight: number[] = [];
            const layoutsSent = new Set<number>();
            const send = () => {
              const batch = nextBatch(shares, index);
              if (!batch) return;
              worker.postMessage(postedBatch(ordered.slice(batch.from, batch.to), layoutNumbers, layoutsSent));
              inFlight.push(batch.from);
            };
            worker.on("message", (reply: { rendered?: (RenderedPage | null)[]; error?: string; stack?: string }) => {
              const from = inFlight.shift()!;
              if (reply.error !== undefined) {
                const failure = new Error(`a page failed to render: ${reply.error}`);
                if (reply.stack) failure.stack = reply.stack;
                return reject(failure);
              }
              for (const [i, page] of reply.rendered!.entries())
                if (page) rendered[from + i] = page;
                else returned.push(from + i);
              done += reply.rendered!.length;
              onProgress?.(done, ordered.length);
              send();
              if (inFlight.length === 0) resolve();
            });
            worker.on("error", reject);
            worker.on(
              "exit",
              (code) => inFlight.length > 0 && reject(new Error(`a render thread stopped (exit code ${code})`)),
            );
            // Two batches in flight: the thread starts the next while its last reply travels.
            send();
            send();
            if (inFlight.length === 0) resolve();
          }),
      ),
    );
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
  for (const i of returned) {
    const job = ordered[i] as SpliceJob;
    // What the build folder held at its path may be gone after the thread's try.
    const here = { ...reuse.here };
    delete here[job.path];
    rendered[i] = writeOne(job, assets, target, { ...reuse, here });
  }
  return rendered;
}
