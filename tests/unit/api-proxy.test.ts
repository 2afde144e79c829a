// The --api proxy of site dev and site preview, between a client and an upstream API that both
// run in this test on 127.0.0.1: bodies stream and are capped, credentials meant for this
// server stay here, redirects are never followed, a silent upstream times out, and
// `Expect: 100-continue` works.
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createApiProxy, proxyCodes } from "../../server/api-proxy.ts";

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage["headers"];
  bytes: number;
  complete: boolean;
}

const servers: Server[] = [];
const hanging: ServerResponse[] = [];
const seen: Seen[] = [];
const elsewhere: string[] = [];
let firstChunk: (() => void) | undefined;

async function listen(handler: (request: IncomingMessage, response: ServerResponse) => void): Promise<number> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  servers.push(server);
  return (server.address() as AddressInfo).port;
}

let upstreamPort = 0;
let elsewherePort = 0;
let proxyPort = 0;
/** The same proxy with a short time limit, for the upstream that never answers. */
let quickProxyPort = 0;

beforeAll(async () => {
  elsewherePort = await listen((request, response) => {
    elsewhere.push(request.url ?? "");
    response
      .writeHead(200, { "content-type": "application/json" })
      .end(JSON.stringify({ code: 2000, msg: "followed", data: null }));
  });
  upstreamPort = await listen((request, response) => {
    const record: Seen = {
      method: request.method ?? "",
      url: request.url ?? "",
      headers: request.headers,
      bytes: 0,
      complete: false,
    };
    seen.push(record);
    request.on("data", (chunk: Buffer) => {
      record.bytes += chunk.byteLength;
      firstChunk?.();
    });
    request.on("end", () => {
      record.complete = true;
      const path = record.url.split("?")[0];
      if (path === "/account/user/silent") return void hanging.push(response);
      if (path === "/account/user/away")
        return void response
          .writeHead(302, { location: `http://127.0.0.1:${elsewherePort}/account/user/landing` })
          .end();
      if (path === "/account/user/home")
        return void response
          .writeHead(302, { location: `http://127.0.0.1:${upstreamPort}/account/user/landing?from=home` })
          .end();
      if (path === "/account/user/relative")
        return void response.writeHead(307, { location: "/account/user/landing" }).end();
      const body = JSON.stringify({ code: 2000, msg: "ok", data: { method: record.method, bytes: record.bytes } });
      response
        .writeHead(201, { "content-type": "application/json; charset=utf-8", "set-cookie": "upstream=1" })
        .end(body);
    });
  });
  // Time limits a busy machine never reaches, but for the one test of the limit itself: a 1 MB
  // body through two local hops can take longer than 300 ms there.
  const proxy = createApiProxy(`http://127.0.0.1:${upstreamPort}`, { timeoutMs: 30_000, maxBodyBytes: 1024 * 1024 });
  proxyPort = await listen(async (request, response) => {
    if (await proxy(request, response)) return;
    response.writeHead(404, { "content-type": "text/plain" }).end("site 404");
  });
  const quick = createApiProxy(`http://127.0.0.1:${upstreamPort}`, { timeoutMs: 300, maxBodyBytes: 1024 * 1024 });
  quickProxyPort = await listen(async (request, response) => void (await quick(request, response)));
});

afterAll(async () => {
  for (const response of hanging) response.destroy();
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
});

interface Reply {
  status: number;
  headers: IncomingMessage["headers"];
  text: string;
  envelope: { code: number; msg: string; data: unknown } | null;
}

