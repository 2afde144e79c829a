// The page's API client, created by the runtime entry (main.ts) and used by islands when a
// shopper acts (logs in, subscribes). Islands render on the server too, where there is none.
import type { ApiClient } from "./api.ts";

export interface Notices {
  toast(text: string): void;
  notify(text: string): void;
}

let client: ApiClient | null = null;
let notices: Notices | null = null;

export function provideApi(api: ApiClient, ui: Notices) {
  client = api;
  notices = ui;
}

/** Toasts and notifications of the page (runtime/toast.ts). */
export function ui(): Notices {
  if (!notices) throw new Error("the page's notices are not ready");
  return notices;
}

export function api(): ApiClient {
  if (!client) throw new Error("the API client is not ready");
  return client;
}

/** Requests the route's prefetch list ran, by endpoint (runtime/prefetch.ts), once the list is known. */
let kept: Promise<Map<string, Promise<unknown>>> = Promise.resolve(new Map());

/** The current route's kept requests: the runtime provides them on the first load and on every navigation. */
export function provideKept(requests: Map<string, Promise<unknown>> | Promise<Map<string, Promise<unknown>>>) {
  kept = Promise.resolve(requests).catch(() => new Map());
}

/**
 * What the route's prefetch list fetched from an endpoint (the account page's profile), taken
 * once, so an island uses it instead of asking again; undefined when the list did not run it.
 */
export async function prefetched<T>(endpoint: string): Promise<T | undefined> {
  const requests = await kept;
  const request = requests.get(endpoint) as Promise<T> | undefined;
  requests.delete(endpoint);
  return request;
}
