// Random edits of the real specs never crash `site check`: whatever a campaign manager types,
// the answer is diagnostics with a position, exit 0 or 1, never an internal error.
// FC_RUNS=2000 npm test -- tests/check-property.test.ts runs it long.
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import fc from "fast-check";
import { parseDocument, stringify } from "yaml";
import { afterAll, describe, expect, test } from "vitest";
import { aliasExpansion, fastData, MAX_ALIAS_EXPANSION } from "../compiler/load.ts";
import { check } from "../compiler/pipeline.ts";
import { position } from "../compiler/print.ts";
import { projectRoot, runSite, stackTrace } from "./support/cli.ts";

const runs = Number(process.env.FC_RUNS ?? 40);
const root = mkdtempSync(join(tmpdir(), "site-fuzz-"));
const specsDir = join(root, "specs");
cpSync(join(projectRoot, "specs"), specsDir, { recursive: true });
afterAll(() => rmSync(root, { recursive: true, force: true }));

function specFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? specFiles(path) : [relative(specsDir, path)];
  });
}
const files = specFiles(specsDir).sort();
const originals = new Map(files.map((f) => [f, readFileSync(join(specsDir, f), "utf8")]));

// Fragments that stress YAML and the rules: structure, anchors, tags, odd scalars, links, times.
const fragment = fc.oneof(
  fc.constantFrom("~", "[", "]", "{", "}", ":", "- ", "? ", "'", '"', "\t", "#", "&a ", "*a", "!!binary ", "!!str ", "<<: *a",
    "1e999", "-1", "0x1F", ".nan", "javascript:alert(1)", "http://x.example", "/:region/x", "2025-01-01T00:00",
    "2025-13-45T99:99+08:00", "2024-03-31T02:30 Europe/Paris", "null", "true", "\u0000", "\uFEFF", "💥", "\r\n", "\n  ", "    "),
  fc.string({ maxLength: 12 }),
);

const edit = fc.record({
  file: fc.constantFrom(...files),
  kind: fc.constantFrom("insert", "delete-line", "duplicate-line", "replace-value", "truncate"),
  at: fc.nat(),
  text: fragment,
});

function applyEdit(text: string, e: { kind: string; at: number; text: string }): string {
  const lines = text.split("\n");
  const n = e.at % Math.max(1, lines.length);
  switch (e.kind) {
    case "insert": {
      const offset = e.at % (text.length + 1);
      return text.slice(0, offset) + e.text + text.slice(offset);
    }
    case "delete-line":
      return [...lines.slice(0, n), ...lines.slice(n + 1)].join("\n");
    case "duplicate-line":
      return [...lines.slice(0, n + 1), ...lines.slice(n)].join("\n");
    case "replace-value":
      lines[n] = (lines[n] ?? "").replace(/:\s.*$/, `: ${e.text}`);
      return lines.join("\n");
    default:
      return text.slice(0, e.at % (text.length + 1));
  }
}

describe("site check under random edits of the real specs", () => {
  test("never throws; every diagnostic has a real position and a message", () => {
    fc.assert(
      fc.property(fc.array(edit, { minLength: 1, maxLength: 3 }), (edits) => {
        try {
          for (const e of edits) {
            const path = join(specsDir, e.file);
            writeFileSync(path, applyEdit(readFileSync(path, "utf8"), e));
          }
          const result = check(specsDir, root);
          for (const d of result.diagnostics) {
            const p = position(d, result.sources);
            expect(p.file.startsWith("specs/")).toBe(true);
            expect(p.line).toBeGreaterThanOrEqual(1);
            expect(p.column).toBeGreaterThanOrEqual(1);
            expect(p.message.length).toBeGreaterThan(0);
          }
        } finally {
          for (const e of edits) writeFileSync(join(specsDir, e.file), originals.get(e.file)!);
        }
      }),
      { numRuns: runs },
    );
  }, runs * 1000 + 10_000);

  test("a spec file replaced by arbitrary YAML (any shape, any scalar) gives diagnostics, never a crash", () => {
    // Arbitrary data written as YAML, and arbitrary text: the loader and every rule must cope.
    const document = fc.oneof(
      fc.jsonValue({ maxDepth: 4 }).map((value) => stringify(value)),
      fc.string({ maxLength: 200 }),
      fc.array(fc.constantFrom("a:", "- b", "  c: [", "}", "&x", "*x", "? ", "!!map", "---", "...", "~", "'", "#"), { maxLength: 12 }).map((parts) => parts.join("\n")),
    );
    fc.assert(
      fc.property(fc.constantFrom(...files), document, (file, text) => {
        const path = join(specsDir, file);
        try {
          writeFileSync(path, text);
          const result = check(specsDir, root);
          for (const d of result.diagnostics) expect(position(d, result.sources).line).toBeGreaterThanOrEqual(1);
        } finally {
          writeFileSync(path, originals.get(file)!);
        }
      }),
      { numRuns: runs },
    );
  }, runs * 1000 + 10_000);

  test("the CLI answers 0 or 1 with no stack trace", () => {
    fc.assert(
      fc.property(edit, (e) => {
        const path = join(specsDir, e.file);
        try {
          writeFileSync(path, applyEdit(originals.get(e.file)!, e));
          const { code, stdout, stderr } = runSite(["check", "--json"], { cwd: root });
          expect([0, 1]).toContain(code);
          expect(stderr).toBe("");
          expect(stdout + stderr).not.toMatch(stackTrace);
          expect(() => JSON.parse(stdout)).not.toThrow();
        } finally {
          writeFileSync(path, originals.get(e.file)!);
        }
      }),
      { numRuns: Math.max(5, Math.round(runs / 10)) },
    );
  }, runs * 1000 + 10_000);
});