/** A request through the proxy, its body written in the chunks given (a gap after `pause`). */
function send(
  path: string,
  options: {
    method?: string;
    headers?: Record<string, string>;
    chunks?: (string | Buffer)[];
    pause?: { after: number; until: Promise<void> };
    expectContinue?: boolean;
    port?: number;
  } = {},
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = httpRequest(
      {
        host: "127.0.0.1",
        port: options.port ?? proxyPort,
        path,
        method: options.method ?? "POST",
        headers: { "content-type": "application/json", ...options.headers },
      },
      (res) => {
        answered = true;
        let text = "";
        res.on("data", (d: Buffer) => (text += d));
        res.on("end", () => {
          let envelope: Reply["envelope"] = null;
          try {
            envelope = JSON.parse(text) as Reply["envelope"];
          } catch {
            envelope = null;
          }
          resolve({ status: res.statusCode!, headers: res.headers, text, envelope });
        });
        res.on("error", reject);
      },
    );
    // A proxy that answers and closes before the whole body is sent may reset the upload; the answer still counts.
    req.on("error", (error) => (answered ? undefined : reject(error)));
    const write = async () => {
      const chunks = options.chunks ?? [];
      for (const [i, chunk] of chunks.entries()) {
        if (req.destroyed) return;
        if (!req.write(chunk)) await new Promise((r) => req.once("drain", r));
        if (options.pause && i + 1 === options.pause.after) await options.pause.until;
      }
      req.end();
    };
    if (options.expectContinue) req.on("continue", () => void write());
    else void write();
  });
}

