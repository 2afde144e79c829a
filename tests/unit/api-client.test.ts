// The API client against a real HTTP server on 127.0.0.1: envelope, toasts, headers per region,
// 4003 with and without a session, refresh failure, concurrent 4003s sharing one refresh.
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { apiBase, createApiClient, type ApiContext } from "../../runtime/api.ts";
import { apiSpec as api, MemoryStorage } from "../support/runtime-doubles.ts";

interface Seen {
  path: string;
  headers: IncomingMessage["headers"];
}
let server: Server;
let base = "";
let seen: Seen[] = [];
/** What the server answers, by path; a function may look at the request. */
let answers: Record<string, (req: IncomingMessage) => { status?: number; body: unknown }> = {};

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://x").pathname;
    seen.push({ path, headers: req.headers });
    const answer = answers[path]?.(req) ?? { status: 404, body: "no" };
    setTimeout(() => {
      res.writeHead(answer.status ?? 200, { "content-type": "application/json" });
      res.end(JSON.stringify(answer.body));
    }, 20);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  seen = [];
  answers = {};
});

const ok = (data: unknown) => () => ({ body: { code: 2000, msg: "ok", data } });
const fail =
  (code: number, msg = "") =>
  () => ({ body: { code, msg, data: null } });

function client(region: "us" | "de" = "us", storage = new MemoryStorage(), fetchWith: typeof fetch = fetch) {
  const toasts: string[] = [];
  const visits: string[] = [];
  const ctx: ApiContext = {
    api,
    region:
      region === "us"
        ? { code: "us", prefix: "/us", language: "en", group: "us", storageScope: "/us" }
        : { code: "de", prefix: "/de", language: "de", group: "eu", storageScope: "/eu" },
    messages: { default: "Server error, please try again later.", "4003": "Login expired, please log in again." },
    host: "www.mechanova.com",
    baseOverride: base,
    fetch: fetchWith,
    storage,
    toast: (m) => toasts.push(m),
    navigate: (p) => visits.push(p),
    delay: async () => {},
  };
  return { api: createApiClient(ctx), toasts, visits, storage };
}

describe("base URL", () => {
  const ctx = { api, region: { code: "de", prefix: "/de", language: "de", group: "eu" as const, storageScope: "/eu" } };
  test("production by region group, pre-production on the hub hosts, the override on a local server", () => {
    expect(apiBase({ ...ctx, host: "www.mechanova.com" })).toBe(api.environments.production.eu);
    expect(apiBase({ ...ctx, host: api.preproductionHosts[0]! })).toBe(api.environments.preproduction.eu);
    expect(apiBase({ ...ctx, host: "127.0.0.1", baseOverride: "" })).toBe("");
  });
});

