// The account service of `site dev` and `site preview`: the account calls of seed 000 §7
// answered on this machine, so login, profile, token refresh and the newsletter all work with
// no outside host. Every answer is the API envelope {code, msg, data} of seed 000 §3 and §8
// (http.ts). Accounts and subscriptions are kept in the data folder's append-only log (store.ts),
// which two servers can share; tokens live in memory only (tokens.ts), so a restart logs everyone
// out (and nothing else). It is for dev and preview only (SECURITY.md): it answers only this
// server's own pages, and makes guessing or listing accounts slow and useless (passwords.ts).

import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { EMAIL as VALID_EMAIL } from "../../runtime/email.ts";
import { checkLocalRequest } from "../local-request.ts";
import {
  accountCodes,
  accountMessages,
  headerValue,
  INTERNAL_ERROR_CODE,
  invalidInput,
  ok,
  pathAndQuery,
  readJsonObject,
  refused,
  send,
  type Answer,
  type JsonObject,
} from "./http.ts";
import { Passwords } from "./passwords.ts";
import { AccountStore, emailKey, type AccountRecord } from "./store.ts";
import { Tokens } from "./tokens.ts";

export { accountCodes, accountMessages } from "./http.ts";
export { hashPassword } from "./passwords.ts";

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

const MIN_PASSWORD_LENGTH = 8;
const MAX_PASSWORD_LENGTH = 1024;
/** The longest address SMTP can carry (RFC 5321's 256-octet path less its angle brackets). */
const MAX_EMAIL_LENGTH = 254;
/**
 * The service runs for `site preview` too, from a built site without its specs; these are the
 * regions of specs/site.yaml, and a caller that knows others passes them.
 */
const SITE_REGIONS = ["cn", "us", "uk", "eu", "fr", "de", "jp", "kr"] as const;

const loginExpired = () => refused(accountCodes.loginExpired, accountMessages.loginExpired);
const wrongCredentials = () => refused(accountCodes.wrongCredentials, accountMessages.wrongCredentials);
const refreshRefused = () => refused(accountCodes.refreshRefused, accountMessages.refreshRefused);
const tooManyAttempts = (waitMs: number): Answer => ({
  ...refused(accountCodes.tooManyAttempts, accountMessages.tooManyAttempts, 429),
  headers: { "retry-after": String(Math.max(1, Math.ceil(waitMs / 1000))) },
});

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
    if (times.length === 0 && this.failures.size >= FailureWindow.MAX_KEYS)
      this.failures.delete(this.failures.keys().next().value!);
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

// The length first: the pattern then never runs over a long string.
const validEmail = (value: unknown): value is string =>
  typeof value === "string" && value.length <= MAX_EMAIL_LENGTH && VALID_EMAIL.test(value);
const invalidEmail = () => invalidInput(accountMessages.invalidEmail);

/** The e-mail and password of a login, or the 4002 answer saying which one is wrong. */
function checkCredentials(
  body: JsonObject,
): { valid: true; email: string; password: string } | { valid: false; answer: Answer } {
  if (!validEmail(body.email)) return { valid: false, answer: invalidEmail() };
  const password = body.password;
  if (typeof password !== "string")
    return {
      valid: false,
      answer: invalidInput(`The password must be at least ${MIN_PASSWORD_LENGTH} characters long.`),
    };
  // Characters, not UTF-16 units or bytes: eight emoji are eight characters. No character is
  // more than two units, so a longer string is too long without counting.
  const length = password.length > 2 * MAX_PASSWORD_LENGTH ? Infinity : [...password].length;
  if (length < MIN_PASSWORD_LENGTH)
    return {
      valid: false,
      answer: invalidInput(`The password must be at least ${MIN_PASSWORD_LENGTH} characters long.`),
    };
  if (length > MAX_PASSWORD_LENGTH)
    return {
      valid: false,
      answer: invalidInput(`The password must be at most ${MAX_PASSWORD_LENGTH} characters long.`),
    };
  return { valid: true, email: body.email, password };
}

/** What the account calls share: the service's state, made once per service. */
interface Accounts {
  clock: () => number;
  store: AccountStore;
  tokens: Tokens;
  passwords: Passwords;
  addressFailures: FailureWindow;
  clientFailures: FailureWindow;
  regions: ReadonlySet<string>;
}

function logIn({ tokens }: Accounts, account: AccountRecord): Answer {
  return ok({ user_id: account.id, ...tokens.logIn(account.id) });
}

/** A new account for the address, with the password's hash; the nickname is the address up to its @. */
async function newAccount({ clock, passwords }: Accounts, email: string, password: string): Promise<AccountRecord> {
  const secret = await passwords.create(password);
  return {
    id: randomUUID(),
    email,
    hash: secret.hash,
    salt: secret.salt,
    created_at: new Date(clock()).toISOString(),
    nickname: email.slice(0, email.indexOf("@")),
  };
}

