// A fixture case checked in this process, as `site check` checks it: the positioned diagnostics,
// and the text the command prints for them (pretty, no colours, paths relative to the project
// folder). That text is the case's snapshot, tests/fixtures/<case>/expected.txt; the command's
// closing count is not part of it, since it carries the time the check took.
// tests/integration/check-fixtures-cli.test.ts holds the command itself to the same text.
import { join } from "node:path";
import { DateTime } from "luxon";
import {
  plain,
  position,
  printPretty,
  sortDiagnostics,
  type PositionedDiagnostic,
} from "../../cli/print/diagnostics.ts";
import { timeline } from "../../cli/print/timeline.ts";
import { check } from "../../compiler/pipeline.ts";
import { fixturesDir, materialize, type FixtureCase } from "./fixtures.ts";

export interface FixtureRun {
  /** In reading order: by file, then by place in the file. */
  diagnostics: PositionedDiagnostic[];
  /** What the command prints before its closing count (empty for a clean case). */
  printed: string;
}

export const snapshotOf = (name: string) => join(fixturesDir, name, "expected.txt");

export function checkFixture(c: Pick<FixtureCase, "name" | "remove" | "checkWindowsAt">): FixtureRun {
  const { root, cleanup } = materialize(c.name, c.remove);
  try {
    const result = check(join(root, "specs"), root);
    const windows =
      c.checkWindowsAt && result.model
        ? timeline(result.model, DateTime.fromISO(c.checkWindowsAt, { setZone: true })).warnings
        : [];
    const diagnostics = sortDiagnostics([...result.diagnostics, ...windows]);
    // As the CLI writes it: the diagnostics, then a blank line before what follows them.
    const printed = diagnostics.length ? `${printPretty(diagnostics, result.sources, plain)}\n` : "";
    return { diagnostics: diagnostics.map((d) => position(d, result.sources)), printed };
  } finally {
    cleanup();
  }
}

/** The arguments of the command a case is run with. */
export const commandOf = (c: Pick<FixtureCase, "checkWindowsAt">) =>
  c.checkWindowsAt ? ["check-windows", "--all", "--at", c.checkWindowsAt] : ["check"];
