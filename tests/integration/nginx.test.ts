// The nginx config a build writes, proven in nginx itself: Debian's nginx (installed when
// missing, as root) runs in the foreground on a free 127.0.0.1 port, with a minimal main config
// whose server block serves the built dist/site and includes the generated dist/host/nginx.conf.
// It must answer as site preview does: the redirects of the specs, an ended campaign's page, the
// region prefix in capitals, the 404 page, the security headers, and the caching of hashed
// assets and build.json; and it must not serve its own configuration.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { createServer, connect, type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DateTime } from "luxon";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { realSiteAt } from "../support/build.ts";
import { ensureDebianPackage } from "../support/debian-packages.js";
import { startPreview, type RunningPreview } from "../support/preview-server.ts";

const NGINX = process.env.NGINX_PATH ?? "/usr/sbin/nginx";
const MIME_TYPES = "/etc/nginx/mime.types";
// After the Black Friday and Christmas campaigns: their pages are 302s to the region homes.
const NOW = "2025-09-01T12:00+02:00";
const SECURITY_HEADERS = ["content-security-policy", "x-content-type-options", "x-frame-options", "referrer-policy"];

let out = "";
let prefix = "";
let port = 0;
let nginx: ChildProcess | undefined;
let nginxLog = "";
let preview: RunningPreview | undefined;
const cleanups: (() => void)[] = [];

/** A port nothing listens on now (the kernel's pick, released at once). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port: free } = probe.address() as AddressInfo;
      probe.close(() => resolve(free));
    });
  });
}

/** Resolves once something accepts connections on the port, or rejects when nginx has exited. */
function accepting(child: ChildProcess, onPort: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const exited = () => reject(new Error(`nginx exited before it served: ${nginxLog.trim() || readLog()}`));
    child.once("exit", exited);
    const attempt = () => {
      const socket = connect(onPort, "127.0.0.1");
      socket.once("connect", () => {
        socket.destroy();
        child.off("exit", exited);
        resolve();
      });
      socket.once("error", () => {
        socket.destroy();
        if (child.exitCode === null) setTimeout(attempt, 50);
      });
    };
    attempt();
  });
}

const readLog = () =>
  existsSync(join(prefix, "error.log")) ? readFileSync(join(prefix, "error.log"), "utf8").trim() : "";

beforeAll(async () => {
  // Fails the file, with the reason, when nginx is missing and cannot be installed: never a skip.
  const missing = ensureDebianPackage(NGINX, "nginx");
  if (missing) throw new Error(`nginx test: ${missing}`);
  if (!existsSync(MIME_TYPES)) throw new Error(`nginx test: ${MIME_TYPES} is missing; reinstall Debian's nginx-common`);

  // nginx only reads the shared build: its own files go into the prefix folder.
  out = (await realSiteAt(NOW)).out;
  prefix = mkdtempSync(join(tmpdir(), "site-nginx-"));
  cleanups.push(() => rmSync(prefix, { recursive: true, force: true }));
  for (const temp of ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"]) mkdirSync(join(prefix, temp));
  port = await freePort();
  // Everything nginx writes (pid, logs, request bodies) goes into the prefix folder.
  const main = [
    "daemon off;",
    "worker_processes 1;",
    // As root, nginx would hand its worker to an unprivileged user that cannot read the 0700 temp folders.
    ...(process.getuid?.() === 0 ? ["user root;"] : []),
    `pid ${join(prefix, "nginx.pid")};`,
    `error_log ${join(prefix, "error.log")} warn;`,
    "events { worker_connections 64; }",
    "http {",
    `  include ${MIME_TYPES};`,
    "  default_type application/octet-stream;",
    "  access_log off;",
    ...["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map((temp) => `  ${temp}_temp_path ${join(prefix, temp)};`),
    "  server {",
    `    listen 127.0.0.1:${port};`,
    `    root ${join(out, "site")};`,
    `    include ${join(out, "host", "nginx.conf")};`,
    "  }",
    "}",
    "",
  ].join("\n");
  writeFileSync(join(prefix, "nginx.conf"), main);
  const check = spawn(NGINX, ["-t", "-p", prefix, "-e", join(prefix, "error.log"), "-c", join(prefix, "nginx.conf")], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let checkOutput = "";
  check.stderr!.on("data", (d: Buffer) => (checkOutput += d));
  const checked = await new Promise<number | null>((resolve) => check.on("exit", resolve));
  if (checked !== 0) throw new Error(`nginx -t refused the config: ${checkOutput.trim()}`);

  nginx = spawn(NGINX, ["-p", prefix, "-e", join(prefix, "error.log"), "-c", join(prefix, "nginx.conf")], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  nginx.stderr!.on("data", (d: Buffer) => (nginxLog += d));
  await accepting(nginx, port);
  preview = await startPreview(out, () => DateTime.fromISO(NOW).toMillis());
}, 300_000);

afterAll(async () => {
  if (nginx && nginx.exitCode === null) {
    const exited = new Promise((resolve) => nginx!.once("exit", resolve));
    // SIGQUIT: a graceful stop, the master takes its worker with it.
    nginx.kill("SIGQUIT");
    await exited;
  }
  await preview?.close();
  cleanups.forEach((c) => c());
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A raw GET to nginx (or to the preview server), the path sent exactly as written. */
function get(path: string, to: "nginx" | "preview" = "nginx"): Promise<Answer> {
  const target = to === "nginx" ? port : Number(new URL(preview!.url).port);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port: target, path }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () =>
        resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString() }),
      );
    });
    req.on("error", reject);
    req.end();
  });
}

