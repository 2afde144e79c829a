// The campaign and content sections as a shopper sees them (issue 15), at phone and window widths:
// the timeline and countdown laid out rather than glued, the benefits' icons drawn, a banner's words
// set over its artwork in the campaign's palette, the FAQ unfolding in the collapse time of
// constants.yaml, the press quotes a carousel that scrolls within the page.
import { readFileSync } from "node:fs";
import { load } from "js-yaml";
import type { Page } from "playwright-core";
import { afterEach, describe, expect, test } from "vitest";
import { serveBuiltSite } from "../support/served-site.ts";

const site = serveBuiltSite({ now: "2024-11-25T12:00+01:00", clock: () => Date.parse("2024-11-25T11:00:00Z") });
const PHONE = { width: 390, height: 844 };
const WINDOW = { width: 1440, height: 900 };

let page: Page | undefined;
afterEach(() => {
  if (page) site.release(page);
  page = undefined;
});

/** The page at `path`, hydrated: the page of an earlier test loaded afresh, where there is one. */
async function open(path: string, viewport: { width: number; height: number }): Promise<Page> {
  page = await site.visit(path, viewport.width, viewport.height);
  return page;
}

interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
}
/** Two texts are apart when one is wholly above the other, or a visible gap lies between them on a line. */
const apart = (a: Box, b: Box) =>
  a.bottom <= b.top || b.bottom <= a.top || a.right + 2 <= b.left || b.right + 2 <= a.left;

