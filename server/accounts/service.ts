// The account service of `site dev` and `site preview`: the account calls of seed 000 §7
// answered on this machine, so login, profile, token refresh and the newsletter all work with
// no outside host. Every answer is the API envelope {code, msg, data} of seed 000 §3 and §8.
// Accounts and subscriptions are kept in the data folder's append-only log (account-store.ts),
// which two servers can share; tokens live in memory only, so a restart logs everyone out (and
// nothing else). It is for dev and preview only (SECURITY.md): it answers only this server's
// own pages, and makes guessing or listing accounts slow and useless.

import { randomBytes, randomUUID, scrypt, timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { promisify } from "node:util";
import { EMAIL as VALID_EMAIL } from "../../runtime/email.ts";
import { AccountStore, emailKey, type AccountRecord } from "./store.ts";
import { checkLocalRequest } from "../local-request.ts";

export const accountCodes = {
  success: 2000,
  wrongCredentials: 4001,
  invalidInput: 4002,
  loginExpired: 4003,
  notFound: 4004,
  refreshRefused: 4005,
  tooManyAttempts: 4029,
  foreignRequest: 4030,
} as const;

/** One catalogue of the answers' fixed words, so the tests and SECURITY.md quote what is sent. */
export const accountMessages = {
  ok: "ok",
  wrongCredentials: "Wrong e-mail or password.",
  loginExpired: "Login expired, please log in again.",
  refreshRefused: "Refresh refused, please log in again.",
  tooManyAttempts: "Too many failed logins, please try again later.",
  invalidEmail: "Enter a valid e-mail address.",
  notJson: "The request body must be JSON (content-type application/json).",
  invalidJson: "The request body is not valid JSON.",
  notObject: "The request body must be a JSON object.",
  regionMissing: "The region is missing.",
  regionUnknown: "The region is not one of the site's region codes.",
  noSuchCall: "There is no such account call.",
  serverError: "Server error, please try again later.",
} as const;

export interface AccountServiceOptions {
  /** Folder where the account log is kept (created if missing). */
  dataDir: string;
  /** How long an apptoken is valid, in ms. */
  tokenTtlMs: number;
  /** Epoch ms; default Date.now. */
  clock?: () => number;
  /** The password hash; default hashPassword. Every login, decoy included, costs exactly one call. */
  hash?: (password: string, salt: Buffer) => Promise<Buffer>;
  /** Failed logins allowed per address and per client address in a window; default 10 each in 15 minutes. */
  rateLimit?: { perAddress?: number; perClient?: number; windowMs?: number };
  /** The region codes a newsletter sign-up may name; default the site's eight. */
  regions?: readonly string[];
}

interface Answer {
  status: number;
  code: number;
  msg: string;
  data: unknown;
  headers?: Record<string, string>;
}

type JsonObject = Record<string, unknown>;

/** Not in the client's catalogue on purpose: a fault of the service, never of the caller. */
const INTERNAL_ERROR_CODE = 5000;
const MAX_BODY_BYTES = 64 * 1024;
const MIN_PASSWORD_LENGTH = 8;
const MAX_PASSWORD_LENGTH = 1024;
/** The longest address SMTP can carry (RFC 5321's 256-octet path less its angle brackets). */
const MAX_EMAIL_LENGTH = 254;
const SALT_BYTES = 16;
const HASH_BYTES = 64;
const TOKEN_BYTES = 32;
/**
 * The service runs for `site preview` too, from a built site without its specs; these are the
 * regions of specs/site.yaml, and a caller that knows others passes them.
 */
const SITE_REGIONS = ["cn", "us", "uk", "eu", "fr", "de", "jp", "kr"] as const;

const ok = (data: unknown): Answer => ({ status: 200, code: accountCodes.success, msg: accountMessages.ok, data });
const refused = (code: number, msg: string, status = 200): Answer => ({ status, code, msg, data: null });

const loginExpired = () => refused(accountCodes.loginExpired, accountMessages.loginExpired);
const wrongCredentials = () => refused(accountCodes.wrongCredentials, accountMessages.wrongCredentials);
const refreshRefused = () => refused(accountCodes.refreshRefused, accountMessages.refreshRefused);
const invalidInput = (msg: string) => refused(accountCodes.invalidInput, msg);
const tooManyAttempts = (waitMs: number): Answer => ({
  ...refused(accountCodes.tooManyAttempts, accountMessages.tooManyAttempts, 429),
  headers: { "retry-after": String(Math.max(1, Math.ceil(waitMs / 1000))) },
});

const scryptAsync = promisify(scrypt) as (password: string, salt: Buffer, keylen: number) => Promise<Buffer>;

/**
 * A password's salted scrypt hash (NFC first, so the same password typed on any keyboard
 * matches), computed on libuv's thread pool: a login never stops the server from answering.
 * The parameters are scrypt's defaults, as before, so existing hashes still match.
 */
export function hashPassword(password: string, salt: Buffer): Promise<Buffer> {
  return scryptAsync(password.normalize("NFC"), salt, HASH_BYTES);
}

/**
 * Hashes share libuv's thread pool (4 threads) with file reads: eight logins at once would
 * hold every thread, and the site's pages would wait for them. Two at a time leave the rest
 * to the pages.
 */
const HASHES_AT_ONCE = 2;

/** `run` with at most `limit` calls under way; the others wait their turn, first come first served. */
function atMostAtOnce<A extends unknown[], R>(run: (...args: A) => Promise<R>, limit: number): (...args: A) => Promise<R> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (...args) => {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    else running += 1;
    try {
      return await run(...args);
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}

/** Equal strings without an early exit, so the time taken says nothing about a secret. */
function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

const headerValue = (request: IncomingMessage, name: string): string | undefined => {
  const value = request.headers[name];
  return typeof value === "string" ? value : undefined;
};

const isObject = (value: unknown): value is JsonObject => typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * Failures per key in a sliding window. The map is bounded: past MAX_KEYS the oldest key is
 * forgotten, so a flood of made-up addresses cannot grow it without end.
 */
class FailureWindow {
  private static readonly MAX_KEYS = 10_000;
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly clock: () => number,
  ) {}

  private live(key: string, now: number): number[] {
    const times = (this.failures.get(key) ?? []).filter((t) => now - t < this.windowMs);
    if (times.length === 0) this.failures.delete(key);
    else this.failures.set(key, times);
    return times;
  }

  /** ms until the key may try again; 0 when it may now. */
  wait(key: string): number {
    const now = this.clock();
    const times = this.live(key, now);
    return times.length < this.limit ? 0 : times[times.length - this.limit]! + this.windowMs - now;
  }

  /** Counts a failure now; the function returned takes it back (the attempt succeeded after all). */
  add(key: string): () => void {
    const now = this.clock();
    const times = this.live(key, now);
    if (times.length === 0 && this.failures.size >= FailureWindow.MAX_KEYS) this.failures.delete(this.failures.keys().next().value!);
    times.push(now);
    this.failures.set(key, times);
    return () => {
      // Looked up again: live() may have replaced the list since.
      const current = this.failures.get(key) ?? [];
      const at = current.lastIndexOf(now);
      if (at !== -1) current.splice(at, 1);
    };
  }

  clear(key: string): void {
    this.failures.delete(key);
  }
}

type BodyResult = { kind: "text"; text: string } | { kind: "tooLarge" } | { kind: "gone" };

/**
 * The request body as text, at most MAX_BODY_BYTES. A larger body is read to its end and
 * dropped (answering while the client still sends would reset its connection before it
 * reads the answer); "gone" when the client went away before the end.
 */
function readBody(request: IncomingMessage): Promise<BodyResult> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const declared = Number(headerValue(request, "content-length"));
    let tooLarge = Number.isFinite(declared) && declared > MAX_BODY_BYTES;
    request.on("data", (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size > MAX_BODY_BYTES) tooLarge = true;
      if (!tooLarge) chunks.push(chunk);
    });
    request.on("end", () => resolve(tooLarge ? { kind: "tooLarge" } : { kind: "text", text: Buffer.concat(chunks).toString("utf8") }));
    request.on("error", () => resolve({ kind: "gone" }));
    request.on("close", () => {
      if (!request.complete) resolve({ kind: "gone" });
    });
  });
}

