// Data nested deeper than any spec needs is refused with `too-deep` at the point where it passes
// the limit, by both parsers, before anything walks it: no "Maximum call stack size exceeded",
// however deep, whether the depth is written out or made by aliases.
// What `site check` prints of it, run as a command: tests/integration/load-cli.test.ts.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, test } from "vitest";
import { cleanPositionedData, fastData, MAX_DEPTH } from "../../compiler/load/index.ts";
import { check } from "../../compiler/pipeline.ts";
import { position, sortDiagnostics } from "../../cli/print/diagnostics.ts";
import { materialize } from "../support/fixtures.ts";

const fixture = materialize("base");
const specs = join(fixture.root, "specs");
afterAll(() => fixture.cleanup());
const constants = join(specs, "constants.yaml");
const original = readFileSync(constants, "utf8");
afterEach(() => writeFileSync(constants, original));
// constants.yaml has 9 lines: what a test appends starts on line 10.
const firstLine = original.split("\n").length;

/** Nested `depth` collections deep, the file's own block included; where the level past MAX_DEPTH starts. */
interface Shape {
  text: (depth: number) => string;
  past: { line: number; column: number };
  /** Far deeper than the limit, and where that passes it (else text(50,000) and `past`). */
  far?: { text: string; past: { line: number; column: number } };
}
const shapes: Record<string, Shape> = {
  "flow sequences": {
    text: (d) => `deep: ${"[".repeat(d - 1)}${"]".repeat(d - 1)}\n`,
    past: { line: firstLine, column: 6 + 200 },
  },
  "flow mappings": {
    text: (d) => `deep: ${"{a: ".repeat(d - 1)}1${"}".repeat(d - 1)}\n`,
    past: { line: firstLine, column: 7 + 4 * 199 },
  },
  "block mappings": {
    text: (d) => `deep:\n${Array.from({ length: d - 1 }, (_, i) => `${"  ".repeat(i + 1)}k${i + 1}:`).join("\n")} v\n`,
    past: { line: firstLine + 200, column: 401 },
  },
  "compact block sequences": {
    text: (d) => `deep:\n  ${"- ".repeat(d - 1)}x\n`,
    past: { line: firstLine + 1, column: 3 + 2 * 199 },
  },
  // Each [a: ...] is two levels: the sequence and the one-pair mapping in it.
  "pairs in flow sequences": {
    text: (d) =>
      `deep: ${"[a: ".repeat(Math.floor((d - 1) / 2))}${d % 2 === 0 ? "[1]" : "1"}${"]".repeat(Math.floor((d - 1) / 2))}\n`,
    past: { line: firstLine, column: 7 + 4 * 99 + 1 },
  },
  // one is 100 levels deep, and two holds it at the bottom of its own levels.
  aliases: {
    text: (d) => `one: &one\n  ${"- ".repeat(100)}x\ntwo:\n  ${"- ".repeat(d - 101)}*one\n`,
    past: { line: firstLine + 3, column: 3 + 2 * 100 },
    // a<k> holds a<k-1> 100 levels down: 15,000 levels of data from 150 lines of 100.
    far: {
      text: Array.from(
        { length: 150 },
        (_, k) => `a${k}: &a${k} ${"[".repeat(100)}${k === 0 ? "" : `*a${k - 1}`}${"]".repeat(100)}\n`,
      ).join(""),
      past: { line: firstLine + 1, column: 9 + 100 },
    },
  },
};

const withTag = (text: string) => text.replace(/^(\w+):/, "$1: !!map\n  $1:");

function found() {
  const result = check(specs, fixture.root);
  return sortDiagnostics(result.diagnostics).map((d) => position(d, result.sources));
}

describe.each(Object.entries(shapes))("%s", (_name, shape) => {
  test(`${MAX_DEPTH} levels are read alike by both parsers; one more is too-deep where it passes the limit`, () => {
    const atLimit = original + shape.text(MAX_DEPTH);
    const fast = fastData(atLimit);
    const positioned = cleanPositionedData(atLimit);
    expect(positioned).toBeDefined();
    if (fast) expect(fast).toEqual(positioned);
    writeFileSync(constants, atLimit);
    expect(found().map((d) => d.code)).not.toContain("too-deep");

    const past = original + shape.text(MAX_DEPTH + 1);
    expect(fastData(past)).toBeUndefined();
    expect(cleanPositionedData(past)).toBeUndefined();
    writeFileSync(constants, past);
    const diagnostics = found();
    expect(diagnostics.map(({ code, file, line, column }) => ({ code, file, line, column }))).toEqual([
      { code: "too-deep", file: "specs/constants.yaml", ...shape.past },
    ]);
    expect(diagnostics[0]!.message).toContain(`more than ${MAX_DEPTH} levels`);
  });

  // A line back at the top after it makes yaml's parser climb out of every level: thousands of
  // them ran it out of stack before a token was made, and check stopped with an internal error.
  test("far deeper, and the file going on after it: too-deep, never a stack overflow", () => {
    writeFileSync(
      constants,
      `${original}${shape.far?.text ?? shape.text(shape === shapes["block mappings"] ? 2_000 : 50_000)}after: 1\n`,
    );
    const diagnostics = found();
    expect(diagnostics.map((d) => d.code)).toEqual(["too-deep"]);
    expect(diagnostics[0]).toMatchObject(shape.far?.past ?? shape.past);
  });
});

describe("the positioned parser alone", () => {
  test.each(Object.entries(shapes))("%s, behind a tag the fast parser declines", (_name, shape) => {
    const text = original + withTag(shape.text(MAX_DEPTH + 3));
    expect(fastData(text)).toBeUndefined();
    writeFileSync(constants, text);
    expect(found().map((d) => d.code)).toEqual(["too-deep"]);
  });
});

test("an alias inside its own anchor is a loop: too-deep at the alias", () => {
  writeFileSync(constants, `${original}self: &self [*self]\nother: &other\n  - *other\n`);
  expect(found().map(({ code, line, column }) => ({ code, line, column }))).toEqual([
    { code: "too-deep", line: firstLine, column: 14 },
  ]);
});