/** Each live element's box, by selector, inside each element of `within`. */
const boxesIn = (p: Page, within: string, parts: string[]) =>
  p.$$eval(
    within,
    (elements, selectors) =>
      elements.map((e) =>
        selectors.map((s) => {
          const r = e.querySelector(s)!.getBoundingClientRect();
          return { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
        }),
      ),
    parts,
  );

describe("the stage timeline and countdown", () => {
  test.each([
    ["phone", PHONE],
    ["window", WINDOW],
  ])("on a %s, each stage's name, dates and state are apart, and the live stage stands out", async (_, viewport) => {
    const p = await open("/eu/black-friday", viewport);
    const stages = await boxesIn(p, ".timeline-stage", [
      ".timeline-stage__name",
      ".timeline-stage__dates",
      ".timeline-stage__state",
    ]);
    expect(stages).toHaveLength(3);
    for (const [name, dates, state] of stages) {
      expect(apart(name!, dates!) && apart(dates!, state!) && apart(name!, state!)).toBe(true);
    }
    // Stacked on a phone, side by side on a window.
    const tops = await p.$$eval(".timeline-stage", (els) => els.map((e) => Math.round(e.getBoundingClientRect().top)));
    if (viewport === PHONE) expect(tops[0]! < tops[1]! && tops[1]! < tops[2]!).toBe(true);
    else expect(new Set(tops).size).toBe(1);
    const backgrounds = await p.$$eval(".timeline-stage", (els) => els.map((e) => getComputedStyle(e).backgroundImage));
    expect(backgrounds[1]).not.toBe(backgrounds[2]);
  });

  test("the countdown sets 'Ends in' apart from four tiles, each value over its unit", async () => {
    const p = await open("/eu/black-friday", PHONE);
    await p.waitForFunction(() => !document.querySelector(".countdown")?.textContent?.includes("--"));
    const title = await p.locator(".countdown-title").boundingBox();
    const units = await boxesIn(p, ".countdown-unit", [".countdown-value", ".countdown-label"]);
    expect(units).toHaveLength(4);
    for (const [value, label] of units) {
      expect(value!.bottom).toBeLessThanOrEqual(label!.top);
      expect(
        apart(
          { left: title!.x, right: title!.x + title!.width, top: title!.y, bottom: title!.y + title!.height },
          value!,
        ),
      ).toBe(true);
    }
  });
});

test("every benefit has a drawn icon beside its label", async () => {
  const p = await open("/us/black-friday", WINDOW);
  const icons = await p.$$eval(".benefits-item", (items) =>
    items.map((item) => {
      const svg = item.querySelector("svg")!;
      const r = svg.getBoundingClientRect();
      return { width: r.width, paths: svg.querySelectorAll("path").length, label: item.textContent!.trim() };
    }),
  );
  expect(icons).toHaveLength(6);
  for (const icon of icons) {
    expect(icon.width).toBeGreaterThanOrEqual(20);
    expect(icon.paths).toBeGreaterThan(0);
    expect(icon.label).not.toBe("");
  }
});

describe("during the Christmas sale", () => {
  const christmas = serveBuiltSite({ now: "2024-12-15T12:00+01:00", clock: () => Date.parse("2024-12-15T11:00:00Z") });

  // us has five tiles to a row on a window, too narrow for the address; uk four, wide enough.
  test.for([
    ["a phone", "/us/christmas-sale", PHONE, [1, 1]],
    ["a window", "/uk/christmas-sale", WINDOW, [1]],
  ] as const)(
    "on %s, an e-mail address in a benefit is whole on a line, or broken after its @ where no line holds it (%s)",
    async ([, path, viewport, expected], { expect }) => {
      const p = await christmas.visit(path, viewport.width, viewport.height);
      try {
        // Each character's line, by its top; the address's two names must each keep to one line.
        const addresses = await p.$$eval(".benefits-label", (labels) =>
          labels
            .filter((label) => label.textContent!.includes("@"))
            .map((label) => {
              const tops: number[] = [];
              const walker = document.createTreeWalker(label, NodeFilter.SHOW_TEXT);
              for (let node = walker.nextNode(); node; node = walker.nextNode())
                for (let i = 0; i < node.textContent!.length; i++) {
                  const range = document.createRange();
                  range.setStart(node, i);
                  range.setEnd(node, i + 1);
                  tops.push(Math.round(range.getBoundingClientRect().top));
                }
              const text = label.textContent!;
              const at = text.indexOf("@");
              const start = text.lastIndexOf(" ", at) + 1;
              const end = text.includes(" ", at) ? text.indexOf(" ", at) : text.length;
              const local = tops.slice(start, at + 1);
              const domain = tops.slice(at + 1, end);
              // Whole on one line, or the local name on one and the domain on the next.
              return {
                address: text.slice(start, end),
                lines:
                  local[0] === domain[0]
                    ? [new Set([...local, ...domain]).size]
                    : [new Set(local).size, new Set(domain).size],
              };
            }),
        );
        expect(addresses.length).toBeGreaterThan(0);
        for (const { address, lines } of addresses) expect(lines, address).toEqual(expected);
      } finally {
        christmas.release(p);
      }
    },
  );
});

test("a campaign banner's words lie over its artwork, in the campaign's palette", async () => {
  const campaign = load(readFileSync("specs/campaigns/black-friday-2024.yaml", "utf8")) as {
    art: { palette: { background: string } };
  };
  const rgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)).join(", ")})`;
  const p = await open("/us/black-friday", WINDOW);
  const banner = p.locator('[data-section="banner"]').first();
  expect(await banner.evaluate((e) => getComputedStyle(e).backgroundColor)).toBe(rgb(campaign.art.palette.background));
  const art = (await banner.locator(".banner-image").boundingBox())!;
  for (const part of [".banner-title", ".banner-dates", ".banner-discount", ".banner-cta"]) {
    const box = (await banner.locator(part).boundingBox())!;
    expect(box.x >= art.x && box.y >= art.y && box.x + box.width <= art.x + art.width).toBe(true);
  }
  // Orange is too light for white text: the button's words are dark.
  const ink = await banner.locator(".banner-cta").evaluate((e) => getComputedStyle(e).color);
  const [r, g, b] = ink.match(/\d+/g)!.map(Number);
  expect(r! + g! + b!).toBeLessThan(200);
});

test("an FAQ answer unfolds over the collapse time of constants.yaml", async () => {
  const constants = load(readFileSync("specs/constants.yaml", "utf8")) as { collapseTransitionSeconds: number };
  const p = await open("/us/grimlock-g1-flagship", WINDOW);
  const item = p.locator(".faq-item").first();
  const timing = await item.evaluate((e) => {
    const style = getComputedStyle(e, "::details-content");
    return { property: style.transitionProperty, duration: style.transitionDuration };
  });
  expect(timing.property).toContain("block-size");
  expect(timing.duration.split(", ")[0]).toBe(`${constants.collapseTransitionSeconds}s`);
  const closed = (await item.boundingBox())!.height;
  await item.locator("summary").click();
  await expect.poll(async () => (await item.boundingBox())!.height).toBeGreaterThan(closed + 20);
});

test("the press quotes are a carousel on a phone: every quote in the page, the list scrolls, not the page", async () => {
  const p = await open("/us/elite-optimus-prime", PHONE);
  const track = p.locator(".quotes-track");
  const shape = await track.evaluate((e) => ({
    scrolls: e.scrollWidth > e.clientWidth,
    focusable: (e as HTMLElement).tabIndex === 0,
    quotes: e.querySelectorAll(".quote-text").length,
    pageOverflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
  }));
  expect(shape).toEqual({ scrolls: true, focusable: true, quotes: 3, pageOverflow: 0 });
});

test("the page's tabs are whole on a phone: none starts off the screen's edge", async () => {
  const p = await open("/fr/black-friday", PHONE);
  const lefts = await p.$$eval(".page-tabs__link", (links) => links.map((a) => a.getBoundingClientRect().left));
  expect(lefts.length).toBeGreaterThan(1);
  for (const left of lefts) expect(left).toBeGreaterThanOrEqual(0);
});
