// Every rich page of seed 001 in a real site.browser, as a shopper checks it: the sections in the
// order the spec lists them for the region, a price in the region's currency, and buy links that
// go to that region's shop.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { describe, test } from "vitest";
import { serveBuiltSite } from "../support/served-site.ts";
import { projectRoot } from "../support/cli.ts";

/**
 * The section kinds a page's spec lists for a region that are live at the instant: those gated to
 * another stage are not, and a home opens with the banner of a live campaign. The booking block
 * shows once the pre-order is open.
 */
function specSections(
  page: string,
  region: string,
  live: { stage: number | null; promotion?: boolean; booking?: boolean },
): string[] {
  const content = parse(readFileSync(join(projectRoot, "specs", "content", `${page}.yaml`), "utf8")) as {
    sections: Record<string, { type: string; stage?: number[]; campaign?: string }[]>;
  };
  const own = content.sections[region]!.filter((s) => s.type !== "booking" || live.booking)
    .filter((s) => !s.stage || (live.stage !== null && !s.campaign && s.stage.includes(live.stage)))
    .map((s) => s.type);
  return live.promotion ? ["banner", ...own] : own;
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

type Case = [path: string, page: string, region: string, currency: RegExp, live: Parameters<typeof specSections>[2]];

// Each page is seen while it shows everything it has: the campaign pages during their campaign,
// the Flagship Bumblebee once its pre-order is open.
const instants: { now: string; pages: Case[] }[] = [
  {
    now: "2024-11-25T12:00+01:00",
    pages: [
      ["/us/black-friday", "black-friday", "us", /\$/, { stage: 2 }],
      ["/uk/black-friday", "black-friday", "uk", /£/, { stage: 2 }],
      ["/fr/black-friday", "black-friday", "fr", /€/, { stage: 2 }],
      ["/us/grimlock-g1-flagship", "grimlock-g1-flagship", "us", /\$/, { stage: null }],
      ["/us/elite-optimus-prime", "elite-optimus-prime", "us", /\$/, { stage: null }],
      ["/us/bumblebee-g1-performance", "bumblebee-g1-performance", "us", /\$/, { stage: null }],
      ["/de/toy-story-buzz-lightyear", "toy-story-buzz-lightyear", "de", /€/, { stage: null }],
      ["/uk/k1-pro-interstellar-scout", "k1-pro-interstellar-scout", "uk", /£/, { stage: null }],
      ["/us", "home", "us", /\$/, { stage: null, promotion: true }],
      ["/kr", "home", "kr", /./, { stage: null }],
    ],
  },
  {
    now: "2024-12-15T12:00+01:00",
    pages: [
      ["/de/christmas-sale", "christmas-sale", "de", /€/, { stage: 1 }],
      ["/us/christmas-sale", "christmas-sale", "us", /\$/, { stage: 1 }],
    ],
  },
  {
    now: "2025-04-10T12:00+02:00",
    pages: [
      ["/jp/flagship-bumblebee", "flagship-bumblebee", "jp", /￥/, { stage: null, booking: true }],
      ["/flagship-bumblebee", "flagship-bumblebee", "cn", /¥/, { stage: null, booking: true }],
      ["/fr/flagship-bumblebee", "flagship-bumblebee", "fr", /€/, { stage: null, booking: true }],
    ],
  },
];

for (const { now, pages } of instants) {
  // Three pages at a time (each test has a page of its own); test.for hands each its own expect.
  describe.concurrent(`rich pages as a shopper sees them, as of ${now}`, () => {
    const site = serveBuiltSite({ now, clock: () => Date.parse(now) });
    test.for(pages)("%s", async ([path, pageId, region, currency, live], { expect }) => {
      const page = await site.visit(path, 1280);
      const shown = await page
        .locator("main [data-section]")
        .evaluateAll((els) => els.map((e) => e.getAttribute("data-section")));
      expect(shown).toEqual(specSections(pageId, region, live));
      if (region !== "kr") {
        expect(await page.locator("main .price").first().innerText()).toMatch(currency);
        const buyLinks = await page
          .locator('main a.button[target="_blank"]')
          .evaluateAll((as) => as.map((a) => a.getAttribute("href")!));
        const shopLinks = buyLinks.filter((h) => /store|marketplace/.test(h));
        expect(shopLinks.length).toBeGreaterThan(0);
        for (const href of shopLinks) expect(href).toMatch(shopOf[region]!);
      }
      expect(site.errorsIn(page)).toEqual([]);
      site.release(page);
    });
  });
}
