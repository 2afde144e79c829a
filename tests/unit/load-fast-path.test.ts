// The loader's two parsers agree: whatever the fast one (js-yaml) accepts, the positioned one
// (yaml) reads as the same data, anchors and aliases included; and aliases that would repeat the
// data without bound are refused with a position. In-process and quick; the fuzzing of site check
// itself is tests/integration/check-property.test.ts. FC_RUNS=2000 runs it long.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { parseDocument, stringify } from "yaml";
import { afterAll, describe, expect, test } from "vitest";
import { position } from "../../cli/print/diagnostics.ts";
import { aliasExpansion, fastData, MAX_ALIAS_EXPANSION, tableData } from "../../compiler/load/index.ts";
import { duplicateKeyErrors } from "../../compiler/load/duplicates.ts";
import { check } from "../../compiler/pipeline.ts";
import { applyEdit, editOf, fragment, nestedAliases, realSpecsCopy } from "../support/spec-edits.ts";

const runs = Number(process.env.FC_RUNS ?? 40);
const { root, specsDir, files, originals, cleanup } = realSpecsCopy();
afterAll(cleanup);
const edit = editOf(files);

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
  const yamlPiece = fc.constantFrom(
    "a: ",
    "- ",
    "\n- ",
    ": ",
    "b:\n  - ",
    "k: v\n",
    "|",
    ">",
    "|-\n",
    "|1-\n",
    "%",
    "---",
    "...",
    "\\",
    "\r",
    ",",
    "@",
    "`",
    "=",
    "0o7",
    "+.5",
    "1_0",
    '"\\u00e9"',
    "''",
    '""',
    "0x1F: ",
    "1.0: ",
    ".inf: ",
    "true: ",
    "~: ",
    "null: ",
    "1: ",
    "-0: ",
    "0.10: ",
    "[:]",
  );

  const anchorPiece = fc.constantFrom(
    "&a ",
    "&b ",
    "*a",
    "*b",
    "&a [1, 2]",
    "*a : x\n",
    "&a k: v\n",
    "- *a\n",
    "- &b {k: *a}\n",
    "x: &a\n  - 1\n",
    "y: *a\n",
    "z: &a 3\n",
  );

  // Tables as prices.yaml is written (rows of cells, and keys with rows under them), with odd
  // spacing and comments, and now and then a cell or a line a table does not have.
  const goodCell = fc.oneof(
    { weight: 5, arbitrary: fc.nat({ max: 200_000 }).map(String) },
    { weight: 2, arbitrary: fc.stringMatching(/^[a-z][a-z0-9]{0,3}$/) },
    { weight: 2, arbitrary: fc.constantFrom("~", " ~", "   ~", " 12 ", "0") },
  );
  const oddCell = fc.constantFrom("007", "1_0", "-1", "1.5", "1e3", "0x1F", "null", "true", "True", "NULL", "yes");
  const strangeCell = fc.constantFrom("'a'", '"b"', "", "[1]", "{}", "*a", "&a 1", ".inf", "~ ~");
  const tableCell = fc.oneof(
    { weight: 30, arbitrary: goodCell },
    { weight: 1, arbitrary: oddCell },
    { weight: 1, arbitrary: strangeCell },
  );
  // From a few names, so that a key now and then comes twice.
  const key = fc.oneof(
    { weight: 5, arbitrary: fc.stringMatching(/^[a-zA-Z][a-zA-Z0-9]{0,8}$/) },
    { weight: 4, arbitrary: fc.constantFrom("columns", "list", "us", "flagshipMegatron", "k1") },
    { weight: 1, arbitrary: fc.constantFrom("null", "True", "1a", "a_b") },
  );
  const after = fc.constantFrom("", "", "", " # note", "  ", "# note", " #");
  const row = (indent: string) =>
    fc
      .tuple(key, fc.array(tableCell, { maxLength: 6 }), fc.constantFrom(", ", ",", " , ", ",  "), after)
      .map(([k, cells, separator, end]) => `${indent}${k}: [${cells.join(separator)}]${end}`);
  const block = fc.oneof(
    row(""),
    fc
      .tuple(key, after, fc.array(row("  "), { maxLength: 4 }))
      .map(([k, end, rows]) => [`${k}:${end}`, ...rows].join("\n")),
  );
  const oddLine = fc.constantFrom(
    "",
    "# a comment",
    "  # indented",
    "---",
    "\tk: [1]",
    "k: v",
    "  - [1]",
    "\r",
    "   k: [1]",
  );
  const table = fc
    .tuple(fc.array(block, { minLength: 1, maxLength: 5 }), fc.option(oddLine, { freq: 3 }), fc.nat())
    .map(([blocks, odd, at]) => {
      const lines = blocks.join("\n").split("\n");
      if (odd !== null) lines.splice(at % (lines.length + 1), 0, odd);
      return lines.join("\n");
    });

  test("reads a table, as prices.yaml is written, line by line as the positioned parser reads it", () => {
    const prices = originals.get("prices.yaml")!;
    expect(tableData(prices)).toEqual(positioned(prices));
    let read = 0;
    fc.assert(
      fc.property(table, (t) => {
        const fast = tableData(t);
        if (!fast) return;
        read++;
        expect(positioned(t)).toEqual({ data: fast.data });
      }),
      { numRuns: runs * 25 },
    );
    // The tables it reads are a good share of those made: the property above judged something.
    expect(read).toBeGreaterThan(runs);
  });

  test("reads what it accepts as the positioned parser does", () => {
    const text = fc.oneof(
      fc.tuple(fc.constantFrom(...files), edit).map(([file, e]) => applyEdit(originals.get(file)!, e)),
      fc.jsonValue({ maxDepth: 4 }).map((value) => stringify(value)),
      fc
        .jsonValue({ maxDepth: 3 })
        .map((value) => stringify(value, { defaultStringType: "QUOTE_DOUBLE", collectionStyle: "flow" })),
      fc.jsonValue({ maxDepth: 3 }).map((value) => stringify(value, { defaultStringType: "BLOCK_LITERAL" })),
      fc.array(fc.oneof(fragment, yamlPiece), { maxLength: 20 }).map((parts) => parts.join("")),
      // Anchors and aliases: shared values as yaml writes them, in odd places, and nested.
      fc
        .tuple(fc.jsonValue({ maxDepth: 2 }), fc.jsonValue({ maxDepth: 2 }))
        .map(([v, w]) => stringify({ one: v, two: v, three: [w, v, { four: w }] })),
      fc.array(fc.oneof(anchorPiece, yamlPiece), { maxLength: 12 }).map((parts) => parts.join("")),
      fc
        .record({ levels: fc.integer({ min: 1, max: 4 }), fanOut: fc.integer({ min: 1, max: 12 }) })
        .map(({ levels, fanOut }) => nestedAliases(levels, fanOut)),
    );
    fc.assert(
      fc.property(text, (t) => {
        const fast = fastData(t);
        if (fast) expect(positioned(t)).toEqual({ data: fast.data });
      }),
      { numRuns: runs * 25 },
    );
  });

  test("finds the duplicate keys yaml finds, at the same places", () => {
    const flowMap = fc
      .array(fc.tuple(key, tableCell), { maxLength: 6 })
      .map((pairs) => `{${pairs.map(([k, v]) => `${k}: ${v}`).join(", ")}}`);
    const text = fc.oneof(
      table,
      fc
        .array(
          fc.oneof(
            fragment,
            yamlPiece,
            anchorPiece,
            flowMap,
            block.map((b) => `${b}\n`),
          ),
          { maxLength: 20 },
        )
        .map((parts) => parts.join("")),
      fc
        .array(
          fc.tuple(
            key,
            fc.oneof(
              flowMap,
              table.map((t) => `\n${t.replace(/^/gm, "  ")}`),
            ),
          ),
          { maxLength: 8 },
        )
        .map((pairs) => pairs.map(([k, v]) => `${k}: ${v}`).join("\n")),
    );
    const atWith = (t: string, uniqueKeys: boolean) => parseDocument(t, { uniqueKeys, strict: true });
    let found = 0;
    fc.assert(
      fc.property(text, (t) => {
        const theirs = atWith(t, true).errors;
        const expected = theirs
          .filter((e) => e.code === "DUPLICATE_KEY")
          // yaml places some of its errors on the line break before the key; ours is on the key.
          .map((e) => e.pos[0] + /^\s*/.exec(t.slice(e.pos[0]))![0].length);
        const ours = duplicateKeyErrors(atWith(t, false)).map((e) => e.pos[0]);
        found += ours.length;
        // Past a syntax error yaml's places drift (they are not shown: load folds them into it).
        if (theirs.length > expected.length) expect(ours).toHaveLength(expected.length);
        else expect(ours).toEqual(expected.sort((a, b) => a - b));
      }),
      { numRuns: runs * 10 },
    );
    expect(found).toBeGreaterThan(runs);
  });

  test("leaves a quoted scalar run into the next text to the positioned parser, which refuses it", () => {
    // Found by the property above: js-yaml read 'a: ["é"], k: v' from this.
    for (const text of ['a: \r\n- "\\u00e9"k: v\n', "- 'a'b\n", 'k: {a: "x"y}\n']) {
      expect(fastData(text), text).toBeUndefined();
      expect(positioned(text), text).toHaveProperty("errors");
    }
    // Quoted scalars as the specs write them stay on the fast path.
    expect(fastData("k: \"it is\"\nj: 'it''s'\nl: [\"a\", 'b']\n\"m\": 1\n")).toEqual({
      data: { k: "it is", j: "it's", l: ["a", "b"], m: 1 },
    });
  });

  test("declines a quoted scalar of millions of characters run into the next text, and does not throw", () => {
    // Found by tests/integration/check-property.test.ts: a spec file of 5 million NULs written
    // in UTF-32 ended site check in an internal error. The guard's backtracking runs out of stack
    // past about ten million characters of one quoted scalar; the positioned parser reads it.
    const huge = `k: "${"x".repeat(12_000_000)}"x\n`;
    expect(fastData(huge)).toBeUndefined();
  });

  test("reads colours such as #e2e8f0 itself: a 10,000-route catalogue of them is not left to the slow parser", () => {
    const art = 'art: { palette: { body: "#e2e8f0", trim: "#1e3a8a", glow: "#2e8f00" }, silhouette: car }\n';
    expect(fastData(art)).toEqual({
      data: { art: { palette: { body: "#e2e8f0", trim: "#1e3a8a", glow: "#2e8f00" }, silhouette: "car" } },
    });
    // A number with an exponent is still the positioned parser's to read.
    expect(fastData("price: 1e3\n")).toBeUndefined();
  });

  test("refuses nested aliases that would repeat the data without bound, with a position", () => {
    const bomb = nestedAliases(9, 10);
    expect(fastData(bomb)).toBeUndefined();
    const file = join(specsDir, "constants.yaml");
    writeFileSync(file, `${originals.get("constants.yaml")!.split("\n")[0]}\n${bomb}`);
    try {
      const result = check(specsDir, root);
      const found = result.diagnostics
        .filter((d) => d.location.file.endsWith("constants.yaml"))
        .map((d) => position(d, result.sources));
      // Pointed at the first alias: line 3 (after the schema line and l0), column 10.
      expect(found.map((d) => [d.code, d.message, d.line, d.column])).toEqual([
        ["alias-expansion", expect.stringMatching(/repeat the file's data \d+ times/), 3, 10],
      ]);
    } finally {
      writeFileSync(file, originals.get("constants.yaml")!);
    }
    // Shared as the real specs do (us: &en, eu: *en, and lists of aliased items aliased again):
    // read by the fast parser.
    const shared = "us: &en\n  - &intro\n    a: 1\n  - b\nuk: &en-uk\n  - *intro\n  - c\neu: *en\nfr: *en-uk\n";
    const intro = { a: 1 };
    expect(fastData(shared)).toEqual({
      data: { us: [intro, "b"], uk: [intro, "c"], eu: [intro, "b"], fr: [intro, "c"] },
    });
  });
});
