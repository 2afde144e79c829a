// At any instant of the campaign season, the real site built as of then shows one price per
// product on a page (header, menu, cards, sale items, booking block and structured data agree)
// and no text with a {placeholder} left in it. FC_RUNS=50 runs it long.
import { join } from "node:path";
import fc from "fast-check";
import { DateTime } from "luxon";
import { parse } from "node-html-parser";
import { beforeAll, expect, test } from "vitest";
import type { SiteModel } from "../../compiler/link/model.ts";
import { check } from "../../compiler/pipeline.ts";
import { renderSite } from "../support/render-site.ts";
import { projectRoot } from "../support/cli.ts";

let model: SiteModel;
beforeAll(() => {
  model = check(join(projectRoot, "specs")).model!;
});

const digits = (text: string) => Number(text.replace(/\D/g, ""));

/** What a shopper could see wrong on one page, or nothing. */
function problemsOf(path: string, html: string): string[] {
  const doc = parse(html);
  const problems: string[] = [];
  const shown = new Map<string, Set<string>>();
  for (const e of doc.querySelectorAll("[data-price-of]")) {
    const id = e.getAttribute("data-price-of")!;
    if (!shown.has(id)) shown.set(id, new Set());
    shown.get(id)!.add(e.text.trim());
  }
  for (const [id, texts] of shown)
    if (texts.size > 1) problems.push(`${path}: ${id} is shown at ${[...texts].join(" and ")}`);
  for (const script of doc.querySelectorAll('script[type="application/ld+json"]')) {
    const block = JSON.parse(script.textContent);
    if (block["@type"] !== "Product" || !block.offers) continue;
    // The product a page's structured data offers is the one its summary prices.
    const id = doc.querySelector(".product-summary [data-price-of]")?.getAttribute("data-price-of");
    const texts = id ? shown.get(id) : undefined;
    if (!texts) problems.push(`${path}: an offer of ${block.offers.price} but no price shown`);
    else if ([...texts].some((t) => digits(t) !== block.offers.price))
      problems.push(`${path}: the offer says ${block.offers.price}, the page ${[...texts].join(", ")}`);
  }
  doc.querySelectorAll("script, style").forEach((e) => e.remove());
  const placeholder = /\{[A-Za-z]+\}/.exec(doc.text);
  if (placeholder) problems.push(`${path}: shows ${placeholder[0]}`);
  return problems;
}

test("for any instant from 2024-11-01 to 2025-07-01, every page shows one price per product, as its structured data, and no {placeholder}", async () => {
  const season = fc.date({
    min: new Date("2024-11-01T00:00Z"),
    max: new Date("2025-07-01T00:00Z"),
    noInvalidDate: true,
  });
  // The seams a campaign passes through are always tried: the last minute of a stage and the next.
  const seams = [
    "2024-11-21T23:59+01:00",
    "2024-11-22T00:00+01:00",
    "2024-12-09T00:00-08:00",
    "2025-03-27T00:00+08:00",
    "2025-04-28T15:00+08:00",
    "2025-06-08T15:00+08:00",
  ];
  await fc.assert(
    fc.asyncProperty(season, async (at) => {
      const { files } = await renderSite(model, DateTime.fromJSDate(at, { zone: "utc" }));
      const problems = [...files]
        .filter(([file]) => file.startsWith("site/") && file.endsWith("index.html"))
        .flatMap(([file, html]) => problemsOf(file, String(html)));
      expect(problems, at.toISOString()).toEqual([]);
    }),
    { numRuns: Number(process.env.FC_RUNS ?? 4), examples: seams.map((s) => [new Date(s)]) },
  );
}, 240_000);
