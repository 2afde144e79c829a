// A price written with a thousands separator ("1,299") in a row of the price table, which YAML
// reads as two prices: whatever the figures and wherever the separators, each such figure is one
// error at itself that gives the figure meant, and the row is not also too long.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, expect, test } from "vitest";
import { check } from "../../compiler/pipeline.ts";
import { materialize } from "../support/fixtures.ts";

// The base fixture: columns [us, cn] and two rows, flagshipBumblebee and aiBase.
const { root, cleanup } = materialize("base");
afterAll(cleanup);

/** A price as written: with a comma before every three digits from the right when `separated`. */
const written = (price: number, separated: boolean) =>
  separated ? price.toString().replace(/\B(?=(\d{3})+$)/g, ",") : String(price);

const cell = fc.record({ price: fc.integer({ min: 1, max: 9_999_999 }), separated: fc.boolean() });

test("each price written with a thousands separator is one error at it, naming the price meant", () => {
  fc.assert(
    fc.property(
      fc.array(cell, { minLength: 2, maxLength: 2 }),
      fc.array(cell, { minLength: 2, maxLength: 2 }),
      (a, b) => {
        const row = (cells: typeof a) => `[${cells.map((c) => written(c.price, c.separated)).join(", ")}]`;
        writeFileSync(
          join(root, "specs/prices.yaml"),
          `columns: [us, cn]\nlist:\n  flagshipBumblebee: ${row(a)}\n  aiBase: ${row(b)}\n`,
        );
        const result = check(join(root, "specs"), root);
        const found = result.diagnostics.filter(
          (d) => d.location.file.endsWith("specs/prices.yaml") && d.severity === "error",
        );
        const meant = [...a, ...b].filter((c) => c.separated && c.price >= 1000).map((c) => c.price);
        expect(found.map((d) => d.code)).toEqual(meant.map(() => "separated-figure"));
        expect(found.map((d) => d.hint)).toEqual(meant.map((price) => `write ${price}, without the comma.`));
        // Each at its own figure: the text there is the figure as written.
        for (const [i, d] of found.entries()) {
          const text = result.sources.get(d.location.file)!.text;
          expect(text.slice(d.location.offset, d.location.offset + d.location.length)).toBe(written(meant[i]!, true));
        }
      },
    ),
    { numRuns: 40 },
  );
});
