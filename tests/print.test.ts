// The code frame a campaign manager reads: line numbers are 1-based, the caret sits under the
// reported column whatever the line holds (tabs, CRLF, a long line), at the first and last line.
import { describe, expect, test } from "vitest";
import { LineCounter } from "yaml";
import { diagnostic } from "../compiler/diagnostics.ts";
import { codeFrame, plain, printGithub, printJson, printPretty, styleFor } from "../compiler/print.ts";
import type { SourceFile } from "../compiler/load.ts";

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
    const d = diagnostic("price-row-length", { row: "flagshipMegatron", count: 6, columns: ["us", "uk", "eu", "fr", "de", "jp", "cn"] }, { file: source.path, offset, length: 5 });
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
    expect(codeFrame("currency: USX\nnext: 1\n", 1, 11)).toBe([" > 1 | currency: USX", "     |           ^"].join("\n"));
  });

  test("last line without a final newline, and a wider gutter at line 10", () => {
    const text = Array.from({ length: 10 }, (_, i) => `k${i + 1}: v`).join("\n");
    expect(codeFrame(text, 10, 6)).toBe(["    9 | k9: v", " > 10 | k10: v", "      |      ^"].join("\n"));
  });

  test("tabs before the column are kept in the caret line so it lines up", () => {
    expect(codeFrame("a: [\t1,\tx]", 1, 9)).toBe([" > 1 | a: [\t1,\tx]", "     |     \t  \t^"].join("\n"));
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
  const d = diagnostic("unknown-currency", { value: "USX" }, { file: source.path, offset: 10, length: 3 });
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
