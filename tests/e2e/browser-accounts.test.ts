// Accounts in a real site.browser against the preview server and its local account service: the
// newsletter sign-up, logging in and out in every region, a session that survives a reload and
// a token expiry, and the storage keys of the seed; and pages elsewhere that try to use them.
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page, Route } from "playwright-core";
import { describe, expect, test } from "vitest";
import { cutPlaceholders } from "../support/placeholders.ts";
import { serveBuiltSite } from "../support/served-site.ts";
import { accountCodes, createAccountService } from "../../server/accounts/service.ts";
import { keptData } from "../support/account-data.ts";

const TTL = 60 * 60 * 1000;
let accountClock = Date.now();
const dataDir = mkdtempSync(join(tmpdir(), "site-accounts-"));
const service = createAccountService({ dataDir, tokenTtlMs: TTL, clock: () => accountClock });
const site = serveBuiltSite({
  now: "2025-09-01T12:00+02:00",
  clock: () => Date.now(),
  accounts: service.handle,
  onClose: () => rmSync(dataDir, { recursive: true, force: true }),
});

// Each test that passes gives its page back for the next, which takes it with the storage (and
// so the session) wiped (tests/support/page-pool.ts); one that fails keeps its page.
const open = (path: string): Promise<Page> => site.visit(path, 1280);

async function logIn(page: Page, email: string, password: string) {
  await page.waitForSelector('[data-island="login"][data-hydrated]');
  await page.fill('.login-form input[name="email"]', email);
  await page.fill('.login-form input[name="password"]', password);
  await page.click(".login-form button[type=submit]");
}

/** The paths of every script the page has loaded, preloaded or imported. */
const scriptsLoaded = (page: Page) =>
  page.evaluate(() =>
    performance
      .getEntriesByType("resource")
      .map((entry) => new URL(entry.name).pathname)
      .filter((path) => path.endsWith(".js")),
  );

