// The page's API client, created by the runtime entry (main.ts) and used by islands when a
// shopper acts (logs in, subscribes). Islands render on the server too, where there is none.
import type { ApiClient } from "./api.ts";

let client: ApiClient | null = null;

export function provideApi(api: ApiClient) {
  client = api;
}

export function api(): ApiClient {
  if (!client) throw new Error("the API client is not ready");
  return client;
}