describe("envelope and toasts", () => {
  test("2000 resolves with data; headers carry the region, the language and the tokens", async () => {
    const { api: c } = client("de");
    c.session.write({ apptoken: "A", reftoken: "R", userId: "7" });
    answers["/account/user/profile"] = ok({ user_id: 7, email: "a@b.de" });
    expect(await c.call("profile")).toEqual({ user_id: 7, email: "a@b.de" });
    expect(seen[0]!.headers).toMatchObject({ region: "de", "accept-language": "de", apptoken: "A", reftoken: "R" });
    const us = client("us").api;
    await us.call("profile").catch(() => {});
    expect(seen[1]!.headers["accept-language"]).toBe("en");
    expect(seen[1]!.headers.apptoken).toBeUndefined();
  });

  test("another code rejects and toasts the server message, else the code's message, else the default", async () => {
    const { api: c, toasts } = client();
    answers["/account/user/profile"] = fail(4010, "Account locked");
    await expect(c.call("profile")).rejects.toMatchObject({ code: 4010 });
    answers["/account/user/profile"] = fail(4010);
    await expect(c.call("profile")).rejects.toMatchObject({ code: 4010 });
    expect(toasts).toEqual(["Account locked", "Server error, please try again later."]);
  });

  test("subscribe shows no toast; network and HTTP errors reject without one", async () => {
    const { api: c, toasts } = client();
    answers["/account/user/subscribe/create"] = fail(4002, "Invalid e-mail");
    await expect(c.subscribe("x@y.com")).rejects.toMatchObject({ code: 4002 });
    answers["/account/user/profile"] = () => ({ status: 500, body: "down" });
    await expect(c.call("profile")).rejects.toMatchObject({ kind: "network" });
    expect(toasts).toEqual([]);
  });

  test("a failure without a toast is explained as the toast would say it; no answer is the default", async () => {
    const { api: c } = client();
    const failureOf = (promise: Promise<unknown>) =>
      promise.then(
        () => null,
        (error: unknown) => c.explain(error),
      );
    answers["/account/user/subscribe/create"] = fail(4002, "Invalid e-mail");
    expect(await failureOf(c.subscribe("x@y.com"))).toBe("Invalid e-mail");
    answers["/account/user/subscribe/create"] = fail(4003);
    expect(await failureOf(c.subscribe("x@y.com"))).toBe("Login expired, please log in again.");
    answers["/account/user/subscribe/create"] = () => ({ status: 500, body: "down" });
    expect(await failureOf(c.subscribe("x@y.com"))).toBe("Server error, please try again later.");
  });
});