describe.concurrent("newsletter sign-up", () => {
  test.for([
    ["/us", "Please enter a valid email address"],
    ["/de", "Bitte geben Sie eine gültige E-Mail-Adresse ein."],
    ["/fr", "Veuillez saisir une adresse e-mail valide."],
  ] as const)(
    "%s: the region's invalid message for a bad address, the success view for a good one",
    async ([path, invalid], { expect }) => {
      const page = await open(path);
      const form = page.locator(".footer-subscribe");
      // As a shopper does: no wait for the form's code, which loads as the form comes near.
      await form.locator("input").fill("not-an-address");
      await form.locator("button").click();
      await expect.poll(() => form.locator("[role=alert]").innerText()).toBe(invalid);
      const email = `fan-${path.slice(1)}@example.com`;
      await form.locator("input").fill(email);
      await form.locator("button").click();
      await page.waitForSelector(".footer-subscribe .subscribe-success");
      if (path === "/us") {
        const view = await form.locator(".subscribe-success").innerText();
        expect(view).toContain("Go to Store");
        expect(view).toContain("200");
      }
      // The local account service kept it, in its data folder.
      const kept = keptData(dataDir).subscriptions;
      expect(kept).toContainEqual(expect.objectContaining({ email, region: path.slice(1) }));
      site.release(page);
    },
  );

  test("when no answer comes, the form says the server's default message, not that the address is wrong", async ({
    expect,
  }) => {
    const page = await open("/de");
    await page.route("**/account/user/subscribe/create", (route) => route.abort("connectionrefused"));
    const form = page.locator(".footer-subscribe");
    await form.locator("input").fill("fan-offline@example.com");
    await form.locator("button").click();
    await expect
      .poll(() => form.locator("[role=alert]").innerText())
      .toBe("Serverfehler, bitte versuchen Sie es später erneut.");
    site.release(page);
  });

  test("a returning visitor's page loads the form's code, and React's, only as the form comes near", async ({
    expect,
  }) => {
    const page = await open("/us");
    const footer = page.locator(".footer-subscribe");
    // The page is long enough for the footer to be out of reach at first (more than two screens down).
    expect(await footer.evaluate((form) => form.getBoundingClientRect().top > 2 * innerHeight)).toBe(true);
    await page.waitForLoadState("networkidle");
    expect((await scriptsLoaded(page)).filter((path) => /\/(hydrate|Subscribe|NewUserPopup)-/.test(path))).toEqual([]);
    expect(await page.locator("[data-hydrated]").count()).toBe(0);
    await footer.scrollIntoViewIfNeeded();
    await page.waitForSelector(".footer-subscribe [data-hydrated]");
    expect((await scriptsLoaded(page)).filter((path) => /\/(hydrate|Subscribe)-/.test(path))).toHaveLength(2);
    site.release(page);
  });

  test("an address sent before the form's code has arrived is held, and sent once it has", async ({ expect }) => {
    const page = await open("/uk");
    let arrive = () => {};
    const held = new Promise<void>((resolve) => (arrive = resolve));
    let asked = false;
    await page.route("**/assets/chunks/Subscribe-*.js", async (route) => {
      asked = true;
      await held;
      await route.continue();
    });
    const form = page.locator(".footer-subscribe");
    const email = "early-bird@example.com";
    await form.locator("input").fill(email);
    await form.locator("input").press("Enter");
    await expect.poll(() => asked).toBe(true);
    // Not sent as a plain form: the page stays as it was.
    expect(page.url()).toBe(`${site.url}/uk`);
    expect(await form.locator("[data-hydrated]").count()).toBe(0);
    arrive();
    await page.waitForSelector(".footer-subscribe .subscribe-success");
    expect(keptData(dataDir).subscriptions).toContainEqual(expect.objectContaining({ email, region: "uk" }));
    site.release(page);
  });
  test("the form's code, not loaded once (a dropped connection), is asked for again at the next try", async ({
    expect,
  }) => {
    const page = await open("/eu");
    let asked = 0;
    await page.route("**/assets/chunks/Subscribe-*.js", (route) =>
      asked++ === 0 ? route.abort("connectionrefused") : route.continue(),
    );
    const failed = page.waitForEvent("console", (message) => message.text().includes("dynamically imported module"));
    const form = page.locator(".footer-subscribe");
    const email = "second-try@example.com";
    // Brought near, the form asks for its code, which does not come.
    await form.locator("input").fill(email);
    await failed;
    expect(await form.locator("[data-hydrated]").count()).toBe(0);
    // The shopper sends it: the code is asked for again, and the address goes with it.
    await form.locator("input").press("Enter");
    await page.waitForSelector(".footer-subscribe .subscribe-success");
    expect(asked).toBe(2);
    expect(keptData(dataDir).subscriptions).toContainEqual(expect.objectContaining({ email, region: "eu" }));
    site.release(page);
  });
  test("after a deploy that replaced the form's code, the page is loaded again, once, and the form works", async ({
    expect,
  }) => {
    const page = await open("/fr");
    // The deploy: this page's chunks are gone, and the page as the server sends it now names
    // another entry script.
    const gone = "**/assets/chunks/Subscribe-*.js";
    await page.route(gone, (route) => route.fulfill({ status: 404, body: "" }));
    const asNowDeployed = async (route: Route) => {
      if (route.request().resourceType() !== "fetch") return route.continue();
      const response = await route.fetch();
      await route.fulfill({ response, body: (await response.text()).replace(/main-\w+\.js/, "main-DEPLOYED.js") });
    };
    await page.route(`${site.url}/fr`, asNowDeployed);
    let loads = 0;
    page.on("load", () => {
      loads++;
      // The reload brings the new deploy's page, whose code is there.
      void page.unroute(gone);
      void page.unroute(`${site.url}/fr`, asNowDeployed);
    });
    const form = page.locator(".footer-subscribe");
    // Brought near, the form asks for its code, which is gone: the page is loaded again.
    await form.locator("input").fill("lost-in-the-reload@example.com");
    await expect.poll(() => loads).toBe(1);
    await page.waitForFunction(() => (window.dataLayer ?? []).length > 0);
    const email = "after-the-deploy@example.com";
    await form.locator("input").fill(email);
    await form.locator("input").press("Enter");
    await page.waitForSelector(".footer-subscribe .subscribe-success");
    expect(keptData(dataDir).subscriptions).toContainEqual(expect.objectContaining({ email, region: "fr" }));
    expect(loads).toBe(1);
    site.release(page);
  });
});

