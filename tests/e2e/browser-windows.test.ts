// The runtime follows the server's clock: a route outside its window leads to the region home,
// and a window seen over is remembered so later visits leave at once.
import { join } from "node:path";
import { DateTime } from "luxon";
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { serveBuiltSite } from "../support/served-site.ts";
import { materialize } from "../support/fixtures.ts";
import { linkTo } from "../support/page-links.ts";

let clock = 0;
const at = (iso: string) => DateTime.fromISO(iso, { setZone: true }).toMillis();
const fixture = materialize("base");
const site = serveBuiltSite({
  specs: join(fixture.root, "specs"),
  now: "2025-06-05T00:00+08:00",
  clock: () => clock,
  onClose: fixture.cleanup,
});

const clickTo = async (page: Page, href: string) => page.click(await linkTo(page, href));

/** A link to /us/sale followed from the page: the sale opens, under its own address. */
async function opensTheSale(page: Page): Promise<void> {
  await clickTo(page, "/us/sale");
  await page.waitForURL(`${site.url}/us/sale`);
  await expect.poll(() => page.locator("h1").first().innerText()).toBe("Summer sale");
}

/** The us home in a new page with the server's clock at `iso`, once the runtime runs (its page view). */
async function homeAt(iso: string): Promise<Page> {
  clock = at(iso);
  const page = await site.browser.newPage();
  await page.goto(`${site.url}/us`);
  await page.waitForFunction(() => (window.dataLayer ?? []).length > 0);
  return page;
}

describe("route windows in the site.browser, with the server clock pinned", () => {
  test("inside its window the page opens by a link", async () => {
    const page = await homeAt("2025-06-10T12:00+08:00");
    await opensTheSale(page);
    await page.close();
  });

  test("after its end a link to it leads to the region home, and the end is remembered", async () => {
    const page = await homeAt("2025-06-16T00:00+08:00");
    await clickTo(page, "/us/sale");
    // Remembered by the end of the window seen over (pages.yaml: 2025-06-15T00:00 Asia/Shanghai).
    await page.waitForFunction(() => localStorage.getItem("windowEnded:/us/sale") === "2025-06-15T00:00:00+08:00");
    expect(new URL(page.url()).pathname).toBe("/us");

    // Even with the clock back inside the window, a later visit leaves at once.
    clock = at("2025-06-10T12:00+08:00");
    await page.goto(`${site.url}/us/sale`);
    await page.waitForURL(`${site.url}/us`);
    await page.close();
  });

  // Last year's sale at the same address was seen over; this year's is on. "1" is what the
  // runtime stored before it stored the end: such a visitor was kept out of every later sale.
  test.for(["2024-06-15T00:00:00+08:00", "1"])(
    "a window remembered as over (%s) does not close the same page in a later window",
    async (remembered) => {
      const page = await homeAt("2025-06-10T12:00+08:00");
      await page.evaluate((value) => localStorage.setItem("windowEnded:/us/sale", value), remembered);
      await opensTheSale(page);
      await page.close();
    },
  );

  test("when the server's time does not come and the server sends the page home, the address is home too", async () => {
    const page = await homeAt("2025-06-16T00:00+08:00");
    // No answer from the clock: the runtime takes the window as open and asks for the page,
    // which the server, past the end, answers with a redirect home.
    await page.route("**/ssr/timestamp", (route) => route.abort("connectionrefused"));
    await page.evaluate(() => ((window as unknown as { before: boolean }).before = true));
    await clickTo(page, "/us/sale");
    // Wherever it lands: a new document, or a page swapped in (a second page view).
    await page.waitForFunction(
      () => !(window as unknown as { before?: boolean }).before || (window.dataLayer ?? []).length > 1,
    );
    await page.waitForLoadState();
    expect(await page.evaluate(() => [location.pathname, document.documentElement.dataset.page])).toEqual([
      "/us",
      "home",
    ]);
    await page.close();
  });

  test("Back to a page whose window has closed since shows the home under the home's address", async () => {
    const page = await homeAt("2025-06-10T12:00+08:00");
    await clickTo(page, "/us/sale");
    await page.waitForFunction(() => document.documentElement.dataset.page === "sale");
    await clickTo(page, "/us");
    await page.waitForFunction(() => location.pathname === "/us" && document.documentElement.dataset.page === "home");
    clock = at("2025-06-16T00:00+08:00");
    await page.evaluate(() => history.back());
    await page.waitForFunction(() => (window.dataLayer ?? []).length === 4);
    expect(await page.evaluate(() => [location.pathname, document.documentElement.dataset.page])).toEqual([
      "/us",
      "home",
    ]);
    await page.close();
  });

  test("a direct visit before the start is sent home by the server (302)", async () => {
    clock = at("2025-05-20T00:00+08:00");
    const response = await fetch(`${site.url}/us/sale`, { redirect: "manual" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/us");
  });
});
