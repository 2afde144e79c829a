// A route's prefetch list (seed 000 §2, §3): the router runs it on every navigation. Its
// timestamp request is the one server time asked for, never a second; its API requests go through
// the API client (tokens, headers, the profile kept with the session) and are kept for the island
// that shows them; without a session nothing of the shopper's is asked for.
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { parse } from "yaml";
import type * as Spec from "../../compiler/validate/spec-types.ts";
import { createApiClient } from "../../runtime/api.ts";
import type { PrefetchRequest } from "../../runtime/generated-types.ts";
import { runPrefetch } from "../../runtime/prefetch.ts";
import { projectRoot } from "../support/cli.ts";

const api = parse(readFileSync(join(projectRoot, "specs", "api.yaml"), "utf8")) as Spec.API;

class MemoryStorage implements Storage {
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

let server: Server;
let base = "";
let seen: { path: string; headers: IncomingMessage["headers"] }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
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
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  seen = [];
});

describe("a route's prefetch list", () => {
  const timestamp: PrefetchRequest = {
    baseURL: "",
    url: "/ssr/timestamp",
    params: null,
    data: null,
    method: "GET",
    end: "server",
  };
  const profile: PrefetchRequest = {
    baseURL: "us",
    url: "/account/user/profile",
    params: null,
    data: null,
    method: "GET",
    end: "client",
  };
  const setUp = (loggedIn: boolean) => {
    const client = createApiClient({
      api,
      region: { code: "us", prefix: "/us", language: "en", group: "us", storageScope: "/us" },
      messages: {},
      host: "127.0.0.1",
      baseOverride: base,
      fetch,
      storage: new MemoryStorage(),
      toast: () => {},
      navigate: () => {},
    });
    if (loggedIn) client.session.write({ apptoken: "A", reftoken: "R", userId: "7" });
    const asked: (string | undefined)[] = [];
    const serverTime = async (url?: string) => {
      asked.push(url);
      return 42;
    };
    return { client, asked, serverTime };
  };

  test("the timestamp request is the list's, asked once; the profile goes through the API client and is kept", async () => {
    const { client, asked, serverTime } = setUp(true);
    const run = runPrefetch([timestamp, profile], api, client, serverTime);
    expect(await run.now).toBe(42);
    expect(asked).toEqual(["/ssr/timestamp"]);
    expect(await run.kept.get("profile")).toEqual({ user_id: 7, email: "prime@example.com" });
    expect(seen.map((s) => s.path)).toEqual(["/account/user/profile"]);
    expect(seen[0]!.headers).toMatchObject({ apptoken: "A", region: "us", "accept-language": "en" });
    // Kept with the session, as a profile the account page asked for would be.
    expect(client.session.read().userInfo).toEqual({ user_id: 7, email: "prime@example.com" });
  });

  test("without a session the profile is not asked for; a list without the timestamp still gets the server's time", async () => {
    const { client, asked, serverTime } = setUp(false);
    const run = runPrefetch([profile], api, client, serverTime);
    expect(await run.now).toBe(42);
    expect(asked).toEqual([undefined]);
    expect(run.kept.size).toBe(0);
    expect(seen).toEqual([]);
  });
});
