// The local account service of site dev and site preview, over real HTTP: register and log in,
// the profile behind an apptoken that expires by the clock, the token refresh, newsletter
// sign-ups that survive a restart, malformed input, and paths it leaves to the site server.
// Then what it defends against: calls from other origins and rebound host names, telling
// which addresses have accounts, a blocked event loop, two servers on one data folder, password
// guessing and oversized fields.
// An integration test: real servers, real files, and scrypt at its real cost (a hundred hashes,
// eight seconds of CPU, more than the whole unit tier may take).
import { randomBytes, scryptSync } from "node:crypto";
import { appendFileSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  accountCodes,
  accountMessages,
  createAccountService,
  hashPassword,
  type AccountServiceOptions,
} from "../../server/accounts/service.ts";
import { ACCOUNT_LOG, keptData } from "../support/account-data.ts";

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
async function startService(dataDir: string, extra: Partial<AccountServiceOptions> = {}) {
  const service = createAccountService({ dataDir, tokenTtlMs: TTL, clock: () => clock, ...extra });
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

async function call(
  path: string,
  init: { method?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
  at = base,
) {
  const headers: Record<string, string> = { ...init.headers };
  let body: string | undefined = init.rawBody;
  if (init.body !== undefined) body = JSON.stringify(init.body);
  if (body !== undefined) headers["content-type"] ??= "application/json";
  const response = await fetch(at + path, {
    method: init.method ?? (body === undefined ? "GET" : "POST"),
    headers,
    body,
  });
  const text = await response.text();
  let envelope: Envelope | null = null;
  try {
    envelope = JSON.parse(text) as Envelope;
  } catch {
    envelope = null;
  }
  return { status: response.status, headers: response.headers, text, envelope };
}

/** A request with exactly these headers (fetch would add its own Host and Origin rules). */
function raw(
  at: string,
  init: { method?: string; path: string; headers?: Record<string, string>; body?: string | Buffer },
) {
  const { port } = new URL(at);
  return new Promise<{
    status: number;
    headers: Record<string, string | string[] | undefined>;
    envelope: Envelope | null;
  }>((resolve, reject) => {
    const req = httpRequest(
      {
        host: "127.0.0.1",
        port,
        path: init.path,
        method: init.method ?? "POST",
        headers: init.headers ?? {},
        setHost: false,
      },
      (res) => {
        let text = "";
        res.on("data", (d: Buffer) => (text += d));
        res.on("end", () => {
          let envelope: Envelope | null = null;
          try {
            envelope = JSON.parse(text) as Envelope;
          } catch {
            envelope = null;
          }
          resolve({ status: res.statusCode!, headers: res.headers, envelope });
        });
      },
    );
    req.on("error", reject);
    req.end(init.body);
  });
}

const post = (path: string, body: unknown, at = base) => call(path, { body }, at);
const register = (email: string, password: string, at = base) =>
  post("/account/user/register_or_login", { email, password }, at);
const signIn = (email: string, password: string) => post("/account/user/sign_in", { email, password });
const profile = (apptoken?: string) => call("/account/user/profile", { headers: apptoken ? { apptoken } : {} });
const refresh = (userId: string, reftoken?: string) =>
  call(`/account/user/sign_in/refresh?user_id=${encodeURIComponent(userId)}`, {
    headers: reftoken ? { reftoken } : {},
  });

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
    expect([wrong.status, wrong.envelope?.code, wrong.envelope?.data]).toEqual([
      200,
      accountCodes.wrongCredentials,
      null,
    ]);
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

  test("the data folder keeps a salted hash, never the password", async () => {
    tokensOf(await register("megatron@example.com", "decepticons-rule"));
    tokensOf(await register("soundwave@example.com", "decepticons-rule"));
    const text = readdirSync(dataDir)
      .map((f) => readFileSync(join(dataDir, f), "utf8"))
      .join("\n");
    expect(text).not.toContain("decepticons-rule");
    const users = keptData(dataDir).accounts as unknown as Record<string, string>[];
    const megatron = users.find((u) => u.email === "megatron@example.com")!;
    const soundwave = users.find((u) => u.email === "soundwave@example.com")!;
    expect(Object.keys(megatron).sort()).toEqual(["created_at", "email", "hash", "id", "nickname", "salt"]);
    expect(megatron.nickname).toBe("megatron");
    // Same password, different salts, different hashes.
    expect(megatron.salt).not.toBe(soundwave.salt);
    expect(megatron.hash).not.toBe(soundwave.hash);
    // Appended, never copied: no temporary file is left behind.
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
      expect([answer.status, answer.envelope?.code, answer.envelope?.data]).toEqual([
        200,
        accountCodes.invalidInput,
        null,
      ]);
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
      data: {
        user_id: tokens.user_id,
        email: "optimus.prime@example.com",
        nickname: "optimus.prime",
        created_at: "2025-06-02T08:30:00.000Z",
      },
    });
    for (const missing of [await profile(), await profile("0".repeat(64))]) {
      expect([missing.status, missing.envelope?.code, missing.envelope?.data]).toEqual([
        200,
        accountCodes.loginExpired,
        null,
      ]);
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
    for (const answer of refusals)
      expect([answer.status, answer.envelope?.code, answer.envelope?.data]).toEqual([
        200,
        accountCodes.refreshRefused,
        null,
      ]);
    // A new login replaces the reftoken: the old one no longer refreshes.
    const next = tokensOf(await signIn("wheeljack@example.com", "inventor-bot"));
    expect(next.reftoken).not.toBe(tokens.reftoken);
    expect((await refresh(tokens.user_id, tokens.reftoken)).envelope?.code).toBe(accountCodes.refreshRefused);
    expect((await refresh(tokens.user_id, next.reftoken)).envelope?.code).toBe(accountCodes.success);
  });
});

