// The server's timestamp sends the headers of every call (seed 000 §7): a region header, and an
// Accept-Language header whose value is en for English and otherwise the region. The API client
// builds them (runtime/api.ts regionHeaders); the timestamp reuses that.
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { parse } from "yaml";
import type * as Spec from "../../compiler/validate/spec-types.ts";
import { fetchServerTime } from "../../runtime/clock.ts";
import { projectRoot } from "../support/cli.ts";

const api = parse(readFileSync(join(projectRoot, "specs", "api.yaml"), "utf8")) as Spec.API;
const shared = { api };

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

describe("the server's timestamp", () => {
  test.each([
    ["us", "en", "en"],
    ["uk", "en", "en"],
    ["de", "de", "de"],
    ["fr", "fr", "fr"],
    ["jp", "ja", "jp"],
    ["kr", "ko", "kr"],
    ["cn", "zh", "cn"],
  ])("in %s it sends region %s and Accept-Language %s", async (code, language, expected) => {
    expect(await fetchServerTime(shared, { code, language }, { url: `${base}/ssr/timestamp` })).toBe(1_732_921_190_000);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.path).toBe("/ssr/timestamp");
    expect(seen[0]!.headers).toMatchObject({ region: code, "accept-language": expected });
    // The site's own origin gets no session tokens.
    expect(seen[0]!.headers.apptoken).toBeUndefined();
  });
});
