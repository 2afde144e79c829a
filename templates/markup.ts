// Markup a template writes around React's own escaping, and the address of the site's icon.

/**
 * The site's icon, at the root where browsers and feed readers look for one. Not under images/,
 * whose files are named by their content and kept for ever: an icon changed in the specs keeps
 * this address, so it is asked for again (compiler/write/site-files.ts writes it).
 */
export const FAVICON_URL = "/favicon.svg";

/** JSON for a <script type="application/ld+json">: no spec text can close the element. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
