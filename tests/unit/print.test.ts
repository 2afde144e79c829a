// The code frame a campaign manager reads: line numbers are 1-based, the caret sits under the
// reported column whatever the line holds (tabs, CRLF, a long line), at the first and last line.
import { describe, expect, test } from "vitest";
import { LineCounter } from "yaml";
import { diagnostic } from "../../compiler/diagnostics/index.ts";
import { codeFrame, plain, printGithub, printJson, printPretty, styleFor } from "../../cli/print/diagnostics.ts";
import stringWidth from "string-width";
import type { SourceFile } from "../../compiler/load/source.ts";

/** The currencies the schema allows, as a validated region file's unknown-currency lists them. */
const CURRENCIES = ["CNY", "EUR", "GBP", "JPY", "KRW", "USD"];

function sourceOf(path: string, text: string): SourceFile {
  const lineCounter = new LineCounter();
  let offset = 0;
  for (const line of text.split("\n")) {
    lineCounter.addNewLine(offset);
    offset += line.length + 1;
  }
  return { path, text, lineCounter };
}

const prices = [
  "columns: [us, uk, eu, fr, de, jp, cn]",
  "list:",
  "  flagshipBumblebee: [1299, 1299, 1599, 1599, 1599, 174900, 8499]",
  "  flagshipMegatron:  [1199, 1099, 1299, 1299, 1299, 8499]",
].join("\n");

describe("pretty printer", () => {
  test("prints the issue's example: position, code, message, frame, hint", () => {
    const source = sourceOf("specs/prices.yaml", prices);
    const offset = prices.indexOf("[1199");
    const d = diagnostic(
      "price-row-length",
      { row: "flagshipMegatron", count: 6, columns: ["us", "uk", "eu", "fr", "de", "jp", "cn"] },
      { file: source.path, offset, length: 5 },
    );
    expect(printPretty([d], new Map([[source.path, source]]), plain)).toBe(
      [
        "specs/prices.yaml:4:22 error price-row-length  Row flagshipMegatron has 6 prices for 7 columns (us, uk, eu, fr, de, jp, cn).",
        "   3 |   flagshipBumblebee: [1299, 1299, 1599, 1599, 1599, 174900, 8499]",
        " > 4 |   flagshipMegatron:  [1199, 1099, 1299, 1299, 1299, 8499]",
        "     |                      ^",
        "  hint: add the missing price, or ~ where the product is not sold in that region.",
      ].join("\n"),
    );
  });

  test("first line: no line before it", () => {
    expect(codeFrame("currency: USX\nnext: 1\n", 1, 11)).toBe(
      [" > 1 | currency: USX", "     |           ^"].join("\n"),
    );
  });

  test("last line without a final newline, and a wider gutter at line 10", () => {
    const text = Array.from({ length: 10 }, (_, i) => `k${i + 1}: v`).join("\n");
    expect(codeFrame(text, 10, 6)).toBe(["    9 | k9: v", " > 10 | k10: v", "      |      ^"].join("\n"));
  });

  test("tabs before the column are kept in the caret line so it lines up", () => {
    expect(codeFrame("a: [\t1,\tx]", 1, 9)).toBe([" > 1 | a: [\t1,\tx]", "     |     \t  \t^"].join("\n"));
  });

  test("after Chinese, Japanese or Korean text, two columns to a character, the caret still stands under its column", () => {
    const line = "  ja: { name: 日本, tagline: 安心の{warantyYears}年保証 }";
    const [shown, caret] = codeFrame(line, 1, line.indexOf("{waranty") + 1).split("\n") as [string, string];
    // What a terminal shows: each of 日本安心の takes two columns.
    const before = shown.slice(0, shown.indexOf("{waranty"));
    expect(caret.indexOf("^")).toBe(stringWidth(before));
    expect(caret.indexOf("^")).toBe(before.length + "日本安心の".length);
  });

  test("a long line of wide characters is cut to the window's columns, not its characters", () => {
    const line = `text: ${"机器人".repeat(60)}{brnd}`;
    const [shown, caret] = codeFrame(line, 1, line.indexOf("{brnd}") + 1).split("\n") as [string, string];
    expect(stringWidth(shown)).toBeLessThanOrEqual(" > 1 | ".length + 102);
    expect(caret.indexOf("^")).toBe(stringWidth(shown.slice(0, shown.indexOf("{brnd}"))));
  });

  test("CRLF line endings print no carriage return", () => {
    const frame = codeFrame("a: 1\r\nb: x\r\n", 2, 4);
    expect(frame).not.toContain("\r");
    expect(frame).toBe(["   1 | a: 1", " > 2 | b: x", "     |    ^"].join("\n"));
  });

  test("a long line is cut to a window around the column", () => {
    const line = `name: "${"x".repeat(300)}BAD${"y".repeat(300)}"`;
    const column = line.indexOf("BAD") + 1;
    const [shown, caret] = codeFrame(line, 1, column).split("\n") as [string, string];
    expect(shown.length).toBeLessThan(120);
    expect(shown).toContain("…");
    // The caret still points at BAD.
    expect(shown.slice(caret.indexOf("^"), caret.indexOf("^") + 3)).toBe("BAD");
  });
});

