// Text made safe for the markup the compiler writes without React: redirect pages, the sitemap,
// dev's failure page.

const markupEntities: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };

/**
 * Text safe inside XML or HTML, as element text or a quoted attribute. Addresses rarely hold any
 * of these: test first, and the sitemap of a large site costs little.
 */
export const escapeMarkup = (s: string) => (/[&<>"]/.test(s) ? s.replace(/[&<>"]/g, (c) => markupEntities[c]!) : s);