describe("newsletter subscriptions", () => {
  const subscribe = (body: unknown, at = base) => post("/account/user/subscribe/create", body, at);
  const kept = (dir = dataDir) => keptData(dir).subscriptions;

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
    expect((await subscribe({ email: "grimlock@example.com", region: "uk" }, first.base)).envelope?.code).toBe(
      accountCodes.success,
    );

    const second = await startService(dir);
    // The subscription is still there: sending it again adds nothing.
    expect((await subscribe({ email: "grimlock@example.com", region: "uk" }, second.base)).envelope?.code).toBe(
      accountCodes.success,
    );
    expect((await subscribe({ email: "slag@example.com", region: "uk" }, second.base)).envelope?.code).toBe(
      accountCodes.success,
    );
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
    ["malformed JSON", '{"email": "a@example.com",'],
    ["an empty body", ""],
    ["a JSON array", '["a@example.com", "long-enough-1"]'],
    ["JSON null", "null"],
  ])("%s is invalid input", async (_name, rawBody) => {
    for (const path of ["/account/user/register_or_login", "/account/user/sign_in", "/account/user/subscribe/create"]) {
      const answer = await call(path, { method: "POST", rawBody });
      expect([answer.status, answer.envelope?.code, answer.envelope?.data]).toEqual([
        200,
        accountCodes.invalidInput,
        null,
      ]);
    }
  });

  test("a form post is not JSON: 415", async () => {
    const answer = await call("/account/user/subscribe/create", {
      method: "POST",
      rawBody: "email=a%40example.com&region=us",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect([answer.status, answer.envelope?.code]).toEqual([415, accountCodes.invalidInput]);
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
      const req = httpRequest(
        {
          host: "127.0.0.1",
          port,
          path: "/account/user/sign_in",
          method: "POST",
          headers: { "content-type": "application/json" },
        },
        (res) => {
          let body = "";
          res.on("data", (d: Buffer) => (body += d));
          res.on("end", () => resolve({ status: res.statusCode!, body }));
        },
      );
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
      expect([answer.status, answer.envelope?.code, answer.headers.get("allow")]).toEqual([
        405,
        accountCodes.notFound,
        allow,
      ]);
    }
  });

  test("paths outside /account/ are left to the site server", async () => {
    const paths = [
      "/",
      "/us/account",
      "/account",
      "/account/",
      "/accounts/user/profile",
      "/ssr/timestamp",
      "/us/account/user/profile",
    ];
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

describe("only this server's own pages can call", () => {
  const bodies = {
    "/account/user/register_or_login": { email: "no-type@example.com", password: "from-elsewhere-1" },
    "/account/user/sign_in": { email: "no-type@example.com", password: "from-elsewhere-1" },
    "/account/user/subscribe/create": { email: "no-type@example.com", region: "us" },
  };

  test("a POST without content-type (a no-cors fetch of bytes) is refused with 415 and changes nothing", async () => {
    const dir = newDataDir();
    const service = await startService(dir);
    for (const [path, body] of Object.entries(bodies)) {
      const answer = await raw(service.base, {
        path,
        headers: { host: `127.0.0.1:${service.port}` },
        body: JSON.stringify(body),
      });
      expect([path, answer.status, answer.envelope?.code]).toEqual([path, 415, accountCodes.invalidInput]);
      // text/plain is what a cross-origin form or fetch may send without asking first.
      const plain = await raw(service.base, {
        path,
        headers: { host: `127.0.0.1:${service.port}`, "content-type": "text/plain" },
        body: JSON.stringify(body),
      });
      expect(plain.status).toBe(415);
    }
    expect(keptData(dir)).toEqual({ accounts: [], subscriptions: [] });
  });

  test("application/json with a charset is JSON", async () => {
    const service = await startService(newDataDir());
    const answer = await raw(service.base, {
      path: "/account/user/subscribe/create",
      headers: { host: `127.0.0.1:${service.port}`, "content-type": "Application/JSON; charset=utf-8" },
      body: JSON.stringify({ email: "charset@example.com", region: "us" }),
    });
    expect([answer.status, answer.envelope?.code]).toEqual([200, accountCodes.success]);
  });

  test("an Origin other than the server's own is refused with 403 and changes nothing", async () => {
    const dir = newDataDir();
    const service = await startService(dir);
    const host = `127.0.0.1:${service.port}`;
    for (const origin of ["https://attacker.example", "http://127.0.0.1:1", "null"]) {
      for (const [path, body] of Object.entries(bodies)) {
        const answer = await raw(service.base, {
          path,
          headers: { host, origin, "content-type": "application/json" },
          body: JSON.stringify(body),
        });
        expect([origin, path, answer.status, answer.envelope?.code]).toEqual([
          origin,
          path,
          403,
          accountCodes.foreignRequest,
        ]);
      }
    }
    expect(keptData(dir)).toEqual({ accounts: [], subscriptions: [] });
    const own = await raw(service.base, {
      path: "/account/user/subscribe/create",
      headers: { host, origin: `http://${host}`, "content-type": "application/json" },
      body: JSON.stringify(bodies["/account/user/subscribe/create"]),
    });
    expect([own.status, own.envelope?.code]).toEqual([200, accountCodes.success]);
  });

  test("a Host that is not this server's loopback name and port (DNS rebinding) is refused with 403, GETs too", async () => {
    const dir = newDataDir();
    const service = await startService(dir);
    for (const host of [`rebound.attacker.example:${service.port}`, `127.0.0.1:${service.port + 1}`]) {
      const postAnswer = await raw(service.base, {
        path: "/account/user/register_or_login",
        headers: { host, "content-type": "application/json" },
        body: JSON.stringify(bodies["/account/user/register_or_login"]),
      });
      expect([host, postAnswer.status, postAnswer.envelope?.code]).toEqual([host, 403, accountCodes.foreignRequest]);
      const getAnswer = await raw(service.base, {
        method: "GET",
        path: "/account/user/profile",
        headers: { host, apptoken: "0".repeat(64) },
      });
      expect([host, getAnswer.status]).toEqual([host, 403]);
    }
    expect(keptData(dir).accounts).toEqual([]);
    const byName = await raw(service.base, {
      path: "/account/user/register_or_login",
      headers: { host: `localhost:${service.port}`, "content-type": "application/json" },
      body: JSON.stringify(bodies["/account/user/register_or_login"]),
    });
    expect(byName.envelope?.code).toBe(accountCodes.success);
  });
});

describe("password hashing", () => {
  test("sign_in hashes once whether or not the address has an account, so its time tells nothing", async () => {
    let hashes = 0;
    const countingHash = async (password: string, salt: Buffer) => {
      hashes += 1;
      return scryptSync(password.normalize("NFC"), salt, 64);
    };
    const service = await startService(newDataDir(), { hash: countingHash });
    const hashesOf = async (path: string, email: string, password: string) => {
      const before = hashes;
      const answer = await post(path, { email, password }, service.base);
      return [answer.envelope?.code, hashes - before];
    };
    expect(await hashesOf("/account/user/register_or_login", "known@example.com", "the-right-one")).toEqual([
      accountCodes.success,
      1,
    ]);
    expect(await hashesOf("/account/user/sign_in", "known@example.com", "the-right-one")).toEqual([
      accountCodes.success,
      1,
    ]);
    expect(await hashesOf("/account/user/sign_in", "known@example.com", "a-wrong-one")).toEqual([
      accountCodes.wrongCredentials,
      1,
    ]);
    expect(await hashesOf("/account/user/sign_in", "unknown@example.com", "a-wrong-one")).toEqual([
      accountCodes.wrongCredentials,
      1,
    ]);
    expect(await hashesOf("/account/user/register_or_login", "known@example.com", "a-wrong-one")).toEqual([
      accountCodes.wrongCredentials,
      1,
    ]);
  });

  test("hashing runs off the event loop: a callback queued after it starts runs before it ends", async () => {
    const salt = randomBytes(16);
    let turned = false;
    const hashing = hashPassword("autobots-roll-out", salt);
    setImmediate(() => (turned = true));
    const digest = await hashing;
    expect(turned).toBe(true);
    // The same hash as the synchronous one before it: accounts made then still log in.
    expect(digest).toEqual(scryptSync("autobots-roll-out", salt, 64));
  });
  test("no more than two hashes run at once, so file reads of the site's pages find a free thread", async () => {
    let running = 0;
    let most = 0;
    const slowHash = async (password: string, salt: Buffer) => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 20));
      running -= 1;
      return scryptSync(password, salt, 64);
    };
    const service = await startService(newDataDir(), { hash: slowHash });
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => register(`parallel-${i}@example.com`, "long-enough-1", service.base)),
    );
    for (const answer of answers) tokensOf(answer);
    expect(most).toBe(2);
  });
});

