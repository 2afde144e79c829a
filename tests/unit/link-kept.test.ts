// What the rules besides the prices found is kept between runs (compiler/link/kept.ts): a check
// whose files but prices.yaml are as they were takes the findings instead of running the rules,
// and reports exactly what a check from scratch reports, each problem at the same place; an edit
// of any other file runs the rules again. Every fixture case is checked twice, the second time
// from what the first kept (check-fixtures.test.ts).
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import type { LinkKeeper } from "../../compiler/link/kept.ts";
import { check } from "../../compiler/pipeline.ts";
import { memoryKeeper } from "../support/fixture-check.ts";
import { withEdits } from "../support/file-times.ts";
import { materialize } from "../support/fixtures.ts";

const placed = (result: ReturnType<typeof check>) =>
  result.diagnostics.map((d) => `${d.code} ${d.location.file}@${d.location.offset}+${d.location.length}: ${d.message}`);

describe("the link findings kept between runs", () => {
  const base = materialize("base");
  const specs = join(base.root, "specs");
  afterAll(() => base.cleanup());

  test("after a price edit, the uses kept are judged against the new table, at the places a fresh check names", () => {
    const { keeper, asked } = memoryKeeper(base.root);
    expect(placed(check(specs, base.root, { kept: keeper }))).toEqual([]);
    expect(asked).toEqual({ taken: 0, kept: 1 });

    const notSold = (table: string) =>
      table.replace("flagshipBumblebee: [1299, 8499]", "flagshipBumblebee: [   ~, 8499]");
    withEdits([[join(specs, "prices.yaml"), notSold]], () => {
      const edited = check(specs, base.root, { kept: keeper });
      expect(asked).toEqual({ taken: 1, kept: 1 });
      const fresh = check(specs, base.root);
      expect(fresh.diagnostics.map((d) => d.code)).toContain("product-not-sold");
      expect(placed(edited)).toEqual(placed(fresh));
      expect(edited.model!.price("flagshipBumblebee", "us")).toBeNull();
    });
  });

  test("an edit of any other file runs the rules again", () => {
    const { keeper, asked } = memoryKeeper(base.root);
    check(specs, base.root, { kept: keeper });
    withEdits([[join(specs, "catalogue.yaml"), (text) => text.replace("aiBase:", "aiBasis:")]], () => {
      const edited = check(specs, base.root, { kept: keeper });
      expect(asked).toEqual({ taken: 0, kept: 2 });
      expect(placed(edited)).toEqual(placed(check(specs, base.root)));
      expect(edited.diagnostics.map((d) => d.code)).toContain("unknown-product");
    });
  });

  test("a name only the rules met keeps its definition from being taken for renamed, from the findings kept too", () => {
    // The catalogue renames aiBase to aiBasis, which the home page shows; prices.yaml and a second
    // list of the page keep the old name. aiBasis is in use, so the old name is a slip of it (two
    // unknown products), not its name before a rename.
    const { keeper, asked } = memoryKeeper(base.root);
    const edits = [
      [join(specs, "catalogue.yaml"), (text: string) => text.replace("  aiBase:", "  aiBasis:")],
      [
        join(specs, "content/home.yaml"),
        (text: string) =>
          `${text}sections:\n  us:\n    - { type: preview, title: New, products: [aiBasis] }\n    - { type: preview, title: Old, products: [aiBase] }\n`,
      ],
    ] as const;
    withEdits(edits, () => {
      const fresh = check(specs, base.root);
      expect(fresh.diagnostics.map((d) => d.code)).toContain("unknown-product");
      expect(fresh.diagnostics.map((d) => d.code)).not.toContain("renamed-definition");
      check(specs, base.root, { kept: keeper });
      expect(placed(check(specs, base.root, { kept: keeper }))).toEqual(placed(fresh));
      expect(asked).toEqual({ taken: 1, kept: 1 });
    });
  });

  test("a file whose stamp proves nothing (just changed) keeps nothing", () => {
    const { keeper, asked } = memoryKeeper(base.root);
    const unproven: LinkKeeper = {
      ...keeper,
      stampOf: (spec) => (spec.kind === "pages" ? undefined : keeper.stampOf(spec)),
    };
    check(specs, base.root, { kept: unproven });
    check(specs, base.root, { kept: unproven });
    expect(asked).toEqual({ taken: 0, kept: 0 });
  });
});
