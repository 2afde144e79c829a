// The columns a terminal gives a text, as the code frames' carets and check-windows' tables count
// them (cli/print/width.ts), held to string-width, which knows East Asian Width from its tables,
// over every line of the real specs' texts in six languages and the forms that trip a count.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import stringWidth from "string-width";
import { expect, test } from "vitest";
import { textColumns } from "../../cli/print/width.ts";
import { projectRoot } from "../support/cli.ts";

const specs = join(projectRoot, "specs");
const lines = ["messages", "content", "regions"].flatMap((folder) =>
  readdirSync(join(specs, folder))
    .filter((name) => name.endsWith(".yaml"))
    .flatMap((name) => readFileSync(join(specs, folder, name), "utf8").split("\n")),
);

test("every line of the specs' texts takes the columns string-width counts", () => {
  expect(lines.filter((line) => /[^\x00-\x7f]/.test(line)).length).toBeGreaterThan(500);
  const differing = lines.filter((line) => textColumns(line) !== stringWidth(line));
  expect(differing.slice(0, 5)).toEqual([]);
});

test.for([
  ["フラッグシップ バンブルビー", 27], // the long vowel mark ー is two columns, as the kana are
  ["ｶﾀｶﾅ", 4], // half-width katakana: one each
  ["한국어", 6],
  ["中国大陆 - 简体中文", 19],
  ["e\u0301", 1], // a combining accent takes none
  ["Ｆｕｌｌ", 8],
] as const)("%s takes %i columns", ([text, columns]) => {
  expect(textColumns(text)).toBe(columns);
  expect(stringWidth(text)).toBe(columns);
});
