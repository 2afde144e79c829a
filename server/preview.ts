// The server of `site preview` (and, over files held in memory, of `site dev`): a built site
// answered as production would answer it. Redirects and route windows from routes.json, the
// server clock at /ssr/timestamp, a region prefix in capitals sent on to its lowercase path,
// build.json never cached, 404.html for unknown paths, compression, cache and security headers,
// and never a byte from outside the site folder. Only requests that name this server by its own
// Host are answered (checkLocalRequest): a page whose name an attacker rebinds to this machine
// could otherwise read everything it serves, site dev's error stream included.

import { createHash } from "node:crypto";
import { readFile, realpath, stat } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import { extname, join, posix, sep } from "node:path";
import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";
import { DateTime } from "luxon";
import { checkLocalRequest } from "./local-request.ts";
import { CACHE_CONTROL, HASHED_FOLDERS, securityHeaders } from "./security-headers.ts";
import { contentsOf, type OutputFile } from "../compiler/write/index.ts";
import { stateAt } from "../compiler/time/windows.ts";

/** Where the site's files come from: a folder on disk (preview) or memory (dev). */
export interface SiteFiles {
  /** A file by its path inside the site ("us/index.html"), or undefined. */
  read(path: string): Promise<Uint8Array | undefined>;
}

export interface RouteRecord {
  path: string;
  region: string;
  window: { start: string | null; end: string | null } | null;
  redirect: { to: string; status: number } | null;
}

export interface PreviewOptions {
  files: SiteFiles;
  /** The routes of routes.json, re-read by dev after each rebuild. */
  routes: () => readonly RouteRecord[];
  /** Region homes by region code, for window redirects. */
  homes: () => ReadonlyMap<string, string>;
  /** The server clock in epoch ms. */
  clock: () => number;
  /** Extra handler tried first (the dev server's events, the account service). true = handled. */
  before?: (request: IncomingMessage, response: ServerResponse) => boolean | Promise<boolean>;
  /** Rewrites an HTML page before it is sent (dev injects its reload client). */
  transformHtml?: (html: string) => string;
  /** Assets carry a content hash and never change (preview); dev serves them unhashed and fresh. */
  immutableAssets?: boolean;
}

const CONTENT_TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".webp": "image/webp",
  ".webm": "video/webm",
  ".ico": "image/x-icon",
  ".xml": "application/xml; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".map": "application/json; charset=utf-8",
};
const COMPRESSIBLE = /^(text\/|application\/(json|xml)|image\/svg)/;
/**
 * Host files that Netlify-style hosts read from the published folder (the build keeps a copy
 * there for them) and never serve: neither does preview.
 */
const UNSERVED = new Set(["/_redirects", "/_headers"]);

/** A site folder on disk; a path that leaves it (by .., by a symlink) reads as missing. */
export function filesOnDisk(root: string): SiteFiles {
  return {
    async read(path) {
      // Resolved on every request: dist is a link that each build points at a new build folder.
      try {
        const base = await realpath(root);
        const full = await realpath(join(base, path));
        if (full !== base && !full.startsWith(base + sep)) return undefined;
        if (!(await stat(full)).isFile()) return undefined;
        return await readFile(full);
      } catch {
        return undefined;
      }
    },
  };
}

export function filesInMemory(files: () => Pick<ReadonlyMap<string, OutputFile>, "get">): SiteFiles {
  return {
    async read(path) {
      const file = files().get(`site/${path}`);
      const contents = file === undefined ? undefined : contentsOf(file);
      return typeof contents === "string" ? Buffer.from(contents) : contents;
    },
  };
}

/**
 * The decoded site path of a request, or null when it is not one a file could be served for:
 * bad escapes, NUL, backslashes, or dot segments (after decoding, so %2e%2e counts).
 */
