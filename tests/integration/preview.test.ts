// site preview answers a built site as production would: status codes, redirects, windows
// against the server clock, traversal attempts, 404, headers and the timestamp envelope.
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { connect, type Socket } from "node:net";
import { networkInterfaces } from "node:os";
import { gunzipSync } from "node:zlib";
import { DateTime } from "luxon";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createPreviewHandler, filesOnDisk, type RouteRecord } from "../../server/preview.ts";
import { buildInto } from "../support/build.ts";
import { projectRoot, siteCommand } from "../support/cli.ts";
import { spawn, type ChildProcess } from "node:child_process";
import { materialize } from "../support/fixtures.ts";
import { readFileSync } from "node:fs";

let server: Server;
let clock = 0;
const cleanups: (() => void)[] = [];
const at = (iso: string) => DateTime.fromISO(iso, { setZone: true }).toMillis();

beforeAll(async () => {
  const fixture = materialize("base");
  cleanups.push(fixture.cleanup);
  const built = await buildInto(join(fixture.root, "specs"), "2025-06-05T00:00+08:00");
  cleanups.push(built.cleanup);
  const site = join(built.out, "site");
  // A symlink that points out of the site must not be followed.
  writeFileSync(join(built.out, "secret.txt"), "secret");
  symlinkSync(join(built.out, "secret.txt"), join(site, "leak.txt"));
  mkdirSync(join(site, "dir-only"));
  const routes = JSON.parse(readFileSync(join(built.out, "manifests", "routes.json"), "utf8"))
    .routes as (RouteRecord & { page: string })[];
  const homes = new Map(routes.filter((r) => r.page === "home").map((r) => [r.region, r.path]));
  server = createServer(
    createPreviewHandler({ files: filesOnDisk(site), routes: () => routes, homes: () => homes, clock: () => clock }),
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  cleanups.forEach((c) => c());
});

/** A raw request, so the path reaches the server exactly as written (fetch would normalise it). */
function raw(
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const { port } = server.address() as AddressInfo;
    const req = httpRequest({ host: "127.0.0.1", port, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("pages, redirects and 404", () => {
  test("a page is served with its HTML; a trailing slash redirects to the page", async () => {
    const page = await raw("/us/about-us");
    expect(page.status).toBe(200);
    expect(page.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(page.body.toString()).toMatch(/<h1[^>]*>About us<\/h1>/);
    const slash = await raw("/us/about-us/");
    expect([slash.status, slash.headers.location]).toEqual([301, "/us/about-us"]);
  });

  test("the cn new-release redirect answers 301", async () => {
    const r = await raw("/new-release");
    expect([r.status, r.headers.location]).toEqual([301, "/flagship-bumblebee"]);
  });

  test("an unknown path answers 404.html with status 404", async () => {
    const r = await raw("/us/no-such-page");
    expect(r.status).toBe(404);
    expect(r.body.toString()).toContain("<html");
  });
});

describe("route windows against the server clock", () => {
  test.each([
    ["before the start", "2025-05-31T23:59:59+08:00", 302],
    ["at the start", "2025-06-01T00:00+08:00", 200],
    ["just before the end", "2025-06-14T23:59:59+08:00", 200],
    ["at the end (half-open)", "2025-06-15T00:00+08:00", 302],
  ])("%s", async (_name, now, status) => {
    clock = at(now);
    const r = await raw("/us/sale");
    expect(r.status).toBe(status);
    if (status === 302) expect(r.headers.location).toBe("/us");
  });

  test("/ssr/timestamp answers the envelope with the server clock", async () => {
    clock = at("2024-11-25T12:00+01:00");
    const r = await raw("/ssr/timestamp");
    expect(r.headers["content-type"]).toContain("application/json");
    expect(JSON.parse(r.body.toString())).toEqual({ code: 2000, msg: "ok", data: clock });
  });
});

describe("nothing outside the site is ever served", () => {
  test.each([
    "/../secret.txt",
    "/%2e%2e/secret.txt",
    "/%2E%2E%2Fsecret.txt",
    "/us/..%2f..%2fsecret.txt",
    "/..%5csecret.txt",
    "/us%5c..%5c..%5csecret.txt",
    "/%00",
    "/about-us%00.html",
    "/%ff",
    "/leak.txt",
  ])("%s", async (path) => {
    const r = await raw(path);
    expect([400, 404]).toContain(r.status);
    expect(r.body.toString()).not.toContain("secret");
  });

  test("a raw request line with dot segments", async () => {
    const { port } = server.address() as AddressInfo;
    const answer = await new Promise<string>((resolve) => {
      const socket = connect(port, "127.0.0.1", () =>
        socket.write(`GET /../../secret.txt HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`),
      );
      let data = "";
      socket.on("data", (d) => (data += d));
      socket.on("end", () => resolve(data));
    });
    expect(answer).toMatch(/^HTTP\/1\.1 40[04]/);
    expect(answer).not.toContain("secret");
  });

  test("a folder without index.html is not listed", async () => {
    expect((await raw("/dir-only")).status).toBe(404);
  });
});

describe("who may ask: the Host and Origin check (DNS rebinding)", () => {
  const own = () => `127.0.0.1:${(server.address() as AddressInfo).port}`;

  test("a page, the server clock and the 404 page answer 403 to a name rebound to this machine", async () => {
    const port = (server.address() as AddressInfo).port;
    for (const path of ["/us", "/ssr/timestamp", "/no-such"]) {
      const r = await raw(path, { host: `rebound.attacker.example:${port}` });
      expect(r.status, path).toBe(403);
      expect(r.body.toString(), path).toMatch(
        /^Blocked request: host 'rebound\.attacker\.example:\d+' is not this server [^\n]*\n$/,
      );
      expect(r.headers["x-content-type-options"]).toBe("nosniff");
    }
  });

  test("another port, or a page of another origin, is refused too; this server's own names are answered", async () => {
    const port = (server.address() as AddressInfo).port;
    expect((await raw("/us", { host: `127.0.0.1:${port + 1}` })).status).toBe(403);
    expect((await raw("/us", { host: own(), origin: "https://attacker.example" })).status).toBe(403);
    expect((await raw("/us", { host: own() })).status).toBe(200);
    expect((await raw("/us", { host: `localhost:${port}` })).status).toBe(200);
    expect((await raw("/us", { host: own(), origin: `http://${own()}` })).status).toBe(200);
  });
});

describe("headers", () => {
  test("security headers on every answer", async () => {
    for (const path of ["/us", "/no-such", "/ssr/timestamp"]) {
      const r = await raw(path);
      expect(r.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
      expect(r.headers["content-security-policy"]).toContain("script-src 'self'");
      expect(r.headers["x-content-type-options"]).toBe("nosniff");
    }
  });

  test("hashed assets are immutable, HTML revalidates, an unchanged file answers 304", async () => {
    const html = await raw("/us");
    expect(html.headers["cache-control"]).toBe("no-cache");
    const script = /<script type="module" src="([^"]+)"/.exec(html.body.toString())![1]!;
    const asset = await raw(script);
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(asset.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    const again = await raw("/us", { "if-none-match": String(html.headers.etag) });
    expect(again.status).toBe(304);
    // A picture is named by its content too; the icon keeps one name, so it is asked for again.
    const image = /<img [^>]*src="(\/images\/[^"]+)"/.exec(html.body.toString())![1]!;
    expect((await raw(image)).headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const icon = /<link rel="icon" href="([^"]+)"/.exec(html.body.toString())![1]!;
    const favicon = await raw(icon);
    expect([favicon.status, favicon.headers["content-type"]]).toEqual([200, "image/svg+xml"]);
    expect(favicon.headers["cache-control"]).not.toContain("immutable");
  });

  test("text is compressed when the browser accepts it", async () => {
    const r = await raw("/us", { "accept-encoding": "gzip" });
    expect(r.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(r.body).toString()).toContain("<!DOCTYPE html>");
  });
});

describe("site preview on the command line", () => {
  test("serves a build with the clock started at --now, and stops cleanly on SIGTERM", async () => {
    const fixture = materialize("base");
    cleanups.push(fixture.cleanup);
    expect((await siteCommand(["build", "--now", "2025-06-05T00:00+08:00"], { cwd: fixture.root })).code).toBe(0);
    const child = spawn(
      process.execPath,
      [join(projectRoot, "bin", "site.js"), "preview", "--port", "0", "--now", "2024-11-25T12:00+01:00"],
      { cwd: fixture.root },
    );
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on("data", (d: Buffer) => {
        const match = /http:\/\/127\.0\.0\.1:\d+/.exec(d.toString());
        if (match) resolve(match[0]);
      });
      child.on("exit", () => reject(new Error("preview exited")));
    });
    const stamp = (await (await fetch(`${url}/ssr/timestamp`)).json()) as { data: number };
    // The clock starts at --now and runs on.
    expect(stamp.data - at("2024-11-25T12:00+01:00")).toBeGreaterThanOrEqual(0);
    expect(stamp.data - at("2024-11-25T12:00+01:00")).toBeLessThan(10_000);
    expect((await fetch(`${url}/us`)).status).toBe(200);
    const code = await new Promise<number | null>((resolve) => {
      child.on("exit", resolve);
      child.kill("SIGTERM");
    });
    expect(code).toBe(0);
  });

  test("stops at the first SIGTERM even while a browser holds connections open", async () => {
    const fixture = materialize("base");
    cleanups.push(fixture.cleanup);
    expect((await siteCommand(["build", "--now", "2025-06-05T00:00+08:00"], { cwd: fixture.root })).code).toBe(0);
    const preview = await startSite(["preview", "--port", "0"], fixture.root);
    const { port } = new URL(preview.url);
    // A browser opens connections before it knows what to ask (preconnect), keeps them after an
    // answer (keep-alive), and may be half-way through sending a request.
    const silent = await openSocket(Number(port));
    const kept = await openSocket(Number(port));
    kept.write(`GET /us HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
    await new Promise((resolve) => kept.once("data", resolve));
    const halfway = await openSocket(Number(port));
    halfway.write(`GET /us HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n`);
    try {
      const code = await new Promise<number | string | null>((resolve) => {
        preview.child.on("exit", resolve);
        preview.child.kill("SIGTERM");
        // Without the fix it waits for the sockets until Node's request timeout, minutes away.
        setTimeout(() => resolve("still running 20 s after SIGTERM"), 20_000).unref();
      });
      expect(code).toBe(0);
    } finally {
      for (const socket of [silent, kept, halfway]) socket.destroy();
      await stopSite(preview);
    }
  });

  test("serves on loopback only; with --host on the machine's other addresses too, by their own name only", async () => {
    const fixture = materialize("base");
    cleanups.push(fixture.cleanup);
    expect((await siteCommand(["build", "--now", "2025-06-05T00:00+08:00"], { cwd: fixture.root })).code).toBe(0);
    const address = otherAddress();
    const loopback = await startSite(["preview", "--port", "0"], fixture.root);
    try {
      const { port } = new URL(loopback.url);
      await expect(rawTo(address, Number(port), "/us")).rejects.toMatchObject({ code: "ECONNREFUSED" });
    } finally {
      await stopSite(loopback);
    }
    const network = await startSite(["preview", "--port", "0", "--host"], fixture.root);
    try {
      const { port } = new URL(network.url);
      expect(network.stdout).toContain(`http://${address}:${port}`);
      expect((await rawTo("127.0.0.1", Number(port), "/us")).status).toBe(200);
      expect((await rawTo(address, Number(port), "/us")).status).toBe(200);
      expect((await rawTo(address, Number(port), "/us", `rebound.attacker.example:${port}`)).status).toBe(403);
    } finally {
      await stopSite(network);
    }
  });

  test("without a build it says so and exits 2", async () => {
    const result = await siteCommand(["preview", "--out", "no-such-dist"]);
    expect(result.code).toBe(2);
    expect(result.stderr.trim()).toBe("site: no built site in no-such-dist: run site build first");
  });
});

