// The security headers every answer of the site carries, whoever serves it: site preview and
// site dev send them, and the host files a build writes (nginx.conf, _headers) set them. One
// list, so that what a developer tries on this machine and what the host sends cannot disagree.

/** The Content-Security-Policy of the site: its own scripts, styles and calls only. */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  // The account calls go to the site's own origin (the API behind it in production; the local
  // account service or the --api proxy under site preview and site dev).
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

/**
 * Two years, as the HSTS preload list asks. Sent only for https origins: over plain http a browser
 * ignores it (RFC 6797 §8.1), and site preview's loopback origin is plain http.
 */
const STRICT_TRANSPORT_SECURITY = "max-age=63072000";

/**
 * The headers by their canonical names (Content-Security-Policy, ...), in a fixed order.
 * `https`: whether the site is served over https (every origin of site.yaml is, in production).
 */
export function securityHeaders(options: { https: boolean }): [name: string, value: string][] {
  return [
    ["Content-Security-Policy", CONTENT_SECURITY_POLICY],
    ["X-Content-Type-Options", "nosniff"],
    ["X-Frame-Options", "DENY"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ...(options.https ? [["Strict-Transport-Security", STRICT_TRANSPORT_SECURITY] as [string, string]] : []),
  ];
}

/**
 * The folders of the published site whose every file is named by its content's hash: the bundle's
 * scripts and styles (assets/) and the images stage's pictures (images/). A changed file has a new
 * name, so a browser may keep each one for ever and never ask again.
 */
export const HASHED_FOLDERS = ["assets/", "images/"] as const;

/** Cache-Control by what a file is; the same for site preview and the host files. */
export const CACHE_CONTROL = {
  /** Files under HASHED_FOLDERS carry a content hash in their name and never change. */
  hashedAsset: "public, max-age=31536000, immutable",
  /** build.json names the deployed build: a countdown at zero asks for it and must get the truth. */
  buildJson: "no-store",
  /** Pages are always asked again, and answered 304 while they have not changed. */
  page: "no-cache",
} as const;