function sitePath(rawUrl: string): string | null {
  const pathname = rawUrl.split(/[?#]/, 1)[0] ?? "/";
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (!decoded.startsWith("/") || decoded.includes("\0") || decoded.includes("\\")) return null;
  if (decoded.split("/").some((segment) => segment === ".." || segment === ".")) return null;
  return posix.normalize(decoded);
}

/** Compressed bodies kept for reuse. */
const COMPRESSED_KEPT = 2_000;
const PLAIN_TEXT = "text/plain; charset=utf-8";

type HeaderFields = Record<string, string>;
/** A redirect to answer with instead of a file. */
type Redirect = { status: number; headers: HeaderFields };
type Encoding = "br" | "gzip";

/** Hashed assets are kept for ever; build.json and pages are asked for again each time. */
function cacheControlOf(path: string, isHtml: boolean, immutableAssets: boolean): string {
  if (immutableAssets && HASHED_FOLDERS.some((folder) => path.startsWith(folder))) return CACHE_CONTROL.hashedAsset;
  if (path === "build.json") return CACHE_CONTROL.buildJson;
  return isHtml ? CACHE_CONTROL.page : "public, max-age=0, must-revalidate";
}

/** The encoding a body is sent in: brotli before gzip, none for a small or binary body. */
function encodingOf(type: string, size: number, acceptEncoding: string): Encoding | null {
  if (!COMPRESSIBLE.test(type) || size <= 256) return null;
  return /\bbr\b/.test(acceptEncoding) ? "br" : /\bgzip\b/.test(acceptEncoding) ? "gzip" : null;
}

/** Compresses a body once per encoding and etag: a page asked for again is not compressed again. */
function compressionCache(): (body: Uint8Array, encoding: Encoding, etag: string) => Buffer {
  const compressed = new Map<string, Buffer>();
  return (body, encoding, etag) => {
    const key = `${encoding}:${etag}`;
    let packed = compressed.get(key);
    if (!packed) {
      packed =
        encoding === "br" ? brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }) : gzipSync(body);
      // Under site dev every rebuild gives pages new etags: keep the most recent only.
      if (compressed.size >= COMPRESSED_KEPT) compressed.delete(compressed.keys().next().value!);
      compressed.set(key, packed);
    }
    return packed;
  };
}

/**
 * The region is read from the first path segment, lowercased (seed 000 §2): /US/x answers 301
 * to /us/x, the rest of the path and the query as they were sent. null: not a region in capitals.
 */