describe("the new-user pop-up", () => {
  test("invites a first-time visitor once, in the region's words, and subscribes", async () => {
    // A context of its own has none of a returning visitor's storage (connectBrowser's newPage does).
    const firstTimer = await site.browser.newContext();
    try {
      const page = await firstTimer.newPage();
      await page.goto(`${site.url}/de`);
      const popup = page.locator("dialog#new-user-popup");
      await expect.poll(() => popup.evaluate((d) => (d as HTMLDialogElement).open)).toBe(true);
      expect(await popup.locator("h2").innerText()).toBeTruthy();
      expect(await page.evaluate(cutPlaceholders, "#new-user-popup"), "the field shows its whole placeholder").toEqual(
        [],
      );
      await popup.locator("input").fill("nope");
      await popup.locator("form button").click();
      await expect
        .poll(() => popup.locator("[role=alert]").innerText())
        .toBe("Bitte geben Sie eine gültige E-Mail-Adresse ein.");
      await popup.locator("input").fill("erstbesuch@example.com");
      await popup.locator("form button").click();
      await popup.locator(".subscribe-success").waitFor();
      // Once seen, never again: its code is not even loaded.
      await page.reload();
      await page.waitForLoadState("networkidle");
      expect(await popup.evaluate((d) => (d as HTMLDialogElement).open)).toBe(false);
      expect((await scriptsLoaded(page)).filter((path) => /\/NewUserPopup-/.test(path))).toEqual([]);
    } finally {
      await firstTimer.close();
    }
  });
});

