// One fixture per rule: the case's specs produce exactly the expected diagnostics, each at the
// file, line and column the campaign manager has to look at.
import { describe, expect, test } from "vitest";
import { checkFixture } from "../support/fixture-check.ts";
import { fixtureCases } from "../support/fixtures.ts";

const byPlace = (a: { file: string; line: number; column: number; code: string }, b: typeof a) =>
  a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column || a.code.localeCompare(b.code);

const cases = fixtureCases();

describe("site check on fixtures", () => {
  test("the base fixture is a clean site", () => {
    expect(checkFixture({ name: "base", remove: [] })).toEqual({ diagnostics: [], printed: "" });
  });

  for (const c of cases) {
    test(`${c.name}: ${c.purpose}`, () => {
      const run = checkFixture(c);
      const actual = [...run.diagnostics].sort(byPlace);
      const expected = c.diagnostics.map(({ hint: _hint, ...e }) => ({ severity: "error", ...e })).sort(byPlace);
      expect(actual.map(({ code, severity, file, line, column }) => ({ code, severity, file, line, column }))).toEqual(expected);
      for (const e of c.diagnostics.filter((e) => e.hint !== undefined)) {
        expect(actual.find((a) => a.code === e.code && a.line === e.line)?.hint).toBe(e.hint);
      }
    });
  }
});
