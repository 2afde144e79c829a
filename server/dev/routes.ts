// What site dev answers before the site's own files (the preview server's `before`): the account
// calls, the browser client and its event stream, and, while nothing was ever built, the error
// page in place of every page.

import type { IncomingMessage, ServerResponse } from "node:http";
import { CLIENT, CLIENT_PATH, clientTag, EVENTS_PATH } from "./client.ts";
import type { DevEvents } from "./events.ts";

export interface DevRoutesOptions {
  /** Answers the account calls (the local account service or a proxy); true = handled. */
  accounts?: (request: IncomingMessage, response: ServerResponse) => Promise<boolean>;
  events: DevEvents;
  /** Whether there is no file to serve yet: no build has succeeded. */
  nothingBuilt: () => boolean;
}

/** The dev server's own routes; true when the request was answered. */
export function devRoutes({ accounts, events, nothingBuilt }: DevRoutesOptions) {
  return async (request: IncomingMessage, response: ServerResponse): Promise<boolean> => {
    if (accounts && (await accounts(request, response))) return true;
    const path = (request.url ?? "").split("?")[0];
    if (path === CLIENT_PATH) {
      response.writeHead(200, { "content-type": "text/javascript; charset=utf-8", "cache-control": "no-store" });
      response.end(CLIENT);
      return true;
    }
    if (path === EVENTS_PATH) {
      events.connect(request, response);
      return true;
    }
    // While the specs are broken and nothing was ever built, every page is the error overlay.
    if (events.error && nothingBuilt() && request.method === "GET") {
      response.writeHead(500, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
      response.end(
        `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>site dev: spec errors</title>${clientTag(events.build)}</head><body></body></html>`,
      );
      return true;
    }
    return false;
  };
}
