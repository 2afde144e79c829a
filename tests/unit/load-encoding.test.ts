// Spec files are UTF-8. A file saved in another encoding is refused with one positioned
// `encoding` error (the first byte that is not UTF-8, or the encoding by name for UTF-16 and
// UTF-32) and is not read further; a UTF-8 byte-order mark is fine.
// What `site check` prints of it, run as a command: tests/integration/load-cli.test.ts.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, test } from "vitest";
import { readSpecFile, type ReadAhead } from "../../compiler/load/index.ts";
import { check } from "../../compiler/pipeline.ts";
import { position, printPretty } from "../../cli/print/diagnostics.ts";
import { materialize } from "../support/fixtures.ts";

const fixture = materialize("base");
const specs = join(fixture.root, "specs");
afterAll(() => fixture.cleanup());

const constants = join(specs, "constants.yaml");
const constantsText = readFileSync(constants, "utf8");
afterEach(() => writeFileSync(constants, constantsText));

function everything(result = check(specs, fixture.root)) {
  return result.diagnostics.map((d) => ({ ...position(d, result.sources) }));
}

const utf16be = (text: string) => Buffer.from(text, "utf16le").swap16();
const utf32 = (text: string, littleEndian: boolean) => {
  const points = [...text].map((c) => c.codePointAt(0)!);
  const bytes = Buffer.alloc(points.length * 4);
  points.forEach((p, i) => (littleEndian ? bytes.writeUInt32LE(p, i * 4) : bytes.writeUInt32BE(p, i * 4)));
  return bytes;
};
const utf8Bom = Buffer.from([0xef, 0xbb, 0xbf]);

describe("UTF-16 and UTF-32 are named", () => {
  const encodings: [string, string, (text: string) => Buffer][] = [
    ["UTF-16 (little-endian)", "with a byte-order mark", (t) => Buffer.from(`\uFEFF${t}`, "utf16le")],
    ["UTF-16 (big-endian)", "with a byte-order mark", (t) => utf16be(`\uFEFF${t}`)],
    ["UTF-16 (little-endian)", "told by its NUL bytes", (t) => Buffer.from(t, "utf16le")],
    ["UTF-16 (big-endian)", "told by its NUL bytes", (t) => utf16be(t)],
    ["UTF-32 (little-endian)", "with a byte-order mark", (t) => utf32(`\uFEFF${t}`, true)],
    ["UTF-32 (big-endian)", "with a byte-order mark", (t) => utf32(`\uFEFF${t}`, false)],
    ["UTF-32 (little-endian)", "told by its NUL bytes", (t) => utf32(t, true)],
    ["UTF-32 (big-endian)", "told by its NUL bytes", (t) => utf32(t, false)],
  ];
  test.each(encodings)("%s, %s: one encoding error at 1:1, nothing else from the file", (name, _how, encode) => {
    writeFileSync(constants, encode(constantsText));
    const found = everything();
    expect(found.map(({ code, file, line, column }) => ({ code, file, line, column }))).toEqual([
      { code: "encoding", file: "specs/constants.yaml", line: 1, column: 1 },
    ]);
    expect(found[0]!.message).toContain(name);
    expect(found[0]!.hint).toMatch(/^save the file as UTF-8/);
  });
});

describe("bytes that are not UTF-8", () => {
  // The text before the bad byte is UTF-8, so the column counts its characters as an editor does.
  const cases: [string, Buffer, number, number, string][] = [
    [
      "Latin-1 é",
      Buffer.concat([Buffer.from("a: 1\nname: caf"), Buffer.from([0xe9]), Buffer.from("\n")]),
      2,
      10,
      "0xE9",
    ],
    // The mark opens the file, before the schema line: it is dropped and shifts no column.
    ["after a UTF-8 byte-order mark", Buffer.concat([Buffer.from("name: caf"), Buffer.from([0xe9])]), 1, 10, "0xE9"],
    ["after characters of 3 and 4 bytes", Buffer.concat([Buffer.from("a: €💥"), Buffer.from([0xff])]), 1, 7, "0xFF"],
    ["a lone continuation byte", Buffer.from([0x61, 0x3a, 0x20, 0x80]), 1, 4, "0x80"],
    ["an overlong /", Buffer.from([0x61, 0x3a, 0x20, 0xc0, 0xaf]), 1, 4, "0xC0"],
    ["an encoded surrogate", Buffer.from([0x61, 0x3a, 0x20, 0xed, 0xa0, 0x80]), 1, 4, "0xED"],
    ["a character cut at the end", Buffer.from([0x61, 0x3a, 0x20, 0x78, 0xe2, 0x82]), 1, 5, "0xE2"],
    ["beyond U+10FFFF", Buffer.from([0x61, 0x3a, 0x20, 0xf4, 0x90, 0x80, 0x80]), 1, 4, "0xF4"],
  ];
  test.each(cases)("%s: at the first bad byte's line and column", (name, body, line, column, byte) => {
    const bom = name.includes("byte-order mark") ? utf8Bom : Buffer.alloc(0);
    writeFileSync(constants, Buffer.concat([bom, Buffer.from(`${constantsText.split("\n")[0]}\n`), body]));
    const found = everything().filter((d) => d.file === "specs/constants.yaml");
    expect(found.map(({ code, line, column }) => ({ code, line, column }))).toEqual([
      { code: "encoding", line: line + 1, column },
    ]);
    expect(found[0]!.message).toContain(byte);
  });

  test("the code frame shows the line with the bad byte as � and the caret under it", () => {
    writeFileSync(
      constants,
      Buffer.concat([
        Buffer.from(`${constantsText.split("\n")[0]}\nname: caf`),
        Buffer.from([0xe9]),
        Buffer.from(" au lait\n"),
      ]),
    );
    const result = check(specs, fixture.root);
    expect(printPretty(result.diagnostics, result.sources)).toContain(
      [" > 2 | name: caf� au lait", `     | ${" ".repeat(9)}^`].join("\n"),
    );
  });

  test("a UTF-8 byte-order mark is tolerated", () => {
    writeFileSync(constants, `\uFEFF${constantsText}`);
    expect(everything()).toEqual([]);
  });

  test("a file read ahead on another thread reports the same, and is never thrown from", () => {
    writeFileSync(constants, Buffer.from(`${constantsText}name: café\n`, "latin1"));
    const plain = everything();
    expect(plain.map((d) => d.code)).toEqual(["encoding"]);
    const ahead: ReadAhead = new Map([[constants, readSpecFile(constants, { positioned: true })]]);
    expect(ahead.get(constants)!.parsed).toBeUndefined();
    expect(everything(check(specs, fixture.root, { ahead }))).toEqual(plain);
    expect(() => readSpecFile(join(specs, "regions"), { positioned: true })).not.toThrow();
  });
});
