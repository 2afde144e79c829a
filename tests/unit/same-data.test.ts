// site dev re-renders a page only when its compiled data changed; sameData decides that. It must
// agree with plain deep equality on any data, whatever objects the two sides share.
import { isDeepStrictEqual } from "node:util";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { sameData } from "../../server/dev/site.ts";

const runs = Number(process.env.FC_RUNS ?? 40);
// Through JSON, as compiled data is: no -0, no undefined.
const json = fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.parse(JSON.stringify(v)) as unknown);

describe("sameData", () => {
  test("agrees with deep equality on arbitrary pairs and on a value and its copy", () => {
    fc.assert(
      fc.property(json, json, (a, b) => {
        expect(sameData(a, b, new WeakMap())).toBe(isDeepStrictEqual(a, b));
        expect(sameData(a, structuredClone(a), new WeakMap())).toBe(true);
      }),
      { numRuns: runs * 25 },
    );
  });

  test("a shared object proven equal once still lets a difference elsewhere show", () => {
    fc.assert(
      fc.property(json, json, json, (shared, x, y) => {
        const proven = new WeakMap<object, object>();
        const copy = structuredClone(shared);
        expect(sameData({ layout: shared, page: x }, { layout: copy, page: x }, proven)).toBe(true);
        expect(sameData({ layout: shared, page: x }, { layout: copy, page: y }, proven)).toBe(isDeepStrictEqual(x, y));
      }),
      { numRuns: runs * 25 },
    );
  });
});
