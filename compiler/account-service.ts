// The account service of `site dev` and `site preview`: the account calls of seed 000 §7
// answered on this machine, so login, profile, token refresh and the newsletter all work with
// no outside host. Every answer is the API envelope {code, msg, data} of seed 000 §3 and §8.
// Accounts and subscriptions are JSON files in a data folder, so they survive a restart;
// tokens live in memory only, so a restart logs everyone out (and nothing else).

import { randomBytes, randomUUID, scryptSync, timingSafeEqual } from "node:crypto";
import { mkdir, open, readFile, rename, rm } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import { join } from "node:path";
import { EMAIL as VALID_EMAIL } from "../runtime/email.ts";

export const accountCodes = { success: 2000, wrongCredentials: 4001, invalidInput: 4002, loginExpired: 4003, notFound: 4004, refreshRefused: 4005 } as const;

export interface AccountServiceOptions {
  /** Folder where accounts.json and subscriptions.json are kept (created if missing). */
  dataDir: string;
  /** How long an apptoken is valid, in ms. */
  tokenTtlMs: number;
  /** Epoch ms; default Date.now. */
  clock?: () => number;
}

/** An account as kept in accounts.json: never the password, only its salted scrypt hash. */
interface AccountRecord {
  id: string;
  email: string;
  hash: string;
  salt: string;
  created_at: string;
  nickname: string;
}

