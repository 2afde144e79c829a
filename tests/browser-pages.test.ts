// Every rich page of seed 001 in a real site.browser, as a shopper checks it: the sections in the
// order the spec lists them for the region, a price in the region's currency, and buy links that
// go to that region's shop.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { describe, expect, test } from "vitest";
import { serveBuiltSite } from "./support/served-site.ts";
import { projectRoot } from "./support/cli.ts";

// During Black Friday 2024 every rich page exists; Flagship Bumblebee shows its regular price.
const NOW = "2024-11-25T12:00+01:00";
const site = serveBuiltSite({ now: NOW, clock: () => Date.parse("2024-11-25T11:00:00Z") });

/**
 * The section kinds a page's spec lists for a region that are live in November 2024: those gated
 * to another stage or another campaign (Father's Day) are not, nor the Flagship Bumblebee booking,
 * whose pre-order opens in March 2025.
 */
function specSections(page: string, region: string, liveStage: number | null): string[] {
  const content = parse(readFileSync(join(projectRoot, "specs", "content", `${page}.yaml`), "utf8")) as { sections: Record<string, { type: string; stage?: number[]; campaign?: string }[]> };
  return content.sections[region]!
    .filter((s) => s.type !== "booking")
    .filter((s) => !s.stage || (liveStage !== null && !s.campaign && s.stage.includes(liveStage)))
    .map((s) => s.type);
}

const shopOf: Record<string, RegExp> = {
  us: /^https:\/\/us\.store\.mechanova\.com\//,
  uk: /^https:\/\/uk\.store\.mechanova\.com\//,
  eu: /^https:\/\/eu\.store\.mechanova\.com\//,
  fr: /^https:\/\/fr\.store\.mechanova\.com\//,
  de: /^https:\/\/de\.store\.mechanova\.com\//,
  jp: /^https:\/\/jp\.store\.mechanova\.com\//,
  cn: /^https:\/\/mechanova\.marketplace\.cn\//,
};

const pages: [path: string, page: string, region: string, currency: RegExp, liveStage: number | null][] = [
  ["/us/black-friday", "black-friday", "us", /\$/, 2],
  ["/uk/black-friday", "black-friday", "uk", /£/, 2],
  ["/fr/black-friday", "black-friday", "fr", /€/, 2],
  ["/de/christmas-sale", "christmas-sale", "de", /€/, null],
  ["/us/christmas-sale", "christmas-sale", "us", /\$/, null],
  ["/us/grimlock-g1-flagship", "grimlock-g1-flagship", "us", /\$/, null],
  ["/us/elite-optimus-prime", "elite-optimus-prime", "us", /\$/, null],
  ["/us/bumblebee-g1-performance", "bumblebee-g1-performance", "us", /\$/, null],
  ["/de/toy-story-buzz-lightyear", "toy-story-buzz-lightyear", "de", /€/, null],
  ["/uk/k1-pro-interstellar-scout", "k1-pro-interstellar-scout", "uk", /£/, null],
  ["/jp/flagship-bumblebee", "flagship-bumblebee", "jp", /￥/, null],
  ["/flagship-bumblebee", "flagship-bumblebee", "cn", /¥/, null],
  ["/fr/flagship-bumblebee", "flagship-bumblebee", "fr", /€/, null],
  ["/us", "home", "us", /\$/, null],
  ["/kr", "home", "kr", /./, null],
];

describe("rich pages as a shopper sees them", () => {
  test.each(pages)("%s", async (path, pageId, region, currency, liveStage) => {
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(site.url + path);
    const shown = await page.locator("main [data-section]").evaluateAll((els) => els.map((e) => e.getAttribute("data-section")));
    expect(shown).toEqual(specSections(pageId, region, liveStage));
    if (region !== "kr") {
      expect(await page.locator("main .price").first().innerText()).toMatch(currency);
      const buyLinks = await page.locator('main a.button[target="_blank"]').evaluateAll((as) => as.map((a) => a.getAttribute("href")!));
      const shopLinks = buyLinks.filter((h) => /store|marketplace/.test(h));
      expect(shopLinks.length).toBeGreaterThan(0);
      for (const href of shopLinks) expect(href).toMatch(shopOf[region]!);
    }
    expect(errors).toEqual([]);
    await page.close();
  });
});
