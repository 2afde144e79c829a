// The render stage renders each region's header and footer once and splices them into its pages.
// That must never show: every page of the real site, at instants with and without campaigns,
// is byte for byte the page a single renderToString of the whole document gives.
import { join } from "node:path";
import { DateTime } from "luxon";
import { describe, expect, test } from "vitest";
import { compile } from "../../compiler/compile/index.ts";
import { check } from "../../compiler/pipeline.ts";
import { renderDocument, renderPage } from "../../compiler/render/index.tsx";
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