/** An address of this machine other than 127.0.0.1: a network interface's, else another loopback address. */
function otherAddress(): string {
  const external = Object.values(networkInterfaces())
    .flat()
    .find((i) => i && i.family === "IPv4" && !i.internal);
  // Linux answers all of 127.0.0.0/8 on the loopback interface.
  return external?.address ?? "127.0.0.2";
}

function openSocket(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => resolve(socket));
    socket.on("error", reject);
  });
}

/** A GET to an address, with the Host header of that address unless another is given. */
function rawTo(address: string, port: number, path: string, host = `${address}:${port}`): Promise<{ status: number }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: address, port, path, headers: { host } }, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode! }));
    });
    req.on("error", reject);
    req.end();
  });
}

interface StartedSite {
  child: ChildProcess;
  url: string;
  stdout: string;
}

/** Runs `site <args>` in a folder until it prints the address it serves on. */
function startSite(args: string[], cwd: string): Promise<StartedSite> {
  const child = spawn(process.execPath, [join(projectRoot, "bin", "site.js"), ...args], {
    cwd,
    env: { ...process.env, NO_COLOR: "1" },
  });
  const started: StartedSite = { child, url: "", stdout: "" };
  return new Promise((resolve, reject) => {
    let stderr = "";
    child.stderr!.on("data", (d: Buffer) => (stderr += d));
    child.stdout!.on("data", (d: Buffer) => {
      started.stdout += d;
      const match = /http:\/\/127\.0\.0\.1:\d+/.exec(started.stdout);
      // The whole block of lines about where it serves comes in one write.
      if (match && !started.url) {
        started.url = match[0];
        resolve(started);
      }
    });
    child.on("exit", (code) => reject(new Error(`site ${args[0]} exited ${code}: ${stderr}`)));
  });
}

async function stopSite(site: StartedSite): Promise<void> {
  if (site.child.exitCode !== null) return;
  const exited = new Promise((resolve) => site.child.once("exit", resolve));
  site.child.kill("SIGKILL");
  await exited;
}
