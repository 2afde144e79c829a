// In Debian's chromium, the built site as a shopper uses it: open /us, go to a product page by
// the header, and get the right URL, title, language, analytics page view and layout class.
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { connectBrowser } from "../support/browser.ts";
import { PagePool } from "../support/page-pool.ts";
import { realSiteAt } from "../support/build.ts";
import { settled } from "../support/page-clock.ts";
import { linkTo } from "../support/page-links.ts";
import { serveStatic } from "../support/static-server.ts";

let browser: Browser;
let server: { url: string; close: () => Promise<void> };

beforeAll(async () => {
  const built = await realSiteAt("2025-09-01T12:00+02:00");
  server = await serveStatic(join(built.out, "site"));
  browser = await connectBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

// A page each test gives back at its end for the next (tests/support/page-pool.ts); an error
// thrown in it fails the run.
const pool = new PagePool(() => browser);
const open = (path: string, width = 1280): Promise<Page> => pool.visit(server.url + path, width);

/** /us, then About Us by a link: a page the router swapped in. */
async function aboutUsSwappedIn(): Promise<Page> {
  const page = await open("/us");
  await page.click(await linkTo(page, "/us/about-us"));
  await page.waitForFunction(() => location.pathname === "/us/about-us");
  return page;
}

describe.concurrent("client-side navigation", () => {
  test("the header leads from /us to a product page without a full load", async ({ expect }) => {
    const page = await open("/us");
    expect(await page.getAttribute("html", "lang")).toBe("en-US");
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = "same document"));

    // Open the robots menu by pointing at it, and follow the product link in the drop-down.
    const link = page.locator('.site-header .nav-sublist a[href="/us/toy-story-buzz-lightyear"]').first();
    expect(await link.isVisible()).toBe(false);
    await page.hover('.site-header .nav-list > li:has(a[href="/us/toy-story-buzz-lightyear"]) > .nav-parent');
    await link.click();
    await page.waitForURL(`${server.url}/us/toy-story-buzz-lightyear`);
    await page.waitForFunction(() => document.title.startsWith("Toy Story Buzz Lightyear"));

    expect(await page.title()).toMatch(/^Toy Story Buzz Lightyear.* \| Mechanova$/);
    expect(await page.getAttribute("html", "lang")).toBe("en-US");
    expect(await page.getAttribute('link[rel="canonical"]', "href")).toBe(
      "https://www.mechanova.com/us/toy-story-buzz-lightyear",
    );
    expect(await page.locator("h1").first().innerText()).toContain("Toy Story Buzz Lightyear");
    // The runtime swapped the page in place: the document (and its marker) survived.
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe("same document");
    const views = await page.evaluate(() =>
      window.dataLayer!.filter((e) => e.event === "virtual_page_view").map((e) => e.page_path),
    );
    expect(views).toEqual(["/us", "/us/toy-story-buzz-lightyear"]);
    // The page's own anchor (banner) is where it scrolled to.
    expect(await page.evaluate(() => document.getElementById("banner") !== null)).toBe(true);

    await page.goBack();
    await page.waitForFunction(
      () =>
        location.pathname === "/us" && document.title.includes("Mechanova") && !document.title.startsWith("Toy Story"),
    );
    expect(await page.locator(".hero h1").innerText()).toBeTruthy();
    pool.release(page);
  });

  test("a page swapped in links its own stylesheets, as a fresh load of it does, and shows styled", async ({
    expect,
  }) => {
    const sheets = (page: Page) =>
      page.evaluate(() => [...document.querySelectorAll('link[rel="stylesheet"]')].map((l) => l.getAttribute("href")));
    const fresh = await open("/us/toy-story-buzz-lightyear");
    const expected = await sheets(fresh);
    pool.release(fresh);

    const page = await open("/us");
    expect(await sheets(page)).not.toEqual(expected);
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = "same document"));
    await page.click(await linkTo(page, "/us/toy-story-buzz-lightyear"));
    await page.waitForFunction(() => document.title.startsWith("Toy Story Buzz Lightyear"));
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe("same document");
    expect(await sheets(page)).toEqual(expected);
    // The product page's own rules apply: its picture and summary sit side by side.
    const display = await page.evaluate(() => getComputedStyle(document.querySelector(".product-hero")!).display);
    expect(display).toBe("grid");
    pool.release(page);
  });

  test("the last link clicked wins: a page still on its way when another is asked for never shows", async ({
    expect,
  }) => {
    // Three pages of one template, so that a page's stylesheets are loaded already and nothing
    // but the runtime's own steps stand between its HTML and its swap.
    const page = await open("/us/about-us");
    await page.evaluate(() => {
      const seen = window as unknown as { pushed: string[]; parsed: number };
      seen.pushed = [];
      seen.parsed = 0;
      const push = history.pushState.bind(history);
      history.pushState = (data, unused, url) => {
        seen.pushed.push(new URL(String(url), location.href).pathname);
        push(data, unused, url);
      };
      const parse = DOMParser.prototype.parseFromString;
      DOMParser.prototype.parseFromString = function (this: DOMParser, ...args) {
        seen.parsed++;
        return parse.apply(this, args);
      };
    });
    // Each page's HTML is held until the test lets it through.
    const held = new Map<string, { reached: Promise<void>; release: () => void }>();
    for (const path of ["/us/privacy-policy", "/us/terms-use"]) {
      let reach!: () => void;
      let release!: () => void;
      const reached = new Promise<void>((resolve) => (reach = resolve));
      const released = new Promise<void>((resolve) => (release = resolve));
      held.set(path, { reached, release });
      await page.route(`${server.url}${path}`, async (route) => {
        reach();
        await released;
        await route.continue();
      });
    }
    const parsed = (count: number) =>
      page.waitForFunction((n) => (window as unknown as { parsed: number }).parsed === n, count);

    await page.click(await linkTo(page, "/us/privacy-policy"));
    await held.get("/us/privacy-policy")!.reached;
    await page.click(await linkTo(page, "/us/terms-use"));
    await held.get("/us/terms-use")!.reached;
    // The first page's HTML arrives while the second is asked for: read, then dropped. Whatever
    // the runtime would do with it after reading it, it does at once, before this returns.
    held.get("/us/privacy-policy")!.release();
    await parsed(1);
    held.get("/us/terms-use")!.release();
    await page.waitForFunction(() => location.pathname === "/us/terms-use");
    await parsed(2);
    expect(await page.evaluate(() => (window as unknown as { pushed: string[] }).pushed)).toEqual(["/us/terms-use"]);
    expect(await page.evaluate(() => document.documentElement.dataset.page)).toBe("terms-use");
    pool.release(page);
  });

  test("into another region in place, the root's language and region-language are the new region's", async ({
    expect,
  }) => {
    const page = await open("/us");
    expect(await page.evaluate(() => document.documentElement.dataset.regionLanguage)).toBe("en-US");
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = "same document"));
    await page.click(await linkTo(page, "/de"));
    await page.waitForFunction(() => document.documentElement.lang === "de-DE");
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe("same document");
    expect(await page.evaluate(() => document.documentElement.dataset.regionLanguage)).toBe("de-DE");
    pool.release(page);
  });

  test("back from a jump to an anchor of the same page only scrolls back: the page is not loaded again", async ({
    expect,
  }) => {
    const page = await open("/us/about-us");
    // The first load asks the server's time once; only what comes after it is recorded.
    await page.waitForFunction(() =>
      performance.getEntriesByType("resource").some((e) => new URL(e.name).pathname === "/ssr/timestamp"),
    );
    await page.evaluate(() => {
      const seen = window as unknown as { fetched: string[]; body: HTMLElement };
      seen.fetched = [];
      seen.body = document.body;
      const fetchFirst = window.fetch.bind(window);
      window.fetch = (input, init) => {
        seen.fetched.push(String(input));
        return fetchFirst(input, init);
      };
    });
    const jump = await linkTo(page, "#main");
    await page.evaluate(() => window.scrollTo(0, 300));
    await page.click(jump);
    await page.waitForFunction(() => location.hash === "#main");
    await page.goBack();
    // What the runtime does on the way back it starts at once: two turns of the page's event
    // loop are enough for it to have asked for anything.
    await settled(page);
    const after = await page.evaluate(() => {
      const seen = window as unknown as { fetched: string[]; body: HTMLElement };
      return {
        path: location.pathname + location.hash,
        fetched: seen.fetched,
        sameBody: seen.body === document.body,
        views: window.dataLayer!.filter((e) => e.event === "virtual_page_view").length,
      };
    });
    expect(after).toEqual({ path: "/us/about-us", fetched: [], sameBody: true, views: 1 });
    pool.release(page);
  });

  test("Back to a page left by a link puts it where it was scrolled to", async ({ expect }) => {
    const page = await open("/us");
    const onward = await linkTo(page, "/us/about-us");
    await page.evaluate(() => window.scrollTo(0, 900));
    expect(await page.evaluate(() => scrollY)).toBe(900);
    // Clicked where it is, without scrolling to the link first as a pointer would.
    await page.evaluate((selector) => document.querySelector<HTMLElement>(selector)!.click(), onward);
    await page.waitForFunction(() => document.documentElement.dataset.page === "about-us");
    expect(await page.evaluate(() => scrollY)).toBe(0);
    await page.evaluate(() => history.back());
    await page.waitForFunction(
      () => (window.dataLayer ?? []).filter((e) => e.event === "virtual_page_view").length === 3,
    );
    expect(await page.evaluate(() => [location.pathname, scrollY])).toEqual(["/us", 900]);
    pool.release(page);
  });

  test("Forward after Back puts the page where it was scrolled to when Back left it", async ({ expect }) => {
    const page = await open("/us");
    const views = (n: number) =>
      page.waitForFunction(
        (n) => (window.dataLayer ?? []).filter((e) => e.event === "virtual_page_view").length === n,
        n,
      );
    await page.click(await linkTo(page, "/us/grimlock-g1-flagship"));
    await views(2);
    // A shopper's scrolling reaches the page's scroll listeners (at its next frame) before Back is
    // pressed: waited for, or on a busy machine Back may come first, which no shopper can do.
    await page.evaluate(
      () =>
        new Promise<void>((done) => {
          addEventListener("scroll", () => done(), { once: true });
          window.scrollTo(0, 1200);
        }),
    );
    expect(await page.evaluate(() => scrollY)).toBe(1200);
    await page.evaluate(() => history.back());
    await views(3);
    expect(await page.evaluate(() => location.pathname)).toBe("/us");
    await page.evaluate(() => history.forward());
    await views(4);
    expect(await page.evaluate(() => [location.pathname, scrollY])).toEqual(["/us/grimlock-g1-flagship", 1200]);
    pool.release(page);
  });

  test("an unknown path is loaded from the server and answers the 404 page", async ({ expect }) => {
    const page = await open("/us");
    const missing = await linkTo(page, "/us/no-such-page");
    const [response] = await Promise.all([page.waitForNavigation(), page.click(missing)]);
    expect(response?.status()).toBe(404);
    expect(await page.title()).toContain("Mechanova");
    pool.release(page);
  });

  test("the head's shared-link tags and links are the new page's after a client-side navigation", async ({
    expect,
  }) => {
    // What a shared link or a crawler reads: the OpenGraph and Twitter tags, canonical and alternates.
    const headOf = (page: Page) =>
      page.evaluate(() =>
        [
          ...document.head.querySelectorAll(
            'meta[property^="og:"], meta[name^="twitter:"], link[rel="canonical"], link[rel="alternate"]',
          ),
        ]
          .map((el) => el.outerHTML)
          .sort(),
      );
    const direct = await open("/us/toy-story-buzz-lightyear");
    const expected = await headOf(direct);
    pool.release(direct);

    const page = await open("/us");
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = "same document"));
    await page.click(await linkTo(page, "/us/toy-story-buzz-lightyear"));
    await page.waitForFunction(() => document.title.startsWith("Toy Story Buzz Lightyear"));
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe("same document");
    expect(await page.getAttribute('meta[property="og:url"]', "content")).toBe(
      "https://www.mechanova.com/us/toy-story-buzz-lightyear",
    );
    expect(await page.getAttribute('meta[name="twitter:title"]', "content")).toMatch(/^Toy Story Buzz Lightyear/);
    expect(await headOf(page)).toEqual(expected);
    pool.release(page);
  });

  test("after a client-side navigation the footer's newsletter form still answers", async ({ expect }) => {
    const page = await aboutUsSwappedIn();
    const form = page.locator('.site-footer [data-island="subscribe"] .subscribe-form');
    await form.locator("input").fill("not an address");
    await form.locator("button").click();
    // The island says what is wrong, in the page; a dead form would have submitted and left it.
    await expect.poll(() => form.locator("[role=alert]").count()).toBe(1);
    expect(new URL(page.url()).pathname).toBe("/us/about-us");
    pool.release(page);
  });

  test("on a page swapped in, what scrolls into view is marked animated, the footer too, as on a fresh load", async ({
    expect,
  }) => {
    const page = await aboutUsSwappedIn();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(() => page.locator(".site-footer section.animated").count()).toBeGreaterThan(0);
    pool.release(page);
  });

  test("a page swapped in is announced to screen readers by its title, and Tab starts again at the top, as on a load", async ({
    expect,
  }) => {
    const page = await aboutUsSwappedIn();
    const title = await page.title();
    expect(title).toMatch(/About/);
    const announced = () =>
      page.evaluate(() => [...document.querySelectorAll('[aria-live="assertive"]')].map((e) => e.textContent));
    await expect.poll(announced).toEqual([title]);
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.className)).toBe("skip-link");
    pool.release(page);
  });

  test("cn pages always load from the server", async ({ expect }) => {
    const page = await open("/");
    expect(await page.getAttribute("html", "lang")).toBe("zh-CN");
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = "same document"));
    await Promise.all([page.waitForNavigation(), page.click('.footer-navs a[href="/about-us"]')]);
    expect(new URL(page.url()).pathname).toBe("/about-us");
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBeUndefined();
    pool.release(page);
  });
});

