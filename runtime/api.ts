// The API client (seed 000 §7, §8): base URL by region group and environment, the headers of
// every call, the {code, msg, data} envelope, error toasts, and the login-expired (4003) flow:
// one token refresh at a time, one retry, and the login page when that cannot work. It takes
// its collaborators (fetch, storage, toast, navigation) as arguments so it runs the same in the
// browser and in tests.
import type * as Spec from "../compiler/validate/spec-types.ts";
import { createSession, type Session } from "./session.ts";

export type Endpoint = keyof Spec.API["endpoints"];

export interface ApiContext {
  api: Spec.API;
  region: { code: string; prefix: string; language: string; group: "us" | "eu" | "cn"; storageScope: string };
  /** API messages of the region's language by code, and "default". */
  messages: Record<string, string>;
  /** The page's host: picks pre-production on the hub hosts. */
  host: string;
  /** Base URL override: "" on a local preview or dev server (its account service answers). */
  baseOverride?: string | null;
  fetch: typeof fetch;
  storage: Storage | null;
  toast: (message: string) => void;
  navigate: (path: string) => void;
  /** Waits, for the login-expired delay; tests make it immediate. */
  delay?: (ms: number) => Promise<void>;
}

class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    /** "envelope": the server answered with a code; "network": no usable answer. */
    readonly kind: "envelope" | "network",
  ) {
    super(message);
  }
}

export interface CallOptions {
  params?: Record<string, string>;
  body?: unknown;
  /** false: no error toast (the subscribe call). Default: the endpoint's setting in api.yaml. */
  toast?: boolean;
}

/** Which environment a page on this host talks to. */
function environmentFor(api: Spec.API, host: string): "preproduction" | "production" {
  return api.preproductionHosts.includes(host) ? "preproduction" : "production";
}

export function apiBase(ctx: Pick<ApiContext, "api" | "region" | "host" | "baseOverride">): string {
  if (ctx.baseOverride !== undefined && ctx.baseOverride !== null) return ctx.baseOverride;
  return ctx.api.environments[environmentFor(ctx.api, ctx.host)][ctx.region.group].replace(/\/$/, "");
}

/** Accept-Language: en for the English regions, the region code otherwise (seed 000 §7). */
function acceptLanguage(region: Pick<ApiContext["region"], "code" | "language">): string {
  return region.language === "en" ? "en" : region.code;
}

/**
 * The headers every call sends (seed 000 §7): the region, and Accept-Language. The server's
 * timestamp (runtime/clock.ts) sends these too; the session's tokens go only to the API (send).
 */
export function regionHeaders(region: Pick<ApiContext["region"], "code" | "language">): Record<string, string> {
  return { region: region.code, "accept-language": acceptLanguage(region) };
}