describe("session", () => {
  test("log in, reload and stay logged in, survive a token expiry, log out", async () => {
    const page = await open("/us/login");
    await logIn(page, "optimus@example.com", "autobots-roll-out");
    await page.waitForURL(`${site.url}/us/account`);
    await expect.poll(() => page.locator(".profile-email").innerText()).toBe("optimus@example.com");

    // Stored under exactly the seed's names, in the us group's scope.
    const stored = await page.evaluate(() =>
      Object.fromEntries(
        ["apptoken", "reftoken", "userId", "userInfo"].map((k) => [k, JSON.parse(localStorage.getItem(k) ?? "null")]),
      ),
    );
    expect(Object.keys(stored.apptoken)).toEqual(["/us"]);
    expect(stored.reftoken["/us"]).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.userInfo["/us"].email).toBe("optimus@example.com");

    await page.reload();
    await expect.poll(() => page.locator(".profile-email").innerText()).toBe("optimus@example.com");
    // The stored profile shows before the page's own call for it has come back: one still on its
    // way when the clock moves on would refresh too, and that refresh could be cut by the reload.
    await page.waitForLoadState("networkidle");

    // The app token expires; the next call answers 4003, the runtime refreshes once and goes on.
    accountClock += TTL + 1000;
    const refreshes: string[] = [];
    page.on("request", (r) => r.url().includes("/sign_in/refresh") && refreshes.push(r.url()));
    const before = stored.apptoken["/us"];
    await page.reload();
    // The stored profile shows at once; the new apptoken says the refresh has happened.
    await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem("apptoken")!)["/us"])).not.toBe(before);
    await expect.poll(() => page.locator(".profile-email").innerText()).toBe("optimus@example.com");
    expect(refreshes).toHaveLength(1);
    expect(refreshes[0]).toContain(`user_id=${stored.userId["/us"]}`);

    await page.click(".account-profile button");
    await page.waitForSelector('[data-state="loggedOut"]');
    expect(
      await page.evaluate(() => ["apptoken", "reftoken", "userId", "userInfo"].map((k) => localStorage.getItem(k))),
    ).toEqual([null, null, null, null]);
    site.release(page);
  });

  test("a logout while the profile is on its way stands when the profile arrives", async () => {
    const page = await open("/us/login");
    await logIn(page, "bumblebee@example.com", "a-long-password");
    await page.waitForURL(`${site.url}/us/account`);
    await expect.poll(() => page.locator(".profile-email").innerText()).toBe("bumblebee@example.com");
    // The next profile answer is held back: the stored profile shows, and the shopper logs out.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/account/user/profile*", async (route) => {
      await held;
      await route.continue();
    });
    await page.reload();
    await page.waitForSelector('[data-island="account"][data-hydrated] .account-profile button');
    await page.click(".account-profile button");
    await page.waitForSelector('[data-state="loggedOut"]');
    const answered = page.waitForResponse("**/account/user/profile*");
    release();
    await answered;
    // Let the page take the answer in (its handlers run on the page's next turns).
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(await page.locator("[data-island=account] [data-state]").getAttribute("data-state")).toBe("loggedOut");
    expect(
      await page.evaluate(() => ["apptoken", "reftoken", "userId", "userInfo"].map((k) => localStorage.getItem(k))),
    ).toEqual([null, null, null, null]);
    site.release(page);
  });

  test("a wrong password is refused in the region's words", async () => {
    const page = await open("/de/login");
    await logIn(page, "grimlock@example.com", "me-grimlock-king");
    await page.waitForURL(`${site.url}/de/account`);
    site.release(page);
    const again = await open("/de/login");
    // The toast's live region is on the page before its message, for screen readers to announce it.
    await again.waitForSelector("#site-toasts[aria-live=polite]", { state: "attached" });
    await logIn(again, "grimlock@example.com", "wrong-password");
    await again.waitForSelector(".login-form [role=alert]");
    expect(new URL(again.url()).pathname).toBe("/de/login");
    // The server's message shows as a toast drawn on its own ground, inside the window.
    const toast = again.locator("#site-toasts .toast");
    await toast.waitFor();
    const look = await toast.evaluate((el) => {
      const style = getComputedStyle(el);
      const box = el.getBoundingClientRect();
      return {
        background: style.backgroundColor,
        color: style.color,
        inside: box.left >= 0 && box.right <= innerWidth,
      };
    });
    expect(look.background).not.toBe("rgba(0, 0, 0, 0)");
    expect(look.color).not.toBe(look.background);
    expect(look.inside).toBe(true);
    site.release(again);
  });
});

// Each region with an account of its own and no change of the clock: three at a time, each test
// with its own expect (test.for).
describe.concurrent("session in every region", () => {
  test.for(["us", "uk", "eu", "fr", "de", "jp", "kr", "cn"])("log in and out in %s", async (region, { expect }) => {
    const prefix = region === "cn" ? "" : `/${region}`;
    // Logged out again at the end, the page is as an earlier test of this block found it: the
    // next takes it (served-site.ts, visit). One that fails keeps its page.
    const page = await site.visit(`${prefix}/login`, 1280);
    await logIn(page, `shopper-${region}@example.com`, "a-long-password");
    await page.waitForURL(`${site.url}${prefix}/account`);
    await expect.poll(() => page.locator(".profile-email").innerText()).toBe(`shopper-${region}@example.com`);
    await page.click(".account-profile button");
    await page.waitForSelector('[data-state="loggedOut"]');
    site.release(page);
  });
});