/** A newsletter sign-up as kept in subscriptions.json. */
interface SubscriptionRecord {
  email: string;
  region: string;
  at: string;
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
const SALT_BYTES = 16;
const HASH_BYTES = 64;
const TOKEN_BYTES = 32;

const ok = (data: unknown): Answer => ({ status: 200, code: accountCodes.success, msg: "ok", data });
const refused = (code: number, msg: string): Answer => ({ status: 200, code, msg, data: null });

const loginExpired = () => refused(accountCodes.loginExpired, "Login expired, please log in again.");
const wrongCredentials = () => refused(accountCodes.wrongCredentials, "Wrong e-mail or password.");
const refreshRefused = () => refused(accountCodes.refreshRefused, "Refresh refused, please log in again.");
const invalidInput = (msg: string) => refused(accountCodes.invalidInput, msg);

/** A password's salted scrypt hash (NFC first, so the same password typed on any keyboard matches). */
function hashPassword(password: string, salt: Buffer): Buffer {
  return scryptSync(password.normalize("NFC"), salt, HASH_BYTES);
}

/** Equal strings without an early exit, so the time taken says nothing about a secret. */
function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** E-mail addresses are compared without case: nobody means two accounts by Ann@ and ann@. */
const emailKey = (email: string) => email.toLowerCase();

const headerValue = (request: IncomingMessage, name: string): string | undefined => {
  const value = request.headers[name];
  return typeof value === "string" ? value : undefined;
};

const isObject = (value: unknown): value is JsonObject => typeof value === "object" && value !== null && !Array.isArray(value);

/** The data files are ours, but a hand edit can break them: such a file is refused, never overwritten. */
function parseAccounts(text: string): AccountRecord[] {
  const parsed: unknown = JSON.parse(text);
  const users = isObject(parsed) ? parsed.users : undefined;
  const fields = ["id", "email", "hash", "salt", "created_at", "nickname"] as const;
  if (!Array.isArray(users) || !users.every((u) => isObject(u) && fields.every((f) => typeof u[f] === "string"))) {
    throw new Error("accounts.json does not hold {users: [...]} with the fields of an account");
  }
  return users as AccountRecord[];
}

function parseSubscriptions(text: string): SubscriptionRecord[] {
  const parsed: unknown = JSON.parse(text);
  const fields = ["email", "region", "at"] as const;
  if (!Array.isArray(parsed) || !parsed.every((s) => isObject(s) && fields.every((f) => typeof s[f] === "string"))) {
    throw new Error("subscriptions.json is not a list of {email, region, at}");
  }
  return parsed as SubscriptionRecord[];
}

/** A JSON file's contents, or the fallback when the file does not exist yet. */
async function readJsonFile<T>(path: string, parse: (text: string) => T, fallback: T): Promise<T> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return fallback;
    throw error;
  }
  try {
    return parse(text);
  } catch (error) {
    throw new Error(`${path}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Written to a temporary file beside the target, then renamed over it: a reader sees the old file or the new one, never half of one. */
async function writeJsonAtomically(path: string, value: unknown): Promise<void> {
  const temporary = `${path}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`;
  try {
    const file = await open(temporary, "w");
    try {
      await file.writeFile(`${JSON.stringify(value, null, 2)}\n`);
      await file.sync();
    } finally {
      await file.close();
    }
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
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

/** What a POST carried: its JSON object, the 4002 answer saying why there is none, or nothing when the client left. */
type PostBody = { kind: "object"; value: JsonObject } | { kind: "refused"; answer: Answer } | { kind: "gone" };

async function readJsonObject(request: IncomingMessage): Promise<PostBody> {
  const refuse = (msg: string): PostBody => ({ kind: "refused", answer: invalidInput(msg) });
  const type = headerValue(request, "content-type");
  // JSON only. A form or text/plain post is refused too, which also keeps other sites'
  // forms (that cannot send application/json without asking first) away from these calls.
  if (type !== undefined && !/^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i.test(type)) {
    return refuse("The request body must be JSON (content-type application/json).");
  }
  const body = await readBody(request);
  if (body.kind === "gone") return body;
  if (body.kind === "tooLarge") return refuse(`The request body is larger than ${MAX_BODY_BYTES / 1024} KB.`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.text);
  } catch {
    return refuse("The request body is not valid JSON.");
  }
  return isObject(parsed) ? { kind: "object", value: parsed } : refuse("The request body must be a JSON object.");
}

const validEmail = (value: unknown): value is string => typeof value === "string" && VALID_EMAIL.test(value);
const invalidEmail = () => invalidInput("Enter a valid e-mail address.");

/** The e-mail and password of a login, or the 4002 answer saying which one is wrong. */
function checkCredentials(body: JsonObject): { valid: true; email: string; password: string } | { valid: false; answer: Answer } {
  if (!validEmail(body.email)) return { valid: false, answer: invalidEmail() };
  const password = body.password;
  // Characters, not UTF-16 units or bytes: eight emoji are eight characters.
  if (typeof password !== "string" || [...password].length < MIN_PASSWORD_LENGTH) {
    return { valid: false, answer: invalidInput(`The password must be at least ${MIN_PASSWORD_LENGTH} characters long.`) };
  }
  return { valid: true, email: body.email, password };
}

interface Store {
  accounts: AccountRecord[];
  subscriptions: SubscriptionRecord[];
}

export function createAccountService(options: AccountServiceOptions): {
  /** Answers the request if it is an account call; false when it is not one (path outside /account/). */
  handle(request: IncomingMessage, response: ServerResponse): Promise<boolean>;
} {
  const clock = options.clock ?? Date.now;
  const accountsFile = join(options.dataDir, "accounts.json");
  const subscriptionsFile = join(options.dataDir, "subscriptions.json");

  // Loaded on the first call; a failed load is forgotten, so fixing the file is enough.
  let loading: Promise<Store> | undefined;
  const store = (): Promise<Store> => {
    if (loading) return loading;
    const attempt = (async () => {
      await mkdir(options.dataDir, { recursive: true });
      const accounts = await readJsonFile(accountsFile, parseAccounts, []);
      const subscriptions = await readJsonFile(subscriptionsFile, parseSubscriptions, []);
      return { accounts, subscriptions };
    })();
    loading = attempt;
    attempt.catch(() => {
      if (loading === attempt) loading = undefined;
    });
    return attempt;
  };

  // One write at a time per file, each writing the state as it is when its turn comes, so an
  // older snapshot can never land after a newer one.
  const writeQueues = new Map<string, Promise<void>>();
  const persist = (path: string, snapshot: () => unknown): Promise<void> => {
    const previous = writeQueues.get(path) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(() => writeJsonAtomically(path, snapshot()));
    writeQueues.set(path, next);
    return next;
  };

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

  // A hash to compare against when the e-mail is unknown, so that an unknown address takes
  // as long to refuse as a wrong password.
  let decoySalt: Buffer | undefined;
  const passwordMatches = (account: AccountRecord | undefined, password: string): boolean => {
    if (!account) {
      decoySalt ??= randomBytes(SALT_BYTES);
      hashPassword(password, decoySalt);
      return false;
    }
    const expected = Buffer.from(account.hash, "hex");
    const actual = hashPassword(password, Buffer.from(account.salt, "hex"));
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  };

  const findAccount = (accounts: readonly AccountRecord[], email: string) => accounts.find((a) => emailKey(a.email) === emailKey(email));

  async function registerOrLogin(body: JsonObject): Promise<Answer> {
    const credentials = checkCredentials(body);
    if (!credentials.valid) return credentials.answer;
    const { accounts } = await store();
    // From here to the push nothing awaits, so two sign-ups of one new address cannot both create it.
    const existing = findAccount(accounts, credentials.email);
    if (existing) return passwordMatches(existing, credentials.password) ? logIn(existing) : wrongCredentials();
    const salt = randomBytes(SALT_BYTES);
    const account: AccountRecord = {
      id: randomUUID(),
      email: credentials.email,
      hash: hashPassword(credentials.password, salt).toString("hex"),
      salt: salt.toString("hex"),
      created_at: new Date(clock()).toISOString(),
      nickname: credentials.email.slice(0, credentials.email.indexOf("@")),
    };
    accounts.push(account);
    try {
      await persist(accountsFile, () => ({ users: accounts }));
    } catch (error) {
      // An account that is not on disk would vanish at the next restart: it does not exist.
      accounts.splice(accounts.indexOf(account), 1);
      throw error;
    }
    return logIn(account);
  }

  async function signIn(body: JsonObject): Promise<Answer> {
    const credentials = checkCredentials(body);
    if (!credentials.valid) return credentials.answer;
    const account = findAccount((await store()).accounts, credentials.email);
    // An unknown e-mail and a wrong password get the same answer: the call does not tell
    // which addresses have accounts.
    return account && passwordMatches(account, credentials.password) ? logIn(account) : wrongCredentials();
  }

  async function refresh(request: IncomingMessage, query: URLSearchParams): Promise<Answer> {
    const userId = query.get("user_id") ?? "";
    const given = headerValue(request, "reftoken") ?? "";
    const expected = reftokens.get(userId);
    if (!expected || !given || !sameSecret(given, expected)) return refreshRefused();
    const { accounts } = await store();
    if (!accounts.some((a) => a.id === userId)) return refreshRefused();
    return ok({ user_id: userId, apptoken: issueApptoken(userId) });
  }

  async function profile(request: IncomingMessage): Promise<Answer> {
    const apptoken = headerValue(request, "apptoken");
    const issued = apptoken ? apptokens.get(apptoken) : undefined;
    // Valid for [issue, issue + lifetime): half-open, like every window of the site.
    if (!issued || !isFresh(issued.issuedAt, clock())) return loginExpired();
    const account = (await store()).accounts.find((a) => a.id === issued.userId);
    if (!account) return loginExpired();
    return ok({ user_id: account.id, email: account.email, nickname: account.nickname, created_at: account.created_at });
  }

  async function subscribe(body: JsonObject): Promise<Answer> {
    const email = body.email;
    if (!validEmail(email)) return invalidEmail();
    const region = typeof body.region === "string" ? body.region.trim() : "";
    if (!region) return invalidInput("The region is missing.");
    const { subscriptions } = await store();
    if (subscriptions.some((s) => emailKey(s.email) === emailKey(email) && s.region === region)) return ok(null);
    const subscription: SubscriptionRecord = { email, region, at: new Date(clock()).toISOString() };
    subscriptions.push(subscription);
    try {
      await persist(subscriptionsFile, () => subscriptions);
    } catch (error) {
      subscriptions.splice(subscriptions.indexOf(subscription), 1);
      throw error;
    }
    return ok(null);
  }

  type Call = { method: "GET"; run: (request: IncomingMessage, query: URLSearchParams) => Promise<Answer> } | { method: "POST"; run: (body: JsonObject) => Promise<Answer> };
  const calls: Record<string, Call> = {
    "/account/user/register_or_login": { method: "POST", run: registerOrLogin },
    "/account/user/sign_in": { method: "POST", run: signIn },
    "/account/user/sign_in/refresh": { method: "GET", run: refresh },
    "/account/user/profile": { method: "GET", run: profile },
    "/account/user/subscribe/create": { method: "POST", run: subscribe },
  };

  /** The answer to an account call; null when the client left before sending its body. */
  async function answer(request: IncomingMessage, path: string, query: URLSearchParams): Promise<Answer | null> {
    const call = Object.hasOwn(calls, path) ? calls[path] : undefined;
    if (!call) return { status: 404, code: accountCodes.notFound, msg: "There is no such account call.", data: null };
    if (request.method !== call.method) {
      return { status: 405, code: accountCodes.notFound, msg: `This account call takes ${call.method}.`, data: null, headers: { allow: call.method } };
    }
    if (call.method === "GET") return call.run(request, query);
    const body = await readJsonObject(request);
    if (body.kind === "gone") return null;
    return body.kind === "refused" ? body.answer : call.run(body.value);
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
          send(response, { status: 500, code: INTERNAL_ERROR_CODE, msg: "Server error, please try again later.", data: null });
        } catch {
          response.destroy();
        }
      }
      return true;
    },
  };
}
