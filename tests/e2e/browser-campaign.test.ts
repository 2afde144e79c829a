// Campaign and product pages in the site.browser: the countdown follows the server's clock, a tab
// scrolls to its anchor, the gallery opens full screen (the other dialogs: dialogs.test.ts).
import { DateTime } from "luxon";
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { openWithFakeClock, runUntil } from "../support/page-clock.ts";
import { serveBuiltSite } from "../support/served-site.ts";

let clock = 0;
const at = (iso: string) => DateTime.fromISO(iso, { setZone: true }).toMillis();
const site = serveBuiltSite({ now: "2024-11-25T12:00+01:00", clock: () => clock });

// Given back at the end of each test for the next (tests/support/page-pool.ts).
const open = (path: string): Promise<Page> => site.visit(path, 1280);

const countdownText = (page: Page) => page.locator(".countdown").innerText();

describe("Black Friday in the site.browser", () => {
  test("the countdown ticks from the server's time and shows the stage as ended at zero", async () => {
    // The visitor's clock says 2026; the server says 12 seconds before Black Friday ends. The
    // page's clock is fake (tests/support/page-clock.ts): its twelve seconds take none of the
    // test's, and a busy machine cannot make it skip one.
    clock = at("2024-11-29T23:59:48+01:00");
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await openWithFakeClock(page, site.url + "/eu/black-friday", new Date("2026-03-01T08:00:00Z"));
    const ticking = /Ends in\s*00\s*Days\s*00\s*Hours\s*00\s*Minutes\s*(1[0-2]|0[1-9])\s*Seconds/i;
    // The countdown shows the server's time from its first tick after the answer came.
    await runUntil(
      page,
      async () => /Seconds/.test(await countdownText(page)) && !(await countdownText(page)).includes("--"),
    );
    await expect.poll(() => countdownText(page)).toMatch(ticking);
    const first = Number(await page.locator(".countdown-value").last().innerText());
    // It ticks: within a few of the page's seconds (the tick need not fall on the test's first one).
    await runUntil(page, async () => Number(await page.locator(".countdown-value").last().innerText()) < first, 5_000);
    // At zero the stage shows as ended; the page is not loaded again until a newer build is
    // deployed (tests/e2e/browser-countdown-end.test.ts).
    await page.clock.runFor(12_000);
    await expect.poll(() => countdownText(page)).toBe("This stage has ended");
    await page.close();
  });

  test("the Prize Draw tab scrolls to the prize draw", async () => {
    clock = at("2024-11-25T12:00+01:00");
    const page = await open("/eu/black-friday");
    await page.click('.page-tabs a[href="#lucky-draw"]');
    await page.waitForFunction(() => location.hash === "#lucky-draw");
    // The prize draw is now in view (it starts well below the first screen).
    await expect
      .poll(() => page.evaluate(() => Math.round(document.getElementById("lucky-draw")!.getBoundingClientRect().top)))
      .toBeLessThan(900);
    expect(
      await page.evaluate(() => document.getElementById("lucky-draw")!.getBoundingClientRect().bottom),
    ).toBeGreaterThan(0);
    site.release(page);
  });

  test("a sale item's buy link goes to the region's shop", async () => {
    const page = await open("/fr/black-friday");
    const href = await page.locator('.sale-item[data-product="eliteOptimusPrime"] a.button').getAttribute("href");
    expect(href).toMatch(/^https:\/\/fr\.store\.mechanova\.com\//);
    site.release(page);
  });
});

describe("product pages in the site.browser", () => {
  test("a gallery picture opens full screen and closes again", async () => {
    const page = await open("/us/grimlock-g1-flagship");
    // Far down the page: its code loads as it comes near, or at the click that reaches it first.
    await page.locator(".gallery-thumb").first().click();
    await expect
      .poll(() => page.evaluate(() => document.querySelector<HTMLDialogElement>("#gallery-viewer")!.open))
      .toBe(true);
    await page.keyboard.press("Escape");
    await expect
      .poll(() => page.evaluate(() => document.querySelector<HTMLDialogElement>("#gallery-viewer")!.open))
      .toBe(false);
    site.release(page);
  });
});
