// The local account service of site dev and site preview, over real HTTP: register and log in,
// the profile behind an apptoken that expires by the clock, the token refresh, newsletter
// sign-ups that survive a restart, malformed input, and paths it leaves to the site server.
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { accountCodes, createAccountService } from "../compiler/account-service.ts";

const TTL = 30 * 60 * 1000;
let clock = Date.parse("2025-06-01T10:00:00Z");
const dataDirs: string[] = [];
const servers: Server[] = [];

interface Envelope {
  code: number;
  msg: string;
  data: unknown;
}
interface Tokens {
  user_id: string;
  apptoken: string;
  reftoken: string;
}

/** A real server on 127.0.0.1 whose handler is the service; 404 "site" when it declines. */
async function startService(dataDir: string) {
  const service = createAccountService({ dataDir, tokenTtlMs: TTL, clock: () => clock });
  const declined: string[] = [];
  const server = createServer(async (request, response) => {
    if (await service.handle(request, response)) return;
    declined.push(request.url ?? "");
    response.writeHead(404, { "content-type": "text/plain" }).end("site 404");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  servers.push(server);
  const { port } = server.address() as AddressInfo;
  return { base: `http://127.0.0.1:${port}`, port, declined };
}

function newDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "site-account-service-"));
  dataDirs.push(dir);
  return dir;
}

let dataDir = "";
let base = "";
let declined: string[] = [];
beforeAll(async () => {
  // A folder that does not exist yet: the service makes it.
  dataDir = join(newDataDir(), "nested", "data");
  ({ base, declined } = await startService(dataDir));
});
afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

async function call(path: string, init: { method?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> } = {}, at = base) {
  const headers: Record<string, string> = { ...init.headers };
  let body: string | undefined = init.rawBody;
  if (init.body !== undefined) body = JSON.stringify(init.body);
  if (body !== undefined) headers["content-type"] ??= "application/json";
  const response = await fetch(at + path, { method: init.method ?? (body === undefined ? "GET" : "POST"), headers, body });
  const text = await response.text();
  let envelope: Envelope | null = null;
  try {
    envelope = JSON.parse(text) as Envelope;
  } catch {
    envelope = null;
  }
  return { status: response.status, headers: response.headers, text, envelope };
}

const post = (path: string, body: unknown, at = base) => call(path, { body }, at);
const register = (email: string, password: string, at = base) => post("/account/user/register_or_login", { email, password }, at);
const signIn = (email: string, password: string) => post("/account/user/sign_in", { email, password });
const profile = (apptoken?: string) => call("/account/user/profile", { headers: apptoken ? { apptoken } : {} });
const refresh = (userId: string, reftoken?: string) =>
  call(`/account/user/sign_in/refresh?user_id=${encodeURIComponent(userId)}`, { headers: reftoken ? { reftoken } : {} });

function tokensOf(answer: { envelope: Envelope | null }): Tokens {
  expect(answer.envelope?.code).toBe(accountCodes.success);
  return answer.envelope!.data as Tokens;
}