describe("forwarding", () => {
  test("method, path, query, body and the answer go through as they are", async () => {
    const answer = await send("/account/user/sign_in?region=us", { chunks: ['{"email":"a@example.com"}'] });
    expect([answer.status, answer.envelope]).toEqual([
      201,
      { code: 2000, msg: "ok", data: { method: "POST", bytes: 25 } },
    ]);
    expect(answer.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(seen.at(-1)!.url).toBe("/account/user/sign_in?region=us");
  });

  test("paths outside /account/ are left to the site", async () => {
    const answer = await send("/us/account", { method: "GET" });
    expect([answer.status, answer.text]).toEqual([404, "site 404"]);
  });

  test("the site's own headers go to the API; cookies, credentials and forwarding headers do not", async () => {
    await send("/account/user/profile", {
      method: "GET",
      headers: {
        apptoken: "app-1",
        reftoken: "ref-1",
        region: "de",
        "accept-language": "de",
        cookie: "session=secret",
        authorization: "Bearer local-secret",
        "proxy-authorization": "Basic eDp5",
        "x-forwarded-for": "10.0.0.1",
        "x-forwarded-host": "evil.example",
        "x-forwarded-proto": "https",
        forwarded: "for=10.0.0.1",
      },
    });
    const headers = seen.at(-1)!.headers;
    expect(headers).toMatchObject({ apptoken: "app-1", reftoken: "ref-1", region: "de", "accept-language": "de" });
    for (const name of [
      "cookie",
      "authorization",
      "proxy-authorization",
      "x-forwarded-for",
      "x-forwarded-host",
      "x-forwarded-proto",
      "forwarded",
    ]) {
      expect([name, headers[name]]).toEqual([name, undefined]);
    }
    // The API is asked for by its own name.
    expect(headers.host).toBe(`127.0.0.1:${upstreamPort}`);
  });

  test("a request from another origin or for another host never reaches the API", async () => {
    const before = seen.length;
    const foreign = await send("/account/user/subscribe/create", {
      headers: { origin: "https://attacker.example" },
      chunks: ["{}"],
    });
    expect(foreign.status).toBe(403);
    const rebound = await send("/account/user/profile", {
      method: "GET",
      headers: { host: `rebound.attacker.example:${proxyPort}` },
    });
    expect(rebound.status).toBe(403);
    expect(seen.length).toBe(before);
  });
});

describe("bodies", () => {
  test("stream: the API has the first chunk before the client sends the last", async () => {
    let arrived!: () => void;
    const until = new Promise<void>((resolve) => (arrived = resolve));
    firstChunk = () => arrived();
    const noStream = new Promise<never>((_, reject) =>
      // A readable failure instead of the test's own time limit; generous, for a busy machine.
      setTimeout(() => reject(new Error("the first chunk did not reach the API while the client waited")), 20_000),
    );
    try {
      const answer = await Promise.race([
        send("/account/user/sign_in", { chunks: ["x".repeat(1000), "y".repeat(1000)], pause: { after: 1, until } }),
        noStream,
      ]);
      expect(answer.envelope?.data).toEqual({ method: "POST", bytes: 2000 });
    } finally {
      firstChunk = undefined;
    }
  });

  test("a declared length over 1 MB is 413 and never reaches the API", async () => {
    const before = seen.length;
    const big = Buffer.alloc(1024 * 1024 + 1, 0x20);
    const answer = await send("/account/user/register_or_login", {
      headers: { "content-length": String(big.byteLength) },
      chunks: [big],
    });
    expect([answer.status, answer.envelope?.code]).toEqual([413, proxyCodes.tooLarge]);
    expect(seen.length).toBe(before);
  });

  test("a chunked body that grows past 1 MB is 413 and the API never gets it whole", async () => {
    const before = seen.length;
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    const answer = await send("/account/user/register_or_login", { chunks: Array.from({ length: 40 }, () => chunk) });
    expect([answer.status, answer.envelope?.code]).toEqual([413, proxyCodes.tooLarge]);
    for (const request of seen.slice(before)) expect(request.complete && request.bytes > 1024 * 1024).toBe(false);
  });

  test("1 MB exactly goes through", async () => {
    const body = Buffer.alloc(1024 * 1024, 0x20);
    const answer = await send("/account/user/register_or_login", { chunks: [body] });
    expect([answer.status, answer.envelope?.data]).toEqual([201, { method: "POST", bytes: 1024 * 1024 }]);
  });

  test("Expect: 100-continue gets its continue and then the API's answer", async () => {
    const answer = await send("/account/user/sign_in", {
      headers: { expect: "100-continue" },
      chunks: ['{"a":1}'],
      expectContinue: true,
    });
    expect([answer.status, answer.envelope?.data]).toEqual([201, { method: "POST", bytes: 7 }]);
  });
});

describe("redirects and silence", () => {
  test("a redirect to another host is never followed: 502", async () => {
    const answer = await send("/account/user/away", { method: "GET" });
    expect([answer.status, answer.envelope?.code]).toEqual([502, proxyCodes.badGateway]);
    expect(answer.envelope?.msg).toMatch(/^[^\n]+$/);
    expect(elsewhere).toEqual([]);
  });

  test("a redirect within the API is passed to the browser, not followed, and leads back through this server", async () => {
    const before = seen.length;
    const absolute = await send("/account/user/home", { method: "GET" });
    expect([absolute.status, absolute.headers.location]).toEqual([302, "/account/user/landing?from=home"]);
    const relative = await send("/account/user/relative", { method: "GET" });
    expect([relative.status, relative.headers.location]).toEqual([307, "/account/user/landing"]);
    expect(seen.slice(before).map((s) => s.url)).toEqual(["/account/user/home", "/account/user/relative"]);
  });

  test("an API that does not answer in time is 504", async () => {
    const started = Date.now();
    const answer = await Promise.race<Reply>([
      send("/account/user/silent", { method: "GET", port: quickProxyPort }),
      new Promise<never>((_, reject) =>
        // The proxy gives up after 300 ms; twenty seconds is for a busy machine, not the proxy.
        setTimeout(() => reject(new Error("no answer from the proxy within 20 s")), 20_000),
      ),
    ]);
    expect([answer.status, answer.envelope?.code]).toEqual([504, proxyCodes.gatewayTimeout]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
  });

  test("an API that is not there is 502 in one line", async () => {
    const closed = await listen(() => undefined);
    await new Promise((resolve) => servers.pop()!.close(resolve));
    const proxy = createApiProxy(`http://127.0.0.1:${closed}`);
    const port = await listen(async (request, response) => void (await proxy(request, response)));
    const answer = await new Promise<Reply>((resolve, reject) => {
      const req = httpRequest({ host: "127.0.0.1", port, path: "/account/user/profile" }, (res) => {
        let text = "";
        res.on("data", (d: Buffer) => (text += d));
        res.on("end", () =>
          resolve({
            status: res.statusCode!,
            headers: res.headers,
            text,
            envelope: JSON.parse(text) as Reply["envelope"],
          }),
        );
      });
      req.on("error", reject);
      req.end();
    });
    expect([answer.status, answer.envelope?.code]).toEqual([502, proxyCodes.badGateway]);
    expect(answer.envelope?.msg).toMatch(/^[^\n]+$/);
  });
});