/**
 * A login (and, for register_or_login, a registration). Each attempt counts as a failure of
 * its address and its client from the start, and is taken back only when it succeeds: a burst
 * of parallel guesses is counted while its hashes still run.
 */
async function attempt(
  accounts: Accounts,
  request: IncomingMessage,
  body: JsonObject,
  mayRegister: boolean,
): Promise<Answer> {
  const { store, passwords, addressFailures, clientFailures } = accounts;
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
    return logIn(accounts, account);
  };

  let account = await store.accountByEmail(credentials.email);
  if (!account && mayRegister) {
    const created = await newAccount(accounts, credentials.email, credentials.password);
    // Kept only if the address is still free once the log is locked: another request, or
    // another server, may have registered it while the hash ran. Then this is a login to it.
    account = await store.addAccount(created);
    if (account.id === created.id) return succeeded(account);
  }
  return (await passwords.matches(account, credentials.password)) && account ? succeeded(account) : wrongCredentials();
}

async function refresh({ store, tokens }: Accounts, request: IncomingMessage, query: URLSearchParams): Promise<Answer> {
  const userId = query.get("user_id") ?? "";
  const given = headerValue(request, "reftoken") ?? "";
  if (!tokens.refreshes(userId, given)) return refreshRefused();
  if (!(await store.accountById(userId))) return refreshRefused();
  return ok({ user_id: userId, apptoken: tokens.issueApptoken(userId) });
}

async function profile({ store, tokens }: Accounts, request: IncomingMessage): Promise<Answer> {
  const userId = tokens.userOf(headerValue(request, "apptoken"));
  if (userId === undefined) return loginExpired();
  const account = await store.accountById(userId);
  if (!account) return loginExpired();
  return ok({ user_id: account.id, email: account.email, nickname: account.nickname, created_at: account.created_at });
}

async function subscribe({ clock, store, regions }: Accounts, body: JsonObject): Promise<Answer> {
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

/** The account calls by path. */
function accountCalls(accounts: Accounts): Record<string, Call> {
  return {
    "/account/user/register_or_login": {
      method: "POST",
      run: (request, body) => attempt(accounts, request, body, true),
    },
    "/account/user/sign_in": { method: "POST", run: (request, body) => attempt(accounts, request, body, false) },
    "/account/user/sign_in/refresh": { method: "GET", run: (request, query) => refresh(accounts, request, query) },
    "/account/user/profile": { method: "GET", run: (request) => profile(accounts, request) },
    "/account/user/subscribe/create": { method: "POST", run: (_request, body) => subscribe(accounts, body) },
  };
}

/** The answer to an account call; null when the client left before sending its body. */
async function answer(
  calls: Record<string, Call>,
  request: IncomingMessage,
  path: string,
  query: URLSearchParams,
): Promise<Answer | null> {
  // Before anything else, for every path: a rebound page could read any answer it gets.
  const foreign = checkLocalRequest(request);
  if (foreign) return refused(accountCodes.foreignRequest, foreign.message, foreign.status);
  const call = Object.hasOwn(calls, path) ? calls[path] : undefined;
  if (!call) return { status: 404, code: accountCodes.notFound, msg: accountMessages.noSuchCall, data: null };
  if (request.method !== call.method) {
    return {
      status: 405,
      code: accountCodes.notFound,
      msg: `This account call takes ${call.method}.`,
      data: null,
      headers: { allow: call.method },
    };
  }
  if (call.method === "GET") return call.run(request, query);
  const body = await readJsonObject(request);
  if (body.kind === "gone") return null;
  return body.kind === "refused" ? body.answer : call.run(request, body.value);
}

export function createAccountService(options: AccountServiceOptions): {
  /** Answers the request if it is an account call; false when it is not one (path outside /account/). */
  handle(request: IncomingMessage, response: ServerResponse): Promise<boolean>;
} {
  const clock = options.clock ?? Date.now;
  const windowMs = options.rateLimit?.windowMs ?? 15 * 60 * 1000;
  const calls = accountCalls({
    clock,
    store: new AccountStore(options.dataDir),
    tokens: new Tokens(options.tokenTtlMs, clock),
    passwords: new Passwords(options.hash),
    addressFailures: new FailureWindow(options.rateLimit?.perAddress ?? 10, windowMs, clock),
    clientFailures: new FailureWindow(options.rateLimit?.perClient ?? 10, windowMs, clock),
    regions: new Set<string>(options.regions ?? SITE_REGIONS),
  });

  return {
    async handle(request, response) {
      const { path, query } = pathAndQuery(request.url ?? "/");
      // "/account/" alone is the cn account page with a trailing slash: the site redirects it.
      if (!path.startsWith("/account/") || path === "/account/") return false;
      try {
        const reply = await answer(calls, request, path, query);
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