describe("register and log in", () => {
  test("register_or_login creates the account, then logs in with the same password only", async () => {
    const first = await register("bumblebee@example.com", "yellow-camaro");
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toContain("application/json");
    expect(first.headers.get("cache-control")).toBe("no-store");
    const created = tokensOf(first);
    expect(created.apptoken).toMatch(/^[0-9a-f]{64}$/);
    expect(created.reftoken).toMatch(/^[0-9a-f]{64}$/);
    expect(created.apptoken).not.toBe(created.reftoken);

    const again = tokensOf(await register("bumblebee@example.com", "yellow-camaro"));
    expect(again.user_id).toBe(created.user_id);
    expect(again.apptoken).not.toBe(created.apptoken);

    const wrong = await register("bumblebee@example.com", "red-camaro!");
    expect([wrong.status, wrong.envelope?.code, wrong.envelope?.data]).toEqual([200, accountCodes.wrongCredentials, null]);
    expect(wrong.envelope?.msg).toMatch(/^[A-Z].+\.$/);

    // sign_in finds the same account; the address is compared without case.
    expect(tokensOf(await signIn("Bumblebee@Example.com", "yellow-camaro")).user_id).toBe(created.user_id);
    expect((await signIn("bumblebee@example.com", "red-camaro!")).envelope?.code).toBe(accountCodes.wrongCredentials);
  });

  test("sign_in of an unknown e-mail is refused like a wrong password, and creates nothing", async () => {
    const answer = await signIn("nobody@example.com", "whatever-it-is");
    expect([answer.status, answer.envelope?.code]).toEqual([200, accountCodes.wrongCredentials]);
    expect((await signIn("nobody@example.com", "whatever-it-is")).envelope?.code).toBe(accountCodes.wrongCredentials);
  });

  test("accounts.json keeps a salted hash, never the password", async () => {
    tokensOf(await register("megatron@example.com", "decepticons-rule"));
    tokensOf(await register("soundwave@example.com", "decepticons-rule"));
    const text = readFileSync(join(dataDir, "accounts.json"), "utf8");
    expect(text).not.toContain("decepticons-rule");
    const { users } = JSON.parse(text) as { users: Record<string, string>[] };
    const megatron = users.find((u) => u.email === "megatron@example.com")!;
    const soundwave = users.find((u) => u.email === "soundwave@example.com")!;
    expect(Object.keys(megatron).sort()).toEqual(["created_at", "email", "hash", "id", "nickname", "salt"]);
    expect(megatron.nickname).toBe("megatron");
    // Same password, different salts, different hashes.
    expect(megatron.salt).not.toBe(soundwave.salt);
    expect(megatron.hash).not.toBe(soundwave.hash);
    // Written by rename: no temporary file is left behind.
    expect(readdirSync(dataDir).filter((f) => f.endsWith(".tmp"))).toEqual([]);
  });

  test.each([
    ["an e-mail without a domain", { email: "optimus@", password: "long-enough-1" }],
    ["an e-mail with a space", { email: "optimus prime@example.com", password: "long-enough-1" }],
    ["an e-mail without a dot in the domain", { email: "optimus@localhost", password: "long-enough-1" }],
    ["a missing e-mail", { password: "long-enough-1" }],
    ["a password of 7 characters", { email: "optimus@example.com", password: "1234567" }],
    ["a password that is not a string", { email: "optimus@example.com", password: 12345678 }],
  ])("%s is invalid input", async (_name, body) => {
    for (const path of ["/account/user/register_or_login", "/account/user/sign_in"]) {
      const answer = await post(path, body);
      expect([answer.status, answer.envelope?.code, answer.envelope?.data]).toEqual([200, accountCodes.invalidInput, null]);
    }
  });

  test("a password of exactly 8 characters is enough", async () => {
    tokensOf(await register("ironhide@example.com", "12345678"));
  });
});

describe("profile and the apptoken lifetime", () => {
  test("a valid apptoken gets the profile; a missing or unknown one is login expired", async () => {
    clock = Date.parse("2025-06-02T08:30:00Z");
    const tokens = tokensOf(await register("optimus.prime@example.com", "autobots-roll-out"));
    const answer = await profile(tokens.apptoken);
    expect(answer.envelope).toEqual({
      code: accountCodes.success,
      msg: expect.any(String),
      data: { user_id: tokens.user_id, email: "optimus.prime@example.com", nickname: "optimus.prime", created_at: "2025-06-02T08:30:00.000Z" },
    });
    for (const missing of [await profile(), await profile("0".repeat(64))]) {
      expect([missing.status, missing.envelope?.code, missing.envelope?.data]).toEqual([200, accountCodes.loginExpired, null]);
    }
  });

  test("an apptoken expires when the clock passes the token lifetime", async () => {
    const tokens = tokensOf(await register("starscream@example.com", "air-commander"));
    clock += TTL - 1;
    expect((await profile(tokens.apptoken)).envelope?.code).toBe(accountCodes.success);
    // Valid for [issue, issue + lifetime): at the lifetime it is over.
    clock += 1;
    expect((await profile(tokens.apptoken)).envelope?.code).toBe(accountCodes.loginExpired);
    clock += 60_000;
    expect((await profile(tokens.apptoken)).envelope?.code).toBe(accountCodes.loginExpired);
  });
});

