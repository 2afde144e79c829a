// What the loader refuses, as `site check` and `site build` print it: exit 1 with the positioned
// diagnostic, never 2 with an internal error or a stack. The rules themselves are tested in
// process (tests/unit/load-depth, load-encoding and load-entries); these run the command.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { position, printPretty } from "../../cli/print/diagnostics.ts";
import { check } from "../../compiler/pipeline.ts";
import { runSite, siteCommand, stackTrace } from "../support/cli.ts";
import { materialize } from "../support/fixtures.ts";

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

/** A copy of the base fixture, removed after the test. */
function site() {
  const fixture = materialize("base");
  cleanups.push(fixture.cleanup);
  return { root: fixture.root, specs: join(fixture.root, "specs") };
}

/**
 * A copy of the base fixture with `text` appended to its constants.yaml, and the line the text
 * starts on (the line after the file's last).
 */
function siteWithConstants(text: string) {
  const { root, specs } = site();
  const constants = join(specs, "constants.yaml");
  const original = readFileSync(constants, "utf8");
  writeFileSync(constants, original + text);
  return { root, specs, firstLine: original.split("\n").length };
}

describe("nesting", () => {
  test("site check on 100,000 levels: exit 1, too-deep, no stack", () => {
    const { root, specs, firstLine } = siteWithConstants(`deep: ${"[".repeat(100_000)}\n`);
    const { code, stdout, stderr } = runSite(["check"], { cwd: root });
    expect(stderr).toBe("");
    expect(stdout).toContain(`specs/constants.yaml:${firstLine}:206 error too-deep`);
    expect(stdout).not.toContain("call stack");
    expect(stdout).not.toMatch(stackTrace);
    expect(code).toBe(1);
    const result = check(specs, root);
    expect(printPretty(result.diagnostics, result.sources).length).toBeLessThan(2_000);
  });
});

// Lines no hand writes, which check meets all the same (its property test wrote the first): each
// took minutes or hours before, a regular expression backtracking over a long run of characters
// (in the indentation hint; in the rule that reads a headline's percentage); runSite's own limit
// ends a run that hangs.
describe("long runs", () => {
  test("a million tabs after an unclosed quote: exit 1 with the syntax error", () => {
    const { root, firstLine } = siteWithConstants(`"${"\t".repeat(1_000_000)}\n`);
    const { code, stdout, stderr } = runSite(["check"], { cwd: root });
    expect(stderr).toBe("");
    expect(stdout).toContain(`specs/constants.yaml:${firstLine}:1 error yaml-syntax`);
    expect(code).toBe(1);
  });

  test("forty ampersands before a value: the misindented line after it is still named", () => {
    const { root } = siteWithConstants(`zz:\n  k: ${"&".repeat(40)} x\n  j: 1\n kk: [\n`);
    const { code, stdout } = runSite(["check"], { cwd: root });
    expect(stdout).toContain(
      "hint: this line is indented by 1 space, between the levels of the lines above: indent it by 2, as j: above it.",
    );
    expect(code).toBe(1);
  });
  test("a campaign's menu label of a million digits: the check is clean", () => {
    const { root, specs } = site();
    const campaign = join(specs, "campaigns", "summer.yaml");
    writeFileSync(
      campaign,
      readFileSync(campaign, "utf8").replace("label: Summer", `label: "${"1".repeat(1_000_000)}"`),
    );
    const { code, stdout } = runSite(["check"], { cwd: root });
    expect(stdout).toContain("ok: 25 spec files checked");
    expect(code).toBe(0);
  });
});

