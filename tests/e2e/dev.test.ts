// site dev: an edit reaches the served page by itself; a spec error shows over the page with the
// CLI's own text and clears when fixed; only the pages whose data or template changed are
// rendered again.
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { createServer, request as httpRequest, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { dirname, join } from "node:path";
import { DateTime } from "luxon";
import type { Browser } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { check } from "../../compiler/pipeline.ts";
import { updateDevSite, type DevCache } from "../../server/dev/site.ts";
import * as renderModule from "../../compiler/render/index.tsx";
import { contentsOf } from "../../compiler/write/index.ts";
import { createDevServer, type RebuildReport } from "../../server/dev/index.ts";
import { connectBrowser } from "../support/browser.ts";
import { materialize } from "../support/fixtures.ts";

const fixture = materialize("base");
const specs = join(fixture.root, "specs");
const prices = join(specs, "prices.yaml");
const original = readFileSync(prices, "utf8");
let dev: Awaited<ReturnType<typeof createDevServer>>;
let server: Server;
let url = "";
let browser: Browser;
const reports: RebuildReport[] = [];
const lines: string[] = [];

/** Resolves with the report of the next rebuild. */
const nextRebuild = () =>
  new Promise<RebuildReport>((resolve) =>
    dev.onRebuild(function once(report) {
      resolve(report);
    }),
  );

/** Makes a change, and resolves with the report of the rebuild that saw it (project path). */
const rebuildAfter = (change: () => void, path: string) =>
  new Promise<RebuildReport>((resolve) => {
    dev.onRebuild((report) => {
      if (report.changed.includes(path)) resolve(report);
    });
    change();
  });

const now = DateTime.fromISO("2025-06-05T00:00+08:00", { setZone: true });

beforeAll(async () => {
  dev = await createDevServer({
    specsDir: specs,
    now: () => now,
    clock: () => now.toMillis(),
    log: (l) => lines.push(l),
    settleMs: 30,
  });
  dev.onRebuild((r) => reports.push(r));
  await dev.start();
  server = createServer(dev.handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await connectBrowser();
});

afterAll(async () => {
  writeFileSync(prices, original);
  await browser?.close();
  await new Promise((resolve) => server.close(resolve));
  await dev.close();
  fixture.cleanup();
});

const priceOn = async (path: string) =>
  /<span class="price"[^>]*>([^<]+)</.exec(await (await fetch(url + path)).text())?.[1];

describe("site dev", () => {
  test("an edited price is served after one rebuild that renders only the pages showing it", async () => {
    expect(await priceOn("/us/flagship-bumblebee")).toBe("$1,299");
    const rebuilt = nextRebuild();
    writeFileSync(prices, original.replace("[1299, 8499]", "[1199, 8499]"));
    const report = await rebuilt;
    expect(report.ok).toBe(true);
    expect(report.changed).toEqual(["specs/prices.yaml"]);
    expect(await priceOn("/us/flagship-bumblebee")).toBe("$1,199");
    // The us pages show the price (navigation, cards); the cn pages do not change.
    expect(report.pages).toBeGreaterThan(0);
    expect(report.pages).toBeLessThan(12);
    expect(lines.at(-1)).toMatch(/^rebuilt {2}specs\/prices\.yaml {2}\d+ pages? changed {2}\d+ ms$/);
  });

  test("a burst of saves gives one rebuild", async () => {
    const before = reports.length;
    const rebuilt = nextRebuild();
    for (const value of [1101, 1102, 1103, 1104])
      writeFileSync(prices, original.replace("[1299, 8499]", `[${value}, 8499]`));
    await rebuilt;
    await new Promise((r) => setTimeout(r, 200));
    // What the developer sees: one rebuild that changes pages, so one reload, showing the last
    // save. A full CI run on a busy host once gave a second rebuild here (2026-11-29, not seen in
    // six runs of this file under load nor in the next full run): one that finds nothing changed
    // sends no reload, and is let be. A burst built as two saves fails, as does a storm.
    const burst = reports.slice(before);
    expect(burst.filter((r) => r.pages > 0).map((r) => r.changed)).toEqual([["specs/prices.yaml"]]);
    expect(burst.length).toBeLessThanOrEqual(2);
    expect(await priceOn("/us/flagship-bumblebee")).toBe("$1,104");
  });

  test("a file written again at once after a rebuild read it is rebuilt as last written", async () => {
    // A dev server of its own that rebuilds at once, so that the second write comes within
    // chokidar's 50 ms of the first (it drops such a change and sends nothing after).
    const copy = materialize("base");
    const quick = await createDevServer({
      specsDir: join(copy.root, "specs"),
      now: () => now,
      clock: () => now.toMillis(),
      log: () => {},
      settleMs: 1,
    });
    const quickServer = createServer(quick.handler);
    try {
      await quick.start();
      await new Promise<void>((resolve) => quickServer.listen(0, "127.0.0.1", resolve));
      const page = `http://127.0.0.1:${(quickServer.address() as AddressInfo).port}/us/flagship-bumblebee`;
      const served = async () => /<span class="price"[^>]*>([^<]+)</.exec(await (await fetch(page)).text())?.[1];
      const copyPrices = join(copy.root, "specs", "prices.yaml");
      const first = new Promise<void>((resolve) => quick.onRebuild(() => resolve()));
      writeFileSync(copyPrices, original.replace("[1299, 8499]", "[1111, 8499]"));
      await first;
      writeFileSync(copyPrices, original.replace("[1299, 8499]", "[1122, 8499]"));
      // Polled as long as a busy machine needs (vitest.config.ts); a dropped write never gets there.
      await expect.poll(served).toBe("$1,122");
    } finally {
      await new Promise((resolve) => quickServer.close(resolve));
      await quick.close();
      copy.cleanup();
    }
  });

  test("in the browser: the page reloads by itself, and the error overlay appears and clears", async () => {
    const page = await browser.newPage();
    await page.goto(`${url}/us/flagship-bumblebee`);
    await page.waitForFunction(() => document.querySelector(".product-price .price") !== null);

    writeFileSync(prices, original.replace("[1299, 8499]", "[1249, 8499]"));
    await page.waitForFunction(() => document.querySelector(".product-price .price")?.textContent === "$1,249", null, {
      timeout: 60_000,
    });

    writeFileSync(prices, original.replace("[1299, 8499]", "[1249]"));
    const overlay = page.locator("#__site-error-overlay");
    await overlay.waitFor({ timeout: 60_000 });
    expect(await overlay.innerText()).toContain("price-row-length");
    expect(await overlay.innerText()).toContain("Row flagshipBumblebee has 1 price for 2 columns");

    writeFileSync(prices, original.replace("[1299, 8499]", "[1259, 8499]"));
    await page.waitForFunction(() => document.querySelector(".product-price .price")?.textContent === "$1,259", null, {
      timeout: 60_000,
    });
    expect(await overlay.count()).toBe(0);
    await page.close();
  });

  test("in the browser: a page served before a rebuild, whose event stream connects after it, reloads by itself", async () => {
    const path = "/us/flagship-bumblebee";
    // The page as served before the rebuild; the browser gets it only after the rebuild is done,
    // so the rebuild's reload reaches no stream of its.
    const before = await (await fetch(url + path)).text();
    const rebuilt = nextRebuild();
    writeFileSync(prices, original.replace("[1299, 8499]", "[1239, 8499]"));
    expect((await rebuilt).ok).toBe(true);
    const page = await browser.newPage();
    try {
      await page.route(url + path, (route) => route.fulfill({ body: before, contentType: "text/html" }), { times: 1 });
      await page.goto(url + path);
      await page.waitForFunction(
        () => document.querySelector(".product-price .price")?.textContent === "$1,239",
        null,
        { timeout: 60_000 },
      );
    } finally {
      await page.close();
    }
  });

  test("a picture added after a price edit takes the drawing's place, and the drawing comes back when it goes", async () => {
    const bumblebee = "/us/flagship-bumblebee";
    const heroSources = async () =>
      (await (await fetch(url + bumblebee)).text()).match(/flagship-bumblebee\.[\w-]+\.(?:svg|jpg|avif)/g) ?? [];
    // A price edit first: the rebuild after it keeps what the prices do not reach.
    let rebuilt = nextRebuild();
    writeFileSync(prices, original.replace("[1299, 8499]", "[1289, 8499]"));
    await rebuilt;
    expect((await heroSources()).some((src) => src.endsWith(".svg"))).toBe(true);

    // Made beside the specs and moved in whole, so that the watcher sees one file appear.
    const picture = join(specs, "images", "flagship-bumblebee.jpg");
    const made = join(fixture.root, "flagship-bumblebee.jpg");
    await sharp({ create: { width: 1000, height: 750, channels: 3, background: "#e6b800" } })
      .jpeg()
      .toFile(made);
    await rebuildAfter(() => mkdirSync(dirname(picture)), "specs/images");
    expect((await rebuildAfter(() => renameSync(made, picture), "specs/images/flagship-bumblebee.jpg")).ok).toBe(true);
    const photographed = await heroSources();
    expect(photographed.filter((src) => src.endsWith(".svg"))).toEqual([]);
    expect(photographed.some((src) => src.endsWith(".avif"))).toBe(true);

    expect((await rebuildAfter(() => rmSync(picture), "specs/images/flagship-bumblebee.jpg")).ok).toBe(true);
    expect((await heroSources()).some((src) => src.endsWith(".svg"))).toBe(true);
    rebuilt = nextRebuild();
    writeFileSync(prices, original);
    await rebuilt;
  });
});

describe("a half-written file", () => {
  test("does not flash an error: what a rebuild finds wrong is shown only once the file has held still", async () => {
    const copy = materialize("base");
    const copyPrices = join(copy.root, "specs", "prices.yaml");
    const log: string[] = [];
    // Errors wait far longer than this test takes, so the rest of the file always comes first.
    const held = await createDevServer({
      specsDir: join(copy.root, "specs"),
      now: () => now,
      clock: () => now.toMillis(),
      log: (l) => log.push(l),
      settleMs: 1,
      errorSettleMs: 60_000,
    });
    const heldServer = createServer(held.handler);
    const events: string[] = [];
    let stream: IncomingMessage | undefined;
    try {
      await held.start();
      await new Promise<void>((resolve) => heldServer.listen(0, "127.0.0.1", resolve));
      const { port } = heldServer.address() as AddressInfo;
      stream = await new Promise<IncomingMessage>((resolve) =>
        httpRequest({ host: "127.0.0.1", port, path: "/__site/events" }, resolve).end(),
      );
      stream.on("data", (chunk: Buffer) =>
        events.push(...[...chunk.toString().matchAll(/^event: (.+)$/gm)].map((m) => m[1]!)),
      );
      const full = readFileSync(copyPrices, "utf8");
      const rebuilt = () => new Promise<RebuildReport>((resolve) => held.onRebuild(resolve));
      // An editor or a copy that has written the first part of the file only.
      const half = rebuilt();
      writeFileSync(copyPrices, full.slice(0, full.indexOf("[1299, 8499]") + 4));
      expect((await half).ok).toBe(false);
      const whole = rebuilt();
      writeFileSync(copyPrices, full.replace("[1299, 8499]", "[1277, 8499]"));
      expect((await whole).ok).toBe(true);
      const page = await (await fetch(`http://127.0.0.1:${port}/us/flagship-bumblebee`)).text();
      expect(/<span class="price"[^>]*>([^<]+)</.exec(page)?.[1]).toBe("$1,277");
      expect(events).not.toContain("error-report");
      expect(log.filter((l) => l.startsWith("error"))).toEqual([]);
    } finally {
      stream?.destroy();
      await new Promise((resolve) => heldServer.close(resolve));
      await held.close();
      copy.cleanup();
    }
  });
});

describe("the site dev serves from memory", () => {
  // Built against its own copy of the base specs, so the edits above do not reach it.
  const own = materialize("base");
  afterAll(() => own.cleanup());

  test("renders a page when it is first asked for, once, and shows a page that fails with its error", async () => {
    const model = check(join(own.root, "specs")).model!;
    const made: string[] = [];
    let failing = "";
    const renderer = {
      ...renderModule,
      renderRoutePage: (
        data: Parameters<typeof renderModule.renderRoutePage>[0],
        assets: Parameters<typeof renderModule.renderRoutePage>[1],
      ) => {
        made.push(data.route.path);
        if (data.route.path === failing) throw new Error("the hero image is missing");
        return renderModule.renderRoutePage(data, assets);
      },
    };
    const options = { renderer, renderFailed: (path: string, message: string) => `failed: ${path}: ${message}` };
    const cache: DevCache = { pages: new Map() };

    const first = await updateDevSite(model, now, cache, options);
    expect(first.changed).toHaveLength(first.pages);
    expect(made).toEqual([]);
    // Read twice, made once.
    expect(String(contentsOf(first.files.get("site/us/flagship-bumblebee/index.html")!))).toContain("$1,299");
    contentsOf(first.files.get("site/us/flagship-bumblebee/index.html")!);
    expect(made).toEqual(["/us/flagship-bumblebee"]);

    // Nothing changed: no page is made again, the one made before is served as it was.
    const second = await updateDevSite(model, now, cache, options);
    expect(second.changed).toEqual([]);
    expect(String(contentsOf(second.files.get("site/us/flagship-bumblebee/index.html")!))).toContain("$1,299");
    expect(made).toEqual(["/us/flagship-bumblebee"]);

    const other = first.manifests.find((m) => m.head && m.path !== "/us/flagship-bumblebee")!;
    failing = other.path;
    expect(contentsOf(second.files.get(`site/${other.file}`)!)).toBe(
      `failed: ${other.path}: the hero image is missing`,
    );

    // A page gone from the specs is gone from what is served, its manifest too.
    expect(second.files.get("manifests/us/flagship-bumblebee.json")).toBeDefined();
    const routes = model.routes.filter((r) => r.path !== "/us/flagship-bumblebee");
    const without = { ...model, routes, routesByPath: new Map(routes.map((r) => [r.path, r])) };
    const third = await updateDevSite(without, now, cache, options);
    expect(third.files.get("site/us/flagship-bumblebee/index.html")).toBeUndefined();
    expect(third.files.get("manifests/us/flagship-bumblebee.json")).toBeUndefined();
    expect(third.files.get(`site/${other.file}`)).toBeDefined();
  });
});
