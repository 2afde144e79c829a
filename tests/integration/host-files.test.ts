// What servers answer beside the pages. The region is read from the first path segment,
// lowercased (seed 000 §2): site preview, site dev, and the nginx.conf and _redirects a build
// writes send /US/flagship-bumblebee on to /us/flagship-bumblebee with a 301, the query kept.
// build.json names the deployed build (routes.json's now and nextChange) and is never cached.
// The host files are written beside the web root (dist/host/), carry the security headers of
// site preview, and are never served. (tests/integration/nginx.test.ts runs the nginx config in nginx.)
import { existsSync, readFileSync } from "node:fs";
import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { DateTime } from "luxon";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createDevServer } from "../../server/dev/index.ts";
import { realSiteAt } from "../support/build.ts";
import { siteCommand } from "../support/cli.ts";
import { materialize } from "../support/fixtures.ts";
import { startPreview, type RunningPreview } from "../support/preview-server.ts";

const NOW = "2024-11-25T12:00+01:00";
const REGIONS = ["us", "uk", "eu", "fr", "de", "jp", "kr"];
let out = "";
let preview: RunningPreview;
let dev: Awaited<ReturnType<typeof createDevServer>>;
let devServer: Server;
const cleanups: (() => void)[] = [];

beforeAll(async () => {
  out = (await realSiteAt(NOW)).out;
  preview = await startPreview(out, () => DateTime.fromISO(NOW).toMillis());
  const fixture = materialize("base");
  cleanups.push(fixture.cleanup);
  const devNow = DateTime.fromISO("2025-06-05T00:00+08:00", { setZone: true });
  dev = await createDevServer({
    specsDir: join(fixture.root, "specs"),
    now: () => devNow,
    clock: () => devNow.toMillis(),
    log: () => {},
  });
  await dev.start();
  devServer = createServer(dev.handler);
  await new Promise<void>((resolve) => devServer.listen(0, "127.0.0.1", resolve));
});

afterAll(async () => {
  await preview?.close();
  await new Promise((resolve) => devServer?.close(resolve));
  await dev?.close();
  cleanups.forEach((c) => c());
});

