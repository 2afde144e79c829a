// One fixture per rule: the case's specs produce exactly the expected diagnostics, each at the
// file, line and column the campaign manager has to look at, and `site check` prints them as the
// snapshot beside the case says (tests/fixtures/<case>/expected.txt, code frame and hint
// included; `UPDATE_SNAPSHOTS=1 npm run test:unit` or `vitest -u` rewrites the snapshots). Every
// code of the catalogue has a case, and every code is reported somewhere in the compiler. Each
// case is checked a second time from what the first kept of the link stage's findings, as
// `site check` run again does, and reports the same.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, onTestFinished, test } from "vitest";
import { catalogue } from "../../compiler/diagnostics/index.ts";
import { projectRoot } from "../support/cli.ts";
import { checkFixture, checkMaterialized, memoryKeeper, snapshotOf } from "../support/fixture-check.ts";
import { fixtureCases, materialize } from "../support/fixtures.ts";

const byPlace = (a: { file: string; line: number; column: number; code: string }, b: typeof a) =>
  a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column || a.code.localeCompare(b.code);

const cases = fixtureCases();

describe("site check on fixtures", () => {
  test("the base fixture is a clean site", () => {
    expect(checkFixture({ name: "base", remove: [] })).toEqual({ diagnostics: [], printed: "" });
  });

  for (const c of cases) {
    test(`${c.name}: ${c.purpose}`, async () => {
      const { root, cleanup } = materialize(c.name, c.remove);
      onTestFinished(cleanup);
      const { keeper, asked } = memoryKeeper(root);
      const run = checkMaterialized(root, c, { kept: keeper });
      const actual = [...run.diagnostics].sort(byPlace);
      const expected = c.diagnostics.map(({ hint: _hint, ...e }) => ({ severity: "error", ...e })).sort(byPlace);
      expect(actual.map(({ code, severity, file, line, column }) => ({ code, severity, file, line, column }))).toEqual(
        expected,
      );
      for (const e of c.diagnostics.filter((e) => e.hint !== undefined)) {
        const at = actual.find(
          (a) => a.code === e.code && a.file === e.file && a.line === e.line && a.column === e.column,
        );
        expect(at?.hint, `the hint at ${e.file}:${e.line}:${e.column}`).toBe(e.hint);
      }
      await expect(run.printed).toMatchFileSnapshot(snapshotOf(c.name));
      // A second check takes what the rules besides the prices found from the first (link/kept.ts).
      expect(checkMaterialized(root, c, { kept: keeper }), "checked again, the link findings kept").toEqual(run);
      expect(asked.taken, "the findings taken as often as kept (none for a site too broken to link)").toBe(asked.kept);
    });
  }
});

describe("the catalogue of codes", () => {
  const codes = Object.keys(catalogue);

  test("every code has a fixture that produces it", () => {
    const covered = new Set(cases.flatMap((c) => c.diagnostics.map((d) => d.code)));
    const uncovered = codes.filter((code) => !covered.has(code));
    expect(uncovered, "codes with no case in tests/fixtures/<case>/expected.yaml: add one").toEqual([]);
  });

  test("every code is reported by some code path (the type DiagnosticCode keeps the converse)", () => {
    // Where a stage, printer or schema names a code (`diagnostic("broken-link", …)`,
    // `report(…)`, a schema's "x-code"): everything but the catalogue itself.
    const catalogueFile = join(projectRoot, "compiler", "diagnostics", "index.ts");
    const sources = ["compiler", "cli", "server", "schemas"]
      .flatMap((dir) => filesBelow(join(projectRoot, dir)))
      .filter((file) => /\.(ts|tsx|json)$/.test(file) && file !== catalogueFile && !file.endsWith("spec-types.ts"))
      .map((file) => readFileSync(file, "utf8"))
      .join("\n");
    const neverReported = codes.filter((code) => !sources.includes(`"${code}"`));
    expect(
      neverReported,
      "codes no code path reports: write the rule, or remove the code from compiler/diagnostics/index.ts",
    ).toEqual([]);
  });

  test("every diagnostic a fixture expects is a code of the catalogue", () => {
    const unknown = cases.flatMap((c) =>
      c.diagnostics.filter((d) => !(d.code in catalogue)).map((d) => `${c.name}: ${d.code}`),
    );
    expect(unknown).toEqual([]);
  });
});

function filesBelow(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesBelow(path) : [path];
  });
}
