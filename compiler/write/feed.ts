// A region's news feed as Atom XML (RFC 4287): what compile/feed.ts gathered from the news page.
// Every text passes escapeMarkup once as HTML and once more as the XML that carries it.

import type { FeedData, FeedEntry } from "../compile/feed.ts";
import { escapeMarkup } from "../render/markup.ts";

/** The item's text as HTML: paragraphs, list, links. */
function entryHtml(entry: FeedEntry): string {
  return [
    ...entry.paragraphs.map((p) => `<p>${escapeMarkup(p)}</p>`),
    ...(entry.list.length ? [`<ul>${entry.list.map((i) => `<li>${escapeMarkup(i)}</li>`).join("")}</ul>`] : []),
    ...entry.links.map((l) => `<p><a href="${escapeMarkup(l.href)}">${escapeMarkup(l.label)}</a></p>`),
  ].join("\n");
}

// Characters XML 1.0 does not allow anywhere, even escaped.
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

export function atomFeed(feed: FeedData, now: string): string {
  const x = (s: string) => escapeMarkup(s.replace(NOT_XML, ""));
  const entries = feed.entries.map((e) =>
    [
      "  <entry>",
      `    <title>${x(e.title)}</title>`,
      `    <id>${x(e.link)}</id>`,
      `    <link rel="alternate" type="text/html" href="${x(e.link)}"/>`,
      `    <published>${x(e.published)}</published>`,
      `    <updated>${x(e.published)}</updated>`,
      `    <content type="html">${x(entryHtml(e))}</content>`,
      "  </entry>",
    ].join("\n"),
  );
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${x(feed.lang)}">`,
    `  <title>${x(feed.title)}</title>`,
    `  <subtitle>${x(feed.subtitle)}</subtitle>`,
    `  <id>${x(feed.url)}</id>`,
    `  <link rel="self" type="application/atom+xml" href="${x(feed.url)}"/>`,
    `  <link rel="alternate" type="text/html" href="${x(feed.page)}"/>`,
    // A feed with nothing published yet was last updated when it was built.
    `  <updated>${x(feed.updated ?? now)}</updated>`,
    `  <author><name>${x(feed.author)}</name></author>`,
    ...entries,
    "</feed>",
    "",
  ].join("\n");
}
