// A fixture case checked in this process, as `site check` checks it: the positioned diagnostics,
// and the text the command prints for them (pretty, no colours, paths relative to the project
// folder). That text is the case's snapshot, tests/fixtures/<case>/expected.txt; the command's
// closing count is not part of it, since it carries the time the check took.
// tests/integration/check-fixtures-cli.test.ts holds the command itself to the same text.
import { statSync } from "node:fs";
import { join, resolve } from "node:path";
import { DateTime } from "luxon";
import {
  plain,
  position,
  printPretty,
  sortDiagnostics,
  type PositionedDiagnostic,
} from "../../cli/print/diagnostics.ts";
import { timeline } from "../../cli/print/timeline.ts";
import type { LinkKeeper } from "../../compiler/link/kept.ts";
import { check, type CheckReuse } from "../../compiler/pipeline.ts";
import { fixturesDir, instantOf, materialize, type FixtureCase } from "./fixtures.ts";

export interface FixtureRun {
  /** In reading order: by file, then by place in the file. */
  diagnostics: PositionedDiagnostic[];
  /** What the command prints before its closing count (empty for a clean case). */
  printed: string;
}

export const snapshotOf = (name: string) => join(fixturesDir, name, "expected.txt");

export function checkFixture(c: Pick<FixtureCase, "name" | "remove" | "checkWindowsAt" | "now">): FixtureRun {
  const { root, cleanup } = materialize(c.name, c.remove);
  try {
    return checkMaterialized(root, c);
  } finally {
    cleanup();
  }
}

/** A case materialized in `root` checked, with what a check may take from earlier ones. */
export function checkMaterialized(
  root: string,
  c: Pick<FixtureCase, "checkWindowsAt" | "now">,
  reuse?: CheckReuse,
): FixtureRun {
  const now = DateTime.fromISO(instantOf(c), { setZone: true });
  const result = check(join(root, "specs"), root, { ...reuse, now });
  const windows = c.checkWindowsAt && result.model ? timeline(result.model, now).warnings : [];
  const diagnostics = sortDiagnostics([...result.diagnostics, ...windows]);
  // As the CLI writes it: the diagnostics, then a blank line before what follows them.
  const printed = diagnostics.length ? `${printPretty(diagnostics, result.sources, plain)}\n` : "";
  return { diagnostics: diagnostics.map((d) => position(d, result.sources)), printed };
}

/** A keeper in memory that stamps files as the parse cache does (size and modification time), counting what it is asked. */
export function memoryKeeper(root: string) {
  const kept = new Map<string, string>();
  const asked = { taken: 0, kept: 0 };
  const keeper: LinkKeeper = {
    code: "the compiler under test",
    stampOf: (spec) => {
      const stat = statSync(resolve(root, spec.source.path));
      return `${stat.size} ${stat.mtimeMs}`;
    },
    foundUnder: (token) => {
      const found = kept.get(token);
      if (found !== undefined) asked.taken++;
      return found;
    },
    keep: (token, found) => {
      asked.kept++;
      kept.set(token, found);
    },
  };
  return { keeper, asked };
}

/** The arguments of the command a case is run with. */
export const commandOf = (c: Pick<FixtureCase, "checkWindowsAt" | "now">) =>
  c.checkWindowsAt ? ["check-windows", "--all", "--at", c.checkWindowsAt] : ["check", "--now", instantOf(c)];
