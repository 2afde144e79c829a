// Random edits of the real specs never crash `site check`: whatever a campaign manager types,
// the answer is diagnostics with a position, exit 0 or 1, never an internal error.
// FC_RUNS=2000 npm test -- tests/integration/check-property.test.ts runs it long. (The loader's
// own properties, in-process and quick, are tests/unit/load-fast-path.test.ts.)
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { stringify } from "yaml";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { DateTime } from "luxon";
import { compile } from "../../compiler/compile/index.ts";
import type { LoadCache } from "../../compiler/load/index.ts";
import { check } from "../../compiler/pipeline.ts";
import { position } from "../../cli/print/diagnostics.ts";
import { siteCommand, stackTrace } from "../support/cli.ts";
import { writeSettled } from "../support/file-times.ts";
import { materialize } from "../support/fixtures.ts";
import { SiteWorker } from "../support/site-worker.ts";
import { applyEdit, editOf, fragment, nestedAliases, realSpecsCopy, specFiles } from "../support/spec-edits.ts";

const runs = Number(process.env.FC_RUNS ?? 40);
// A failure prints fast-check's seed and path: FC_SEED and FC_PATH replay that one case, with -t
// naming its test (README "Tests").
const replay = process.env.FC_SEED ? { seed: Number(process.env.FC_SEED), path: process.env.FC_PATH } : {};
const { root, specsDir, files, originals, cleanup } = realSpecsCopy();
afterAll(cleanup);

const edit = editOf(files);

// The files a case leaves as they were are parsed once for all the cases, as site dev keeps them.
// A case's files are written, and put back after, each with a time of its own from the past
// (writeSettled): a random edit may keep a file's size, and its stamp still tells it from the
// original; the original put back is parsed once, not again at every case of the next two seconds,
// as a file just written would be (compiler/fingerprint.ts, settled).
const loaded: LoadCache = new Map();
/** site check of the copy with these files' texts written, put back as they were after. */
function checkEdited(texts: ReadonlyMap<string, string>) {
  try {
    for (const [file, text] of texts) writeSettled(join(specsDir, file), text);
    return check(specsDir, root, { cache: loaded });
  } finally {
    for (const file of texts.keys()) writeSettled(join(specsDir, file), originals.get(file)!);
  }
}