describe("the data folder", () => {
  const password = "shared-folder-1";

  test("two services on one folder, registering at once, keep every account and every sign-up", async () => {
    const dir = newDataDir();
    const first = await startService(dir);
    const second = await startService(dir);
    const emails = Array.from({ length: 16 }, (_, i) => `twin-${i}@example.com`);
    const at = (i: number) => (i % 2 === 0 ? first.base : second.base);
    const answers = await Promise.all([
      ...emails.map((email, i) => register(email, password, at(i))),
      ...emails.map((email, i) => post("/account/user/subscribe/create", { email, region: "uk" }, at(i + 1))),
    ]);
    for (const answer of answers) expect(answer.envelope?.code).toBe(accountCodes.success);
    // Each server sees the accounts the other made, without a restart.
    for (const [i, email] of emails.entries())
      expect((await post("/account/user/sign_in", { email, password }, at(i + 1))).envelope?.code).toBe(
        accountCodes.success,
      );
    // And a third, started afterwards, sees them all, each once.
    const third = await startService(dir);
    for (const email of emails)
      expect((await post("/account/user/sign_in", { email, password }, third.base)).envelope?.code).toBe(
        accountCodes.success,
      );
    const kept = keptData(dir);
    expect(kept.accounts.map((a) => a.email).sort()).toEqual([...emails].sort());
    expect(kept.subscriptions.map((s) => s.email).sort()).toEqual([...emails].sort());
  });

  test("one address registered on both servers at once is one account", async () => {
    const dir = newDataDir();
    const first = await startService(dir);
    const second = await startService(dir);
    const [a, b] = await Promise.all([
      register("same@example.com", password, first.base),
      register("same@example.com", password, second.base),
    ]);
    expect(tokensOf(a).user_id).toBe(tokensOf(b).user_id);
    expect(keptData(dir).accounts).toHaveLength(1);
  });

  test("files are readable by their owner only, and a registration appends instead of rewriting", async () => {
    const dir = newDataDir();
    const service = await startService(dir);
    tokensOf(await register("first@example.com", password, service.base));
    const log = join(dir, ACCOUNT_LOG);
    const before = { text: readFileSync(log, "utf8"), inode: statSync(log).ino };
    tokensOf(await register("second@example.com", password, service.base));
    expect(
      (await post("/account/user/subscribe/create", { email: "second@example.com", region: "jp" }, service.base))
        .envelope?.code,
    ).toBe(accountCodes.success);
    const after = readFileSync(log, "utf8");
    expect(statSync(log).ino).toBe(before.inode);
    expect(after.startsWith(before.text)).toBe(true);
    expect(after.slice(before.text.length).trimEnd().split("\n")).toHaveLength(2);
    for (const file of readdirSync(dir)) expect([file, statSync(join(dir, file)).mode & 0o777]).toEqual([file, 0o600]);
    expect(readdirSync(dir).filter((f) => f.endsWith(".tmp"))).toEqual([]);
  });

  test("a write cut short by a kill loses nothing else, and the next write goes on a line of its own", async () => {
    const dir = newDataDir();
    const service = await startService(dir);
    tokensOf(await register("before-kill@example.com", password, service.base));
    appendFileSync(join(dir, ACCOUNT_LOG), '{"kind":"account","id":"cut-short","email":"torn@exa');
    tokensOf(await register("after-kill@example.com", password, service.base));
    const fresh = await startService(dir);
    for (const email of ["before-kill@example.com", "after-kill@example.com"]) {
      expect((await post("/account/user/sign_in", { email, password }, fresh.base)).envelope?.code).toBe(
        accountCodes.success,
      );
    }
  });

  test("a lock left by a process that died is taken over, not waited on for ever", async () => {
    const dir = newDataDir();
    const service = await startService(dir);
    tokensOf(await register("lock-before@example.com", password, service.base));
    const lock = readdirSync(dir).find((f) => f.endsWith(".lock"));
    // The lock is there only while a write is under way.
    expect(lock).toBeUndefined();
    // Above Linux's largest process id: no process has it.
    writeFileSync(
      join(dir, `${ACCOUNT_LOG}.lock`),
      JSON.stringify({ pid: 2 ** 22 + 12345, host: hostname(), at: Date.now() }),
    );
    tokensOf(await register("lock-after@example.com", password, service.base));
  });

  test("the accounts.json and subscriptions.json of earlier versions are read, moved into the log, and never rewritten", async () => {
    const dir = newDataDir();
    const salt = randomBytes(16);
    const legacyAccounts = JSON.stringify({
      users: [
        {
          id: "legacy-1",
          email: "old-timer@example.com",
          hash: scryptSync("made-long-ago", salt, 64).toString("hex"),
          salt: salt.toString("hex"),
          created_at: "2025-01-01T00:00:00.000Z",
          nickname: "old-timer",
        },
      ],
    });
    const legacySubscriptions = JSON.stringify([
      { email: "old-timer@example.com", region: "fr", at: "2025-01-02T00:00:00.000Z" },
    ]);
    writeFileSync(join(dir, "accounts.json"), legacyAccounts);
    writeFileSync(join(dir, "subscriptions.json"), legacySubscriptions);
    const service = await startService(dir);
    expect(
      tokensOf(
        await post(
          "/account/user/sign_in",
          { email: "old-timer@example.com", password: "made-long-ago" },
          service.base,
        ),
      ).user_id,
    ).toBe("legacy-1");
    tokensOf(await register("newcomer@example.com", password, service.base));
    expect(
      (await post("/account/user/subscribe/create", { email: "old-timer@example.com", region: "fr" }, service.base))
        .envelope?.code,
    ).toBe(accountCodes.success);
    expect(readFileSync(join(dir, "accounts.json"), "utf8")).toBe(legacyAccounts);
    expect(readFileSync(join(dir, "subscriptions.json"), "utf8")).toBe(legacySubscriptions);
    // The log alone now holds everything: the old files could go.
    rmSync(join(dir, "accounts.json"));
    rmSync(join(dir, "subscriptions.json"));
    const kept = keptData(dir);
    expect(kept.accounts.map((a) => a.email).sort()).toEqual(["newcomer@example.com", "old-timer@example.com"]);
    expect(kept.subscriptions).toEqual([
      { email: "old-timer@example.com", region: "fr", at: "2025-01-02T00:00:00.000Z" },
    ]);
    const fresh = await startService(dir);
    expect(
      tokensOf(
        await post("/account/user/sign_in", { email: "old-timer@example.com", password: "made-long-ago" }, fresh.base),
      ).user_id,
    ).toBe("legacy-1");
  });
});