describe("nginx serving dist/site with dist/host/nginx.conf", () => {
  test("cn's /new-release answers 301 to /flagship-bumblebee", async () => {
    const r = await get("/new-release");
    expect([r.status, r.headers.location]).toEqual([301, "/flagship-bumblebee"]);
  });

  test("an ended campaign page answers 302 to its region's home", async () => {
    const r = await get("/us/black-friday");
    expect([r.status, r.headers.location]).toEqual([302, "/us"]);
    const eu = await get("/eu/christmas-sale");
    expect([eu.status, eu.headers.location]).toEqual([302, "/eu"]);
  });

  test("a region prefix in capitals answers 301 to the lowercase path, the query kept", async () => {
    const r = await get("/US/flagship-bumblebee");
    expect([r.status, r.headers.location]).toEqual([301, "/us/flagship-bumblebee"]);
    const query = await get("/De/about-us?x=1");
    expect([query.status, query.headers.location]).toEqual([301, "/de/about-us?x=1"]);
    const page = await get("/us/flagship-bumblebee");
    expect(page.status).toBe(200);
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    expect(page.body).toContain("<!DOCTYPE html>");
  });

  test("an unknown path answers the 404 page with status 404", async () => {
    const r = await get("/us/no-such-page");
    expect(r.status).toBe(404);
    expect(r.body).toBe(readFileSync(join(out, "site", "404.html"), "utf8"));
  });

  test("every answer carries the security headers site preview sends, and HSTS for the https origins", async () => {
    const fromPreview = await get("/us", "preview");
    const expected = Object.fromEntries(SECURITY_HEADERS.map((name) => [name, fromPreview.headers[name]]));
    expect(expected["content-security-policy"]).toContain("default-src 'self'");
    for (const path of ["/us", "/", "/no-such-page", "/new-release", "/US", "/build.json"]) {
      const r = await get(path);
      expect(Object.fromEntries(SECURITY_HEADERS.map((name) => [name, r.headers[name]])), path).toEqual(expected);
      // Every origin of specs/site.yaml is https.
      expect(r.headers["strict-transport-security"], path).toMatch(/^max-age=\d{7,}/);
    }
    // The preview server is plain http on loopback: HSTS there would mean nothing.
    expect(fromPreview.headers["strict-transport-security"]).toBeUndefined();
  });

  test("hashed assets are cached for a year, build.json never, pages revalidate", async () => {
    const script = /<script type="module" src="(\/assets\/[^"]+)"/.exec((await get("/us")).body)![1]!;
    expect(script).toMatch(/-[A-Z0-9]{8}\.js$/);
    const asset = await get(script);
    expect(asset.status).toBe(200);
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(asset.headers["x-content-type-options"]).toBe("nosniff");
    const build = await get("/build.json");
    expect(build.status).toBe(200);
    expect(build.headers["cache-control"]).toBe("no-store");
    expect(JSON.parse(build.body)).toEqual(JSON.parse(readFileSync(join(out, "site", "build.json"), "utf8")));
    expect((await get("/us")).headers["cache-control"]).toBe("no-cache");
    const image = /<img [^>]*src="(\/images\/[^"]+)"/.exec((await get("/us")).body)![1]!;
    expect((await get(image)).headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const favicon = await get("/favicon.svg");
    expect([favicon.status, favicon.headers["cache-control"]]).toEqual([200, "no-cache"]);
  });

  test("the host files are not served: nothing of the configuration is in the web root", async () => {
    expect(readdirSync(join(out, "site"))).not.toContain("nginx.conf");
    for (const path of ["/nginx.conf", "/host/nginx.conf", "/_redirects", "/_headers"]) {
      const r = await get(path);
      expect(r.status, path).toBe(404);
      expect(r.body, path).not.toContain("location");
    }
  });
});