describe.concurrent("region store", () => {
  test("picking Canada in the chooser is remembered: the us header reads 'Canada - English'", async ({ expect }) => {
    const page = await open("/us/choose-your-region");
    expect(await page.locator(".region-switch").innerText()).toBe("United States - English");
    await page.click('a[data-country="CA"]');
    await page.waitForFunction(() => location.pathname === "/us");
    await expect.poll(() => page.locator(".region-switch").innerText()).toBe("Canada - English");
    await page.reload();
    await expect.poll(() => page.locator(".region-switch").innerText()).toBe("Canada - English");
    expect(await page.evaluate(() => localStorage.getItem("country"))).toBe("CA");
    pool.release(page);
  });
});

describe.concurrent("layout class by window width", () => {
  test.each([
    [1280, "window"],
    [1024, "window"],
    [900, "ipad"],
    [768, "ipad"],
    [375, "mobile"],
  ])("%i px wide is '%s'", async (width, expected) => {
    const page = await open("/us/flagship-bumblebee", width);
    const classes = await page.evaluate(() => [...document.documentElement.classList]);
    expect(classes).toContain(expected);
    expect(classes.filter((c) => ["window", "ipad", "mobile"].includes(c))).toEqual([expected]);
    pool.release(page);
  });

  test("resizing the window changes the class", async () => {
    const page = await open("/us", 1280);
    await page.setViewportSize({ width: 700, height: 900 });
    await page.waitForFunction(() => document.documentElement.classList.contains("mobile"));
    pool.release(page);
  });
});

