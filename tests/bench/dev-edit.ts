// The bench's site dev figure: one value edited with the server listening and a client on its
// reload events, as the open browser is: file written -> rebuilt, and -> reload event and page
// fetched again.
import { readFileSync, writeFileSync } from "node:fs";
import { createServer, get, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import type { DateTime } from "luxon";
import { createDevServer } from "../../server/dev/index.ts";
import { writeSettled } from "../support/file-times.ts";

/**
 * A prices.yaml with the Megatron's us list price set to `value`: the edit every edit figure
 * makes. The menu of every us page shows that price, so it changes every us page.
 */
export function editedPrices(original: string, value: number): string {
  const edited = original.replace("[1199, 1099, 1299", `[${value}, 1099, 1299`);
  if (edited === original) throw new Error("prices.yaml no longer has the Megatron row the bench edits");
  return edited;
}

/**
 * The page at `url`, on a connection of its own: a kept-alive one may be closed by the server
 * while a large site rebuilds, and reading from it then fails (ECONNRESET).
 */
function pageText(url: string): Promise<string> {
  return new Promise((resolve, reject) => {
    get(url, { agent: false }, (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (text += chunk));
      response.on("end", () => resolve(text));
      response.on("error", reject);
    }).on("error", reject);
  });
}

/** site dev's edit at scale: the edits after the first (medians of three), and the first. */
export interface DevEditFigures {
  rebuiltMs: number;
  toPageMs: number;
  /** The first edit, a second after the server started, as a person makes it: to the page. */
  firstToPageMs: number;
}

/**
 * Medians of three edits of the Megatron's us price in prices.yaml, after a first edit timed on
 * its own: it also runs what runs once (code warming up), and a developer's edits after it are
 * the ones that repeat.
 */
export async function measureDevEdit(specs: string, now: DateTime): Promise<DevEditFigures> {
  const dev = await createDevServer({
    specsDir: specs,
    now: () => now,
    clock: () => now.toMillis(),
    log: () => {},
    settleMs: 5,
  });
  await dev.start();
  const server = createServer((request, response) => void dev.handler(request, response));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const events = await new Promise<IncomingMessage>((resolve) => get(`${base}/__site/events`, resolve));
  const reloads: (() => void)[] = [];
  events.on("data", (chunk: Buffer) => {
    if (chunk.toString().includes("event: reload")) for (const reload of reloads.splice(0)) reload();
  });
  const prices = join(specs, "prices.yaml");
  const original = readFileSync(prices, "utf8");
  const rebuilt: number[] = [];
  const toPage: number[] = [];
  let firstToPageMs = 0;
  try {
    for (const [i, value] of [1195, 1189, 1179, 1169].entries()) {
      // Edits a person makes are far apart; one within 50 ms of the last is picked up late (watch.ts).
      // The first comes a second after the server started, the time it takes to open the page.
      await new Promise((resolve) => setTimeout(resolve, i === 0 ? 1000 : 100));
      const done = new Promise<void>((resolve) => dev.onRebuild(() => resolve()));
      const reloaded = new Promise<void>((resolve) => reloads.push(resolve));
      const started = performance.now();
      writeFileSync(prices, editedPrices(original, value));
      await done;
      const rebuiltAfter = performance.now() - started;
      await reloaded;
      const page = await pageText(`${base}/us/flagship-megatron`);
      if (i > 0) {
        rebuilt.push(rebuiltAfter);
        toPage.push(performance.now() - started);
      } else firstToPageMs = performance.now() - started;
      if (!page.includes(`$${value.toLocaleString("en-US")}`))
        throw new Error(`the reloaded page does not show ${value}`);
    }
  } finally {
    writeSettled(prices, original);
    events.destroy();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await dev.close();
  }
  const median = (list: number[]) => list.sort((a, b) => a - b)[1]!;
  return { rebuiltMs: median(rebuilt), toPageMs: median(toPage), firstToPageMs };
}
