// The real campaigns built at the instants they pass through (before, each stage, the seams
// between stages, after): shoppers can reach them, they end on time, nothing is published early,
// every part of a page shows one price, and dates read as the shopper's own.
import { join } from "node:path";
import { parse, type HTMLElement } from "node-html-parser";
import { beforeAll, describe, expect, test } from "vitest";
import type { SiteModel } from "../../compiler/link/model.ts";
import { check } from "../../compiler/pipeline.ts";
import type { MadeFiles } from "../../compiler/write/index.ts";
import { realSiteAt, realSiteFilesAt } from "../support/build.ts";
import { projectRoot } from "../support/cli.ts";

// The model, for what the pages are checked against (the price table, a campaign's offers).
let model: SiteModel;
beforeAll(() => {
  model = check(join(projectRoot, "specs")).model!;
});

type Route = { path: string; page: string; region: string; redirect: { to: string; status: number } | null };
const builds = new Map<string, Promise<{ files: MadeFiles; routes: Route[] }>>();

/** The real site built at `now` (shared with the other files that build that instant): its files and routes. */
function siteAt(now: string) {
  if (!builds.has(now)) {
    builds.set(
      now,
      realSiteAt(now).then(async (built) => {
        expect(built.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
        const files = await realSiteFilesAt(now);
        const { routes } = JSON.parse(String(files.get("manifests/routes.json"))) as { routes: Route[] };
        return { files, routes: routes.map(({ path, page, region, redirect }) => ({ path, page, region, redirect })) };
      }),
    );
  }
  return builds.get(now)!;
}
const html = (files: MadeFiles, path: string) => String(files.get(`site${path === "/" ? "" : path}/index.html`) ?? "");
const pageOf = (files: MadeFiles, path: string): HTMLElement => parse(html(files, path));
/** An element's text as read: any run of spaces (no-break and thin ones too) is one space. */
const text = (e: HTMLElement | null) => (e?.text ?? "").replace(/\s+/g, " ").trim();
// The text a build publishes: not the build's record for the next build (.site-record.json, never
// served), whose page hashes hold any short run of digits sooner or later, nor the images, whose
// coordinates and bytes do too.
const filesContaining = (files: MadeFiles, needle: string) =>
  [...files]
    .filter(([path]) => path !== ".site-record.json" && !path.startsWith("site/images/"))
    .filter(([, f]) => (typeof f === "string" ? f : Buffer.from(f).toString("utf8")).includes(needle))
    .map(([path]) => path);

const BF_REGIONS = ["us", "uk", "eu", "fr", "de"];
const EARLY_BF = "2024-11-15T12:00+01:00";
const BLACK_FRIDAY = "2024-11-25T12:00+01:00";
const CYBER_MONDAY = "2024-12-01T12:00+01:00";
const CHRISTMAS = "2024-12-15T12:00+01:00";

describe("1. campaign pages can be found, and end", () => {
  for (const [at, page] of [
    [EARLY_BF, "black-friday"],
    [BLACK_FRIDAY, "black-friday"],
    [CYBER_MONDAY, "black-friday"],
    [CHRISTMAS, "christmas-sale"],
  ] as const) {
    test(`at ${at} every region's home leads to /<region>/${page} from its text banner, menu and home banner`, async () => {
      const { files } = await siteAt(at);
      for (const region of BF_REGIONS) {
        const home = pageOf(files, `/${region}`);
        const target = `/${region}/${page}`;
        expect(home.querySelector(".text-banner a, a.text-banner")?.getAttribute("href"), `${region} text banner`).toBe(
          target,
        );
        expect(
          home.querySelectorAll(".nav-list > li > a").map((a) => a.getAttribute("href")),
          `${region} menu`,
        ).toContain(target);
        expect(
          home.querySelector('main [data-section="banner"] a')?.getAttribute("href"),
          `${region} home banner`,
        ).toBe(target);
      }
    });
  }

  test("during Black Friday the text banner is the campaign's, not the standing 'Meet Flagship Bumblebee'", async () => {
    const home = pageOf((await siteAt(BLACK_FRIDAY)).files, "/us");
    expect(text(home.querySelector(".text-banner"))).toMatch(/^Black Friday: up to 33% off/);
    expect(html((await siteAt(BLACK_FRIDAY)).files, "/us")).not.toContain("Meet Flagship Bumblebee");
  });

  test("after its last stage a campaign page is a 302 to the region home, and nothing links to it", async () => {
    const { files, routes } = await siteAt("2025-06-01T12:00+02:00");
    for (const region of BF_REGIONS) {
      expect(routes.find((r) => r.path === `/${region}/black-friday`)?.redirect).toEqual({
        to: `/${region}`,
        status: 302,
      });
      expect(pageOf(files, `/${region}/black-friday`).querySelector("main")).toBeNull();
    }
    expect(filesContaining(files, 'href="/us/black-friday"')).toEqual([]);
  });

  test("before its first stage a campaign page does not exist: no Christmas page or price during Black Friday", async () => {
    const { files, routes } = await siteAt(BLACK_FRIDAY);
    expect(routes.some((r) => r.page === "christmas-sale")).toBe(false);
    expect(files.has("site/us/christmas-sale/index.html")).toBe(false);
    expect(filesContaining(files, "Holiday Deals")).toEqual([]);
  });

  test("the Cyber Monday page lasts a day longer in us (to 4 December) than elsewhere", async () => {
    const { routes } = await siteAt("2024-12-04T12:00-08:00");
    expect(routes.find((r) => r.path === "/us/black-friday")?.redirect).toBeNull();
    expect(routes.find((r) => r.path === "/uk/black-friday")?.redirect).toEqual({ to: "/uk", status: 302 });
  });
});

describe("3. no placeholder reaches a page", () => {
  test("the home's software ecosystem names the brand: Mechanova Hub and Mechanova Studio", async () => {
    const { files } = await siteAt(BLACK_FRIDAY);
    for (const path of ["/", "/us", "/fr", "/de", "/jp", "/kr"]) {
      const titles = pageOf(files, path).querySelectorAll('[data-section="ecosystem"] strong').map(text);
      expect(titles, path).toEqual(["Mechanova Hub", "Mechanova Studio"]);
    }
  });
});

describe("4. the pre-order is not published early", () => {
  test("a November 2024 build holds no early-bird price and no pre-order news anywhere", async () => {
    const { files } = await siteAt(BLACK_FRIDAY);
    for (const needle of [
      "124,960",
      "5899",
      "5,899",
      "$949",
      "949",
      "1099\u00a0€",
      "1.099\u00a0€",
      "£899",
      "Flagship Bumblebee pre-orders open",
      "旗舰级大黄蜂开启预售",
    ]) {
      expect(filesContaining(files, needle), needle).toEqual([]);
    }
  });

  test("before 27 March 2025 the Flagship Bumblebee page is sign-up only: no price, no pre-order button, no booking", async () => {
    const { files } = await siteAt("2025-03-26T12:00+01:00");
    const doc = pageOf(files, "/us/flagship-bumblebee");
    expect(html(files, "/us/flagship-bumblebee")).not.toMatch(/Pre-orders are open now|Pre-Order Now/);
    expect(doc.querySelector(".product-summary .button")?.getAttribute("data-state")).toBe("comingSoon");
    expect(doc.querySelector(".product-summary a.button")).toBeNull();
    expect(doc.querySelector('[data-price-of="flagshipBumblebee"]')).toBeNull();
    expect(doc.querySelector('[data-section="booking"]')).toBeNull();
    expect(doc.querySelector('[data-section="subscribe"]#preheat')).not.toBeNull();
    // Nor a price for it in the menu or the structured data.
    const offer = doc
      .querySelectorAll('script[type="application/ld+json"]')
      .map((s) => JSON.parse(s.textContent))
      .find((b) => b["@type"] === "Product");
    expect(offer?.offers).toBeUndefined();
    expect(pageOf(files, "/us").querySelector('[data-price-of="flagshipBumblebee"]')).toBeNull();
  });
});

describe("5. one price everywhere during the early bird", () => {
  for (const [region, price] of [
    ["us", "$949"],
    ["jp", "￥124,960"],
    ["cn", "¥5,899"],
    ["de", "1.099 €"],
  ] as const) {
    test(`${region}: header, menu, home card, product header, booking and JSON-LD all say ${price}`, async () => {
      const { files } = await siteAt("2025-04-01T12:00+02:00");
      const home = region === "cn" ? "/" : `/${region}`;
      const product = `${region === "cn" ? "" : `/${region}`}/flagship-bumblebee`;
      const doc = pageOf(files, product);
      const shown = [
        ...doc.querySelectorAll('[data-price-of="flagshipBumblebee"]'),
        ...pageOf(files, home).querySelectorAll('[data-price-of="flagshipBumblebee"]'),
      ].map(text);
      expect(shown.length).toBeGreaterThanOrEqual(4);
      expect(new Set(shown)).toEqual(new Set([price]));
      expect(text(doc.querySelector(".booking-price"))).toBe(price);
      const offer = doc
        .querySelectorAll('script[type="application/ld+json"]')
        .map((s) => JSON.parse(s.textContent))
        .find((b) => b["@type"] === "Product");
      expect(String(offer.offers.price)).toBe(price.replace(/\D/g, ""));
    });
  }
});

describe("6. dates are the shopper's", () => {
  test("Christmas, 9 to 31 December, reads December 9 – 31 in us and uk, and 9.–31. Dezember in de", async () => {
    const { files } = await siteAt(CHRISTMAS);
    for (const region of ["us", "uk"]) {
      const dates = pageOf(files, `/${region}/christmas-sale`).querySelector(".banner-dates");
      expect(text(dates), region).toMatch(/^(December 9 – 31|9 – 31 December)$/);
    }
    expect(text(pageOf(files, "/de/christmas-sale").querySelector(".banner-dates"))).toBe("9.–31. Dezember");
  });

  test("Black Friday's hours are shown in CET to us shoppers, never as a raw offset", async () => {
    const { files } = await siteAt(BLACK_FRIDAY);
    const us = html(files, "/us/black-friday") + html(files, "/us");
    expect(us).not.toMatch(/GMT[+-−]\d|UTC[+-−]\d/);
    expect(text(pageOf(files, "/us/black-friday").querySelector(".banner-dates"))).toBe("November 22 – 29 (CET)");
  });
});

describe("7. no hole between Early Black Friday and Black Friday", () => {
  for (const at of ["2024-11-22T00:00+01:00", "2024-11-22T05:00+01:00", "2024-11-22T08:59+01:00"]) {
    test(`at ${at} Black Friday is on in every region: banner, countdown and sale prices`, async () => {
      const { files } = await siteAt(at);
      for (const region of BF_REGIONS) {
        const doc = pageOf(files, `/${region}/black-friday`);
        expect(text(doc.querySelector('[data-section="banner"] .banner-title')), region).toMatch(/Black Friday/);
        expect(doc.querySelector("[data-countdown]"), region).not.toBeNull();
        expect(doc.querySelector(".sale-item .sale-price"), region).not.toBeNull();
      }
      expect(
        text(
          pageOf(files, "/us/black-friday").querySelector('.sale-item[data-product="eliteOptimusPrime"] .sale-price'),
        ),
      ).toBe("$499");
    });
  }

  test("a minute earlier it is still Early Black Friday", async () => {
    const doc = pageOf((await siteAt("2024-11-21T23:59+01:00")).files, "/us/black-friday");
    expect(text(doc.querySelector('.sale-item[data-product="eliteOptimusPrime"] .sale-price'))).toBe("$549");
  });
});

describe("8. smaller seed items", () => {
  test("the region chooser greets each region in its own language first", async () => {
    const { files } = await siteAt(BLACK_FRIDAY);
    const heading = (path: string) => pageOf(files, `${path}/choose-your-region`).querySelector(".region-chooser h1")!;
    for (const [path, lang] of [
      ["/us", "en"],
      ["/uk", "en"],
      ["/eu", "en"],
      ["/fr", "fr"],
      ["/de", "de"],
      ["/jp", "ja"],
      ["/kr", "ko"],
      ["", "zh"],
    ]) {
      expect(heading(path!).parentNode?.getAttribute("lang"), path).toBe(lang);
    }
    expect(text(heading("/us"))).toBe("Choose your country or region");
  });

  test("the Black Friday page has the 'more surprises' block", async () => {
    const { files } = await siteAt(BLACK_FRIDAY);
    for (const region of BF_REGIONS)
      expect(
        pageOf(files, `/${region}/black-friday`).querySelector('[data-section="more-surprises"] p'),
        region,
      ).not.toBeNull();
  });

  test("shop links on a campaign page carry the campaign's query parameters, and sale cards name the payment methods", async () => {
    const doc = pageOf((await siteAt(BLACK_FRIDAY)).files, "/us/black-friday");
    const buy = new URL(
      doc.querySelector('.sale-item[data-product="eliteOptimusPrime"] a.button')!.getAttribute("href")!,
    );
    expect(buy.searchParams.get("utm_campaign")).toBe("black-friday-2024");
    expect(doc.querySelectorAll('.sale-item[data-product="eliteOptimusPrime"] .payment-method').map(text)).toEqual([
      "PayPal",
      "Klarna",
    ]);
  });

  test("'Up to N% OFF' is the largest saving of the live stage's offers against the price table, per region", async () => {
    const { files } = await siteAt(EARLY_BF);
    for (const region of BF_REGIONS) {
      const offers = model.specs.campaigns.get("black-friday-2024")!.data.offers![region]!;
      const largest = Math.max(
        ...Object.entries(offers).map(([id, row]) => (row[0] ? (1 - row[0] / model.price(id, region)!) * 100 : 0)),
      );
      const headline = text(pageOf(files, `/${region}/black-friday`).querySelector(".banner-discount"));
      expect(headline, region).toContain(String(Math.floor(largest)));
    }
  });
});

describe("9. a gift for a day that is over is no longer announced", () => {
  // The cap goes to the first orders of 29 November (uk has none): the words that announce it.
  const capAnnounced: Record<string, string> = {
    us: "free Mechanova cap",
    eu: "free Mechanova cap",
    fr: "casquette Mechanova offerte",
    de: "Mechanova Cap gratis",
  };
  const sectionsSaying = (files: MadeFiles, region: string) =>
    pageOf(files, `/${region}/black-friday`)
      .querySelectorAll("[data-section]")
      .filter((section) => text(section).includes(capAnnounced[region]!))
      .map((section) => section.getAttribute("data-section"));

  test("the banner (and the special offers, where there are some) announce the cap during Black Friday, and only the terms name it on Cyber Monday", async () => {
    const [blackFriday, cyberMonday] = [(await siteAt(BLACK_FRIDAY)).files, (await siteAt(CYBER_MONDAY)).files];
    for (const region of Object.keys(capAnnounced)) {
      const offers = ["eu", "fr"].includes(region) ? ["offers"] : [];
      expect(sectionsSaying(blackFriday, region), region).toEqual(["banner", ...offers, "terms"]);
      expect(sectionsSaying(cyberMonday, region), region).toEqual(["terms"]);
    }
  });
});
