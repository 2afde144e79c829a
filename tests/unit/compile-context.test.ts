// The compile stage's parts called directly on the real specs' model, without a build: the
// context's helpers (links, prices, cards, texts, layout) and the page and section builders, at
// instants before, during and after the campaigns, as a shopper would meet the results.
import { join } from "node:path";
import { DateTime } from "luxon";
import { beforeAll, describe, expect, test } from "vitest";
import { CompileContext } from "../../compiler/compile/context.ts";
import { siteAt } from "../../compiler/compile/index.ts";
import { homePage } from "../../compiler/compile/pages/home.ts";
import { pageData } from "../../compiler/compile/pages/index.ts";
import { regionChooserPage } from "../../compiler/compile/pages/region-chooser.ts";
import type { SectionData, SectionOf } from "../../compiler/compile/route-data.ts";
import { pageSections } from "../../compiler/compile/sections/index.ts";
import type { WrittenSection } from "../../compiler/compile/sections/place.ts";
import type { RegionModel, RouteModel, SiteModel } from "../../compiler/link/model.ts";
import { check } from "../../compiler/pipeline.ts";
import { resolveInForce } from "../../compiler/time/index.ts";
import { projectRoot } from "../support/cli.ts";

const BEFORE_BLACK_FRIDAY = "2024-11-13T12:00+01:00";
const EARLY_BLACK_FRIDAY = "2024-11-15T12:00+01:00";
const BLACK_FRIDAY = "2024-11-25T12:00+01:00";
const BUMBLEBEE_PRE_HEAT = "2025-03-01T12:00+00:00";
const BUMBLEBEE_EARLY_BIRD = "2025-04-01T12:00+02:00";
const BUMBLEBEE_REGULAR = "2025-06-10T12:00-07:00";

/** Early Black Friday's days as a us shopper reads them; Intl sets thin spaces around the dash. */
const EARLY_DATES = "November 14\u2009–\u200921 (CET)";

let model: SiteModel;

