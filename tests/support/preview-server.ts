// The preview server over a finished build, in this process, with a clock the test controls.
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { createPreviewHandler, filesOnDisk, type RouteRecord } from "../../server/preview.ts";

export interface RunningPreview {
  url: string;
  server: Server;
  close: () => Promise<void>;
}

/** With `accounts`, the account calls are answered too (the local account service, say). */
export async function startPreview(
  out: string,
  clock: () => number,
  accounts?: (request: IncomingMessage, response: ServerResponse) => Promise<boolean>,
): Promise<RunningPreview> {
  const routes = JSON.parse(readFileSync(join(out, "manifests", "routes.json"), "utf8")).routes as (RouteRecord & {
    page: string;
  })[];
  const homes = new Map(routes.filter((r) => r.page === "home").map((r) => [r.region, r.path]));
  const server = createServer(
    createPreviewHandler({
      files: filesOnDisk(join(out, "site")),
      routes: () => routes,
      homes: () => homes,
      clock,
      ...(accounts ? { before: accounts } : {}),
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    server,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