/** What a POST carried: its JSON object, the answer saying why there is none, or nothing when the client left. */
type PostBody = { kind: "object"; value: JsonObject } | { kind: "refused"; answer: Answer } | { kind: "gone" };

async function readJsonObject(request: IncomingMessage): Promise<PostBody> {
  const refuse = (msg: string): PostBody => ({ kind: "refused", answer: invalidInput(msg) });
  const type = headerValue(request, "content-type");
  // application/json and nothing else, and never no type at all: those are the bodies that any
  // page may post anywhere without asking first (a no-cors fetch of bytes, a form, text/plain).
  // A JSON type makes the browser ask (CORS preflight), and this service never says yes.
  if (type === undefined || !/^application\/json\s*(?:;|$)/i.test(type)) {
    return { kind: "refused", answer: refused(accountCodes.invalidInput, accountMessages.notJson, 415) };
  }
  const body = await readBody(request);
  if (body.kind === "gone") return body;
  if (body.kind === "tooLarge") return refuse(`The request body is larger than ${MAX_BODY_BYTES / 1024} KB.`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.text);
  } catch {
    return refuse(accountMessages.invalidJson);
  }
  return isObject(parsed) ? { kind: "object", value: parsed } : refuse(accountMessages.notObject);
}

// The length first: the pattern then never runs over a long string.
const validEmail = (value: unknown): value is string => typeof value === "string" && value.length <= MAX_EMAIL_LENGTH && VALID_EMAIL.test(value);
const invalidEmail = () => invalidInput(accountMessages.invalidEmail);