describe("site check under random edits of the real specs", () => {
  test(
    "never throws; every diagnostic has a real position and a message",
    () => {
      fc.assert(
        fc.property(fc.array(edit, { minLength: 1, maxLength: 3 }), (edits) => {
          // Edits of one file apply one after the other.
          const texts = new Map<string, string>();
          for (const e of edits) texts.set(e.file, applyEdit(texts.get(e.file) ?? originals.get(e.file)!, e));
          const result = checkEdited(texts);
          for (const d of result.diagnostics) {
            const p = position(d, result.sources);
            expect(p.file.startsWith("specs/")).toBe(true);
            expect(p.line).toBeGreaterThanOrEqual(1);
            expect(p.column).toBeGreaterThanOrEqual(1);
            expect(p.message.length).toBeGreaterThan(0);
          }
        }),
        { numRuns: runs, ...replay },
      );
    },
    // A budget, not a speed test: a machine busy with other work may take several times longer.
    runs * 5_000 + 30_000,
  );

  test(
    "a spec file replaced by arbitrary YAML (any shape, any scalar) gives diagnostics, never a crash",
    async () => {
      // Arbitrary data written as YAML, and arbitrary text: the loader and every rule must cope.
      const document = fc.oneof(
        fc.jsonValue({ maxDepth: 4 }).map((value) => stringify(value)),
        fc.string({ maxLength: 200 }),
        fc
          .array(fc.constantFrom("a:", "- b", "  c: [", "}", "&x", "*x", "? ", "!!map", "---", "...", "~", "'", "#"), {
            maxLength: 12,
          })
          .map((parts) => parts.join("\n")),
      );
      // Nor does a parser write a warning of its own to stderr (yaml did, for a key that is a list).
      const warnings: string[] = [];
      const onWarning = (warning: Error) => warnings.push(warning.message);
      process.on("warning", onWarning);
      try {
        fc.assert(
          fc.property(fc.constantFrom(...files), document, (file, text) => {
            const result = checkEdited(new Map([[file, text]]));
            for (const d of result.diagnostics) expect(position(d, result.sources).line).toBeGreaterThanOrEqual(1);
          }),
          { numRuns: runs, ...replay, examples: [["constants.yaml", "[ b ]: 1\n? {a: 1}\n: 2\n"]] },
        );
        // Warnings are emitted on the next tick.
        await new Promise(setImmediate);
      } finally {
        process.off("warning", onWarning);
      }
      expect(warnings).toEqual([]);
    },
    runs * 5_000 + 30_000,
  );

  test(
    "a line taken out of a spec that leaves the check clean compiles at every instant tried",
    () => {
      // What site check passes, site build makes: a product's region entry taken out of the
      // catalogue once passed the check and stopped the build inside compile (49 of the
      // catalogue's lines did). The files that tie the site together, line by line.
      const structural = files.filter((f) => !/^(content|messages)\//.test(f));
      const lines = structural.flatMap((file) =>
        originals
          .get(file)!
          .split("\n")
          .flatMap((line, i) => (line.trim() && !line.trim().startsWith("#") ? [{ file, line: i }] : [])),
      );
      const instants = ["2024-11-25T12:00+01:00", "2025-04-01T12:00+02:00"].map((at) =>
        DateTime.fromISO(at, { setZone: true }),
      );
      fc.assert(
        fc.property(fc.constantFrom(...lines), ({ file, line }) => {
          const text = originals.get(file)!.split("\n").toSpliced(line, 1).join("\n");
          const result = checkEdited(new Map([[file, text]]));
          if (result.model && !result.diagnostics.some((d) => d.severity === "error"))
            for (const now of instants) compile(result.model, now);
        }),
        { numRuns: runs, ...replay },
      );
    },
    runs * 5_000 + 30_000,
  );

  test(
    "the CLI answers 0 or 1 with no stack trace",
    async () => {
      // The command as bin/site.js runs it, in the worker's one process for such runs.
      await fc.assert(
        fc.asyncProperty(edit, async (e) => {
          const path = join(specsDir, e.file);
          try {
            writeFileSync(path, applyEdit(originals.get(e.file)!, e));
            const { code, stdout, stderr } = await siteCommand(["check", "--json"], { cwd: root });
            expect([0, 1]).toContain(code);
            expect(stderr).toBe("");
            expect(stdout + stderr).not.toMatch(stackTrace);
            expect(() => JSON.parse(stdout)).not.toThrow();
          } finally {
            writeFileSync(path, originals.get(e.file)!);
          }
        }),
        { numRuns: Math.max(5, Math.round(runs / 10)), ...replay },
      );
    },
    runs * 5_000 + 30_000,
  );
});

// Whatever bytes a spec file holds: random bytes, a spec in another encoding, YAML shapes that
// stress the parsers and every walk after them (deep nesting, huge scalars, anchors of anchors),
// text that would drive a terminal. site check answers 0 or 1 with positioned diagnostics, prints
// no stack and no raw control character, and finishes each case within its time limit.
// FC_RUNS=10000 npm test -- tests/integration/check-property.test.ts -t "any bytes" runs the issue's 10,000.
describe("site check on any bytes in a spec file", () => {
  const fuzzRuns = Number(process.env.FC_RUNS ?? 200);
  const perCase = Number(process.env.FC_CASE_MS ?? 30_000);
  const base = materialize("base");
  const baseSpecs = join(base.root, "specs");
  const baseFiles = specFiles(baseSpecs).sort();
  const baseTexts = new Map(baseFiles.map((f) => [f, readFileSync(join(baseSpecs, f))]));
  let site: SiteWorker;
  beforeAll(async () => {
    site = await SiteWorker.start();
  });
  afterAll(async () => {
    await site?.close();
    base.cleanup();
  });

  const deep = fc
    .record({
      kind: fc.constantFrom("[", "{a: ", "- ", "[a: ", "block", "anchors"),
      depth: fc.integer({ min: 150, max: 20_000 }),
      closed: fc.boolean(),
    })
    .map(({ kind, depth, closed }) => {
      if (kind === "block")
        return Array.from({ length: Math.min(depth, 1_500) }, (_, i) => `${"  ".repeat(i)}k${i}:`).join("\n") + " v\n";
      // a<k> holds a<k-1> at the bottom of 100 levels: deep through aliases, not in the text.
      if (kind === "anchors")
        return Array.from(
          { length: Math.min(Math.ceil(depth / 100), 150) },
          (_, k) => `a${k}: &a${k} ${"[".repeat(100)}${k ? `*a${k - 1}` : ""}${"]".repeat(100)}`,
        ).join("\n");
      const close = kind === "{a: " ? "}" : kind === "- " ? "" : "]";
      return `deep: ${kind.repeat(depth)}${kind === "- " ? "x" : kind.endsWith(": ") ? "1" : ""}${closed ? close.repeat(depth) : ""}\n`;
    });
  const huge = fc
    .record({
      size: fc.oneof(
        { arbitrary: fc.integer({ min: 200, max: 20_000 }), weight: 8 },
        { arbitrary: fc.integer({ min: 1_000_000, max: 5_000_000 }), weight: 1 },
      ),
      unit: fc.constantFrom("x", "é", "💥", "\x1b[31m", "\u0000", "\u202e", "%\r\n", "\t", "\\"),
      style: fc.constantFrom("plain", "double", "single", "literal"),
    })
    .map(({ size, unit, style }) => {
      const value = unit.repeat(Math.ceil(size / unit.length));
      if (style === "double") return `"${value.replace(/["\\]/g, "\\$&")}"`;
      if (style === "single") return `'${value.replace(/'/g, "''")}'`;
      if (style === "literal") return `|\n  ${value.replace(/\n/g, "\n  ")}`;
      return value;
    });
  const anchors = fc.oneof(
    fc
      .record({ levels: fc.integer({ min: 1, max: 9 }), fanOut: fc.integer({ min: 1, max: 12 }) })
      .map(({ levels, fanOut }) => nestedAliases(levels, fanOut)),
    fc.constantFrom(
      "self: &self [*self]\n",
      "a: &a\n  - *a\n",
      "a: &a {b: *a}\n",
      "<<: *nowhere\n",
      "a: &a [1]\nb: {<<: *a}\n",
      "*a: &a b\n",
    ),
  );
  const yamlText = fc.oneof(
    fc.jsonValue({ maxDepth: 6 }).map((value) => stringify(value)),
    fc.array(fragment, { maxLength: 30 }).map((parts) => parts.join("")),
    deep,
    huge,
    anchors,
  );
  const encodings = [
    "utf8",
    "utf8-bom",
    "latin1",
    "utf16le",
    "utf16le-bom",
    "utf16be",
    "utf16be-bom",
    "utf32le",
    "utf32le-bom",
    "utf32be",
    "utf32be-bom",
  ] as const;
  const encode = (text: string, encoding: (typeof encodings)[number]): Buffer => {
    const bom = encoding.endsWith("-bom") ? "\uFEFF" : "";
    const name = encoding.replace(/-bom$/, "");
    if (name === "utf8" || name === "latin1") return Buffer.from(bom + text, name);
    if (name === "utf16le") return Buffer.from(bom + text, "utf16le");
    if (name === "utf16be") return Buffer.from(bom + text, "utf16le").swap16();
    const points = Array.from(bom + text, (c) => c.codePointAt(0)!);
    const bytes = Buffer.alloc(points.length * 4);
    points.forEach((p, i) => (name === "utf32le" ? bytes.writeUInt32LE(p, i * 4) : bytes.writeUInt32BE(p, i * 4)));
    return bytes;
  };

  // What goes into the file: the shape alone, or as a value of one of its lines, in some encoding;
  // or raw bytes, alone or spliced into the file.
  const contents = fc.oneof(
    fc.record({
      how: fc.constantFrom("whole", "value", "appended"),
      text: yamlText,
      encoding: fc.constantFrom(...encodings),
      at: fc.nat(),
    }),
    fc.record({ how: fc.constantFrom("bytes", "spliced"), bytes: fc.uint8Array({ maxLength: 4_096 }), at: fc.nat() }),
  );
  type Contents =
    | { how: "whole" | "value" | "appended"; text: string; encoding: (typeof encodings)[number]; at: number }
    | { how: "bytes" | "spliced"; bytes: Uint8Array; at: number };
  const bytesOf = (original: Buffer, c: Contents): Buffer => {
    if ("bytes" in c) {
      if (c.how === "bytes") return Buffer.from(c.bytes);
      const at = c.at % (original.length + 1);
      return Buffer.concat([original.subarray(0, at), c.bytes, original.subarray(at)]);
    }
    const text = original.toString("utf8");
    if (c.how === "whole") return encode(c.text, c.encoding);
    if (c.how === "appended") return encode(`${text}${c.text}`, c.encoding);
    return encode(applyEdit(text, { kind: "replace-value", at: c.at, text: c.text }), c.encoding);
  };

  const raw = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
  test(
    "answers 0 or 1 with no stack, no raw control character and no hang, in every format",
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...baseFiles),
          contents,
          fc.constantFrom("pretty", "json", "github"),
          async (file, c, format) => {
            const path = join(baseSpecs, file);
            writeFileSync(path, bytesOf(baseTexts.get(file)!, c as Contents));
            try {
              const result = await site.run(["check", "--specs", baseSpecs, "--format", format], perCase);
              if (result === "timeout") throw new Error(`site check took over ${perCase} ms of CPU time`);
              const { code, stdout, stderr } = result;
              expect(stderr).toBe("");
              expect([0, 1]).toContain(code);
              expect(stdout).not.toMatch(stackTrace);
              expect(stdout).not.toMatch(/call stack|internal error/i);
              if (format === "json") {
                const { diagnostics } = JSON.parse(stdout) as {
                  diagnostics: { line: number; column: number; message: string }[];
                };
                for (const d of diagnostics) {
                  expect(d.line).toBeGreaterThanOrEqual(1);
                  expect(d.column).toBeGreaterThanOrEqual(1);
                  expect(d.message).not.toMatch(raw);
                }
              } else {
                expect(stdout).not.toMatch(raw);
                for (const line of stdout.split("\n")) expect(line.length).toBeLessThan(2_500);
                if (format === "github")
                  for (const line of stdout.trimEnd().split("\n").filter(Boolean))
                    expect(line).toMatch(/^::(error|warning) file=[^,:]*,line=\d+,col=\d+,title=[a-z-]+::/);
              }
            } finally {
              writeFileSync(path, baseTexts.get(file)!);
            }
          },
        ),
        // Ended by fast-check, with its seed and the case it was on, a minute before vitest's
        // limit would end it without either (under two suites and a build beside it, one run
        // once reached that limit and said nothing more).
        { numRuns: fuzzRuns, interruptAfterTimeLimit: fuzzRuns * 5_000, markInterruptAsFailure: true, ...replay },
      );
    },
    fuzzRuns * 5_000 + 60_000,
  );
});
