// The snapshots of the fixture cases (tests/fixtures/<case>/expected.txt) are what the command
// prints: `site check` (or `site check-windows --all --at`, for a case that says so) run in each
// case's folder prints the snapshot, then its closing lines, and exits 1 exactly when the case
// has an error. tests/unit/check-fixtures.test.ts makes and compares the snapshots in process.
import { existsSync, readFileSync } from "node:fs";
import { afterAll, describe, expect, test } from "vitest";
import { runSiteEach, type RunResult } from "../support/cli.ts";
import { commandOf, snapshotOf } from "../support/fixture-check.ts";
import { fixtureCases, instantOf, materialize } from "../support/fixtures.ts";

const cases = fixtureCases().filter((c) => existsSync(snapshotOf(c.name)));
const folders = cases.map((c) => materialize(c.name, c.remove));
afterAll(() => folders.forEach((f) => f.cleanup()));
let results: Promise<RunResult[]> | undefined;
const resultOf = async (i: number) =>
  (await (results ??= runSiteEach(cases.map((c, j) => ({ cwd: folders[j]!.root, args: commandOf(c) })))))[i]!;

describe("site check prints each fixture's snapshot", () => {
  cases.forEach((c, i) => {
    test(`${c.name}: site ${commandOf(c).join(" ")}`, async () => {
      const { code, stdout, stderr } = await resultOf(i);
      expect(stderr).toBe("");
      const snapshot = readFileSync(snapshotOf(c.name), "utf8");
      // The diagnostics and a blank line (nothing for a clean case), then the count (check) or
      // the report (check-windows).
      const printed = snapshot ? `${snapshot}\n` : "";
      expect(stdout.slice(0, printed.length)).toBe(printed);
      const rest = stdout.slice(printed.length);
      // site check names the instant it was given (--now): what it finds can depend on it.
      const asOf = ` as of ${instantOf(c)}`.replace(/[+.]/g, "\\$&");
      const count = snapshot
        ? new RegExp(`^\\d+ errors?, \\d+ warnings? in \\d+ spec files${asOf} \\(\\d+ ms\\)\\n$`)
        : new RegExp(`^ok: \\d+ spec files checked${asOf} in \\d+ ms\\n$`);
      if (!c.checkWindowsAt) expect(rest).toMatch(count);
      const errors = c.diagnostics.some((d) => (d.severity ?? "error") === "error");
      expect(code).toBe(errors ? 1 : 0);
    });
  });
});
