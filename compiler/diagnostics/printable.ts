// Spec text on its way to a person. A spec file is anyone's text, and a terminal obeys what it
// prints: an escape sequence can clear the screen, rewrite earlier lines or plant a link; NUL and
// bidirectional controls hide or reorder what is shown; one 5 MB value buries every other line.
// So every character that acts instead of showing is written as an escape a reader can see, and a
// quoted value is cut to a length a reader can take in.

/** How much of a value a message quotes, in characters shown. */
const MAX_QUOTED = 200;

// Invisible characters that reorder or hide text ("Trojan Source"), beside the C0 and C1 controls.
// Joiners (U+200C, U+200D) are left alone: emoji and some scripts need them.
const hiddenChars = "\\u061c\\u200b\\u200e\\u200f\\u2028-\\u202e\\u2060-\\u2069\\ufeff\\ufff9-\\ufffb";
const hidden = new RegExp(`[${hiddenChars}]`);
// Every character escapeChar changes: the controls, a lone surrogate (with the u flag a pair is
// one code point, outside the range) and the hidden ones; the second leaves tabs alone.
const escaped = new RegExp(`[\\x00-\\x1f\\x7f-\\x9f\\ud800-\\udfff${hiddenChars}]`, "u");
const escapedKeepingTabs = new RegExp(`[\\x00-\\x08\\x0a-\\x1f\\x7f-\\x9f\\ud800-\\udfff${hiddenChars}]`, "u");
// Nearly every text is shown as it is: one search for what escapeChar changes spares building the
// result a character at a time (100,000 diagnostics printed spent most of their time on that).
const shownAsItIs = (text: string, keepTabs: boolean) => !(keepTabs ? escapedKeepingTabs : escaped).test(text);

function escapeChar(ch: string, keepTabs: boolean): string {
  const code = ch.codePointAt(0)!;
  if (code >= 0x20 && code < 0x7f) return ch;
  switch (code) {
    case 0x09:
      return keepTabs ? ch : "\\t";
    case 0x0a:
      return "\\n";
    case 0x0d:
      return "\\r";
  }
  if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return `\\x${code.toString(16).padStart(2, "0")}`;
  // A lone surrogate (the pairs arrive whole, as one code point).
  if ((code >= 0xd800 && code <= 0xdfff) || hidden.test(ch)) return `\\u${code.toString(16).padStart(4, "0")}`;
  return ch;
}

/**
 * The text as it may be shown: control and hiding characters as visible escapes (\x1b, \x00,
 * \u202e), and at most `max` characters of it, ending in … when cut. Tabs can be kept where a
 * caret must line up under them.
 */
export function printable(text: string, max = Infinity, options: { keepTabs?: boolean } = {}): string {
  const keepTabs = options.keepTabs ?? false;
  if (text.length <= max && shownAsItIs(text, keepTabs)) return text;
  let out = "";
  for (const ch of text) {
    const shown = escapeChar(ch, keepTabs);
    if (out.length + shown.length > max) return `${out}…`;
    out += shown;
  }
  return out;
}

/** Each character of `text` as it is shown: one entry per code point, for cutting a line at a width. */
export function printableChars(text: string, options: { keepTabs?: boolean } = {}): string[] {
  const keepTabs = options.keepTabs ?? false;
  return shownAsItIs(text, keepTabs) ? Array.from(text) : Array.from(text, (ch) => escapeChar(ch, keepTabs));
}

/** Every string a message will quote, made printable and cut to MAX_QUOTED (lists item by item). */
export function quotable<A>(args: A): A {
  if (args === null || typeof args !== "object") return args;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(args)) {
    out[key] =
      typeof value === "string"
        ? printable(value, MAX_QUOTED)
        : Array.isArray(value)
          ? value.map((item: unknown) => (typeof item === "string" ? printable(item, MAX_QUOTED) : item))
          : value;
  }
  return out as A;
}