describe("other printers", () => {
  const source = sourceOf("specs/regions/us.yaml", "currency: USX\n");
  const d = diagnostic(
    "unknown-currency",
    { value: "USX", allowed: CURRENCIES },
    { file: source.path, offset: 10, length: 3 },
  );
  const sources = new Map([[source.path, source]]);

  test("JSON has the contract's fields with 1-based line and column", () => {
    expect(JSON.parse(printJson([d], sources))).toEqual({
      diagnostics: [
        {
          code: "unknown-currency",
          severity: "error",
          file: "specs/regions/us.yaml",
          line: 1,
          column: 11,
          message: "'USX' is not a currency the site prices in.",
          hint: "use one of CNY, EUR, GBP, JPY, KRW, USD.",
        },
      ],
    });
  });

  test("GitHub annotations for CI", () => {
    expect(printGithub([d], sources)).toBe(
      "::error file=specs/regions/us.yaml,line=1,col=11,title=unknown-currency::'USX' is not a currency the site prices in. Hint: use one of CNY, EUR, GBP, JPY, KRW, USD.",
    );
  });

  test("colour only on a terminal, never with NO_COLOR", () => {
    expect(styleFor({ isTTY: true }, {}).red("x")).toBe("\x1b[31mx\x1b[39m");
    expect(styleFor({ isTTY: true }, { NO_COLOR: "1" }).red("x")).toBe("x");
    expect(styleFor({ isTTY: false }, {}).red("x")).toBe("x");
  });
});

// Spec text is anyone's text: it must not drive the terminal (escape sequences), hide in it (NUL,
// bidirectional overrides) or flood it (a 5 MB value), in any printer.
describe("spec text in every printer", () => {
  const hostile = "\x1b[2J\x1b]8;;https://evil.example\x07click\x1b]8;;\x07\u0000\r\u202e";
  const source = sourceOf("specs/regions/us.yaml", `currency: "${hostile}"\n`);
  const sources = new Map([[source.path, source]]);
  const d = diagnostic(
    "unknown-currency",
    { value: hostile, allowed: CURRENCIES },
    { file: source.path, offset: 10, length: 3 },
  );
  const huge = "x".repeat(5_000_000);
  const hugeSource = sourceOf("specs/regions/us.yaml", `currency: ${huge}\n`);
  const hugeD = diagnostic(
    "unknown-currency",
    { value: huge, allowed: CURRENCIES },
    { file: hugeSource.path, offset: 10, length: huge.length },
  );
  // Raw control characters, the C1 set and bidirectional controls: none may reach a terminal.
  const raw = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

  test("a message shows control characters escaped, visibly", () => {
    expect(d.message).toBe(
      "'\\x1b[2J\\x1b]8;;https://evil.example\\x07click\\x1b]8;;\\x07\\x00\\r\\u202e' is not a currency the site prices in.",
    );
  });

  test("pretty: message, code frame and file name escaped; the caret still under its column", () => {
    const printed = printPretty([d], sources, plain);
    expect(printed).not.toMatch(raw);
    expect(printed).toContain(' > 1 | currency: "\\x1b[2J');
    const [, line, caret] = printed.split("\n") as [string, string, string];
    expect(line.slice(caret.indexOf("^"))).toMatch(/^"\\x1b/);
    const file = sourceOf("specs/regions/\x1b[31mus.yaml", "currency: USX\n");
    const named = printPretty(
      [
        diagnostic(
          "unknown-currency",
          { value: "USX", allowed: CURRENCIES },
          { file: file.path, offset: 10, length: 3 },
        ),
      ],
      new Map([[file.path, file]]),
      plain,
    );
    expect(named).not.toMatch(raw);
    expect(named).toMatch(/^specs\/regions\/\\x1b\[31mus\.yaml:1:11 /);
  });

  test("a caret after escaped characters stands under the column it points at", () => {
    const text = "a: \u0000\u0000\u001b x";
    expect(codeFrame(text, 1, text.indexOf("x") + 1)).toBe(
      [" > 1 | a: \\x00\\x00\\x1b x", `     | ${" ".repeat(16)}^`].join("\n"),
    );
  });

  test("a 5 MB value is cut in the message and the frame, with …", () => {
    expect(hugeD.message.length).toBeLessThan(300);
    expect(hugeD.message).toContain("x…' is not a currency");
    const printed = printPretty([hugeD], new Map([[hugeSource.path, hugeSource]]), plain);
    expect(printed.length).toBeLessThan(1_000);
    for (const line of printed.split("\n")) expect(line.length).toBeLessThanOrEqual(320);
  });

  test("a frame line of escapes is cut by what it shows, not by its length in the file", () => {
    const text = `a: ${"\u0000".repeat(1_000)}x`;
    const [shown] = codeFrame(text, 1, 2).split("\n") as [string];
    expect(shown).toContain("a: \\x00\\x00");
    expect(shown.length).toBeLessThanOrEqual(220);
    expect(shown.endsWith("…")).toBe(true);
  });

  test("JSON stays valid and carries the escaped message", () => {
    const printed = printJson([d, hugeD], sources);
    const parsed = JSON.parse(printed) as { diagnostics: { message: string }[] };
    expect(parsed.diagnostics[0]!.message).toBe(d.message);
    expect(parsed.diagnostics[0]!.message).not.toMatch(raw);
    expect(printed.length).toBeLessThan(2_000);
  });

  test("GitHub: %, CR and LF escaped as GitHub documents, in the message and in properties", () => {
    const file = sourceOf("specs/a,b:c%.yaml", "currency: USX\n");
    const withNewlines = diagnostic(
      "invalid-value",
      { value: "50%\r\nnext" },
      { file: file.path, offset: 10, length: 3 },
    );
    const printed = printGithub([withNewlines, d], new Map([[file.path, file], ...sources]));
    const lines = printed.split("\n");
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe(
      "::error file=specs/a%2Cb%3Ac%25.yaml,line=1,col=11,title=invalid-value::'50%25\\r\\nnext' is not valid here.",
    );
    expect(printed).not.toMatch(raw);
    expect(printed).not.toContain("\r");
  });
});
