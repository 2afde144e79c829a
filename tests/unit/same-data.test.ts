// site dev re-renders a page only when its compiled data changed; sameData decides that. It must
// agree with plain deep equality on any data, whatever objects the two sides share.
import { isDeepStrictEqual } from "node:util";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { compared, sameData } from "../../server/dev/site.ts";

const runs = Number(process.env.FC_RUNS ?? 40);
// Through JSON, as compiled data is: no -0, no undefined.
const json = fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.parse(JSON.stringify(v)) as unknown);

describe("sameData", () => {
  test("agrees with deep equality on arbitrary pairs and on a value and its copy", () => {
    fc.assert(
      fc.property(json, json, (a, b) => {
        expect(sameData(a, b, compared())).toBe(isDeepStrictEqual(a, b));
        expect(sameData(a, structuredClone(a), compared())).toBe(true);
      }),
      { numRuns: runs * 25 },
    );
  });

  test("a shared object proven equal once still lets a difference elsewhere show", () => {
    fc.assert(
      fc.property(json, json, json, (shared, x, y) => {
        const known = compared();
        const copy = structuredClone(shared);
        expect(sameData({ layout: shared, page: x }, { layout: copy, page: x }, known)).toBe(true);
        expect(sameData({ layout: shared, page: x }, { layout: copy, page: y }, known)).toBe(isDeepStrictEqual(x, y));
      }),
      { numRuns: runs * 25 },
    );
  });

  test("a shared object found different once is different for every page that holds it, and the rest still counts", () => {
    fc.assert(
      fc.property(json, json, json, json, (shared, edited, x, y) => {
        const known = compared();
        const layouts = { before: { menu: shared }, after: { menu: edited } };
        const differ = !isDeepStrictEqual(shared, edited);
        // Many pages of one region: the first comparison of the two layouts answers for the others.
        for (let page = 0; page < 3; page++)
          expect(sameData({ layout: layouts.before, page: x }, { layout: layouts.after, page: x }, known)).toBe(
            !differ,
          );
        expect(sameData({ layout: layouts.before, page: x }, { layout: layouts.after, page: y }, known)).toBe(
          !differ && isDeepStrictEqual(x, y),
        );
      }),
      { numRuns: runs * 25 },
    );
  });
});
