// The server's clock (seed 000 §2): route windows and countdowns follow the server timestamp,
// never the visitor's clock. Fetched from /ssr/timestamp with an empty base URL and its own
// timeout; the answer is the API envelope {code, msg, data}. Like every call it sends the region
// and Accept-Language headers (seed 000 §7), built by the API client's own function.
import { regionHeaders, type ApiContext } from "./api.ts";
import type { SharedData } from "./generated-types.ts";

export interface ServerTimeOptions {
  /** The timestamp request's address (a route's prefetch list gives it); default: the endpoint's path on this origin. */
  url?: string;
  fetch?: typeof fetch;
}

export async function fetchServerTime(
  shared: Pick<SharedData, "api">,
  region: Pick<ApiContext["region"], "code" | "language">,
  options: ServerTimeOptions = {},
): Promise<number | null> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), shared.api.timeouts.timestamp);
  try {
    const response = await (options.fetch ?? fetch)(options.url ?? shared.api.endpoints.timestamp.path, {
      signal: controller.signal,
      headers: { accept: "application/json", ...regionHeaders(region) },
    });
    if (!response.ok) return null;
    const envelope = (await response.json()) as { code?: number; data?: unknown };
    return envelope.code === shared.api.codes.success && typeof envelope.data === "number" ? envelope.data : null;
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}

/** The server's time as last seen: islands (countdowns) read it instead of the visitor's clock. */
export const serverClock = {
  offset: 0,
  synced: false,
  set(serverNow: number) {
    this.offset = serverNow - Date.now();
    this.synced = true;
  },
  now(): number {
    return Date.now() + this.offset;
  },
};

export type WindowVerdict = "before" | "live" | "after";

/** Where `now` falls in a half-open window [start, end). */
export function windowVerdict(window: { start: string | null; end: string | null }, now: number): WindowVerdict {
  if (window.start && now < Date.parse(window.start)) return "before";
  if (window.end && now >= Date.parse(window.end)) return "after";
  return "live";
}

const ENDED_KEY = "windowEnded:";

/**
 * A window seen over is remembered, so later visits leave at once without asking the server: by
 * its path and its end, so that the same page in a later window (next year's sale at the same
 * address) opens again. What is stored under the path is the end of the window seen over.
 */
export const endedWindows = {
  has: (storage: Storage | null, path: string, end: string | null) =>
    end !== null && storage?.getItem(ENDED_KEY + path) === end,
  remember: (storage: Storage | null, path: string, end: string | null) => {
    if (end !== null) storage?.setItem(ENDED_KEY + path, end);
  },
};
