// The header as the compiler renders it from the real specs (no build, no browser): one Account
// link, and product menus that name each product as the region's cards do (the catalogue's
// per-region name), not as a label typed a second time in another language.
import { join } from "node:path";
import { DateTime } from "luxon";
import { parse } from "node-html-parser";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { beforeAll, describe, expect, test } from "vitest";
import { CompileContext } from "../../compiler/compile/context.ts";
import { siteAt } from "../../compiler/compile/index.ts";
import type { SiteModel } from "../../compiler/link/model.ts";
import { check } from "../../compiler/pipeline.ts";
import { resolveInForce } from "../../compiler/time/index.ts";
import { Header } from "../../templates/parts/Header.tsx";
import { projectRoot } from "../support/cli.ts";

const NOW = "2025-09-01T12:00+02:00";
let model: SiteModel;
let cx: CompileContext;

beforeAll(() => {
  const checked = check(join(projectRoot, "specs"));
  expect(checked.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  model = checked.model!;
  const time = resolveInForce(model, DateTime.fromISO(NOW, { setZone: true }));
  cx = new CompileContext(siteAt(model, time), time);
});

const headerOf = (code: string) =>
  parse(renderToStaticMarkup(createElement(Header, { layout: cx.layout(model.regions.get(code)!) })));

/** The names of the products the region's catalogue sells, one line each, as a card prints them. */
const catalogueNames = (code: string) =>
  new Map(
    [...model.products].flatMap(([id, product]) => {
      const name = product.regions[code]?.name;
      return name ? [[id, name.replace(/\s*\n\s*/g, " ")] as const] : [];
    }),
  );

describe("the header", () => {
  test.each(["us", "uk", "eu", "fr", "de", "jp", "kr", "cn"])("%s has exactly one link to the account page", (code) => {
    const header = headerOf(code);
    const account = cx.layout(model.regions.get(code)!).account.href;
    expect(account).not.toBe("");
    expect(header.querySelectorAll("a").filter((a) => a.getAttribute("href") === account)).toHaveLength(1);
  });

  test.each([
    ["jp", "フラッグシップ バンブルビー"],
    ["cn", "旗舰级大黄蜂"],
  ])("the %s product menu names the products in the region's language (%s)", (code, bumblebee) => {
    const names = catalogueNames(code);
    const labels = headerOf(code)
      .querySelectorAll(".nav-sublist a .nav-label")
      .map((label) => label.text);
    expect(labels).toContain(bumblebee);
    expect(labels).not.toContain("Flagship Bumblebee");
    // Every entry that stands for a product shows that product's name as its cards do.
    const layout = cx.layout(model.regions.get(code)!);
    const products = layout.navigation.flatMap((entry) => entry.children).filter((entry) => entry.product);
    expect(products.length).toBeGreaterThan(0);
    for (const entry of products) expect(entry.label).toBe(names.get(entry.product!.id));
  });

  test("a menu parent is a button that names the list it opens", () => {
    const header = headerOf("us");
    const parents = header.querySelectorAll(".nav-list > .nav-item > .nav-parent");
    expect(parents.length).toBeGreaterThan(0);
    for (const parent of parents) {
      expect(parent.tagName).toBe("BUTTON");
      expect(parent.getAttribute("aria-expanded")).toBe("false");
      const list = header.querySelector(`#${parent.getAttribute("aria-controls")}`);
      expect(list?.classList.contains("nav-sublist")).toBe(true);
    }
  });
});
