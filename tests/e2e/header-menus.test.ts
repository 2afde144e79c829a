// The header's menus as a keyboard user meets them, in Debian's chromium: from the top of /us,
// Tab reaches every link of the product drop-down in order, each visible when it has focus;
// Escape closes the drop-down and gives focus back to its button; at 390 px the menu button
// opens the folded navigation and Tab reaches the product links there too. Without JavaScript
// the drop-downs still open to the keyboard (CSS :focus-within).
import type { Page } from "playwright-core";
import { describe, test } from "vitest";
import { serveBuiltSite } from "../support/served-site.ts";

const NOW = "2025-09-01T12:00+02:00";
const site = serveBuiltSite({ now: NOW, clock: () => Date.parse(NOW) });

async function open(path: string, width: number, javaScriptEnabled = true): Promise<Page> {
  const context = await site.browser.newContext({ viewport: { width, height: 900 }, javaScriptEnabled });
  await context.addInitScript(() => localStorage.setItem("newUserPopupSeen", "1"));
  const page = await context.newPage();
  page.on("pageerror", (error) => {
    throw error;
  });
  await page.goto(site.url + path);
  if (javaScriptEnabled) await page.waitForFunction(() => (window.dataLayer ?? []).length > 0);
  return page;
}

/** The links of the header's first drop-down (the products), in document order. */
const productLinks = (page: Page) =>
  page.$$eval(".site-nav .nav-list > .nav-item:first-child > .nav-sublist a", (links) =>
    links.map((a) => a.getAttribute("href")!),
  );

/** What has focus: its link target (or its text), and whether a person can see it. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return null;
    const box = el.getBoundingClientRect();
    return {
      // The banner and the footer link the same pages: only the menu's links count.
      href: el.closest(".site-nav") ? el.getAttribute("href") : null,
      text: el.textContent?.trim() ?? "",
      visible:
        el.checkVisibility({ visibilityProperty: true, opacityProperty: true }) && box.width > 0 && box.height > 0,
    };
  });

/** Press Tab until every wanted link has had focus (or the header is left far behind); the links reached, in order, each with whether it was visible. */
async function tabThrough(page: Page, wanted: string[], limit = 80) {
  const reached: { href: string; visible: boolean }[] = [];
  for (let i = 0; i < limit && reached.length < wanted.length; i++) {
    await page.keyboard.press("Tab");
    const now = await focused(page);
    if (now?.href && wanted.includes(now.href)) reached.push({ href: now.href, visible: now.visible });
  }
  return reached;
}

