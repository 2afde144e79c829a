// A route's prefetch list (seed 000 §2, §3 "route context data"): the requests the route needs,
// each {baseURL, url, params, data, method, end}, as its manifest has them. The first render uses
// what the prerendered page holds; what only the browser can know (the server's time now, the
// shopper's profile) the runtime asks for on the first load and on every navigation after it,
// from this list. A static site has no server render, so both ends run here.
//
// The timestamp request (empty base URL) gives the server's time. The API's requests go through
// the API client (base URL by region group, tokens, the 4003 refresh) and are kept, by endpoint,
// for the island that shows them (api-context.ts `prefetched`), so it does not ask again.
import type { ApiClient, Endpoint } from "./api.ts";
import type { PrefetchRequest, SharedData } from "./generated-types.ts";

export interface PrefetchRun {
  /** The server's time (null when it does not answer). */
  now: Promise<number | null>;
  /** The API requests started, by endpoint. */
  kept: Map<string, Promise<unknown>>;
}

export function runPrefetch(
  list: readonly PrefetchRequest[],
  api: SharedData["api"],
  client: ApiClient,
  /** Asks the server's time at this address (default: the timestamp endpoint on this origin). */
  serverTime: (url?: string) => Promise<number | null>,
): PrefetchRun {
  let now: Promise<number | null> | undefined;
  const kept = new Map<string, Promise<unknown>>();
  const endpoints = Object.keys(api.endpoints) as Endpoint[];
  for (const request of list) {
    if (request.baseURL === "" && request.url === api.endpoints.timestamp.path) {
      now ??= serverTime(request.baseURL + request.url);
      continue;
    }
    const endpoint = endpoints.find(
      (name) => api.endpoints[name].path === request.url && api.endpoints[name].method === request.method,
    );
    // The API's reads are the shopper's own data: without a session there is nothing to ask.
    if (!endpoint || kept.has(endpoint) || !client.session.loggedIn) continue;
    const result = client.call(endpoint, { params: request.params ?? undefined, body: request.data ?? undefined });
    // Whoever takes it handles a failure; one nobody takes is no error of the page.
    result.catch(() => {});
    kept.set(endpoint, result);
  }
  // Every navigation asks the server for its time (seed 000 §2): the list's request when it has one.
  return { now: now ?? serverTime(), kept };
}