describe("encoding", () => {
  test("a region file in Latin-1 refuses check and build with no cascade from the rest of the site", async () => {
    const { root, specs } = site();
    const us = join(specs, "regions", "us.yaml");
    writeFileSync(us, Buffer.from(readFileSync(us, "utf8"), "latin1"));
    const result = check(specs, root);
    const everything = result.diagnostics.map((d) => position(d, result.sources));
    expect(everything.map((d) => `${d.code} ${d.file}:${d.line}:${d.column}`)).toEqual([
      "encoding specs/regions/us.yaml:8:12",
    ]);
    const checked = await siteCommand(["check"], { cwd: root });
    expect(checked.code).toBe(1);
    expect(checked.stdout).toContain("specs/regions/us.yaml:8:12 error encoding");
    const built = await siteCommand(["build", "--out", join(root, "dist"), "--now", "2025-06-01T00:00Z"], {
      cwd: root,
    });
    expect(built.code).toBe(1);
    expect(built.stdout).toContain("nothing was written");
  });
});

describe("what a spec folder may hold besides spec files", () => {
  test("site check exits 1 with the diagnostic, not 2 with an internal error", async () => {
    const { root, specs } = site();
    mkdirSync(join(specs, "regions", "x.yaml"));
    const { code, stdout, stderr } = await siteCommand(["check"], { cwd: root });
    expect(stderr).toBe("");
    expect(stdout).toContain(
      "specs/regions/x.yaml:1:1 error unreadable-spec  This spec file cannot be read: it is a folder, not a file.",
    );
    expect(code).toBe(1);
  });

  test("a named pipe is never opened: a warning in a spec folder, an error for a required file, and check returns", () => {
    const { root, specs } = site();
    execFileSync("mkfifo", [join(specs, "regions", "pipe.yaml")]);
    rmSync(join(specs, "prices.yaml"));
    execFileSync("mkfifo", [join(specs, "prices.yaml")]);
    // In a child process: opening a pipe with no writer would block this one for good.
    const { code, stdout, stderr } = runSite(["check", "--json"], { cwd: root });
    expect(stderr).toBe("");
    expect(code).toBe(1);
    const found = (JSON.parse(stdout) as { diagnostics: { code: string; file: string; message: string }[] })
      .diagnostics;
    expect(found.map((d) => `${d.code} ${d.file}`)).toEqual([
      "unreadable-spec specs/prices.yaml",
      "skipped-entry specs/regions/pipe.yaml",
    ]);
    expect(found[0]!.message).toBe("This spec file cannot be read: it is a named pipe (FIFO), not a file.");
    expect(found[1]!.message).toBe("This is a named pipe (FIFO); it is skipped.");
  });

  test("the CLI never prints a stack for any of these", () => {
    const outside = mkdtempSync(join(tmpdir(), "site-entries-"));
    cleanups.push(() => rmSync(outside, { recursive: true, force: true }));
    const { root, specs } = site();
    mkdirSync(join(specs, "site.yaml.d"));
    symlinkSync("loop.yaml", join(specs, "regions", "loop.yaml"));
    symlinkSync(outside, join(specs, "messages", "outside"));
    execFileSync("mkfifo", [join(specs, "content", "pipe.yaml")]);
    const { code, stdout, stderr } = runSite(["check"], { cwd: root });
    expect([0, 1]).toContain(code);
    expect(stderr).toBe("");
    expect(stdout).not.toMatch(stackTrace);
  });
});

describe("order", () => {
  // Sorted by the machine's locale, Lithuanian puts y before j and Estonian z before t.
  test("problems print in the same order whatever language the machine is set to", () => {
    const { root, specs } = site();
    for (const name of ["j-page", "t-page", "y-page", "z-page"]) {
      writeFileSync(join(specs, "content", `${name}.yaml`), "head: no block of fields\n");
    }
    const filesIn = (locale: string) => {
      const { code, stdout } = runSite(["check", "--json"], { cwd: root, env: { LC_ALL: locale, LANG: locale } });
      expect(code).toBe(1);
      const { diagnostics } = JSON.parse(stdout) as { diagnostics: { file: string }[] };
      return [...new Set(diagnostics.map((d) => d.file))];
    };
    const expected = ["j", "t", "y", "z"].map((letter) => `specs/content/${letter}-page.yaml`);
    expect(filesIn("en_US.UTF-8")).toEqual(expected);
    expect(filesIn("lt_LT.UTF-8")).toEqual(expected);
    expect(filesIn("et_EE.UTF-8")).toEqual(expected);
  });
});
