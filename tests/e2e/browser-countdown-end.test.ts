// A countdown at zero never reloads in a loop (DESIGN "Time"). The page is static: until a newer
// build is deployed it keeps the stage that has just ended, so a reload at zero brought the same
// page back, again and again (/us/black-friday seen at 23:59:50 reloaded 24 times in 25 s). In
// chromium, against the preview server with its clock a few seconds before Black Friday ends and
// the page's clock faked (Playwright's page.clock), the page loads once, says the stage has ended
// and asks for build.json with backoff; a build as of the end reloads it once, never twice.
import { DateTime } from "luxon";
import type { Page, Request } from "playwright-core";
import { describe, expect, test } from "vitest";
import { answersRead, openWithFakeClock, settled } from "../support/page-clock.ts";
import { linkTo } from "../support/page-links.ts";
import { serveBuiltSite } from "../support/served-site.ts";

const at = (iso: string) => DateTime.fromISO(iso, { setZone: true }).toMillis();
const BEFORE_END = "2024-11-29T23:59:50+01:00";
// The server clock runs on from --now, as site preview's does, from the first time it is read
// (the page's request), however long the build took.
let started: number | undefined;
const site = serveBuiltSite({ now: BEFORE_END, clock: () => at(BEFORE_END) + (Date.now() - (started ??= Date.now())) });

/** The page's loads of its own document, and its requests for build.json (and how many came before this document). */
function watch(page: Page) {
  const seen = { documents: 0, builds: [] as Request[], buildsBefore: 0 };
  page.on("request", (request) => {
    if (request.frame() === page.mainFrame() && request.resourceType() === "document") {
      seen.documents++;
      seen.buildsBefore = seen.builds.length;
    }
    if (new URL(request.url()).pathname === "/build.json") seen.builds.push(request);
  });
  return seen;
}

/** Waits until the countdown ticks: the server's time arrived (each try moves the page's clock 1 s). */
async function ticking(page: Page) {
  await expect
    .poll(
      async () => {
        await page.clock.runFor(1_000);
        return page.locator(".countdown").innerText();
      },
      { timeout: 20_000 },
    )
    .toMatch(/Ends in\s*00\s*Days\s*00\s*Hours\s*00\s*Minutes\s*\d\d\s*Seconds|This stage has ended/);
}

/**
 * Waits until build.json has been asked for `count` times and the page has read the last answer
 * and acted on it (set its next try): only then may the test move the page's clock again, or the
 * next try would be set from the moved time. Waiting on the page, not on the wall clock: on a busy
 * machine reading an answer can take longer than any fixed wait.
 */
async function asked(page: Page, seen: ReturnType<typeof watch>, count: number) {
  await expect.poll(() => seen.builds.length).toBe(count);
  await (await seen.builds[count - 1]!.response())!.finished();
  await answersRead(page, "/build.json", count - seen.buildsBefore);
}

describe("a countdown at zero", () => {
  test("shows the stage as ended, asks for build.json with backoff, and reloads once for a newer build", async () => {
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 900 } });
    const seen = watch(page);
    // The visitor's clock is fake (and wrong: 2026); the countdown follows the server's. From
    // here on the page's time moves only when the test says so.
    await openWithFakeClock(page, site.url + "/us/black-friday", new Date("2026-03-01T08:00:00Z"));
    const countdown = page.locator(".countdown");
    await ticking(page);
    expect(await countdown.innerText()).toMatch(/Ends in/);

    // Past zero: the stage shows as ended, the page stays, and the server is asked.
    await page.clock.runFor(12_000);
    await expect.poll(() => countdown.innerText()).toBe("This stage has ended");
    await asked(page, seen, 1);
    const first = await seen.builds[0]!.response();
    expect(first!.headers()["cache-control"]).toBe("no-store");
    expect(await first!.json()).toEqual({
      now: "2024-11-29T23:59:50.000+01:00",
      nextChange: "2024-11-30T00:00:00+01:00",
    });

    // The deployed build is older than the end: ask again after 2 s, then 4 s, and never reload.
    await page.clock.runFor(1_900);
    await settled(page);
    expect(seen.builds).toHaveLength(1);
    await page.clock.runFor(200);
    await asked(page, seen, 2);
    await page.clock.runFor(3_900);
    await settled(page);
    expect(seen.builds).toHaveLength(2);
    await page.clock.runFor(200);
    await asked(page, seen, 3);
    await page.clock.runFor(8_100);
    await asked(page, seen, 4);
    expect(seen.documents).toBe(1);
    await expect.poll(() => countdown.innerText()).toBe("This stage has ended");

    // A build as of the end is deployed (its pages say the same, here: the server still serves
    // this build's page). The page reloads for it once; at zero again, it asks, and stays.
    await page.route("**/build.json", (route) =>
      route.fulfill({
        contentType: "application/json",
        headers: { "cache-control": "no-store" },
        body: JSON.stringify({ now: "2024-11-30T00:00:00.000+01:00", nextChange: null }),
      }),
    );
    const reloaded = page.waitForEvent("load");
    await page.clock.runFor(16_000);
    await reloaded;
    expect(seen.documents).toBe(2);
    // The reloaded page asks the server's time again: its clock moves only once that is in.
    await answersRead(page, "/ssr/timestamp", 1);
    await ticking(page);
    const before = seen.builds.length;
    await page.clock.runFor(20_000);
    await expect.poll(() => countdown.innerText()).toBe("This stage has ended");
    await expect.poll(() => seen.builds.length).toBeGreaterThan(before);
    await page.clock.runFor(130_000);
    await settled(page);
    expect(seen.documents).toBe(2);
    await page.close();
  });

  test("left behind by a client-side navigation, it stops: no build.json, no reload of the page the shopper went to", async () => {
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 900 } });
    const seen = watch(page);
    await openWithFakeClock(page, site.url + "/us/black-friday", new Date("2026-03-01T08:00:00Z"));
    await ticking(page);
    // On to another page in place, with the countdown's last seconds still to run.
    await page.click(await linkTo(page, "/us/about-us"));
    await page.waitForFunction(() => location.pathname === "/us/about-us" && document.querySelector("h1"));
    // Well past the end of the stage: a countdown still running would be at zero and asking.
    for (let second = 0; second < 30; second++) {
      await page.clock.runFor(1_000);
      await settled(page);
    }
    expect(seen.builds).toHaveLength(0);
    expect(seen.documents).toBe(1);
    await page.close();
  });
});
