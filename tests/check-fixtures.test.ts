// One fixture per rule: the case's specs produce exactly the expected diagnostics, each at the
// file, line and column the campaign manager has to look at.
import { existsSync, rmSync, statSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { check } from "../compiler/pipeline.ts";
import { position, type PositionedDiagnostic } from "../cli/print/diagnostics.ts";
import { compiledValidatorsFile, resetValidators } from "../compiler/validate/index.ts";
import { fixtureCases, materialize } from "./support/fixtures.ts";

const byPlace = (a: { file: string; line: number; column: number; code: string }, b: typeof a) =>
  a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column || a.code.localeCompare(b.code);

function checkFixture(name: string, remove: string[] = []): PositionedDiagnostic[] {
  const { root, cleanup } = materialize(name, remove);
  try {
    const result = check(`${root}/specs`, root);
    return result.diagnostics.map((d) => position(d, result.sources)).sort(byPlace);
  } finally {
    cleanup();
  }
}

describe("site check on fixtures", () => {
  test("the base fixture is a clean site", () => {
    expect(checkFixture("base")).toEqual([]);
  });

  for (const c of fixtureCases()) {
    test(`${c.name}: ${c.purpose}`, () => {
      const actual = checkFixture(c.name, c.remove);
      const expected = c.diagnostics.map(({ hint: _hint, ...e }) => ({ severity: "error", ...e })).sort(byPlace);
      expect(actual.map(({ code, severity, file, line, column }) => ({ code, severity, file, line, column }))).toEqual(expected);
      for (const e of c.diagnostics.filter((e) => e.hint !== undefined)) {
        expect(actual.find((a) => a.code === e.code && a.line === e.line)?.hint).toBe(e.hint);
      }
    });
  }
});

test("validators loaded from the cache report exactly what freshly compiled ones do", () => {
  const everyCase = () => fixtureCases().map((c) => checkFixture(c.name, c.remove));
  // A key no run has used: the first check compiles and writes, the second loads what it wrote.
  const salt = `test-${process.pid}-${Date.now()}`;
  resetValidators({ salt });
  const file = compiledValidatorsFile();
  try {
    expect(existsSync(file)).toBe(false);
    const compiled = everyCase();
    expect(existsSync(file)).toBe(true);
    const writtenAt = statSync(file).mtimeMs;

    resetValidators({ salt });
    const loaded = everyCase();
    expect(statSync(file).mtimeMs).toBe(writtenAt);
    expect(loaded).toEqual(compiled);
    expect(loaded.flat().length).toBeGreaterThan(fixtureCases().length);
  } finally {
    rmSync(file, { force: true });
    resetValidators();
  }
});
