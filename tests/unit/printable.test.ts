// Spec text on its way to a terminal: every character that acts instead of showing (controls,
// a lone surrogate, the invisible ones that reorder text) is written as an escape a reader can
// see, whatever else the text holds, and a value is cut to the length asked for. The text shown
// as it is takes a shortcut (printable.ts); this holds it to the escapes character by character.
import fc from "fast-check";
import { expect, test } from "vitest";
import { printable, printableChars } from "../../compiler/diagnostics/printable.ts";

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
// The invisible characters that hide or reorder text ("Trojan Source"); the joiners stay.
const hidden = new Set([0x061c, 0x200b, 0x200e, 0x200f, ...range(0x2028, 0x202e), ...range(0x2060, 0x2069), 0xfeff]);
for (const c of range(0xfff9, 0xfffb)) hidden.add(c);

/** How one character is shown. */
function expectedShown(ch: string, keepTabs: boolean): string {
  const c = ch.codePointAt(0)!;
  const hex = (digits: number) => c.toString(16).padStart(digits, "0");
  if (c === 0x09) return keepTabs ? "\t" : "\\t";
  if (c === 0x0a) return "\\n";
  if (c === 0x0d) return "\\r";
  if (c < 0x20 || (c >= 0x7f && c <= 0x9f)) return `\\x${hex(2)}`;
  if ((c >= 0xd800 && c <= 0xdfff) || hidden.has(c)) return `\\u${hex(4)}`;
  return ch;
}

const character = fc.oneof(
  fc.constantFrom(
    "a",
    " ",
    "é",
    "字",
    "😀",
    "\t",
    "\n",
    "\r",
    "\x00",
    "\x1b",
    "\x7f",
    "\x85",
    "\x9f",
    "\xa0",
    "\u061c",
    "\u200b",
    "\u200c",
    "\u200d",
    "\u202e",
    "\u2066",
    "\ufeff",
    "\ufffb",
    "\ufffc",
    "\ud800",
    "\udfff",
  ),
  fc.integer({ min: 0, max: 0x10ffff }).map((c) => String.fromCodePoint(c)),
);
const text = fc.array(character, { maxLength: 40 }).map((chars) => chars.join(""));

test("every character is shown as its escape or as itself, and the text is cut where asked", () => {
  fc.assert(
    fc.property(text, fc.option(fc.nat(60), { nil: undefined }), fc.boolean(), (value, max, keepTabs) => {
      let expected = "";
      for (const ch of value) {
        const shown = expectedShown(ch, keepTabs);
        if (max !== undefined && expected.length + shown.length > max) {
          expected += "…";
          break;
        }
        expected += shown;
      }
      expect(printable(value, max, { keepTabs })).toBe(expected);
      expect(printableChars(value, { keepTabs })).toEqual(Array.from(value, (ch) => expectedShown(ch, keepTabs)));
    }),
    { numRuns: 2000 },
  );
});

test("a text with nothing to escape is shown as it is, a surrogate pair as one character", () => {
  expect(printable("Black Friday — 21% OFF 😀")).toBe("Black Friday — 21% OFF 😀");
  expect(printable("a\u202eb")).toBe("a\\u202eb");
  expect(printable("x\ud83d")).toBe("x\\ud83d");
});