describe("guessing passwords", () => {
  const WINDOW = 15 * 60 * 1000;

  test("10 failed logins of one address in 15 minutes: the next is 429, even with the right password, until the window passes", async () => {
    clock = Date.parse("2025-07-01T09:00:00Z");
    const service = await startService(newDataDir(), {
      rateLimit: { perAddress: 10, perClient: 1000, windowMs: WINDOW },
    });
    tokensOf(await register("guessed@example.com", "the-real-password", service.base));
    for (let i = 0; i < 10; i++) {
      expect(
        (
          await post(
            "/account/user/sign_in",
            { email: "guessed@example.com", password: `guess-number-${i}` },
            service.base,
          )
        ).envelope?.code,
      ).toBe(accountCodes.wrongCredentials);
    }
    for (const [path, pw] of [
      ["/account/user/sign_in", "guess-number-10"],
      ["/account/user/sign_in", "the-real-password"],
      ["/account/user/register_or_login", "the-real-password"],
    ]) {
      const limited = await post(path!, { email: "Guessed@Example.com", password: pw }, service.base);
      expect([limited.status, limited.envelope]).toEqual([
        429,
        { code: accountCodes.tooManyAttempts, msg: accountMessages.tooManyAttempts, data: null },
      ]);
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    }
    // Another address is not held up by this one.
    tokensOf(await register("bystander@example.com", "the-real-password", service.base));
    clock += WINDOW;
    tokensOf(
      await post(
        "/account/user/sign_in",
        { email: "guessed@example.com", password: "the-real-password" },
        service.base,
      ),
    );
  });

  test("10 failed logins from one client, over many addresses: the next is 429", async () => {
    clock = Date.parse("2025-07-02T09:00:00Z");
    const service = await startService(newDataDir(), {
      rateLimit: { perAddress: 1000, perClient: 10, windowMs: WINDOW },
    });
    for (let i = 0; i < 10; i++) {
      expect(
        (
          await post(
            "/account/user/sign_in",
            { email: `sprayed-${i}@example.com`, password: "same-guess-1" },
            service.base,
          )
        ).envelope?.code,
      ).toBe(accountCodes.wrongCredentials);
    }
    const limited = await post(
      "/account/user/sign_in",
      { email: "sprayed-10@example.com", password: "same-guess-1" },
      service.base,
    );
    expect([limited.status, limited.envelope?.code, limited.envelope?.msg]).toEqual([
      429,
      accountCodes.tooManyAttempts,
      accountMessages.tooManyAttempts,
    ]);
    clock += WINDOW;
    expect(
      (await post("/account/user/sign_in", { email: "sprayed-10@example.com", password: "same-guess-1" }, service.base))
        .envelope?.code,
    ).toBe(accountCodes.wrongCredentials);
  });

  test("logins that succeed count against nobody, even all at once", async () => {
    clock = Date.parse("2025-07-04T09:00:00Z");
    const service = await startService(newDataDir());
    tokensOf(await register("regular@example.com", "the-real-password", service.base));
    // An attempt counts as a failure until it succeeds (so a burst of guesses is counted while
    // its hashes run): up to the limit at once, then.
    const many = await Promise.all(
      Array.from({ length: 10 }, () =>
        post("/account/user/sign_in", { email: "regular@example.com", password: "the-real-password" }, service.base),
      ),
    );
    for (const answer of many) tokensOf(answer);
    for (let i = 0; i < 9; i++)
      await post("/account/user/sign_in", { email: `other-${i}@example.com`, password: "a-wrong-guess" }, service.base);
    tokensOf(
      await post(
        "/account/user/sign_in",
        { email: "regular@example.com", password: "the-real-password" },
        service.base,
      ),
    );
  });

  test("a burst of guesses sent all at once is held to the limit too", async () => {
    clock = Date.parse("2025-07-05T09:00:00Z");
    let hashes = 0;
    const service = await startService(newDataDir(), {
      hash: async (password, salt) => {
        hashes++;
        return scryptSync(password, salt, 64);
      },
    });
    const burst = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        post("/account/user/sign_in", { email: "burst@example.com", password: `guess-number-${i}` }, service.base),
      ),
    );
    expect(burst.filter((a) => a.envelope?.code === accountCodes.wrongCredentials)).toHaveLength(10);
    expect(burst.filter((a) => a.status === 429)).toHaveLength(15);
    expect(hashes).toBe(10);
  });

  test("by default the limit is 10 failures in 15 minutes", async () => {
    clock = Date.parse("2025-07-03T09:00:00Z");
    const service = await startService(newDataDir());
    for (let i = 0; i < 10; i++)
      await post(
        "/account/user/sign_in",
        { email: "default@example.com", password: `guess-number-${i}` },
        service.base,
      );
    expect(
      (await post("/account/user/sign_in", { email: "default@example.com", password: "guess-number-10" }, service.base))
        .status,
    ).toBe(429);
    clock += WINDOW - 1;
    expect(
      (await post("/account/user/sign_in", { email: "default@example.com", password: "guess-number-11" }, service.base))
        .status,
    ).toBe(429);
    clock += 1;
    expect(
      (await post("/account/user/sign_in", { email: "default@example.com", password: "guess-number-12" }, service.base))
        .status,
    ).toBe(200);
  });
});