beforeAll(() => {
  const checked = check(join(projectRoot, "specs"));
  expect(checked.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  model = checked.model!;
});

/** The context a build at `iso` makes, over the site as it stands then. */
function contextAt(iso: string, site: SiteModel = model): CompileContext {
  const time = resolveInForce(site, DateTime.fromISO(iso, { setZone: true }));
  return new CompileContext(siteAt(site, time), time);
}
const region = (code: string): RegionModel => model.regions.get(code)!;
const routeOf = (cx: CompileContext, path: string): RouteModel => {
  const route = cx.model.routesByPath.get(path);
  if (!route) throw new Error(`no open route ${path}`);
  return route;
};
const ofType = <K extends SectionData["type"]>(sections: SectionData[], type: K) =>
  sections.filter((s): s is SectionOf<K> => s.type === type);

describe("links", () => {
  test("`home` leads to the region's root: /us for us, / for cn", () => {
    const cx = contextAt(BLACK_FRIDAY);
    expect(cx.hrefFor(region("us"), "home")).toEqual({ href: "/us", external: false });
    expect(cx.hrefFor(region("cn"), "home")).toEqual({ href: "/", external: false });
  });

  test("a page of the sister site (cn on its own domain) is linked by its full address", () => {
    const cx = contextAt(BLACK_FRIDAY);
    expect(cx.hrefFor(region("us"), "/about-us").href).toBe(`${region("cn").origin}/about-us`);
    expect(cx.hrefFor(region("cn"), "/about-us").href).toBe("/about-us");
  });

  test("a link to a campaign page leads nowhere before the campaign opens, and to its anchor during it", () => {
    expect(contextAt(BEFORE_BLACK_FRIDAY).hrefFor(region("us"), "black-friday#deals").href).toBe("");
    expect(contextAt(EARLY_BLACK_FRIDAY).linkOf(region("us"), "Deals", "black-friday#deals")).toEqual({
      label: "Deals",
      href: "/us/black-friday#deals",
      external: false,
    });
  });

  test("a shop's address stays as written and opens as an external link", () => {
    expect(contextAt(BLACK_FRIDAY).hrefFor(region("eu"), "https://eu.store.mechanova.com/")).toEqual({
      href: "https://eu.store.mechanova.com/",
      external: true,
    });
  });
});

describe("prices and product cards", () => {
  test("prices are written as the region's shoppers write them", () => {
    const cx = contextAt(BLACK_FRIDAY);
    expect(cx.formatPrice(region("us"), 1299)).toEqual({ amount: 1299, currency: "USD", text: "$1,299" });
    expect(cx.formatPrice(region("de"), 699).text).toMatch(/^699\s€$/);
    // A derived amount keeps the decimal the seed writes (1,699 over 12 months is 141.6).
    expect(cx.formatPrice(region("us"), 141.6).text).toBe("$141.6");
  });

  test("during a campaign a card shows the sale price with the list price struck through; before it, the list price alone", () => {
    const during = contextAt(BLACK_FRIDAY).productCard(region("us"), "eliteOptimusPrime")!;
    expect(during.price?.text).toBe("$499");
    expect(during.listPrice?.text).toBe("$699");
    const before = contextAt(BEFORE_BLACK_FRIDAY).productCard(region("us"), "eliteOptimusPrime")!;
    expect(before.price?.text).toBe("$699");
    expect(before.listPrice).toBeNull();
  });

  test("the instalment follows the price in force, and a shop without instalments shows none", () => {
    const cx = contextAt(BLACK_FRIDAY);
    expect(cx.installmentText(region("us"), 499)).toBe("or $41.6/mo. for 12 months at 0% APR");
    expect(cx.installmentText(region("eu"), 559)).toBeNull();
  });

  test("a product named by its alias shows its product's card; one the region does not sell has none", () => {
    const cx = contextAt(BLACK_FRIDAY);
    const canonical = model.canonicalProduct("k1ProInterstellarScout")!;
    expect(canonical).not.toBe("k1ProInterstellarScout");
    expect(cx.productCard(region("us"), "k1ProInterstellarScout")).toBe(cx.productCard(region("us"), canonical));
    expect(model.price("eliteOptimusPrime", "jp")).toBeNull();
    expect(cx.productCard(region("jp"), "eliteOptimusPrime")).toBeNull();
  });

  test("before its pre-order opens a product has no price and no buy link, only 'coming soon'", () => {
    const card = contextAt(BUMBLEBEE_PRE_HEAT).productCard(region("us"), "flagshipBumblebee")!;
    expect(card).toMatchObject({
      phase: "pre-heat",
      availability: "comingSoon",
      price: null,
      listPrice: null,
      buy: null,
    });
    expect(contextAt(BUMBLEBEE_EARLY_BIRD).productCard(region("us"), "flagshipBumblebee")).toMatchObject({
      phase: "early-bird",
      availability: "preOrder",
    });
  });
});

describe("texts", () => {
  test("a text a language lacks shows in its fallback language, and the build lists it", () => {
    const de = model.specs.messages.get("de")!;
    const data = structuredClone(de.data);
    Reflect.deleteProperty(data.ui!.common as object, "menu");
    const withoutMenu: SiteModel = {
      ...model,
      specs: { ...model.specs, messages: new Map(model.specs.messages).set("de", { ...de, data }) },
    };
    const cx = contextAt(BLACK_FRIDAY, withoutMenu);
    expect(cx.fallbacks()).toEqual([]);
    expect(cx.layout(region("de")).ui.menu).toBe("Menu");
    expect(cx.fallbacks()).toEqual([{ language: "de", key: "ui.common.menu", from: "en", regions: ["de"] }]);
    expect(contextAt(BLACK_FRIDAY).message("de", "ui.common.menu")).toBe("Menü");
  });

  test("a campaign's texts get its live stage's figures; other texts keep only the region's", () => {
    const cx = contextAt(EARLY_BLACK_FRIDAY);
    expect(cx.fill(region("us"), "Up to {upTo}% OFF, {dates}", "black-friday-2024")).toBe(
      `Up to 21% OFF, ${EARLY_DATES}`,
    );
    expect(cx.fillAll(region("us"), { days: ["{returnDays}-Day Returns"] })).toEqual({ days: ["30-Day Returns"] });
    expect(cx.fill(region("us"), "Up to {upTo}% OFF")).toBe("Up to {upTo}% OFF");
  });

  test("a campaign's texts name any stage's first and last minute, in the region's words, live or not", () => {
    const period = "{stage1Start} to {stage1End}";
    for (const iso of [BEFORE_BLACK_FRIDAY, BLACK_FRIDAY]) {
      const cx = contextAt(iso);
      expect(cx.fill(region("us"), period, "black-friday-2024")).toBe(
        "November 14, 2024 at 09:00 CET to November 21, 2024 at 23:59 CET",
      );
      expect(cx.fill(region("de"), period, "black-friday-2024")).toBe(
        "14. November 2024 um 09:00 CET to 21. November 2024 um 23:59 CET",
      );
    }
    // Cyber Monday ends on a region's own day: December 4 in us, December 2 in uk.
    const cx = contextAt(BLACK_FRIDAY);
    expect(cx.fill(region("us"), "{stage3End}", "black-friday-2024")).toBe("December 4, 2024 at 23:59 CET");
    expect(cx.fill(region("uk"), "{stage3End}", "black-friday-2024")).toBe("2 December 2024 at 23:59 CET");
  });

  test("a region whose locale changed (its file edited, the campaign not) writes the campaign's dates anew", () => {
    // The stages' texts are kept from compile to compile (site dev): they must follow the locale.
    expect(contextAt(BLACK_FRIDAY).fill(region("us"), "{dates}", "black-friday-2024")).toBe(
      "November 22\u2009–\u200929 (CET)",
    );
    const british = { ...region("us"), formats: "en-GB" };
    const site: SiteModel = { ...model, regions: new Map(model.regions).set("us", british) };
    expect(contextAt(BLACK_FRIDAY, site).fill(british, "{dates}", "black-friday-2024")).toBe(
      "22\u2009–\u200929 November (CET)",
    );
  });

  test("eu's dates read as English is written in Europe, day first, as its British spelling does", () => {
    // Intl knows no en-EU and would write it American: "November 22 – 29".
    const cx = contextAt(BLACK_FRIDAY);
    expect(cx.fill(region("eu"), "{dates}", "black-friday-2024")).toBe("22–29 November (CET)");
    expect(cx.fill(region("eu"), "{stage2Start}", "black-friday-2024")).toBe("22 November 2024 at 00:00 CET");
    expect(cx.formatPrice(region("eu"), 1299.5).text).toBe("€1,299.5");
  });
});

describe("layout", () => {
  test("a live campaign puts its menu entry after the first one and its banner above the header", () => {
    const before = contextAt(BEFORE_BLACK_FRIDAY).layout(region("us"));
    const during = contextAt(EARLY_BLACK_FRIDAY).layout(region("us"));
    expect(during.navigation.map((n) => n.label)).toEqual([
      before.navigation[0]!.label,
      "Early Black Friday",
      ...before.navigation.slice(1).map((n) => n.label),
    ]);
    expect(during.navigation[1]!.href).toBe("/us/black-friday");
    expect(during.textBanner).toEqual({
      label: `Early Black Friday: up to 21% off, ${EARLY_DATES}`,
      href: "/us/black-friday",
      bg: "black",
    });
    expect(before.textBanner?.href).not.toBe("/us/black-friday");
  });

  test("the copyright line's year is the year in the region's zone, and the year's start is a change the build names", () => {
    // 15:30 UTC on New Year's Eve: midnight has passed in Tokyo and Seoul, not in Shanghai or Los Angeles.
    const cx = contextAt("2025-12-31T15:30Z");
    const year = (code: string) => /© (\d{4}) /.exec(cx.layout(region(code)).copyright)?.[1];
    expect(["jp", "kr", "cn", "us"].map(year)).toEqual(["2026", "2026", "2025", "2025"]);
    // Shanghai's midnight comes next; after every campaign has ended, only a year's start changes the pages.
    expect(cx.time.nextChange).toBe("2026-01-01T00:00:00+08:00");
    expect(contextAt("2025-08-01T12:00Z").time.nextChange).toBe("2026-01-01T00:00:00+09:00");
  });

  test("every page of a region shares one layout, built once", () => {
    const cx = contextAt(BLACK_FRIDAY);
    expect(cx.layout(region("fr"))).toBe(cx.layout(region("fr")));
    expect(cx.layout(region("fr")).footerNavs.every((l) => l.href !== "")).toBe(true);
  });
});

describe("routes at the instant", () => {
  test("a campaign page does not exist before its window and redirects (302) to the region's home after it", () => {
    const before = contextAt(BEFORE_BLACK_FRIDAY).model;
    expect(before.routes.some((r) => r.path === "/us/black-friday")).toBe(false);
    const after = contextAt(BUMBLEBEE_PRE_HEAT).model;
    expect(after.routesByPath.has("/us/black-friday")).toBe(false);
    expect(after.routes.find((r) => r.path === "/us/black-friday")).toMatchObject({
      template: null,
      redirect: { to: "/us", status: 302 },
    });
  });
});

describe("page builders", () => {
  test("every open route gets the page data of its own template", () => {
    const cx = contextAt(BLACK_FRIDAY);
    const pages = cx.model.routes.filter((r) => r.template && !r.childrenOnly);
    expect(new Set(pages.map((r) => r.template)).size).toBe(9);
    for (const route of pages)
      expect(pageData(cx, route, region(route.region), route.template!).template).toBe(route.template);
  });

  test("during a campaign the home opens with the campaign's banner, its figures filled", () => {
    const cx = contextAt(EARLY_BLACK_FRIDAY);
    const home = homePage(cx, routeOf(cx, "/us"), region("us"));
    const first = home.sections[0]!;
    expect(first).toMatchObject({
      type: "banner",
      id: "promotion-black-friday-2024",
      discount: "Up to 21% OFF",
      dates: EARLY_DATES,
    });
    expect(home.products.map((p) => p.id)).toContain("eliteOptimusPrime");
    expect(home.products.every((p) => p.href?.startsWith("/us/"))).toBe(true);
  });

  test("the region chooser greets in the region's own language first", () => {
    const cx = contextAt(BLACK_FRIDAY);
    expect(regionChooserPage(cx, routeOf(cx, "/jp/choose-your-region"), region("jp")).headings[0]!.language).toBe("ja");
    expect(regionChooserPage(cx, routeOf(cx, "/de/choose-your-region"), region("de")).headings[0]!.language).toBe("de");
  });
});

describe("section builders", () => {
  test("a section gated to a stage that is not live is left out", () => {
    const ids = (iso: string) => {
      const cx = contextAt(iso);
      return pageSections(cx, routeOf(cx, "/us/black-friday"), region("us")).map((s) => `${s.type}#${s.id ?? ""}`);
    };
    const early = ids(EARLY_BLACK_FRIDAY);
    const main = ids(BLACK_FRIDAY);
    expect(early).toContain("banner#early-black-friday");
    expect(early).not.toContain("banner#black-friday");
    expect(main).toContain("banner#black-friday");
    expect(main).not.toContain("banner#early-black-friday");
    // The stage-by-stage price preview only runs while later prices are still to come.
    expect(early).toContain("preview#");
    expect(main).not.toContain("preview#");
  });

  test("the terms state the stages' periods as the campaign sets them, and follow a stage moved", () => {
    const termsAt = (site: SiteModel) => {
      const cx = contextAt(BLACK_FRIDAY, site);
      const terms = ofType(pageSections(cx, routeOf(cx, "/us/black-friday"), region("us")), "terms");
      return terms.flatMap((t) => t.paragraphs).find((p) => p.startsWith("Event periods"));
    };
    expect(termsAt(model)).toContain(
      "Cyber Monday runs from November 30, 2024 at 00:00 CET to December 4, 2024 at 23:59 CET.",
    );
    // Cyber Monday extended in us by two days: the terms say so, with nothing else edited.
    const file = model.specs.campaigns.get("black-friday-2024")!;
    const data = structuredClone(file.data);
    (data.stages[2]!.end as Record<string, string>).us = "2024-12-07T00:00";
    const extended: SiteModel = {
      ...model,
      specs: { ...model.specs, campaigns: new Map(model.specs.campaigns).set("black-friday-2024", { ...file, data }) },
    };
    expect(termsAt(extended)).toContain("to December 6, 2024 at 23:59 CET.");
  });

  test("a later stage's price is not in the preview before that stage starts", () => {
    const cx = contextAt(EARLY_BLACK_FRIDAY);
    const [preview] = ofType(pageSections(cx, routeOf(cx, "/us/black-friday"), region("us")), "preview");
    const elite = preview!.items.find((i) => i.product.id === "eliteOptimusPrime")!;
    expect(elite.prices.map((p) => [p.state, p.text])).toEqual([
      ["live", "$549"],
      ["upcoming", null],
      ["upcoming", null],
    ]);
  });

  test("a sold product shows its sale price, struck list price, saving and percent off, and its buy link carries the campaign", () => {
    const cx = contextAt(BLACK_FRIDAY);
    const [products] = ofType(pageSections(cx, routeOf(cx, "/eu/black-friday"), region("eu")), "products");
    const elite = products!.groups.flatMap((g) => g.items).find((i) => i.product.id === "eliteOptimusPrime")!;
    expect(elite).toMatchObject({ salePrice: { text: "€559" }, listPrice: { text: "€699" } });
    expect(elite.save).toContain("€140");
    expect(elite.off).toMatch(/^20% /);
    expect(new URL(elite.buy!).searchParams.get("utm_campaign")).toBe("black-friday-2024");
  });

  test("a tab to the anchor of a section the page does not show is dropped", () => {
    const cx = contextAt(BLACK_FRIDAY);
    const tabs = {
      type: "tabs" as const,
      items: [
        { label: "Early deals", link: "#early-black-friday" },
        { label: "Deals", link: "#deals" },
      ],
    };
    const [shown] = ofType(pageSections(cx, routeOf(cx, "/us/black-friday"), region("us"), [tabs]), "tabs");
    expect(shown!.items.map((i) => i.href)).toEqual(["#deals"]);
  });

  describe("the booking block follows the pre-order phase", () => {
    const bookingAt = (iso: string) => {
      const cx = contextAt(iso);
      const route = routeOf(cx, "/us/flagship-bumblebee");
      const written = cx
        .pageContent(route)!
        .sections!.us!.find((s): s is WrittenSection<"booking"> => s.type === "booking")!;
      return { written, shown: ofType(pageSections(cx, route, region("us")), "booking") };
    };

    test("pre-heat: no booking, the page offers the sign-up only", () => {
      const { shown } = bookingAt(BUMBLEBEE_PRE_HEAT);
      expect(shown).toEqual([]);
    });

    test("early bird: the pre-order price against the list price, with the saving", () => {
      const { written, shown } = bookingAt(BUMBLEBEE_EARLY_BIRD);
      expect(shown[0]).toMatchObject({
        phase: "early-bird",
        title: written.title,
        price: { text: "$949" },
        listPrice: { text: "$1,299" },
        save: "Save $350",
      });
      expect(shown[0]!.buy?.href).toMatch(/^https:\/\/us\.store\.mechanova\.com\//);
    });

    test("after the early bird: the price-recovery block", () => {
      const { written, shown } = bookingAt(BUMBLEBEE_REGULAR);
      expect(written.recoveryTitle).toBeTruthy();
      expect(shown[0]).toMatchObject({ phase: "regular", title: written.recoveryTitle });
    });
  });
});