describe("login expired (4003)", () => {
  test("with a full session: one refresh, tokens replaced, the call retried once", async () => {
    const { api: c, toasts, storage } = client();
    c.session.write({ apptoken: "old", reftoken: "R", userId: "7" });
    answers["/account/user/profile"] = (req) => (req.headers.apptoken === "new" ? ok({ user_id: 8 })() : fail(4003)());
    answers["/account/user/sign_in/refresh"] = (req) =>
      req.headers.reftoken === "R" ? ok({ user_id: 8, apptoken: "new" })() : fail(4005)();
    expect(await c.call("profile")).toEqual({ user_id: 8 });
    expect(c.session.read()).toMatchObject({ apptoken: "new", userId: "8", reftoken: "R" });
    expect(seen.map((s) => s.path)).toEqual([
      "/account/user/profile",
      "/account/user/sign_in/refresh",
      "/account/user/profile",
    ]);
    expect(toasts).toEqual([]);
    // Stored under exactly the seed's names, scoped to the region group's path.
    expect(JSON.parse(storage.getItem("apptoken")!)).toEqual({ "/us": "new" });
    expect(JSON.parse(storage.getItem("userId")!)).toEqual({ "/us": "8" });
  });

  test("concurrent 4003 answers share one refresh", async () => {
    const { api: c } = client();
    c.session.write({ apptoken: "old", reftoken: "R", userId: "7" });
    answers["/account/user/profile"] = (req) => (req.headers.apptoken === "new" ? ok({ ok: true })() : fail(4003)());
    answers["/account/user/sign_in/refresh"] = ok({ user_id: 7, apptoken: "new" });
    await Promise.all([c.call("profile"), c.call("profile"), c.call("profile")]);
    expect(seen.filter((s) => s.path.endsWith("/refresh"))).toHaveLength(1);
  });

  test("a 4003 that arrives after another call's refresh is retried with the new token, not refreshed again", async () => {
    // The second call's answer (to the old token) is held until the first call has refreshed and retried.
    let firstDone = () => {};
    const held = new Promise<void>((resolve) => (firstDone = resolve));
    let profiles = 0;
    const holdingSecond: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      if (String(input).includes("/profile") && ++profiles === 2) await held;
      return response;
    };
    const { api: c } = client("us", new MemoryStorage(), holdingSecond);
    c.session.write({ apptoken: "old", reftoken: "R", userId: "7" });
    answers["/account/user/profile"] = (req) => (req.headers.apptoken === "new" ? ok({ ok: true })() : fail(4003)());
    answers["/account/user/sign_in/refresh"] = ok({ user_id: 7, apptoken: "new" });
    const first = c.call("profile");
    const second = c.call("profile");
    await first;
    firstDone();
    expect(await second).toEqual({ ok: true });
    expect(seen.filter((s) => s.path.endsWith("/refresh"))).toHaveLength(1);
  });

  test("a failed refresh clears the session and goes to the region's login", async () => {
    const { api: c, visits, storage } = client();
    c.session.write({ apptoken: "old", reftoken: "R", userId: "7", userInfo: { email: "a@b.com" } });
    answers["/account/user/profile"] = fail(4003);
    answers["/account/user/sign_in/refresh"] = fail(4005);
    await expect(c.call("profile")).rejects.toMatchObject({ code: 4003 });
    expect(c.session.read()).toEqual({ apptoken: null, reftoken: null, userId: null, userInfo: null });
    expect(storage.length).toBe(0);
    expect(visits).toEqual(["/us/login"]);
  });

  test("a retry still refused ends the session: never a loop", async () => {
    const { api: c, visits } = client();
    c.session.write({ apptoken: "old", reftoken: "R", userId: "7" });
    answers["/account/user/profile"] = fail(4003);
    answers["/account/user/sign_in/refresh"] = ok({ user_id: 7, apptoken: "still-bad" });
    await expect(c.call("profile")).rejects.toMatchObject({ code: 4003 });
    expect(seen.filter((s) => s.path.endsWith("/refresh"))).toHaveLength(1);
    expect(visits).toEqual(["/us/login"]);
  });

  test("without a session: the toast, then the login page", async () => {
    const { api: c, toasts, visits } = client("de");
    answers["/account/user/profile"] = fail(4003);
    await expect(c.call("profile")).rejects.toMatchObject({ code: 4003 });
    await new Promise((r) => setTimeout(r, 0));
    expect(toasts).toEqual(["Login expired, please log in again."]);
    expect(visits).toEqual(["/de/login"]);
  });

  test("a profile that arrives after logging out is not kept", async () => {
    const { api: c, storage } = client();
    c.session.write({ apptoken: "A", reftoken: "R", userId: "7" });
    answers["/account/user/profile"] = ok({ user_id: 7, email: "a@b.com" });
    const answer = c.profile();
    c.logOut();
    await answer;
    expect(c.session.read()).toEqual({ apptoken: null, reftoken: null, userId: null, userInfo: null });
    expect(storage.length).toBe(0);
  });

  test("logging out in /us leaves the /eu session as it was", () => {
    const storage = new MemoryStorage();
    const us = client("us", storage).api;
    const de = client("de", storage).api;
    us.session.write({ apptoken: "U", userId: "1" });
    de.session.write({ apptoken: "E", userId: "2" });
    us.logOut();
    expect(de.session.read()).toMatchObject({ apptoken: "E", userId: "2" });
    expect(us.session.read().apptoken).toBeNull();
  });

  // What another site on the origin (or an older version of this one) left under the same names:
  // plain values, not one per scope. A log-in writes over them instead of failing.
  test.for(["12345", "plain-token", "null", "[1]", '"quoted"'])(
    "a value left as %s under the session's names reads as no session and is written over",
    (left, { expect }) => {
      const storage = new MemoryStorage();
      for (const key of ["apptoken", "reftoken", "userId", "userInfo"]) storage.setItem(key, left);
      const us = client("us", storage).api;
      expect(us.session.read()).toEqual({ apptoken: null, reftoken: null, userId: null, userInfo: null });
      us.session.write({ apptoken: "U", reftoken: "R", userId: "1" });
      expect(us.session.read()).toMatchObject({ apptoken: "U", reftoken: "R", userId: "1" });
      expect(us.session.loggedIn).toBe(true);
      us.logOut();
      expect(us.session.loggedIn).toBe(false);
    },
  );
});
