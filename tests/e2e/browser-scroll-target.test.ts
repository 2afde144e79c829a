// A direct load scrolls to the route's own target too, as client navigation does (seed 000 §2:
// flagship-bumblebee scrolls to the header area, toy-story-buzz-lightyear to the banner area),
// unless the address names an anchor of its own.
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { serveBuiltSite } from "../support/served-site.ts";

const site = serveBuiltSite({ now: "2025-09-01T12:00+02:00", clock: () => Date.now() });

async function open(path: string, page?: Page): Promise<Page> {
  page ??= await site.browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(site.url + path);
  await page.waitForFunction(() => (window.dataLayer ?? []).length > 0);
  return page;
}

/** Where an element's top is in the viewport, in whole pixels (0: at the top). */
const topOf = (page: Page, id: string) =>
  page.evaluate((id) => Math.round(document.getElementById(id)!.getBoundingClientRect().top) || 0, id);

describe("a direct load scrolls to the route's target", () => {
  test("toy-story-buzz-lightyear opens at its banner", async () => {
    const page = await open("/us/toy-story-buzz-lightyear");
    await expect.poll(() => topOf(page, "banner")).toBe(0);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await page.close();
  });

  test("flagship-bumblebee opens at its header", async () => {
    const page = await open("/us/flagship-bumblebee");
    await expect.poll(() => topOf(page, "header")).toBe(0);
    await page.close();
  });

  test("an address with an anchor goes to the anchor instead", async () => {
    const page = await open("/us/toy-story-buzz-lightyear#specs");
    await expect.poll(() => topOf(page, "specs")).toBe(0);
    expect(await topOf(page, "banner")).toBeLessThan(0);
    await page.close();
  });
});
