// A route's prefetch list in chromium, against the preview server and its local account service:
// on a navigation to the account page the router asks for the profile once, before the page is
// even fetched, and the Account island shows that answer instead of asking again; a direct load
// asks once too. The server's timestamp is asked once per navigation, with the region headers.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { createAccountService } from "../../server/accounts/service.ts";
import { settled } from "../support/page-clock.ts";
import { linkTo } from "../support/page-links.ts";
import { serveBuiltSite } from "../support/served-site.ts";

const dataDir = mkdtempSync(join(tmpdir(), "site-prefetch-"));
const service = createAccountService({ dataDir, tokenTtlMs: 60 * 60 * 1000 });
const site = serveBuiltSite({
  now: "2025-09-01T12:00+02:00",
  clock: () => Date.now(),
  accounts: service.handle,
  onClose: () => rmSync(dataDir, { recursive: true, force: true }),
});

async function open(path: string, page?: Page): Promise<Page> {
  page ??= await site.browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(site.url + path);
  await page.waitForFunction(() => (window.dataLayer ?? []).length > 0);
  return page;
}

describe("a route's prefetch list", () => {
  test("navigating to the account page asks for the profile once, before the page, and the island shows it", async () => {
    const page = await open("/us/login");
    await page.waitForSelector('[data-island="login"][data-hydrated]');
    await page.fill('.login-form input[name="email"]', "bumblebee@example.com");
    await page.fill('.login-form input[name="password"]', "autobots-roll-out");
    await page.click(".login-form button[type=submit]");
    await page.waitForURL(`${site.url}/us/account`);
    await expect.poll(() => page.locator(".profile-email").innerText()).toBe("bumblebee@example.com");

    // A direct load of the account page: its list asks, the island takes the answer.
    let requests: { path: string; headers: Record<string, string> }[] = [];
    page.on("request", (r) => requests.push({ path: new URL(r.url()).pathname, headers: r.headers() }));
    const profiles = () => requests.filter((r) => r.path === "/account/user/profile");
    await open("/us/account", page);
    await expect.poll(() => page.locator(".profile-email").innerText()).toBe("bumblebee@example.com");
    // A second ask would come from the page's own work after this answer: wait until the page is
    // quiet on the network, however long that takes on a busy machine, then count.
    await page.waitForLoadState("networkidle");
    expect(profiles()).toHaveLength(1);

    // From the home page by a link: the router runs the list, then fetches the page.
    await open("/us", page);
    const toAccount = await linkTo(page, "/us/account");
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = "same document"));
    requests = [];
    await page.click(toAccount);
    await page.waitForURL(`${site.url}/us/account`);
    await expect.poll(() => page.locator(".profile-email").innerText()).toBe("bumblebee@example.com");
    // The same document: its load states were reached long ago. What the island does on showing
    // the answer (a second ask, say) is queued by now: let the page run it, then count.
    await settled(page);
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe("same document");
    expect(profiles()).toHaveLength(1);
    const order = requests.map((r) => r.path);
    expect(order.indexOf("/account/user/profile")).toBeLessThan(order.indexOf("/us/account"));
    // One server timestamp per navigation, with the headers of every call.
    const stamps = requests.filter((r) => r.path === "/ssr/timestamp");
    expect(stamps).toHaveLength(1);
    expect(stamps[0]!.headers).toMatchObject({ region: "us", "accept-language": "en" });
    await page.close();
  });
});