export function createApiClient(ctx: ApiContext) {
  const session: Session = createSession(ctx.storage, ctx.region.storageScope);
  const base = apiBase(ctx);
  const delay = ctx.delay ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  let refreshing: Promise<boolean> | null = null;

  const messageFor = (code: number, serverMessage: string | undefined) =>
    serverMessage || ctx.messages[String(code)] || ctx.messages.default || "";

  async function send(endpoint: Endpoint, options: CallOptions): Promise<unknown> {
    const spec = ctx.api.endpoints[endpoint];
    const url = new URL(base + spec.path, "http://placeholder.invalid");
    for (const [k, v] of Object.entries(options.params ?? {})) url.searchParams.set(k, v);
    const target = base ? url.href : url.pathname + url.search;
    const headers = regionHeaders(ctx.region);
    // Tokens go only to the configured API (or the local server standing in for it).
    const { apptoken, reftoken } = session.read();
    if (apptoken) headers.apptoken = apptoken;
    if (reftoken) headers.reftoken = reftoken;
    if (options.body !== undefined) headers["content-type"] = "application/json";
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), ctx.api.timeouts.default);
    let envelope: { code?: unknown; msg?: unknown; data?: unknown };
    try {
      const response = await ctx.fetch(target, {
        method: spec.method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: controller.signal,
      });
      if (!response.ok && response.status !== 200)
        throw new ApiError(response.status, `HTTP ${response.status}`, "network");
      envelope = (await response.json()) as typeof envelope;
    } catch (error) {
      // Network and HTTP errors reject without a toast at this level (seed 000 §8).
      if (error instanceof ApiError) throw error;
      throw new ApiError(0, error instanceof Error ? error.message : String(error), "network");
    } finally {
      clearTimeout(timer);
    }
    if (envelope.code === ctx.api.codes.success) return envelope.data;
    throw new ApiError(
      typeof envelope.code === "number" ? envelope.code : 0,
      typeof envelope.msg === "string" ? envelope.msg : "",
      "envelope",
    );
  }

  /** One refresh at a time: concurrent 4003 answers share it. */
  function refresh(): Promise<boolean> {
    refreshing ??= (async () => {
      const { userId } = session.read();
      try {
        const data = (await send("refresh", { params: { user_id: userId ?? "" } })) as {
          user_id: string;
          apptoken: string;
        };
        session.write({ apptoken: data.apptoken, userId: String(data.user_id) });
        return true;
      } catch {
        return false;
      }
    })().finally(() => (refreshing = null));
    return refreshing;
  }

  const loginPath = () => `${ctx.region.prefix}/login`;

  async function call<T = unknown>(endpoint: Endpoint, options: CallOptions = {}, retried = false): Promise<T> {
    const toast = options.toast ?? ctx.api.endpoints[endpoint].toast ?? true;
    const sentWith = session.read().apptoken;
    try {
      const data = await send(endpoint, options);
      // The profile is kept with the session (userInfo), whoever asked for it: a log-in, the
      // account page, or the account route's prefetch list (runtime/prefetch.ts); one that
      // arrives after a logout is not.
      if (endpoint === "profile" && session.loggedIn) session.write({ userInfo: data as Record<string, unknown> });
      return data as T;
    } catch (error) {
      if (!(error instanceof ApiError) || error.kind !== "envelope") throw error;
      if (error.code === ctx.api.codes.loginExpired && endpoint !== "refresh") {
        const { userId, apptoken, reftoken } = session.read();
        // With a full session: one refresh, one retry. A failed refresh, or a retry that is
        // still refused, ends the session: never a loop. An answer to the old token that comes
        // after another call's refresh has replaced it is retried with the new one, not refreshed again.
        if (userId && apptoken && reftoken) {
          if (!retried && (apptoken !== sentWith || (await refresh()))) return call<T>(endpoint, options, true);
          session.clear();
          ctx.navigate(loginPath());
          throw error;
        }
        if (toast) ctx.toast(messageFor(error.code, error.message));
        void delay(ctx.api.loginRedirectDelay ?? 2000).then(() => ctx.navigate(loginPath()));
        throw error;
      }
      if (toast) ctx.toast(messageFor(error.code, error.message));
      throw error;
    }
  }

  return {
    session,
    call,
    /** register_or_login (standard and cn variants) or the old sign_in: stores the session, then fetches the profile. */
    async logIn(email: string, password: string, via: "registerOrLogin" | "signIn" = "registerOrLogin") {
      const data = await call<{ user_id: string | number; apptoken: string; reftoken: string }>(via, {
        body: { email, password },
      });
      session.write({ userId: String(data.user_id), apptoken: data.apptoken, reftoken: data.reftoken });
      return call<Record<string, unknown>>("profile");
    },
    profile: () => call<Record<string, unknown>>("profile"),
    logOut() {
      session.clear();
    },
    subscribe: (email: string) => call("subscribe", { body: { email, region: ctx.region.code }, toast: false }),
    /**
     * What a shopper is told of a call that failed, as a toast would say it (seed 000 §8): the
     * server's message, else its code's in the region's language, else the default; the default
     * when no answer came.
     */
    explain: (error: unknown): string =>
      error instanceof ApiError && error.kind === "envelope"
        ? messageFor(error.code, error.message)
        : (ctx.messages.default ?? ""),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