describe.concurrent("the menu on a phone", () => {
  test("folds from the first paint, so nothing on the page moves once the runtime runs", async ({ expect }) => {
    for (const path of ["/us", "/us/flagship-bumblebee"]) {
      const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
      await page.addInitScript(() => {
        (window as unknown as { shift: number }).shift = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries())
            (window as unknown as { shift: number }).shift += (entry as unknown as { value: number }).value;
        }).observe({ type: "layout-shift", buffered: true });
      });
      await page.goto(server.url + path);
      await page.waitForFunction(() => document.documentElement.classList.contains("mobile"));
      // Whatever the runtime and the page's fonts and images move has moved: the page has loaded,
      // its fonts are in, and two frames have been laid out since (not a wait of so many
      // milliseconds, which a busy machine can outlast).
      await page.waitForLoadState("load");
      await page.evaluate(async () => {
        await document.fonts.ready;
        await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      });
      // Under 0.1 is what Lighthouse calls good; an unfolding menu moved this page by 0.93.
      expect(await page.evaluate(() => (window as unknown as { shift: number }).shift), path).toBeLessThan(0.1);
      await expect.poll(() => page.locator("#site-nav").isVisible()).toBe(false);
      await page.click(".nav-toggle");
      await expect.poll(() => page.locator("#site-nav").isVisible()).toBe(true);
      await page.close();
    }
  });

  test("stays open without JavaScript", async ({ expect }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 412, height: 823 } });
    const page = await context.newPage();
    await page.goto(server.url + "/us");
    expect(await page.locator("#site-nav").isVisible()).toBe(true);
    expect(await page.locator(".nav-toggle").isVisible()).toBe(false);
    await context.close();
  });
});
