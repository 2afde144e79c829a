// The schema validators ajv compiles are kept in node_modules/.cache (compiler/cache.ts): loaded
// from there, they report exactly what freshly compiled ones do, on every fixture case. Compiling
// them takes seconds, so this lives with the integration tests.
import { existsSync, rmSync, statSync } from "node:fs";
import { expect, test } from "vitest";
import { compiledValidatorsFile, resetValidators } from "../../compiler/validate/index.ts";
import { checkFixture } from "../support/fixture-check.ts";
import { fixtureCases } from "../support/fixtures.ts";

test("validators loaded from the cache report exactly what freshly compiled ones do", () => {
  const everyCase = () => fixtureCases().map((c) => checkFixture(c).diagnostics);
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
