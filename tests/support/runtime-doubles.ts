// What the runtime's unit tests stand in for the browser and the API: localStorage in memory, the
// API spec as the runtime reads it, and an API server on 127.0.0.1 that records what it was asked.
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { parse } from "yaml";
import type * as Spec from "../../compiler/validate/spec-types.ts";
import { projectRoot } from "./cli.ts";

/** specs/api.yaml, parsed. */
export const apiSpec = parse(readFileSync(join(projectRoot, "specs", "api.yaml"), "utf8")) as Spec.API;

/** localStorage as the browser has it, in memory. */
export class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(i: number) {
    return [...this.items.keys()][i] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

export interface AskedOfApi {
  path: string;
  headers: IncomingMessage["headers"];
}

/**
 * An API that answers the server's timestamp and a profile in the site's envelope (404 for the
 * rest) and records every request in `seen`, which `forget` empties.
 */
export async function startTimestampAndProfileApi() {
  const seen: AskedOfApi[] = [];
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://x").pathname;
    seen.push({ path, headers: req.headers });
    const data =
      path === "/ssr/timestamp"
        ? 1_732_921_190_000
        : path === "/account/user/profile"
          ? { user_id: 7, email: "prime@example.com" }
          : null;
    res.writeHead(data === null ? 404 : 200, { "content-type": "application/json" });
    res.end(JSON.stringify({ code: 2000, msg: "ok", data }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    forget: () => void seen.splice(0),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