describe("field lengths", () => {
  // 64 + 1 + 189 characters: as long as an address may be.
  const longest = `${"a".repeat(64)}@${"b".repeat(61)}.${"c".repeat(61)}.${"d".repeat(61)}.com`;
  test("an e-mail of 254 characters is an address; 255 is not", async () => {
    expect(longest).toHaveLength(254);
    const service = await startService(newDataDir());
    tokensOf(await register(longest, "long-enough-1", service.base));
    const tooLong = `a${longest}`;
    for (const path of ["/account/user/register_or_login", "/account/user/sign_in"]) {
      expect((await post(path, { email: tooLong, password: "long-enough-1" }, service.base)).envelope?.code).toBe(
        accountCodes.invalidInput,
      );
    }
    expect(
      (await post("/account/user/subscribe/create", { email: tooLong, region: "us" }, service.base)).envelope?.code,
    ).toBe(accountCodes.invalidInput);
  });

  test("a password of 1024 characters is accepted; 1025 is not, and is never hashed", async () => {
    let hashes = 0;
    const service = await startService(newDataDir(), {
      hash: async (password, salt) => {
        hashes++;
        return scryptSync(password, salt, 64);
      },
    });
    tokensOf(await register("long-password@example.com", "p".repeat(1024), service.base));
    hashes = 0;
    for (const path of ["/account/user/register_or_login", "/account/user/sign_in"]) {
      expect(
        (await post(path, { email: "long-password@example.com", password: "p".repeat(1025) }, service.base)).envelope
          ?.code,
      ).toBe(accountCodes.invalidInput);
    }
    expect(hashes).toBe(0);
  });

  test("a sign-up's region is one of the site's region codes", async () => {
    const dir = newDataDir();
    const service = await startService(dir);
    for (const region of ["us", "uk", "eu", "fr", "de", "jp", "kr", "cn"]) {
      expect(
        (await post("/account/user/subscribe/create", { email: "regions@example.com", region }, service.base)).envelope
          ?.code,
      ).toBe(accountCodes.success);
    }
    for (const region of ["xx", "US", "usa", "r".repeat(10_000)]) {
      expect(
        (await post("/account/user/subscribe/create", { email: "regions@example.com", region }, service.base)).envelope
          ?.code,
      ).toBe(accountCodes.invalidInput);
    }
    expect(keptData(dir).subscriptions).toHaveLength(8);
  });
});
