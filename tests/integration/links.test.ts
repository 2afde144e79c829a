// A link written in a spec leads where site check says it does: check and compile resolve it
// with the same function, so a link check accepts is never dropped from a page.
import { DateTime } from "luxon";
import { parse } from "node-html-parser";
import { afterAll, expect, test } from "vitest";
import { check } from "../../compiler/pipeline.ts";
import { renderSite } from "../support/render-site.ts";
import { linkTarget, parseLink, type InternalLink } from "../../compiler/link/syntax.ts";
import { materialize } from "../support/fixtures.ts";

const fixture = materialize("link-home");
afterAll(() => fixture.cleanup());

test("a footer link to `home` is the region's home on the built page", async () => {
  const checked = check(`${fixture.root}/specs`, fixture.root);
  expect(checked.diagnostics).toEqual([]);
  const { files } = await renderSite(checked.model!, DateTime.fromISO("2025-06-10T12:00+08:00", { setZone: true }));
  const footer = parse(String(files.get("site/us/about-us/index.html"))).querySelector("footer")!;
  expect(footer.querySelectorAll("a").map((a) => [a.text.trim(), a.getAttribute("href")])).toContainEqual([
    "Home",
    "/us",
  ]);
});

test("the one resolver: a page under the region's prefix, home as the prefix, an absolute path as written", () => {
  const internal = (text: string) => parseLink(text) as InternalLink;
  expect(linkTarget(internal("about-us"), "/us")).toBe("/us/about-us");
  expect(linkTarget(internal("home"), "/us")).toBe("/us");
  expect(linkTarget(internal("home"), "")).toBe("/");
  expect(linkTarget(internal(""), "/de")).toBe("/de");
  expect(linkTarget(internal("/flagship-bumblebee#header"), "/us")).toBe("/flagship-bumblebee");
  expect(linkTarget(internal("where-to-buy/hongkong-macao"), "")).toBe("/where-to-buy/hongkong-macao");
});
