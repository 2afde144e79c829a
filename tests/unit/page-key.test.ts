// A build links a page from the previous output, without rendering it, when its key is the one
// recorded there (write/record.ts): two pages with the same key must be made of the same data,
// layout, manifest and code, and a page and its copy must have the same key. A page whose own key
// (all but the layout) is a recorded page's is made from that page's HTML with a new header and
// footer: two pages with one own key must differ in their layout alone.
import { isDeepStrictEqual } from "node:util";
import fc from "fast-check";
import { expect, test } from "vitest";
import type { RouteManifest } from "../../compiler/compile/index.ts";
import type { RouteData } from "../../compiler/compile/route-data.ts";
import { pageKeys } from "../../compiler/write/record.ts";

const runs = Number(process.env.FC_RUNS ?? 40);
// Through JSON, as compiled data is.
const json = fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.parse(JSON.stringify(v)) as unknown);

const route = (page: unknown, layout: unknown, head: unknown = { title: "t" }) =>
  ({ route: { path: "/us" }, head, layout: { nav: layout }, page }) as unknown as RouteData;
const manifestOf = (data: RouteData, extra: unknown = null) =>
  ({ path: "/us", head: data.head, prefetch: [extra] }) as unknown as RouteManifest;
const pageKey = (code: string, data: RouteData, manifest: RouteManifest) => pageKeys(code, data, manifest).key;
const ownKey = (code: string, data: RouteData, manifest: RouteManifest) => pageKeys(code, data, manifest).own;

test("a page and its copy have one key; pages whose data differs have two", () => {
  fc.assert(
    fc.property(json, json, json, json, (page, other, layout, otherLayout) => {
      const data = route(page, layout);
      const copy = structuredClone(data);
      expect(pageKey("code", copy, manifestOf(copy))).toBe(pageKey("code", data, manifestOf(data)));
      const changed = route(other, otherLayout);
      const same = isDeepStrictEqual(page, other) && isDeepStrictEqual(layout, otherLayout);
      if (!same)
        expect(pageKey("code", changed, manifestOf(changed))).not.toBe(pageKey("code", data, manifestOf(data)));
    }),
    { numRuns: runs * 25 },
  );
});

test("the code and assets, the head and the manifest are part of the key", () => {
  const data = route({ price: 1299 }, []);
  const key = pageKey("code", data, manifestOf(data));
  expect(pageKey("other code", data, manifestOf(data))).not.toBe(key);
  expect(pageKey("code", data, manifestOf(data, { url: "/ssr/timestamp" }))).not.toBe(key);
  const retitled = route({ price: 1299 }, [], { title: "u" });
  expect(pageKey("code", retitled, manifestOf(retitled))).not.toBe(key);
  // A manifest whose head is not the page's own is hashed with it.
  expect(pageKey("code", data, { ...manifestOf(data), head: { title: "u" } } as RouteManifest)).not.toBe(key);
});

test("pages with one own key differ in their layout alone", () => {
  fc.assert(
    fc.property(json, json, json, json, (page, other, layout, otherLayout) => {
      const data = route(page, layout);
      const relaid = route(page, otherLayout);
      expect(ownKey("code", relaid, manifestOf(relaid))).toBe(ownKey("code", data, manifestOf(data)));
      const changed = route(other, layout);
      if (!isDeepStrictEqual(page, other))
        expect(ownKey("code", changed, manifestOf(changed))).not.toBe(ownKey("code", data, manifestOf(data)));
    }),
    { numRuns: runs * 25 },
  );
  const data = route({ price: 1299 }, []);
  expect(ownKey("other code", data, manifestOf(data))).not.toBe(ownKey("code", data, manifestOf(data)));
});