describe("token refresh", () => {
  test("the right reftoken gets a new apptoken that works; the old one still expires by time", async () => {
    const tokens = tokensOf(await register("jazz@example.com", "do-it-with-style"));
    clock += TTL / 2;
    const refreshed = await refresh(tokens.user_id, tokens.reftoken);
    expect(refreshed.envelope?.code).toBe(accountCodes.success);
    const data = refreshed.envelope!.data as { user_id: string; apptoken: string };
    expect(Object.keys(data).sort()).toEqual(["apptoken", "user_id"]);
    expect(data.user_id).toBe(tokens.user_id);
    expect(data.apptoken).toMatch(/^[0-9a-f]{64}$/);
    expect(data.apptoken).not.toBe(tokens.apptoken);
    expect((await profile(data.apptoken)).envelope?.code).toBe(accountCodes.success);

    // Past the first token's lifetime, not the second's.
    clock += TTL / 2;
    expect((await profile(tokens.apptoken)).envelope?.code).toBe(accountCodes.loginExpired);
    expect((await profile(data.apptoken)).envelope?.code).toBe(accountCodes.success);

    // The reftoken stays the same until the next login; a refresh after expiry works.
    clock += TTL;
    expect((await profile(data.apptoken)).envelope?.code).toBe(accountCodes.loginExpired);
    const later = await refresh(tokens.user_id, tokens.reftoken);
    expect((await profile((later.envelope!.data as Tokens).apptoken)).envelope?.code).toBe(accountCodes.success);
  });

  test("a wrong, missing or replaced reftoken, or an unknown user, is refused", async () => {
    const tokens = tokensOf(await register("wheeljack@example.com", "inventor-bot"));
    const refusals = [
      await refresh(tokens.user_id, "f".repeat(64)),
      await refresh(tokens.user_id, tokens.reftoken.slice(0, 10)),
      await refresh(tokens.user_id),
      await refresh("no-such-user", tokens.reftoken),
      await call("/account/user/sign_in/refresh", { headers: { reftoken: tokens.reftoken } }),
    ];
    for (const answer of refusals) expect([answer.status, answer.envelope?.code, answer.envelope?.data]).toEqual([200, accountCodes.refreshRefused, null]);
    // A new login replaces the reftoken: the old one no longer refreshes.
    const next = tokensOf(await signIn("wheeljack@example.com", "inventor-bot"));
    expect(next.reftoken).not.toBe(tokens.reftoken);
    expect((await refresh(tokens.user_id, tokens.reftoken)).envelope?.code).toBe(accountCodes.refreshRefused);
    expect((await refresh(tokens.user_id, next.reftoken)).envelope?.code).toBe(accountCodes.success);
  });
});

describe("newsletter subscriptions", () => {
  const subscribe = (body: unknown, at = base) => post("/account/user/subscribe/create", body, at);
  const kept = (dir = dataDir) => JSON.parse(readFileSync(join(dir, "subscriptions.json"), "utf8")) as { email: string; region: string; at: string }[];

  test("a valid sign-up is kept once, however often it is sent", async () => {
    clock = Date.parse("2025-06-03T12:00:00Z");
    const answer = await subscribe({ email: "fan@example.com", region: "us" });
    expect([answer.status, answer.envelope?.code, answer.envelope?.data]).toEqual([200, accountCodes.success, null]);
    expect(kept()).toEqual([{ email: "fan@example.com", region: "us", at: "2025-06-03T12:00:00.000Z" }]);
    const duplicate = await subscribe({ email: "fan@example.com", region: "us" });
    expect(duplicate.envelope?.code).toBe(accountCodes.success);
    expect(kept()).toHaveLength(1);
    // Another region is another sign-up.
    expect((await subscribe({ email: "fan@example.com", region: "de" })).envelope?.code).toBe(accountCodes.success);
    expect(kept().map((s) => s.region)).toEqual(["us", "de"]);
  });

  test.each([
    ["an invalid e-mail", { email: "not-an-address", region: "us" }],
    ["a missing e-mail", { region: "us" }],
    ["a missing region", { email: "fan2@example.com" }],
    ["an empty region", { email: "fan2@example.com", region: " " }],
  ])("%s is invalid input and is not kept", async (_name, body) => {
    const answer = await subscribe(body);
    expect([answer.status, answer.envelope?.code]).toEqual([200, accountCodes.invalidInput]);
    expect(kept().some((s) => s.email === "fan2@example.com" || s.email === "not-an-address")).toBe(false);
  });

  test("subscriptions and accounts survive a new service on the same folder; tokens do not", async () => {
    const dir = newDataDir();
    const first = await startService(dir);
    const tokens = tokensOf(await register("grimlock@example.com", "me-grimlock-king", first.base));
    expect((await subscribe({ email: "grimlock@example.com", region: "uk" }, first.base)).envelope?.code).toBe(accountCodes.success);

    const second = await startService(dir);
    // The subscription is still there: sending it again adds nothing.
    expect((await subscribe({ email: "grimlock@example.com", region: "uk" }, second.base)).envelope?.code).toBe(accountCodes.success);
    expect((await subscribe({ email: "slag@example.com", region: "uk" }, second.base)).envelope?.code).toBe(accountCodes.success);
    expect(kept(dir).map((s) => s.email)).toEqual(["grimlock@example.com", "slag@example.com"]);
    // The account is still there (same id, same password); the old apptoken is not.
    const again = await register("grimlock@example.com", "me-grimlock-king", second.base);
    expect(tokensOf(again).user_id).toBe(tokens.user_id);
    const oldToken = await call("/account/user/profile", { headers: { apptoken: tokens.apptoken } }, second.base);
    expect(oldToken.envelope?.code).toBe(accountCodes.loginExpired);
  });
});

