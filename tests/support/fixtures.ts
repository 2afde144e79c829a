// Fixture cases: tests/fixtures/<case>/specs holds only the files that differ from
// tests/fixtures/base/specs (a small valid site); expected.yaml says which base files to remove
// and the diagnostics the case must produce, with a first-line comment saying what it is for;
// expected.txt beside it is what `site check` prints for the case (tests/support/fixture-check.ts).
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse } from "yaml";
import { settleTree } from "./file-times.ts";

export const fixturesDir = new URL("../fixtures/", import.meta.url).pathname;

export interface ExpectedDiagnostic {
  code: string;
  severity?: "error" | "warning";
  file: string;
  line: number;
  column: number;
  /** When given, the hint must be exactly this. */
  hint?: string;
}

export interface FixtureCase {
  name: string;
  purpose: string;
  remove: string[];
  diagnostics: ExpectedDiagnostic[];
  /**
   * The case is run as `site check-windows --all --at <instant>` instead of `site check`: the
   * warnings about finished windows (window-over) are reported there only.
   */
  checkWindowsAt?: string;
  /** The instant the case is judged at (site check --now); by default FIXTURE_NOW. */
  now?: string;
}

/**
 * The instant a case is judged at unless it names its own: before any case's campaign is over, so
 * that a problem that holds only while a campaign runs (campaign-without-page) is reported.
 */
export const FIXTURE_NOW = "2025-01-01T00:00+00:00";

/** The instant the case is judged at: check-windows' --at, or site check's --now. */
export const instantOf = (c: Pick<FixtureCase, "checkWindowsAt" | "now">) => c.checkWindowsAt ?? c.now ?? FIXTURE_NOW;

export function fixtureCases(): FixtureCase[] {
  return readdirSync(fixturesDir)
    .filter((name) => name !== "base")
    .sort()
    .map((name) => {
      const text = readFileSync(join(fixturesDir, name, "expected.yaml"), "utf8");
      const data = parse(text) as {
        remove?: string[];
        diagnostics: ExpectedDiagnostic[];
        checkWindowsAt?: string;
        now?: string;
      };
      const purpose = text.split("\n", 1)[0]!.replace(/^#\s*/, "");
      return {
        name,
        purpose,
        remove: data.remove ?? [],
        diagnostics: data.diagnostics,
        ...(data.checkWindowsAt ? { checkWindowsAt: String(data.checkWindowsAt) } : {}),
        ...(data.now ? { now: String(data.now) } : {}),
      };
    });
}

/** A temporary project folder holding specs/ = base + the case's files; removed by the returned cleanup. */
export function materialize(name: string, remove: string[] = []): { root: string; cleanup: () => void } {
  const root = mkdtempSync(join(tmpdir(), `site-fixture-${name}-`));
  cpSync(join(fixturesDir, "base", "specs"), join(root, "specs"), { recursive: true });
  // A case that only removes files has no specs/ of its own (git keeps no empty folders).
  const overlay = join(fixturesDir, name, "specs");
  if (name !== "base" && existsSync(overlay)) cpSync(overlay, join(root, "specs"), { recursive: true, force: true });
  for (const file of remove) rmSync(join(root, "specs", file));
  // As a project's specs are: written a while before the run that reads them.
  settleTree(join(root, "specs"));
  return { root, cleanup: () => rmSync(root, { recursive: true, force: true }) };
}
