// Stage 7, write: the files around the pages that hosts and crawlers read (routes.json and the
// route manifests, build.json, sitemap.xml, robots.txt; the host files _redirects, _headers and an
// nginx snippet, with the security headers of site preview), and the swap that makes a build
// all-or-nothing and never leaves a moment without output. --out is a symbolic link to a build
// folder beside it (dist -> .dist.builds/<build>); a build writes a build folder of its own and then
// renames a new link over the old one, which the file system does in one step. A failed or killed
// build leaves the previous output as it was, and a server reading dist/site reads one whole build.
//
// The build swapped out is kept as the spare (.dist.builds/spare), and the next build writes over
// it rather than making every file anew: at 10,000 routes a build that changes a fifth of the pages
// would otherwise make 10,000 folders and link 15,500 unchanged files, and the build it replaces
// would be deleted in the background. Its record (write/record.ts) says what each file holds.

import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import {
  constants,
  copyFileSync,
  existsSync,
  linkSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmdirSync,
  rmSync,
  statSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from "node:fs";
import { basename, dirname, join, relative, resolve } from "node:path";
import type { CompiledSite, RouteManifest } from "../compile/index.ts";
import { routeFile } from "../compile/manifest.ts";
import type { SiteModel } from "../link/model.ts";
import { CACHE_CONTROL, HASHED_FOLDERS, securityHeaders } from "../../server/security-headers.ts";
import { escapeMarkup } from "../render/markup.ts";

/** The folder beside `out` that holds its builds: .dist.builds for dist. */
export function buildsFolder(out: string): string {
  const absolute = resolve(out);
  return join(dirname(absolute), `.${basename(absolute)}.builds`);
}

/** The build folder `out` links to now, if it is a link into its builds folder. */
function currentBuild(out: string): string | null {
  const absolute = resolve(out);
  if (!lstatSync(absolute, { throwIfNoEntry: false })?.isSymbolicLink()) return null;
  const target = resolve(dirname(absolute), readlinkSync(absolute));
  return dirname(target) === buildsFolder(out) ? basename(target) : null;
}

let stagingCount = 0;
/** The build folders this process is writing: never stale, whatever their pid says. */
const inProgress = new Set<string>();

/** The name, in the builds folder, of the build before the current one, kept for the next build to write over. */
const SPARE = "spare";

/** A build folder for this build, and what the spare it was made from held, if it was. */
export interface Staging<Spare> {
  folder: string;
  spare: Spare | null;
}

/**
 * A build folder for this build; what killed builds left behind is cleared up first. Given
 * `takeSpare`, the spare becomes this build's folder when `takeSpare` can say what it holds (its
 * record); otherwise the folder is a new, empty one.
 */
export function stagingFolder<Spare = never>(
  out: string,
  takeSpare?: (folder: string) => Spare | null,
): Staging<Spare> {
  const builds = buildsFolder(out);
  mkdirSync(builds, { recursive: true });
  recoverFromKilledBuilds(out);
  removeStaleBuilds(out);
  // The count tells apart two builds this process starts within one millisecond: a name taken
  // twice would remove the build that `out` links to.
  const staging = join(builds, `${process.pid}-${Date.now().toString(36)}-${(stagingCount++).toString(36)}`);
  rmSync(staging, { recursive: true, force: true });
  inProgress.add(staging);
  // Renamed first: named by this process, a build folder killed half rewritten is cleared up as stale.
  if (takeSpare && existsSync(join(builds, SPARE))) {
    renameSync(join(builds, SPARE), staging);
    const spare = takeSpare(staging);
    if (spare !== null) return { folder: staging, spare };
    removeFolder(staging);
  }
  mkdirSync(staging);
  return { folder: staging, spare: null };
}

/** A build folder given up (the build failed): removed, and no longer in progress. */
export function discardStaging(staging: string): void {
  inProgress.delete(staging);
  removeFolder(staging);
}

/**
 * Clears up what builds killed on `out` left behind, as a build does before it writes; for a build
 * that finds nothing changed and writes nothing (compiler/write/record.ts).
 */
export function clearKilledBuilds(out: string): void {
  if (!existsSync(buildsFolder(out))) return;
  recoverFromKilledBuilds(out);
  removeStaleBuilds(out);
}

/**
 * Outputs written before --out was a link were swapped with two renames; a build killed between
 * them left no `out` but the previous one set aside: put it back, and clear the rest up.
 */
function recoverFromKilledBuilds(out: string): void {
  const parent = dirname(resolve(out));
  const name = basename(resolve(out));
  const leftovers = readdirSync(parent).filter((f) =>
    [".building-", ".old-", ".link-"].some((kind) => f.startsWith(`.${name}${kind}`)),
  );
  for (const leftover of leftovers) {
    const pid = Number(leftover.slice(leftover.lastIndexOf("-") + 1));
    if (pid === process.pid || isAlive(pid)) continue;
    if (leftover.startsWith(`.${name}.old-`) && !existsSync(out)) renameSync(join(parent, leftover), out);
    else removeInBackground(join(parent, leftover));
  }
}

/** Removes the build folders that `out` does not link to, but those live builds are writing. */
function removeStaleBuilds(out: string): void {
  const builds = buildsFolder(out);
  const current = currentBuild(out);
  for (const build of readdirSync(builds)) {
    const pid = Number(build.slice(0, build.indexOf("-")));
    if (
      build === current ||
      build === SPARE ||
      inProgress.has(join(builds, build)) ||
      (pid !== process.pid && isAlive(pid))
    )
      continue;
    removeFolder(join(builds, build));
  }
}

/**
 * Renamed out of the way at once, then removed by a process of its own: whoever looks next finds
 * it gone, whatever the remover has got through. The new name is unique: the spare removed by
 * the last build may still be being removed.
 */
function removeFolder(folder: string): void {
  const name = basename(folder);
  const doomed = name.startsWith("removed-")
    ? folder
    : join(dirname(folder), `removed-${name}-${process.pid}-${(stagingCount++).toString(36)}`);
  try {
    if (doomed !== folder) renameSync(folder, doomed);
  } catch {
    return; // removed meanwhile
  }
  removeInBackground(doomed);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Makes `out` the finished build folder: a new link is made beside `out` and renamed over it, so
 * `out` names the old build until the instant it names the new one. The previous build becomes
 * the spare, and the spare before it is removed by a process of its own: deleting a large site
 * takes as long as writing it, and nobody waits.
 */
export function swapIn(staging: string, out: string): void {
  const absolute = resolve(out);
  const previous = currentBuild(out);
  const link = join(dirname(absolute), `.${basename(absolute)}.link-${process.pid}`);
  rmSync(link, { force: true });
  // Windows makes folder links as junctions, which take an absolute target.
  if (process.platform === "win32") symlinkSync(staging, link, "junction");
  else symlinkSync(relative(dirname(absolute), staging), link);
  const existing = lstatSync(absolute, { throwIfNoEntry: false });
  // An output from before outputs were links is a folder, which no link can be renamed over: it
  // is moved into the builds folder first, the one time a build leaves a moment without output.
  if (existing?.isDirectory()) renameSync(absolute, join(buildsFolder(out), `${process.pid}-earlier`));
  renameSync(link, absolute);
  inProgress.delete(staging);
  // From here on nothing may throw: the build is in, and a failure would have it discarded.
  const builds = buildsFolder(out);
  if (previous !== null && join(builds, previous) !== staging) {
    removeFolder(join(builds, SPARE));
    try {
      renameSync(join(builds, previous), join(builds, SPARE));
    } catch {
      // Left as a stale build, removed below: the next build makes its folder anew.
    }
  }
  removeStaleBuilds(out);
}

function removeInBackground(folder: string): void {
  const remover = spawn(
    process.execPath,
    ["-e", "require('node:fs').rmSync(process.argv[1], { recursive: true, force: true })", folder],
    {
      detached: true,
      stdio: "ignore",
    },
  );
  // Should the process fail to start, the next build clears the folder up (removeStaleBuilds).
  remover.on("error", () => {});
  remover.unref();
}

/**
 * Output files by path inside --out: "site/us/index.html", "manifests/routes.json",
 * "generated/shared.ts". A function stands for a file made when it is first read: site dev
 * leaves the pages and host files nobody has asked for unmade.
 */
export type OutputFiles = Map<string, OutputFile>;
export type OutputFile = string | Uint8Array | (() => string);
/** Output files, every one made. */
export type MadeFiles = Map<string, string | Uint8Array>;

/** The contents of an output file, made now if it was deferred. */
export function contentsOf(file: OutputFile): string | Uint8Array {
  return typeof file === "function" ? file() : file;
}

/** Runs `make` on the first call only. */
export function once(make: () => string): () => string {
  let made: string | undefined;
  return () => (made ??= make());
}

/**
 * Where a build writes: its build folder, and the output it is about to replace, if any. When the
 * build folder is the spare (stagingFolder), it already holds the files of the build before that
 * output: a file there is left as it is when it holds the bytes asked for, and otherwise removed
 * before anything is made at its path, never written through (it may be a link that the output
 * `previous` shares).
 */
export interface OutputTarget {
  staging: string;
  previous: string | null;
}

/**
 * What is known of the files at a path, by the hashes the builds' records keep (write/record.ts):
 * `previous`, the hash of the previous output's file (null: it has none; left out: unknown, the
 * file is read and compared); `here`, the hash of the file the build folder already holds, if any.
 */
export interface KnownFiles {
  previous?: string | null;
  here?: string;
}

/** The hash a record keeps of a file's bytes. */
export function hashOf(bytes: Uint8Array): string {
  return createHash("sha1").update(bytes).digest("base64url");
}

const encoder = new TextEncoder();
let scratch = Buffer.allocUnsafe(1 << 16);

/**
 * A string's UTF-8 bytes in a buffer reused by the next call: valid until then. A page's HTML
 * takes one pass this way, where Buffer.from measures the string first and then encodes it (2.5
 * times as long over the real site's pages).
 */
function utf8(text: string): Buffer {
  for (;;) {
    const { read, written } = encoder.encodeInto(text, scratch);
    if (read === text.length) return scratch.subarray(0, written);
    scratch = Buffer.allocUnsafe(Math.max(scratch.length * 2, text.length * 3));
  }
}

/**
 * Writes one file of a build: left as it is when the build folder already holds these bytes;
 * hard-linked from the previous output when that holds them, since creating a file costs far more
 * than linking one (half a millisecond against a few microseconds on this project's machines) and
 * an unchanged file keeps its time stamp, so deploy tools that compare times skip it; written
 * otherwise. Nothing is ever written into the previous output's files, so it stays whole whatever
 * becomes of this build. The hash is returned for the next build's record.
 */
export function writeOutput(
  target: OutputTarget,
  path: string,
  content: string | Uint8Array,
  known: KnownFiles = {},
): { bytes: number; linked: boolean; hash: string } {
  const bytes = typeof content === "string" ? utf8(content) : content;
  const hash = hashOf(bytes);
  const written = { bytes: bytes.byteLength, linked: true, hash };
  if (known.here === hash) return written;
  const full = join(target.staging, path);
  makeRoom(target, full, known.here !== undefined);
  if (target.previous !== null && known.previous !== null) {
    const before = join(target.previous, path);
    if (
      known.previous === undefined
        ? statSync(before, { throwIfNoEntry: false })?.size === bytes.byteLength && readFileSync(before).equals(bytes)
        : known.previous === hash
    ) {
      try {
        linkSync(before, full);
        return written;
      } catch {
        // A file system without hard links, or no such file after all: written below.
      }
    }
  }
  try {
    writeFileSync(full, bytes, { flag: "wx" });
  } catch (error) {
    // A file the record did not name: removed, not written through.
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    unlinkSync(full);
    writeFileSync(full, bytes, { flag: "wx" });
  }
  return { ...written, linked: false };
}

/**
 * Puts the previous build's file at `path` into the new one: a hard link, else a copy (a clone
 * where the file system shares blocks). `here`: the build folder holds a file at `path` (the
 * spare's), which goes first. False when there is no previous build or it has no such file.
 */
export function reuseFile(target: OutputTarget, path: string, here = false): boolean {
  if (target.previous === null) return false;
  const from = join(target.previous, path);
  const to = join(target.staging, path);
  makeRoom(target, to, here);
  try {
    linkSync(from, to);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return false;
  }
  try {
    copyFileSync(from, to, constants.COPYFILE_FICLONE | constants.COPYFILE_EXCL);
    return true;
  } catch {
    return false;
  }
}

/**
 * Clears the way for a file at `full`: the file the build folder holds there goes (`here`), or
 * its folder is made.
 */
function makeRoom(target: OutputTarget, full: string, here: boolean): void {
  if (here) {
    try {
      unlinkSync(full);
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
  }
  folderFor(target, full);
}

/**
 * Removes from the build folder the files the spare held that this build has not (`files`: every
 * file of this build), and the folders that leaves empty.
 */
export function removeLeftovers(target: OutputTarget, held: Iterable<string>, files: ReadonlySet<string>): void {
  const emptied = new Set<string>();
  for (const path of held) {
    if (files.has(path)) continue;
    rmSync(join(target.staging, path), { force: true });
    emptied.add(dirname(path));
  }
  // Deepest first, so that a folder whose only content was an emptied folder goes too.
  const folders = [...emptied].flatMap((folder) => {
    const chain: string[] = [];
    for (let f = folder; f !== "." && f !== "/" && f !== ""; f = dirname(f)) chain.push(f);
    return chain;
  });
  for (const folder of [...new Set(folders)].sort((a, b) => b.length - a.length)) {
    try {
      rmdirSync(join(target.staging, folder));
    } catch {
      // Not empty.
    }
  }
}

/** The folders each build made so far: a folder holding many files is made once, not once per file. */
const foldersMade = new WeakMap<OutputTarget, Set<string>>();

function folderFor(target: OutputTarget, file: string): void {
  const folder = dirname(file);
  let made = foldersMade.get(target);
  if (!made) foldersMade.set(target, (made = new Set()));
  if (made.has(folder)) return;
  mkdirSync(folder, { recursive: true });
  made.add(folder);
}

/** Where the two files that name the instant a build shows are, inside --out. */
export const ROUTES_FILE = "manifests/routes.json";
export const BUILD_FILE = "site/build.json";

/** routes.json: every route, the instant the build shows, and when its output would next change. */
export function routesJson(compiled: CompiledSite): string {
  return routesJsonText(compiled.now, compiled.nextChange, routeList(compiled));
}

type RouteList = ReturnType<typeof routeList>;

function routesJsonText(now: string, nextChange: string | null, routes: RouteList): string {
  return JSON.stringify({ now, nextChange, routes }, null, 2) + "\n";
}

function routeList(compiled: CompiledSite) {
  return compiled.routes.map(({ manifest: m }) => ({
    path: m.path,
    region: m.region,
    locale: m.locale,
    page: m.page,
    file: m.file,
    window: m.window,
    redirect: m.redirect,
  }));
}

/**
 * Makes in the target the previous build's output as of `now`, a later instant before its next
 * change (write/record.ts, outputAt): every file is linked from the previous build (or left as it
 * is where the build folder already holds it) but the two that name the instant, routes.json and
 * build.json, written anew. `files` are the previous output's files and their hashes, `here` the
 * build folder's (the spare's). The build's own records (the dot files at the top of its folder)
 * are left to the caller. Returns the hashes of the files written anew.
 */
export function restampOutput(
  target: OutputTarget & { previous: string },
  now: string,
  files: ReadonlyMap<string, string>,
  here: ReadonlyMap<string, string>,
): Map<string, string> {
  for (const [path, hash] of files) {
    if (path === ROUTES_FILE || path === BUILD_FILE || here.get(path) === hash) continue;
    if (!reuseFile(target, path, here.has(path))) throw new Error(`could not take ${path} from the previous build`);
  }
  removeLeftovers(target, here.keys(), new Set(files.keys()));
  const shown = JSON.parse(readFileSync(join(target.previous, ROUTES_FILE), "utf8")) as {
    nextChange: string | null;
    routes: RouteList;
  };
  const restamped = new Map<string, string>();
  for (const [path, content] of [
    [ROUTES_FILE, routesJsonText(now, shown.nextChange, shown.routes)],
    [BUILD_FILE, buildJson({ now, nextChange: shown.nextChange })],
  ] as const)
    restamped.set(path, writeOutput(target, path, content, { previous: null, here: here.get(path) }).hash);
  return restamped;
}

/**
 * build.json in the web root: which build is deployed, the same `now` and `nextChange` as
 * routes.json. A countdown at zero asks for it (runtime/deployed-build.ts) and reloads its page
 * once a build as of the stage's end is there; servers send it uncached.
 */
export function buildJson(compiled: Pick<CompiledSite, "now" | "nextChange">): string {
  return JSON.stringify({ now: compiled.now, nextChange: compiled.nextChange }) + "\n";
}

/** The path prefixes of the regions that have one: /us, /uk, ... (cn is at the root). */
function regionPrefixes(model: SiteModel): string[] {
  return [...model.regions.values()].map((r) => r.prefix).filter((p) => p !== "");
}

/** A route manifest as written: one line, since there are as many as routes. */
export function manifestJson(m: RouteManifest): string {
  return JSON.stringify(m) + "\n";
}

/** The manifest file of a route, beside routes.json: manifests/us/flagship-bumblebee.json. */
export function manifestPath(m: Pick<RouteManifest, "path">): string {
  return m.path === "/" ? "manifests/index.json" : `manifests${m.path}.json`;
}

/** Where the page of the route at `path` and its manifest are inside --out. */
export function pageFiles(path: string): { file: string; manifestFile: string } {
  return { file: `site/${routeFile(path)}`, manifestFile: manifestPath({ path }) };
}

/** What a route's page shows in its head, compiled now or kept from the last build's notes. */
const headOf = (route: CompiledSite["routes"][number]) => route.data?.head ?? route.kept?.head;

export function sitemapXml(compiled: CompiledSite): string {
  const entries = compiled.routes
    .flatMap((r) => {
      const head = headOf(r);
      return head && !head.robots ? [head] : [];
    })
    .map((head) => {
      const alternates = head.alternates
        .map(
          (a) =>
            `    <xhtml:link rel="alternate" hreflang="${escapeMarkup(a.hreflang)}" href="${escapeMarkup(a.href)}"/>`,
        )
        .join("\n");
      return `  <url>\n    <loc>${escapeMarkup(head.canonical)}</loc>\n${alternates}\n  </url>`;
    });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${entries.join("\n")}\n</urlset>\n`;
}

export function robotsTxt(compiled: CompiledSite, model: SiteModel): string {
  const disallow = compiled.routes
    .filter((r) => headOf(r)?.robots)
    .map((r) => `Disallow: ${r.manifest.path}`)
    .sort();
  const origins = [...new Set([...model.regions.values()].map((r) => r.origin))];
  return ["User-agent: *", "Allow: /", ...disallow, "", ...origins.map((o) => `Sitemap: ${o}/sitemap.xml`), ""].join(
    "\n",
  );
}

/**
 * _redirects for Netlify-style static hosts: the redirects of the specs, then the region read
 * from the first path segment, lowercased (seed 000 §2): every other spelling of a region prefix
 * answers 301 to the lowercase one, the rest of the path and the query kept.
 */
export function redirectsFile(compiled: CompiledSite): string {
  const redirects = compiled.routes
    .filter((r) => r.manifest.redirect)
    .map(({ manifest: m }) => `${m.path} ${m.redirect!.to} ${m.redirect!.status}`);
  // No rules for /US/...: Netlify-style hosts lowercase paths themselves and match rules without
  // regard to case, so a rule from /US to /us would also catch /us and loop.
  return [...redirects, ""].join("\n");
}

/** HSTS only where every origin is https: it would lock a plain-http origin out of browsers. */
function allHttps(model: SiteModel): boolean {
  return [...model.regions.values()].every((r) => r.origin.startsWith("https://"));
}

/**
 * _headers for Netlify-style static hosts (Netlify, Cloudflare Pages): the security headers of
 * site preview on every path, and the cache rules preview follows.
 */
export function headersFile(model: SiteModel): string {
  const block = (pattern: string, headers: [string, string][]) => [
    pattern,
    ...headers.map(([name, value]) => `  ${name}: ${value}`),
  ];
  return [
    "# Generated by site build: the headers of every answer, the same as site preview sends.",
    ...block("/*", securityHeaders({ https: allHttps(model) })),
    ...HASHED_FOLDERS.flatMap((folder) => block(`/${folder}*`, [["Cache-Control", CACHE_CONTROL.hashedAsset]])),
    ...block("/build.json", [["Cache-Control", CACHE_CONTROL.buildJson]]),
    "",
  ].join("\n");
}

/** An nginx snippet to include in the server block whose root is dist/site. */
export function nginxConf(compiled: CompiledSite, model: SiteModel): string {
  const redirects = compiled.routes
    .filter((r) => r.manifest.redirect)
    .map(({ manifest: m }) => `location = ${m.path} { return ${m.redirect!.status} ${m.redirect!.to}; }`);
  // A regex that matches the prefix in any case but the lowercase one, so /us itself is served.
  const anyCase = (code: string) =>
    [...code].map((c) => (c.toLowerCase() === c.toUpperCase() ? c : `[${c.toLowerCase()}${c.toUpperCase()}]`)).join("");
  const cases = regionPrefixes(model).map((prefix) => {
    const code = prefix.slice(1);
    return `location ~ ^/(?!${code}(?:/|$))${anyCase(code)}(/.*)?$ { return 301 ${prefix}$1$is_args$args; }`;
  });
  // "always": on 404s and redirects too. nginx hands a location the server's add_header lines
  // only when it has none of its own, so a location that sets Cache-Control repeats them.
  const security = securityHeaders({ https: allHttps(model) }).map(
    ([name, value]) => `add_header ${name} "${value}" always;`,
  );
  const withSecurity = (line: string) => [line, ...security].join(" ");
  return [
    "# Generated by site build. Include it inside the server block whose root is dist/site:",
    "#   server { listen 443 ssl; root /srv/site/dist/site; include /srv/site/dist/host/nginx.conf; }",
    "# It lives beside the web root, not in it, so it is never served.",
    "# Redirects name the site's own paths, whatever scheme and port a proxy in front of nginx uses.",
    "absolute_redirect off;",
    "# Pages, scripts and texts are UTF-8, as site preview's Content-Type says.",
    "charset utf-8;",
    "# The security headers of every answer, the same as site preview sends.",
    ...security,
    ...redirects,
    "# The region is the first path segment, lowercased: /US/... answers 301 to /us/..., query kept.",
    ...cases,
    "# Host files some hosts read from the web root (site/_redirects, site/_headers) are never served.",
    "location ~ ^/_(redirects|headers)$ { return 404; }",
    "# build.json names the deployed build; a countdown at zero asks for it, so it is never cached.",
    `location = /build.json { ${withSecurity(`add_header Cache-Control "${CACHE_CONTROL.buildJson}";`)} }`,
    `# Files under ${HASHED_FOLDERS.map((folder) => `/${folder}`).join(" and ")} have a content hash in their name: they never change.`,
    ...HASHED_FOLDERS.map(
      (folder) => `location /${folder} { ${withSecurity(`add_header Cache-Control "${CACHE_CONTROL.hashedAsset}";`)} }`,
    ),
    `location / { try_files $uri $uri/index.html =404; ${withSecurity(`add_header Cache-Control "${CACHE_CONTROL.page}";`)} }`,
    "error_page 404 /404.html;",
    "",
  ].join("\n");
}
