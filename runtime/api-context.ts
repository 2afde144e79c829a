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