describe("malformed requests", () => {
  test.each([
    ["malformed JSON", "{\"email\": \"a@example.com\","],
    ["an empty body", ""],
    ["a JSON array", "[\"a@example.com\", \"long-enough-1\"]"],
    ["JSON null", "null"],
  ])("%s is invalid input", async (_name, rawBody) => {
    for (const path of ["/account/user/register_or_login", "/account/user/sign_in", "/account/user/subscribe/create"]) {
      const answer = await call(path, { method: "POST", rawBody });
      expect([answer.status, answer.envelope?.code, answer.envelope?.data]).toEqual([200, accountCodes.invalidInput, null]);
    }
  });

  test("a form post is not JSON", async () => {
    const answer = await call("/account/user/subscribe/create", { method: "POST", rawBody: "email=a%40example.com&region=us", headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect(answer.envelope?.code).toBe(accountCodes.invalidInput);
  });

  test("a body over 64 KB is invalid input; 64 KB itself is read", async () => {
    const padded = (size: number) => {
      const json = JSON.stringify({ email: "big@example.com", region: "us", pad: "" });
      return json.replace('"pad":""', `"pad":"${"x".repeat(size - json.length)}"`);
    };
    expect(Buffer.byteLength(padded(64 * 1024))).toBe(64 * 1024);
    const fits = await call("/account/user/subscribe/create", { method: "POST", rawBody: padded(64 * 1024) });
    expect(fits.envelope?.code).toBe(accountCodes.success);
    const tooLarge = await call("/account/user/subscribe/create", { method: "POST", rawBody: padded(64 * 1024 + 1) });
    expect([tooLarge.status, tooLarge.envelope?.code]).toEqual([200, accountCodes.invalidInput]);
    expect(tooLarge.envelope?.msg).toContain("64 KB");
    // A much larger body, sent in chunks without a declared length, is refused the same way.
    const { port } = new URL(base);
    const chunked = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest({ host: "127.0.0.1", port, path: "/account/user/sign_in", method: "POST", headers: { "content-type": "application/json" } }, (res) => {
        let body = "";
        res.on("data", (d: Buffer) => (body += d));
        res.on("end", () => resolve({ status: res.statusCode!, body }));
      });
      req.on("error", reject);
      for (let i = 0; i < 16; i++) req.write("x".repeat(64 * 1024));
      req.end();
    });
    expect(chunked.status).toBe(200);
    expect((JSON.parse(chunked.body) as Envelope).code).toBe(accountCodes.invalidInput);
  });

  test("an unknown account path is 404 and a wrong method 405, both with code 4004", async () => {
    for (const path of ["/account/user/nothing", "/account/user/profile/", "/account/x"]) {
      const answer = await call(path);
      expect([answer.status, answer.envelope?.code]).toEqual([404, accountCodes.notFound]);
    }
    const wrongMethods: [string, string, string][] = [
      ["GET", "/account/user/register_or_login", "POST"],
      ["GET", "/account/user/subscribe/create", "POST"],
      ["POST", "/account/user/profile", "GET"],
      ["DELETE", "/account/user/sign_in/refresh", "GET"],
    ];
    for (const [method, path, allow] of wrongMethods) {
      const answer = await call(path, { method });
      expect([answer.status, answer.envelope?.code, answer.headers.get("allow")]).toEqual([405, accountCodes.notFound, allow]);
    }
  });

  test("paths outside /account/ are left to the site server", async () => {
    const paths = ["/", "/us/account", "/account", "/account/", "/accounts/user/profile", "/ssr/timestamp", "/us/account/user/profile"];
    for (const path of paths) {
      const answer = await call(path);
      expect([answer.status, answer.text]).toEqual([404, "site 404"]);
    }
    expect(declined).toEqual(expect.arrayContaining(paths));
  });
});

describe("internal errors", () => {
  test("an unreadable data file answers 500 with code 5000 and is never overwritten; fixing it is enough", async () => {
    const dir = newDataDir();
    writeFileSync(join(dir, "accounts.json"), "{ not json");
    const broken = await startService(dir);
    const errors: string[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => void errors.push(args.join(" "));
    try {
      const answer = await register("ratchet@example.com", "medic-on-duty", broken.base);
      expect([answer.status, answer.envelope?.code, answer.envelope?.data]).toEqual([500, 5000, null]);
      expect(answer.envelope?.msg).toBeTruthy();
      expect(answer.text).not.toMatch(/\n\s+at /);
    } finally {
      console.error = original;
    }
    expect(errors.join("\n")).toContain("accounts.json");
    expect(readFileSync(join(dir, "accounts.json"), "utf8")).toBe("{ not json");
    writeFileSync(join(dir, "accounts.json"), JSON.stringify({ users: [] }));
    tokensOf(await register("ratchet@example.com", "medic-on-duty", broken.base));
  });
});