function regionCaseRedirect(url: string, regionPrefixes: ReadonlySet<string>): Redirect | null {
  const rawFirst = url.split(/[?#]/, 1)[0]!.split("/")[1] ?? "";
  const first = decodeURIComponent(rawFirst);
  const region = first.toLowerCase();
  if (first === region || !regionPrefixes.has(`/${region}`)) return null;
  return {
    status: 301,
    headers: { location: `/${region}${url.slice(1 + rawFirst.length)}`, "cache-control": "no-cache" },
  };
}

const isRead = (request: IncomingMessage) => request.method === "GET" || request.method === "HEAD";

export function createPreviewHandler(options: PreviewOptions) {
  const compress = compressionCache();
  /** /us, /uk, ...: the region homes but the root one (dev's change with each rebuild). */
  const regionPrefixes = () => new Set([...options.homes().values()].filter((home) => home !== "/"));
  // This server is plain http on this machine: no HSTS.
  const security = Object.fromEntries(securityHeaders({ https: false }));

  const send = (
    request: IncomingMessage,
    response: ServerResponse,
    status: number,
    headers: HeaderFields,
    body?: Uint8Array | string,
  ) => {
    const bytes = body === undefined ? undefined : typeof body === "string" ? Buffer.from(body) : Buffer.from(body);
    response.writeHead(status, {
      ...security,
      ...headers,
      ...(bytes ? { "content-length": String(bytes.byteLength) } : {}),
    });
    response.end(request.method === "HEAD" ? undefined : bytes);
  };

  const sendFile = (
    request: IncomingMessage,
    response: ServerResponse,
    path: string,
    contents: Uint8Array,
    status = 200,
  ) => {
    const type = CONTENT_TYPES[extname(path)] ?? "application/octet-stream";
    const isHtml = type.startsWith("text/html");
    let body: Uint8Array =
      isHtml && options.transformHtml
        ? Buffer.from(options.transformHtml(Buffer.from(contents).toString("utf8")))
        : contents;
    const etag = `"${createHash("sha1").update(body).digest("base64url")}"`;
    const cache = cacheControlOf(path, isHtml, options.immutableAssets ?? true);
    const headers: HeaderFields = { "content-type": type, "cache-control": cache, etag, vary: "accept-encoding" };
    if (status === 200 && request.headers["if-none-match"] === etag) return send(request, response, 304, headers);
    const encoding = encodingOf(type, body.byteLength, String(request.headers["accept-encoding"] ?? ""));
    if (encoding) {
      body = compress(body, encoding, etag);
      headers["content-encoding"] = encoding;
    }
    send(request, response, status, headers, body);
  };

  const notFound = async (request: IncomingMessage, response: ServerResponse) => {
    const page = await options.files.read("404.html");
    if (page) return sendFile(request, response, "404.html", page, 404);
    send(request, response, 404, { "content-type": PLAIN_TEXT }, "Not found\n");
  };

  const serverTime = (request: IncomingMessage, response: ServerResponse) => {
    if (!isRead(request)) return send(request, response, 405, { allow: "GET, HEAD" });
    const envelope = JSON.stringify({ code: 2000, msg: "ok", data: options.clock() });
    send(
      request,
      response,
      200,
      { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" },
      envelope,
    );
  };

  /** What routes.json says of a path: its redirect, home when outside its window, or its path without the trailing slash. */
  const routeRedirect = (path: string): Redirect | null => {
    const routePath = path.length > 1 && path.endsWith("/") ? path.slice(0, -1) : path;
    const route = options.routes().find((r) => r.path === routePath);
    if (!route) return null;
    if (route.redirect)
      return { status: route.redirect.status, headers: { location: route.redirect.to, "cache-control": "no-cache" } };
    if (route.window && !inWindow(route.window, options.clock())) {
      return {
        status: 302,
        headers: { location: options.homes().get(route.region) ?? "/", "cache-control": "no-store" },
      };
    }
    return routePath === path ? null : { status: 301, headers: { location: routePath } };
  };

  /** The file at a site path, else its folder's index.html, else the 404 page. */
  const serveFile = async (request: IncomingMessage, response: ServerResponse, path: string) => {
    if (UNSERVED.has(path)) return notFound(request, response);
    const relative = path.slice(1);
    const direct = relative && !relative.endsWith("/") ? await options.files.read(relative) : undefined;
    if (direct) return sendFile(request, response, relative, direct);
    const index = posix.join(relative, "index.html");
    const page = await options.files.read(index);
    if (page) return sendFile(request, response, index, page);
    return notFound(request, response);
  };

  const answer = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    // First, before any other handler (dev's event stream, the account calls): who asks.
    const refusal = checkLocalRequest(request);
    if (refusal)
      return send(
        request,
        response,
        refusal.status,
        { "content-type": PLAIN_TEXT, "cache-control": "no-store" },
        `${refusal.message}\n`,
      );
    if (options.before && (await options.before(request, response))) return;
    const url = request.url ?? "/";
    const path = sitePath(url);
    if (path === null) return send(request, response, 400, { "content-type": PLAIN_TEXT }, "Bad request\n");
    if (path === "/ssr/timestamp") return serverTime(request, response);
    if (!isRead(request)) return send(request, response, 405, { allow: "GET, HEAD" });
    const redirect = regionCaseRedirect(url, regionPrefixes()) ?? routeRedirect(path);
    if (redirect) return send(request, response, redirect.status, redirect.headers);
    return serveFile(request, response, path);
  };

  return async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    try {
      await answer(request, response);
    } catch (error) {
      // The server never answers with a stack; it says so in one line and keeps serving.
      console.error(`preview: ${error instanceof Error ? error.message : String(error)}`);
      if (!response.headersSent) send(request, response, 500, { "content-type": PLAIN_TEXT }, "Internal error\n");
      else response.end();
    }
  };
}

/** Whether a route's window, as routes.json writes it, is live at `now` (epoch ms). */
function inWindow(window: { start: string | null; end: string | null }, now: number): boolean {
  const instant = (iso: string | null) => (iso ? DateTime.fromISO(iso, { setZone: true }) : null);
  return stateAt({ start: instant(window.start), end: instant(window.end) }, DateTime.fromMillis(now)) === "live";
}