describe("pages elsewhere", () => {
  /** What an account call answers when sent from node, same origin: did the intruder get in? */
  const signInCode = async (email: string, password: string) => {
    const response = await fetch(`${site.url}/account/user/sign_in`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password }),
    });
    return ((await response.json()) as { code: number }).code;
  };

  test("a page on another origin cannot create an account or a sign-up with a no-cors fetch", async () => {
    const attacker = createServer((_request, response) => {
      response
        .writeHead(200, { "content-type": "text/html; charset=utf-8" })
        .end("<!DOCTYPE html><title>elsewhere</title><p>elsewhere</p>");
    });
    await new Promise<void>((resolve) => attacker.listen(0, "127.0.0.1", resolve));
    const page = await site.browser.newPage();
    try {
      // Another port is another origin, as another site would be.
      await page.goto(`http://127.0.0.1:${(attacker.address() as AddressInfo).port}/`);
      const settled = await page.evaluate(async (target) => {
        // Bytes, not a string: no content-type at all, which a no-cors fetch may send anywhere.
        const bytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));
        const calls = [
          fetch(`${target}/account/user/register_or_login`, {
            method: "POST",
            mode: "no-cors",
            body: bytes({ email: "intruder@example.com", password: "from-elsewhere-1" }),
          }),
          fetch(`${target}/account/user/subscribe/create`, {
            method: "POST",
            mode: "no-cors",
            body: bytes({ email: "intruder@example.com", region: "us" }),
          }),
          fetch(`${target}/account/user/subscribe/create`, {
            method: "POST",
            mode: "no-cors",
            headers: { "content-type": "text/plain" },
            body: JSON.stringify({ email: "intruder-2@example.com", region: "us" }),
          }),
        ];
        return (await Promise.allSettled(calls)).length;
      }, site.url);
      expect(settled).toBe(3);
    } finally {
      await page.close();
      await new Promise((resolve) => attacker.close(resolve));
    }
    expect(await signInCode("intruder@example.com", "from-elsewhere-1")).toBe(accountCodes.wrongCredentials);
    expect(keptData(dataDir).subscriptions.filter((s) => s.email.startsWith("intruder"))).toEqual([]);
  });

  test("a page whose name was rebound to this machine (DNS rebinding) cannot make account calls", async () => {
    // The run's one browser cannot be told a name of its own; a proxy stands in for the DNS: the
    // browser asks it for rebound.attacker.test, and it sends the request, Host and all, to this
    // machine's server, as a rebound name would.
    const { port } = new URL(site.url);
    const dns = createServer((request, response) => {
      const { pathname, search } = new URL(request.url!);
      const upstream = httpRequest(
        { host: "127.0.0.1", port, path: pathname + search, method: request.method, headers: request.headers },
        (answer) => {
          response.writeHead(answer.statusCode!, answer.headers);
          answer.pipe(response);
        },
      );
      request.pipe(upstream);
    });
    await new Promise<void>((resolve) => dns.listen(0, "127.0.0.1", resolve));
    const rebound = await site.browser.newContext({
      proxy: { server: `http://127.0.0.1:${(dns.address() as AddressInfo).port}` },
    });
    try {
      const page = await rebound.newPage();
      // The browser sees one origin, the attacker's name: these calls are same-origin to it.
      await page.goto(`http://rebound.attacker.test:${port}/us`);
      const statuses = await page.evaluate(async () => {
        const register = await fetch("/account/user/register_or_login", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ email: "rebound@example.com", password: "from-elsewhere-1" }),
        });
        const profile = await fetch("/account/user/profile");
        return [register.status, profile.status];
      });
      expect(statuses).toEqual([403, 403]);
    } finally {
      await rebound.close();
      await new Promise((resolve) => dns.close(resolve));
    }
    expect(await signInCode("rebound@example.com", "from-elsewhere-1")).toBe(accountCodes.wrongCredentials);
  });
});
