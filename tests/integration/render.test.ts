// The render stage renders each region's header and footer once and splices them into its pages.
// That must never show: every page of the real site, at instants with and without campaigns,
// is byte for byte the page a single renderToString of the whole document gives, and a route's
// finished page that document with the chunks of the islands found in it preloaded.
import { join } from "node:path";
import { DateTime } from "luxon";
import { describe, expect, test } from "vitest";
import { compile } from "../../compiler/compile/index.ts";
import { check } from "../../compiler/pipeline.ts";
import {
  islandsIn,
  preloadsFor,
  renderDocument,
  renderPage,
  renderRoutePage,
  withPreloads,
} from "../../compiler/render/index.tsx";
import { projectRoot } from "../support/cli.ts";

const model = check(join(projectRoot, "specs")).model!;
const assets = { script: "/assets/main-TEST.js", styles: ["/assets/style-TEST.css"] };

describe("header and footer rendered once per region", () => {
  test.each(["2024-11-25T12:00+01:00", "2025-09-01T12:00+02:00"])(
    "every page at %s is the whole document's rendering",
    (instant) => {
      const routes = compile(model, DateTime.fromISO(instant, { setZone: true })).routes.filter((r) => r.data);
      expect(routes.length).toBeGreaterThan(150);
      for (const route of routes)
        expect(renderPage(route.data!, assets), route.manifest.path).toBe(renderDocument(route.data!, assets));
    },
  );
});

test("a route's finished page preloads the chunks of every island its whole document has, in document order", () => {
  const routes = compile(model, DateTime.fromISO("2024-11-25T12:00+01:00", { setZone: true })).routes.filter(
    (r) => r.data,
  );
  const preloads = { runtime: ["/assets/runtime-TEST.js"], react: ["/assets/react-TEST.js"], islands: {} };
  const pageAssets = { script: assets.script, styles: { shared: assets.styles[0]!, shapes: {} }, preloads };
  let withIslands = 0;
  for (const route of routes) {
    const whole = renderDocument(route.data!, assets);
    const islands = islandsIn(whole);
    if (islands.length > 0) withIslands++;
    const page = renderRoutePage(route.data!, pageAssets);
    expect(page.islands, route.manifest.path).toEqual(islands);
    expect(page.html, route.manifest.path).toBe(withPreloads(whole, preloadsFor(preloads, islands)));
  }
  expect(withIslands).toBeGreaterThan(100);
});