/** A raw GET, so the path reaches the server exactly as written. */
function get(
  server: Server,
  path: string,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const { port } = server.address() as AddressInfo;
    const req = httpRequest({ host: "127.0.0.1", port, path }, (res) => {
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

describe("site preview: the region prefix in any case", () => {
  test.each([
    ["/US/flagship-bumblebee", "/us/flagship-bumblebee"],
    ["/US/flagship-bumblebee?utm_source=mail&x=1", "/us/flagship-bumblebee?utm_source=mail&x=1"],
    ["/Us", "/us"],
    ["/uS?x=1", "/us?x=1"],
    ["/DE/about-us", "/de/about-us"],
    ["/Jp/where-to-buy", "/jp/where-to-buy"],
    ["/%55S/flagship-bumblebee", "/us/flagship-bumblebee"],
  ])("%s answers 301 to %s", async (path, location) => {
    const r = await get(preview.server, path);
    expect([r.status, r.headers.location]).toEqual([301, location]);
    const next = await get(preview.server, location);
    expect(next.status).toBe(200);
  });

  test("lowercase prefixes, other first segments and the cn root are left as they are", async () => {
    expect((await get(preview.server, "/us/flagship-bumblebee")).status).toBe(200);
    expect((await get(preview.server, "/USA/flagship-bumblebee")).status).toBe(404);
    expect((await get(preview.server, "/About-Us")).status).toBe(404);
    expect((await get(preview.server, "/CN/about-us")).status).toBe(404);
    expect((await get(preview.server, "/ssr/timestamp")).status).toBe(200);
  });
});

describe("build.json", () => {
  test("holds routes.json's now and nextChange", () => {
    const routes = JSON.parse(readFileSync(join(out, "manifests", "routes.json"), "utf8")) as {
      now: string;
      nextChange: string | null;
    };
    const build = JSON.parse(readFileSync(join(out, "site", "build.json"), "utf8")) as unknown;
    expect(build).toEqual({ now: routes.now, nextChange: routes.nextChange });
    expect(routes.nextChange).toBe("2024-11-30T00:00:00+01:00");
  });

  test("site preview and site dev serve it uncached", async () => {
    const served = await get(preview.server, "/build.json");
    expect(served.status).toBe(200);
    expect(served.headers["cache-control"]).toBe("no-store");
    expect(JSON.parse(served.body)).toEqual(JSON.parse(readFileSync(join(out, "site", "build.json"), "utf8")));
    const fromDev = await get(devServer, "/build.json");
    expect(fromDev.status).toBe(200);
    expect(fromDev.headers["cache-control"]).toBe("no-store");
    expect(JSON.parse(fromDev.body)).toMatchObject({ now: "2025-06-05T00:00:00.000+08:00" });
  });

  test("site dev sends a region prefix in capitals on too", async () => {
    const r = await get(devServer, "/US/flagship-bumblebee?x=1");
    expect([r.status, r.headers.location]).toEqual([301, "/us/flagship-bumblebee?x=1"]);
  });
});

describe("the host files a build writes", () => {
  test("nginx.conf: one case-insensitive location per region that answers the other spellings with the lowercase path", () => {
    const conf = readFileSync(join(out, "host", "nginx.conf"), "utf8");
    const rules = [...conf.matchAll(/^location ~ (\S+) \{ return 301 (\S+); \}$/gm)].map((m) => ({
      pattern: new RegExp(m[1]!),
      target: m[2]!,
    }));
    expect(rules).toHaveLength(REGIONS.length);
    /** What nginx answers for a path and query: the rewritten address, or null when no rule matches. */
    const answer = (path: string, args = "") => {
      for (const rule of rules) {
        const match = rule.pattern.exec(path);
        if (match)
          return rule.target
            .replace("$1", match[1] ?? "")
            .replace("$is_args", args ? "?" : "")
            .replace("$args", args);
      }
      return null;
    };
    for (const code of REGIONS) {
      expect(answer(`/${code.toUpperCase()}/flagship-bumblebee`, "x=1")).toBe(`/${code}/flagship-bumblebee?x=1`);
      expect(answer(`/${code[0]!.toUpperCase()}${code[1]}`)).toBe(`/${code}`);
      expect(answer(`/${code}${code[1]!.toUpperCase()}`)).toBeNull();
      expect(answer(`/${code}`)).toBeNull();
      expect(answer(`/${code}/flagship-bumblebee`)).toBeNull();
      expect(answer(`/${code.toUpperCase()}A/x`)).toBeNull();
    }
    expect(conf).toContain('location = /build.json { add_header Cache-Control "no-store"; ');
  });

  test("_redirects has no rules for capitals: Netlify-style hosts lowercase paths and match rules without case, so such a rule would loop", () => {
    const rules = readFileSync(join(out, "host", "_redirects"), "utf8")
      .split("\n")
      .filter((line) => line && !line.startsWith("#"))
      .map((line) => line.split(/\s+/));
    expect(
      rules.filter(([from, to]) => from!.toLowerCase().replace("/*", "") === to!.toLowerCase().replace("/:splat", "")),
    ).toEqual([]);
    expect(rules).toContainEqual(["/new-release", "/flagship-bumblebee", "301"]);
  });

  test("they are written beside the web root; the site keeps only the copies Netlify-style hosts read there", () => {
    for (const file of ["nginx.conf", "_redirects", "_headers"])
      expect(existsSync(join(out, "host", file)), file).toBe(true);
    expect(existsSync(join(out, "site", "nginx.conf"))).toBe(false);
    // Netlify and Cloudflare Pages read these two from the published folder only, and serve neither.
    for (const file of ["_redirects", "_headers"])
      expect(readFileSync(join(out, "site", file), "utf8"), file).toBe(readFileSync(join(out, "host", file), "utf8"));
  });

  test("_headers and nginx.conf carry the security headers site preview sends, and HSTS for the https origins", async () => {
    const sent = (await get(preview.server, "/us")).headers;
    const names = ["Content-Security-Policy", "X-Content-Type-Options", "X-Frame-Options", "Referrer-Policy"];
    for (const name of names) expect(sent[name.toLowerCase()], name).toBeTruthy();
    // _headers: a block per path pattern, its headers indented below it.
    const blocks = new Map<string, Map<string, string>>();
    let current: Map<string, string> | undefined;
    for (const line of readFileSync(join(out, "host", "_headers"), "utf8").split("\n")) {
      if (!line.trim() || line.startsWith("#")) continue;
      if (!/^\s/.test(line)) blocks.set(line.trim(), (current = new Map()));
      else {
        const at = line.indexOf(":");
        current!.set(line.slice(0, at).trim(), line.slice(at + 1).trim());
      }
    }
    for (const name of names) expect(blocks.get("/*")?.get(name), name).toBe(sent[name.toLowerCase()]);
    expect(blocks.get("/*")?.get("Strict-Transport-Security")).toMatch(/^max-age=\d{7,}/);
    expect(blocks.get("/assets/*")?.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(blocks.get("/images/*")?.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(blocks.get("/build.json")?.get("Cache-Control")).toBe("no-store");
    const conf = readFileSync(join(out, "host", "nginx.conf"), "utf8");
    for (const name of names)
      expect(conf, name).toContain(`add_header ${name} "${String(sent[name.toLowerCase()])}" always;`);
    expect(conf).toMatch(/add_header Strict-Transport-Security "max-age=\d{7,}" always;/);
  });

  test("site build names the folder of host files before the folder to deploy", async () => {
    const fixture = materialize("base");
    cleanups.push(fixture.cleanup);
    const built = await siteCommand(["build", "--now", NOW], { cwd: fixture.root });
    expect(built.code).toBe(0);
    const last = built.stdout.trim().split("\n").slice(-2);
    expect(last[0]).toMatch(
      /^host: {3}dist\/host {2}\(nginx\.conf to include in the server block; _redirects and _headers, also in dist\/site for Netlify-style hosts\)$/,
    );
    expect(last[1]).toBe("deploy: dist/site  (the folder to publish)");
    expect(existsSync(join(fixture.root, "dist", "host", "nginx.conf"))).toBe(true);
  });

  test("site preview and site dev do not serve host files: static hosts do not either", async () => {
    for (const path of ["/nginx.conf", "/_redirects", "/_headers"]) {
      expect((await get(preview.server, path)).status, path).toBe(404);
      expect((await get(devServer, path)).status, path).toBe(404);
    }
  });
});
