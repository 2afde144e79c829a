// What a link written in a spec is. Internal links are page paths (resolved per region by the
// link stage); external ones must be https. javascript:, data: and http: never reach a page.

export type InternalLink = { kind: "internal"; absolute: boolean; path: string; anchor: string | null };

export type ParsedLink =
  | { kind: "external"; url: URL }
  | InternalLink
  | { kind: "insecure"; scheme: string }
  | { kind: "invalid" };

const INTERNAL = /^(\/?)((?::?[a-z0-9][a-z0-9_-]*)(?:\/:?[a-z0-9][a-z0-9_-]*)*)?\/?(#[A-Za-z][\w-]*)?$/;
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

export function parseLink(text: string): ParsedLink {
  // Browsers ignore leading blanks and control characters before a scheme: so must we.
  const value = text.replace(/^[\s\u0000-\u001f]+/, "");
  const scheme = SCHEME.exec(value)?.[1]?.toLowerCase();
  if (scheme) {
    if (scheme !== "https") return { kind: "insecure", scheme: `${scheme}:` };
    try {
      const url = new URL(value);
      return url.hostname ? { kind: "external", url } : { kind: "invalid" };
    } catch {
      return { kind: "invalid" };
    }
  }
  if (value.startsWith("//")) return { kind: "insecure", scheme: "a protocol-relative address" };
  const m = INTERNAL.exec(value);
  if (!m) return { kind: "invalid" };
  return { kind: "internal", absolute: m[1] === "/", path: m[2] ?? "", anchor: m[3]?.slice(1) ?? null };
}

/** The page at a region's root: its path is the region's prefix alone. */
export const HOME_PAGE = "home";

/** A page's path in a region: the page id under the region's prefix; `home` is the prefix itself. */
export function regionPath(prefix: string, page: string): string {
  const rest = page === HOME_PAGE || page === "" ? "" : `/${page}`;
  return prefix + rest || "/";
}

/** The page id of a path under a region's prefix, as regionPath wrote it. */
export function regionPage(prefix: string, path: string): string {
  return path.slice(prefix.length + 1) || HOME_PAGE;
}

/**
 * The site path an internal link leads to from a region, without its anchor: the one resolver of
 * link (which checks a route is there) and compile (which writes the href), so the two agree.
 */
export function linkTarget(link: InternalLink, prefix: string): string {
  return link.absolute ? `/${link.path}` : regionPath(prefix, link.path);
}

/** Words written as a page id is (Where to Buy: where-to-buy): whether a label names its page. */
export const pageIdOf = (words: string): string =>
  words
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-|-$/g, "");