/** The e-mail and password of a login, or the 4002 answer saying which one is wrong. */
function checkCredentials(body: JsonObject): { valid: true; email: string; password: string } | { valid: false; answer: Answer } {
  if (!validEmail(body.email)) return { valid: false, answer: invalidEmail() };
  const password = body.password;
  if (typeof password !== "string") return { valid: false, answer: invalidInput(`The password must be at least ${MIN_PASSWORD_LENGTH} characters long.`) };
  // Characters, not UTF-16 units or bytes: eight emoji are eight characters. No character is
  // more than two units, so a longer string is too long without counting.
  const length = password.length > 2 * MAX_PASSWORD_LENGTH ? Infinity : [...password].length;
  if (length < MIN_PASSWORD_LENGTH) return { valid: false, answer: invalidInput(`The password must be at least ${MIN_PASSWORD_LENGTH} characters long.`) };
  if (length > MAX_PASSWORD_LENGTH) return { valid: false, answer: invalidInput(`The password must be at most ${MAX_PASSWORD_LENGTH} characters long.`) };
  return { valid: true, email: body.email, password };
}

export function createAccountService(options: AccountServiceOptions): {
  /** Answers the request if it is an account call; false when it is not one (path outside /account/). */
  handle(request: IncomingMessage, response: ServerResponse): Promise<boolean>;
} {
  const clock = options.clock ?? Date.now;
  const hash = atMostAtOnce(options.hash ?? hashPassword, HASHES_AT_ONCE);
  const store = new AccountStore(options.dataDir);
  const regions = new Set<string>(options.regions ?? SITE_REGIONS);
  const windowMs = options.rateLimit?.windowMs ?? 15 * 60 * 1000;
  const addressFailures = new FailureWindow(options.rateLimit?.perAddress ?? 10, windowMs, clock);
  const clientFailures = new FailureWindow(options.rateLimit?.perClient ?? 10, windowMs, clock);

  // Tokens: apptokens with their issue time (any number per user: several browsers may be
  // logged in); one reftoken per user, replaced at each login.
  const apptokens = new Map<string, { userId: string; issuedAt: number }>();
  const reftokens = new Map<string, string>();
  const newToken = () => randomBytes(TOKEN_BYTES).toString("hex");
  const isFresh = (issuedAt: number, now: number) => now - issuedAt < options.tokenTtlMs;

  const issueApptoken = (userId: string): string => {
    const now = clock();
    // Forget expired tokens as new ones are made, so the map does not grow for ever.
    for (const [token, issued] of apptokens) if (!isFresh(issued.issuedAt, now)) apptokens.delete(token);
    const apptoken = newToken();
    apptokens.set(apptoken, { userId, issuedAt: now });
    return apptoken;
  };

  const logIn = (account: AccountRecord): Answer => {
    const reftoken = newToken();
    reftokens.set(account.id, reftoken);
    return ok({ user_id: account.id, apptoken: issueApptoken(account.id), reftoken });
  };

  // An unknown address is hashed too, against a salt of its own, so that refusing it takes the
  // work a wrong password takes: the time of an answer does not tell which addresses exist.
  const decoySalt = randomBytes(SALT_BYTES);
  const passwordMatches = async (account: AccountRecord | undefined, password: string): Promise<boolean> => {
    const actual = await hash(password, account ? Buffer.from(account.salt, "hex") : decoySalt);
    if (!account) return false;
    const expected = Buffer.from(account.hash, "hex");
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  };

  /**
   * A login (and, for register_or_login, a registration). Each attempt counts as a failure of
   * its address and its client from the start, and is taken back only when it succeeds: a burst
   * of parallel guesses is counted while its hashes still run.
   */
  async function attempt(request: IncomingMessage, body: JsonObject, mayRegister: boolean): Promise<Answer> {
    const credentials = checkCredentials(body);
    if (!credentials.valid) return credentials.answer;
    const address = emailKey(credentials.email);
    const client = request.socket.remoteAddress ?? "unknown";
    const wait = Math.max(addressFailures.wait(address), clientFailures.wait(client));
    if (wait > 0) return tooManyAttempts(wait);
    const undoAddress = addressFailures.add(address);
    const undoClient = clientFailures.add(client);
    const succeeded = (account: AccountRecord) => {
      undoAddress();
      addressFailures.clear(address);
      undoClient();
      return logIn(account);
    };

    let account = await store.accountByEmail(credentials.email);
    if (!account && mayRegister) {
      const salt = randomBytes(SALT_BYTES);
      const created: AccountRecord = {
        id: randomUUID(),
        email: credentials.email,
        hash: (await hash(credentials.password, salt)).toString("hex"),
        salt: salt.toString("hex"),
        created_at: new Date(clock()).toISOString(),
        nickname: credentials.email.slice(0, credentials.email.indexOf("@")),
      };
      // Kept only if the address is still free once the log is locked: another request, or
      // another server, may have registered it while the hash ran. Then this is a login to it.
      account = await store.addAccount(created);
      if (account.id === created.id) return succeeded(account);
    }
    return (await passwordMatches(account, credentials.password)) && account ? succeeded(account) : wrongCredentials();
  }

  async function refresh(request: IncomingMessage, query: URLSearchParams): Promise<Answer> {
    const userId = query.get("user_id") ?? "";
    const given = headerValue(request, "reftoken") ?? "";
    const expected = reftokens.get(userId);
    if (!expected || !given || !sameSecret(given, expected)) return refreshRefused();
    if (!(await store.accountById(userId))) return refreshRefused();
    return ok({ user_id: userId, apptoken: issueApptoken(userId) });
  }

  async function profile(request: IncomingMessage): Promise<Answer> {
    const apptoken = headerValue(request, "apptoken");
    const issued = apptoken ? apptokens.get(apptoken) : undefined;
    // Valid for [issue, issue + lifetime): half-open, like every window of the site.
    if (!issued || !isFresh(issued.issuedAt, clock())) return loginExpired();
    const account = await store.accountById(issued.userId);
    if (!account) return loginExpired();
    return ok({ user_id: account.id, email: account.email, nickname: account.nickname, created_at: account.created_at });
  }

  async function subscribe(_request: IncomingMessage, body: JsonObject): Promise<Answer> {
    const email = body.email;
    if (!validEmail(email)) return invalidEmail();
    const region = typeof body.region === "string" ? body.region.trim() : "";
    if (!region) return invalidInput(accountMessages.regionMissing);
    if (!regions.has(region)) return invalidInput(accountMessages.regionUnknown);
    await store.addSubscription({ email, region, at: new Date(clock()).toISOString() });
    return ok(null);
  }

  type Call =
    | { method: "GET"; run: (request: IncomingMessage, query: URLSearchParams) => Promise<Answer> }
    | { method: "POST"; run: (request: IncomingMessage, body: JsonObject) => Promise<Answer> };
  const calls: Record<string, Call> = {
    "/account/user/register_or_login": { method: "POST", run: (request, body) => attempt(request, body, true) },
    "/account/user/sign_in": { method: "POST", run: (request, body) => attempt(request, body, false) },
    "/account/user/sign_in/refresh": { method: "GET", run: refresh },
    "/account/user/profile": { method: "GET", run: profile },
    "/account/user/subscribe/create": { method: "POST", run: subscribe },
  };

  /** The answer to an account call; null when the client left before sending its body. */
  async function answer(request: IncomingMessage, path: string, query: URLSearchParams): Promise<Answer | null> {
    // Before anything else, for every path: a rebound page could read any answer it gets.
    const foreign = checkLocalRequest(request);
    if (foreign) return refused(accountCodes.foreignRequest, foreign.message, foreign.status);
    const call = Object.hasOwn(calls, path) ? calls[path] : undefined;
    if (!call) return { status: 404, code: accountCodes.notFound, msg: accountMessages.noSuchCall, data: null };
    if (request.method !== call.method) {
      return { status: 405, code: accountCodes.notFound, msg: `This account call takes ${call.method}.`, data: null, headers: { allow: call.method } };
    }
    if (call.method === "GET") return call.run(request, query);
    const body = await readJsonObject(request);
    if (body.kind === "gone") return null;
    return body.kind === "refused" ? body.answer : call.run(request, body.value);
  }

  function send(response: ServerResponse, reply: Answer): void {
    if (response.headersSent || response.destroyed) {
      response.end();
      return;
    }
    const body = JSON.stringify({ code: reply.code, msg: reply.msg, data: reply.data });
    response.writeHead(reply.status, {
      "content-type": "application/json; charset=utf-8",
      // Answers carry tokens and personal data: never kept by a cache.
      "cache-control": "no-store",
      "content-length": String(Buffer.byteLength(body)),
      ...reply.headers,
    });
    response.end(body);
  }

  return {
    async handle(request, response) {
      const url = request.url ?? "/";
      const queryAt = url.indexOf("?");
      const path = (queryAt === -1 ? url : url.slice(0, queryAt)).split("#", 1)[0] ?? "/";
      // "/account/" alone is the cn account page with a trailing slash: the site redirects it.
      if (!path.startsWith("/account/") || path === "/account/") return false;
      const query = new URLSearchParams(queryAt === -1 ? "" : url.slice(queryAt + 1).split("#", 1)[0]);
      try {
        const reply = await answer(request, path, query);
        if (reply) send(response, reply);
        else response.destroy();
      } catch (error) {
        // One line, no stack: the dev server keeps serving, and the caller learns only that it failed.
        console.error(`account service: ${error instanceof Error ? error.message : String(error)}`);
        try {
          send(response, { status: 500, code: INTERNAL_ERROR_CODE, msg: accountMessages.serverError, data: null });
        } catch {
          response.destroy();
        }
      }
      return true;
    },
  };
}