describe("the loader's fast path", () => {
  // The fast parser reads clean files; the positioned parser reads the rest and words errors.
  // Whatever the fast one accepts, it must read exactly as the positioned one would.
  // As load() reads a file the fast parser declines: aliased parts shared, over-expansion refused.
  const positioned = (text: string) => {
    const doc = parseDocument(text, { uniqueKeys: true, strict: true });
    if (doc.errors.length > 0) return { errors: doc.errors.map((e) => e.code) };
    try {
      const data = doc.toJS({ maxAliasCount: -1 }) ?? null;
      return aliasExpansion(data) > MAX_ALIAS_EXPANSION ? { refused: true } : { data };
    } catch (error) {
      return { errors: [String(error)] };
    }
  };

  // Pieces of YAML syntax on top of the fuzz fragments: keys of every scalar type, markers, styles.
  const yamlPiece = fc.constantFrom("a: ", "- ", "\n- ", ": ", "b:\n  - ", "k: v\n", "|", ">", "|-\n", "|1-\n", "%", "---", "...", "\\", "\r",
    ",", "@", "`", "=", "0o7", "+.5", "1_0", '"\\u00e9"', "''", '""', "0x1F: ", "1.0: ", ".inf: ", "true: ", "~: ", "null: ", "1: ", "-0: ", "0.10: ", "[:]");

  const anchorPiece = fc.constantFrom("&a ", "&b ", "*a", "*b", "&a [1, 2]", "*a : x\n", "&a k: v\n", "- *a\n", "- &b {k: *a}\n", "x: &a\n  - 1\n", "y: *a\n", "z: &a 3\n");

  test("reads what it accepts as the positioned parser does", () => {
    const text = fc.oneof(
      fc.tuple(fc.constantFrom(...files), edit).map(([file, e]) => applyEdit(originals.get(file)!, e)),
      fc.jsonValue({ maxDepth: 4 }).map((value) => stringify(value)),
      fc.jsonValue({ maxDepth: 3 }).map((value) => stringify(value, { defaultStringType: "QUOTE_DOUBLE", collectionStyle: "flow" })),
      fc.jsonValue({ maxDepth: 3 }).map((value) => stringify(value, { defaultStringType: "BLOCK_LITERAL" })),
      fc.array(fc.oneof(fragment, yamlPiece), { maxLength: 20 }).map((parts) => parts.join("")),
      // Anchors and aliases: shared values as yaml writes them, in odd places, and nested.
      fc.tuple(fc.jsonValue({ maxDepth: 2 }), fc.jsonValue({ maxDepth: 2 })).map(([v, w]) => stringify({ one: v, two: v, three: [w, v, { four: w }] })),
      fc.array(fc.oneof(anchorPiece, yamlPiece), { maxLength: 12 }).map((parts) => parts.join("")),
      fc.record({ levels: fc.integer({ min: 1, max: 4 }), fanOut: fc.integer({ min: 1, max: 12 }) }).map(({ levels, fanOut }) => nestedAliases(levels, fanOut)),
    );
    fc.assert(
      fc.property(text, (t) => {
        const fast = fastData(t);
        if (fast) expect(positioned(t)).toEqual({ data: fast.data });
      }),
      { numRuns: runs * 25 },
    );
  });

  test("refuses nested aliases that would repeat the data without bound, with a position", () => {
    const bomb = nestedAliases(9, 10);
    expect(fastData(bomb)).toBeUndefined();
    const file = join(specsDir, "constants.yaml");
    writeFileSync(file, `${originals.get("constants.yaml")!.split("\n")[0]}\n${bomb}`);
    try {
      const result = check(specsDir, root);
      const found = result.diagnostics.filter((d) => d.location.file.endsWith("constants.yaml")).map((d) => position(d, result.sources));
      // Pointed at the first alias: line 3 (after the schema line and l0), column 10.
      expect(found.map((d) => [d.code, d.message, d.line, d.column])).toEqual([["alias-expansion", expect.stringMatching(/repeat the file's data \d+ times/), 3, 10]]);
    } finally {
      writeFileSync(file, originals.get("constants.yaml")!);
    }
    // Shared as the real specs do (us: &en, eu: *en, and lists of aliased items aliased again):
    // read by the fast parser.
    const shared = "us: &en\n  - &intro\n    a: 1\n  - b\nuk: &en-uk\n  - *intro\n  - c\neu: *en\nfr: *en-uk\n";
    const intro = { a: 1 };
    expect(fastData(shared)).toEqual({ data: { us: [intro, "b"], uk: [intro, "c"], eu: [intro, "b"], fr: [intro, "c"] } });
  });
});

/** The "billion laughs" shape: each level a list of `fanOut` aliases of the level below. */
function nestedAliases(levels: number, fanOut: number): string {
  const lines = ["l0: &l0 [lol]"];
  for (let l = 1; l <= levels; l++) lines.push(`l${l}: &l${l} [${Array.from({ length: fanOut }, () => `*l${l - 1}`).join(", ")}]`);
  return `${lines.join("\n")}\n`;
}