describe.concurrent("the header's product menu at 1440 px", () => {
  test("Tab from the top of /us reaches every product link in order, each visible when it has focus", async ({
    expect,
  }) => {
    const page = await open("/us", 1440);
    const products = await productLinks(page);
    expect(products.length).toBeGreaterThanOrEqual(10);
    expect(products[0]).toBe("/us/flagship-bumblebee");
    expect(await page.locator(`.site-nav a[href="${products[0]}"]`).isVisible()).toBe(false);
    const reached = await tabThrough(page, products);
    expect(reached.map((r) => r.href)).toEqual(products);
    expect(reached.filter((r) => !r.visible)).toEqual([]);
    await page.context().close();
  });

  test("Escape closes the drop-down and returns focus to its button; Enter opens it again", async ({ expect }) => {
    const page = await open("/us", 1440);
    const products = await productLinks(page);
    await tabThrough(page, products.slice(0, 2));
    const menu = page.locator(".site-nav .nav-list > .nav-item:first-child > .nav-sublist");
    const button = page.locator(".site-nav .nav-list > .nav-item:first-child > .nav-parent");
    expect(await menu.isVisible()).toBe(true);
    expect(await button.getAttribute("aria-expanded")).toBe("true");

    await page.keyboard.press("Escape");
    expect(await menu.isVisible()).toBe(false);
    expect(await button.getAttribute("aria-expanded")).toBe("false");
    expect(await button.evaluate((el) => el === document.activeElement)).toBe(true);

    await page.keyboard.press("Enter");
    expect(await menu.isVisible()).toBe(true);
    expect(await button.getAttribute("aria-expanded")).toBe("true");
    await page.keyboard.press("Tab");
    expect((await focused(page))?.href).toBe(products[0]);
    await page.context().close();
  });

  test("pointing at a menu opens it and says so; leaving closes it", async ({ expect }) => {
    const page = await open("/us", 1440);
    const menu = page.locator(".site-nav .nav-list > .nav-item:first-child > .nav-sublist");
    const button = page.locator(".site-nav .nav-list > .nav-item:first-child > .nav-parent");
    await button.hover();
    expect(await menu.isVisible()).toBe(true);
    expect(await button.getAttribute("aria-expanded")).toBe("true");
    await page.mouse.move(700, 800);
    expect(await menu.isVisible()).toBe(false);
    expect(await button.getAttribute("aria-expanded")).toBe("false");
    await page.context().close();
  });

  test("without JavaScript, Tab still reaches every product link, visible", async ({ expect }) => {
    const page = await open("/us", 1440, false);
    const products = await productLinks(page);
    const reached = await tabThrough(page, products);
    expect(reached.map((r) => r.href)).toEqual(products);
    expect(reached.filter((r) => !r.visible)).toEqual([]);
    await page.context().close();
  });
});

describe.concurrent("the header's menu at 390 px", () => {
  test("the menu button opens the folded navigation and Tab reaches the product links", async ({ expect }) => {
    const page = await open("/us", 390);
    const products = await productLinks(page);
    const toggle = page.locator(".nav-toggle");
    expect(await page.locator("#site-nav").isVisible()).toBe(false);
    // To the menu button by keyboard, and open it.
    for (let i = 0; i < 10 && !(await toggle.evaluate((el) => el === document.activeElement)); i++)
      await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    expect(await toggle.getAttribute("aria-expanded")).toBe("true");
    expect(await page.locator("#site-nav").isVisible()).toBe(true);
    const reached = await tabThrough(page, products);
    expect(reached.map((r) => r.href)).toEqual(products);
    expect(reached.filter((r) => !r.visible)).toEqual([]);
    await page.context().close();
  });
});

describe("the header on a phone", () => {
  // 320 px: the narrowest phones, and any page zoomed to 400% (WCAG's reflow width). At 360 px
  // the bar wrapped the menu button onto a row of its own in six regions, whose words for
  // "account" and "menu" are longer than cn's and kr's.
  test("at 320 px every region's bar is one row: the logo, the account link and the menu button side by side, each named", async ({
    expect,
  }) => {
    const page = await open("/", 320);
    for (const home of ["/", "/us", "/uk", "/eu", "/fr", "/de", "/jp", "/kr"]) {
      if (home !== "/") await page.goto(site.url + home);
      const bar = await page.evaluate(() => {
        const box = (selector: string) => document.querySelector(selector)!.getBoundingClientRect();
        const parts = [box(".logo"), box(".nav-toggle"), box(".header-actions")];
        return {
          // One row: every part lies across the middle of the logo.
          oneRow: parts.every((p) => p.top < parts[0]!.bottom && p.bottom > parts[0]!.top),
          fits: document.documentElement.scrollWidth <= document.documentElement.clientWidth,
        };
      });
      expect.soft(bar, home).toEqual({ oneRow: true, fits: true });
      // Their words may be hidden for room; the link and the button keep them as their names.
      expect.soft(await page.locator(".nav-toggle").ariaSnapshot(), home).toMatch(/^- button "\S[^"]*"/);
      expect.soft(await page.locator(".account-link").ariaSnapshot(), home).toMatch(/^- link "\S[^"]*"/);
    }
    await page.context().close();
  });
});
