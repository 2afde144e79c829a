// Each kind of page, as a shopper sees it at a phone's and a desktop's width, loaded once and
// judged three ways (issue 15; README "Tests"). The phone is 320 px wide, the narrowest width a
// page must reflow to with nothing to scroll sideways (WCAG 1.4.10; 400% zoom on a 1280 px
// screen): what fits there fits every wider phone.
// - layout: nothing wider than the window, product and sale cards in a grid (three or more to a
//   row from 1024 px, one at 320 px) with no bullet before them, no two words run together with no
//   gap between them ("$299$399", "Ends in04 Days"), no hyphenated number over two lines ("4-9-" over
//   "12"), no text field too narrow for its placeholder, Japanese broken by its rules (no line
//   starting with "ー" or a small kana; at a desktop's width no katakana word cut in two), no word
//   of a title, a benefit or a footer link over two lines (Bedienungsanleitungen,
//   Mitgliederpunkte), no section's heading as large as the page's title where the title is set
//   smaller to fit its word, no box cutting off its own text, the footer's columns as wide as the
//   header's bar,
//   judged from the boxes Chromium lays out;
// - accessibility: no violation of serious or critical impact (axe-core), at 1440 px in every
//   region tested and at 320 px (the folded menu, cards one to a row) in us;
// - the keyboard: Tab reaches every link of the header's menus, on the us home at both widths; every
//   other us page has the very header (its focusable elements, in order) that run went through.
// Never judged by how long anything takes.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { cutPlaceholders } from "../support/placeholders.ts";
import { serveBuiltSite } from "../support/served-site.ts";

// Black Friday week: the campaign's sale items and countdown are on the pages.
const NOW = "2024-11-25T12:00+01:00";
const site = serveBuiltSite({ now: NOW, clock: () => Date.parse(NOW) });
// The Christmas sale: its German banner has the longest word of any banner's title
// (Weihnachtsangebote), more than a phone's line.
const CHRISTMAS = "2024-12-15T12:00+01:00";
const christmas = serveBuiltSite({ now: CHRISTMAS, clock: () => Date.parse(CHRISTMAS) });
// After the Flagship Bumblebee's early bird: the pre-order block's German title has a word longer
// than the block's line on a phone (Frühbucherangebot).
const PRE_ORDER = "2025-09-01T12:00+02:00";
const preOrder = serveBuiltSite({ now: PRE_ORDER, clock: () => Date.parse(PRE_ORDER) });
// Evaluated in the page as a test step, which the site's Content-Security-Policy does not
// govern: the page is audited with the policy it is served with.
const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

const kinds = [
  "",
  "/flagship-bumblebee",
  "/black-friday",
  "/about-us",
  "/where-to-buy",
  "/login",
  "/account",
  "/manuals",
  "/choose-your-region",
];
const widths = [320, 1440] as const;
// German: the longest words of the regions that write with spaces; Japanese: a script without
// them (jp has no campaign and no manuals page).
const jpKinds = new Set([
  "",
  "/flagship-bumblebee",
  "/about-us",
  "/where-to-buy",
  "/login",
  "/account",
  "/choose-your-region",
]);
const cases: (readonly [path: string, width: number])[] = [
  ...["us", "de"].flatMap((region) => kinds.map((kind) => `/${region}${kind}`)),
  ...kinds.filter((kind) => jpKinds.has(kind)).map((kind) => `/jp${kind}`),
]
  .flatMap((path) => widths.map((width): readonly [string, number] => [path, width]))
  .concat(
    // At the phone's width, the product pages with the longest button label ("See the four
    // programming modes"), the longest words in a specification ("Echtheitszertifikat") and a
    // comparison chart that scrolls sideways in its frame.
    [
      "/us/grimlock-g1-flagship",
      "/de/optimus-prime-rise-of-the-beasts-signature-limited-edition",
      "/us/elite-optimus-prime",
    ].map((path) => [path, widths[0]] as const),
    // At a 390 px phone's width, Japanese addresses whose block numbers ended a line (4-9- over 12).
    [["/jp/where-to-buy", 390]],
    // Where six benefits to a row are too narrow for the German labels' longest word (Mitgliederpunkte).
    [["/de/black-friday", 1024]],
  );

interface Layout {
  /** The document's width beyond the window's, and the elements that stick out. */
  overflow: { by: number; elements: string[] };
  /** Each group of cards (the children of one list), as the number of cards in each row. */
  grids: { list: string; rows: number[] }[];
  /** Cards drawn with a list marker. */
  bulleted: string[];
  /** Neighbouring words with no gap between them, as "first|second". */
  touching: string[];
  /** Numbers of hyphenated parts (4-9-12, 556-0005) split over two lines. */
  splitFigures: string[];
  /** Boxes that cut off their own text: what they hold is wider than they let be seen. */
  cutOff: string[];
}

/** What the page shows, measured in the page. */
const measure = (page: Page): Promise<Layout> =>
  page.evaluate(() => {
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()}${[...el.classList].map((c) => `.${c}`).join("")}`.slice(0, 80);
    // Whether an element or an ancestor clips it away, and whether an ancestor scrolls or clips
    // it sideways, each worked out once per element (the page has thousands).
    const clippedAway = new Map<Element, boolean>();
    const isClipped = (el: Element | null): boolean => {
      if (!el) return false;
      let known = clippedAway.get(el);
      if (known === undefined) {
        const style = getComputedStyle(el);
        // Text for screen readers only (the visually-hidden pattern: clipped to a pixel).
        known = style.clip !== "auto" || style.clipPath !== "none" || isClipped(el.parentElement);
        clippedAway.set(el, known);
      }
      return known;
    };
    const shown = (el: Element) =>
      el.checkVisibility({ visibilityProperty: true, opacityProperty: true }) && !isClipped(el);
    const width = document.documentElement.clientWidth;

    // What lies inside a box that clips or scrolls it (a carousel) is not in the way: the page's
    // own clipping (overflow-x on html or body) would hide what sticks out, so it does not count.
    const scrolls = new Map<Element, boolean>();
    const inScroller = (el: Element): boolean => {
      const parent = el.parentElement;
      if (!parent || parent === document.body) return false;
      let known = scrolls.get(parent);
      if (known === undefined) {
        known = getComputedStyle(parent).overflowX !== "visible" || inScroller(parent);
        scrolls.set(parent, known);
      }
      return known;
    };
    const stickingOut: string[] = [];
    // A box that hides what overflows it sideways and holds more than its width (a banner whose
    // column a long word widened): its lines are cut at its edge, inside the window.
    const cutOff: string[] = [];
    for (const el of document.body.querySelectorAll("*")) {
      const box = el.getBoundingClientRect();
      if (box.right > width + 1 && box.width > 0 && !inScroller(el) && shown(el) && !stickingOut.includes(describe(el)))
        stickingOut.push(describe(el));
      const overflowX = getComputedStyle(el).overflowX;
      if (
        (overflowX === "hidden" || overflowX === "clip") &&
        el.clientWidth > 0 &&
        el.scrollWidth > el.clientWidth + 1 &&
        el.textContent?.trim() &&
        shown(el) &&
        !cutOff.includes(describe(el))
      )
        cutOff.push(`${describe(el)} (${el.scrollWidth} px in ${el.clientWidth})`);
    }

    const cards = [...document.querySelectorAll(".product-card, .sale-item, .card")].filter(
      (c) => shown(c) && c.getBoundingClientRect().height > 0,
    );
    const lists = new Map<Element, Element[]>();
    for (const card of cards) lists.set(card.parentElement!, [...(lists.get(card.parentElement!) ?? []), card]);
    const grids = [...lists].map(([list, members]) => {
      const rows: number[] = [];
      let top = Number.NaN;
      for (const card of members) {
        const y = card.getBoundingClientRect().top;
        if (Math.abs(y - top) <= 2) rows[rows.length - 1]!++;
        else rows.push(1);
        top = y;
      }
      return { list: describe(list), rows };
    });
    const bulleted = cards
      .filter((c) => {
        const style = getComputedStyle(c);
        return (
          style.display.includes("list-item") && (style.listStyleType !== "none" || style.listStyleImage !== "none")
        );
      })
      .map(describe);

    // Each shown run of text, its ink from its first to its last visible character.
    const runs: { text: string; first: DOMRect; last: DOMRect }[] = [];
    const splitFigures: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const shownCache = new Map<Element, boolean>();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? "";
      const start = text.search(/\S/);
      const parent = node.parentElement;
      if (start < 0 || !parent || /^(SCRIPT|STYLE|NOSCRIPT|TEMPLATE|OPTION)$/.test(parent.tagName)) continue;
      if (!shownCache.has(parent)) shownCache.set(parent, shown(parent));
      if (!shownCache.get(parent)) continue;
      const range = document.createRange();
      range.setStart(node, start);
      range.setEnd(node, text.trimEnd().length);
      const rects = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0);
      if (rects.length) runs.push({ text: text.trim(), first: rects[0]!, last: rects[rects.length - 1]! });
      // A number of hyphenated parts (a block number, 4-9-12; a postcode) drawn over two lines.
      for (const match of text.matchAll(/\d+(?:[-‐－]\d+)+/g)) {
        const figure = document.createRange();
        figure.setStart(node, match.index);
        figure.setEnd(node, match.index + match[0].length);
        const tops = new Set([...figure.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
        if (tops.size > 1) splitFigures.push(match[0]);
      }
    }
    // Two runs touch when, on one line, the second starts where the first ends and both sides
    // are letters, digits or a currency sign: a word, a number or a price run into the next.
    const word = /[\p{L}\p{N}\p{Sc}]/u;
    // Chinese and Japanese put no space between words: a run that ends or starts in their
    // script touches the next by design (東京都千代田区外神田1-15-9).
    const unspaced = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
    const touching: string[] = [];
    for (let i = 1; i < runs.length; i++) {
      const [a, b] = [runs[i - 1]!, runs[i]!];
      const sameLine =
        Math.min(a.last.bottom, b.first.bottom) - Math.max(a.last.top, b.first.top) >
        0.5 * Math.min(a.last.height, b.first.height);
      const gap = b.first.left - a.last.right;
      const [end, start] = [a.text.at(-1)!, b.text[0]!];
      if (sameLine && Math.abs(gap) < 1 && word.test(end) && word.test(start) && !unspaced.test(end + start))
        touching.push(`${a.text.slice(-20)}|${b.text.slice(0, 20)}`);
    }

    return {
      overflow: { by: document.documentElement.scrollWidth - width, elements: stickingOut.slice(0, 5) },
      grids,
      bulleted,
      touching,
      splitFigures,
      cutOff,
    };
  });

/** axe-core's violations of serious or critical impact on the page, one line each. */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  // Put into lines in the page: the full result (every rule's description and links) is not sent.
  return page.evaluate(async () => {
    interface AxeResult {
      violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[];
    }
    const axe = (window as unknown as { axe: { run: (ctx: Document, options: object) => Promise<AxeResult> } }).axe;
    const result = await axe.run(document, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"] },
      // Only violations are read: axe then skips listing every node of what passed.
      resultTypes: ["violations"],
    });
    return result.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map(
        (v) =>
          `${v.id} (${v.impact}): ${v.nodes
            .slice(0, 3)
            .map((n) => n.target.join(" "))
            .join(", ")}`,
      );
  });
}

/** Each page's card grids as measured, for the check that the grid checks judge something. */
const gridsOf = new Map<string, Layout["grids"]>();

/** The header's focusable elements in document order, as Tab meets them: what the keyboard check covers. */
const headerStops = (page: Page): Promise<string[]> =>
  page.$$eval("header a[href], header button, header input, header [tabindex]", (els) =>
    els.map(
      (el) => `${el.tagName.toLowerCase()} ${el.getAttribute("href") ?? ""} ${el.getAttribute("tabindex") ?? ""}`,
    ),
  );
/** Those of each us page, by "path width". */
const usHeaders = new Map<string, string[]>();

// Three pages at a time: a page test mostly waits on the browser.
describe.concurrent("each kind of page", () => {
  // test.for hands each test its own expect: the global one cannot tell concurrent tests apart.
  test.for(cases)(
    "%s at %i px: fits the window, cards in grids, no words run together, accessible, menus reachable by Tab",
    async ([path, width], { expect }) => {
      const page = await site.visit(path, width);
      try {
        const layout = await measure(page);
        gridsOf.set(`${path} ${width}`, layout.grids);
        expect.soft(layout.overflow, "nothing is wider than the window").toEqual({ by: 0, elements: [] });
        expect.soft(layout.bulleted, "cards have no list marker").toEqual([]);
        expect.soft(layout.touching, "texts side by side have a gap between them").toEqual([]);
        expect.soft(layout.splitFigures, "no hyphenated number is split over two lines").toEqual([]);
        expect.soft(layout.cutOff, "no box cuts off its own text").toEqual([]);
        expect
          .soft(await wordsBroken(page), "no word of a title, a benefit or a footer link over two lines")
          .toEqual([]);
        expect.soft(await headingsOverTitle(page), "no section's heading as large as the page's title").toEqual([]);
        const frame = await frameEdges(page);
        expect.soft(frame.footer, "the footer's columns line up with the header's bar").toEqual(frame.header);
        if (path.startsWith("/jp"))
          expect.soft(await japaneseBrokenAgainstRules(page, width), "Japanese lines break by its rules").toEqual([]);
        expect.soft(await page.evaluate(cutPlaceholders, "body"), "no field's placeholder is cut off").toEqual([]);
        for (const { list, rows } of layout.grids) {
          const cards = rows.reduce((sum, n) => sum + n, 0);
          if (width >= 1024)
            expect.soft(rows[0], `cards to a row in ${list}`).toBeGreaterThanOrEqual(Math.min(3, cards));
          else expect.soft(rows, `one card to a row in ${list}`).toEqual(rows.map(() => 1));
        }
        if (width >= 1440 || path.startsWith("/us"))
          expect.soft(await seriousViolations(page), "no serious or critical accessibility violation").toEqual([]);
        if (path.startsWith("/us")) usHeaders.set(`${path} ${width}`, await headerStops(page));
        // Last: it moves the focus and, at 320 px, opens the folded menu. The header is the
        // region's, the same on each of its pages (checked below): gone through once per width.
        if (path === "/us") {
          const { links, reached } = await tabThroughMenus(page, width < 1024);
          expect.soft(links.length, "the header has its menu links").toBeGreaterThan(10);
          expect
            .soft(
              links.filter((href) => !reached.has(href)),
              "Tab reaches every menu link",
            )
            .toEqual([]);
        }
      } finally {
        site.release(page);
      }
    },
  );
});

/**
 * The words of the page's titles, banners' titles, benefits' labels and footer links drawn over
 * two lines: a word in Latin letters cut in two where a title is set too large for it
 * (templates/parts/FittedHeading.tsx) or a label's column is too narrow (Benefits.css, Footer.css).
 */
const wordsBroken = (page: Page): Promise<string[]> =>
  page.$$eval("main h1, main h2, main .benefits-label, .footer-column a", (titles) =>
    titles.flatMap((title) => {
      const broken: string[] = [];
      const walker = document.createTreeWalker(title, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null)
        for (const word of node.data.matchAll(/\p{Script=Latin}+/gu)) {
          const range = document.createRange();
          range.setStart(node, word.index);
          range.setEnd(node, word.index + word[0].length);
          const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
          if (tops.size > 1) broken.push(word[0]);
        }
      return broken;
    }),
  );

/** The left and right edges of the header bar's content and of the footer's columns, in px. */
const frameEdges = (page: Page) =>
  page.evaluate(() => {
    const edges = (el: Element) => {
      const style = getComputedStyle(el);
      const box = el.getBoundingClientRect();
      return [
        Math.round(box.left + Number.parseFloat(style.paddingLeft)),
        Math.round(box.right - Number.parseFloat(style.paddingRight)),
      ];
    };
    return {
      header: edges(document.querySelector(".header-bar")!),
      footer: edges(document.querySelector(".footer-columns")!),
    };
  });

/**
 * The headings of the page's sections set as large as its title or larger (the title fitted to a
 * long word, Bedienungsanleitungen, its sections' headings not), as "size text". A banner's title
 * is display type, larger than the page's title by design.
 */
const headingsOverTitle = (page: Page): Promise<string[]> =>
  page.evaluate(() => {
    const title = document.querySelector("main h1");
    if (!title) return [];
    const size = (el: Element) => Number.parseFloat(getComputedStyle(el).fontSize);
    return [...document.querySelectorAll("main h2:not(.banner-title)")]
      .filter((h) => h.checkVisibility() && size(h) >= size(title) - 0.5)
      .map((h) => `${size(h).toFixed(1)} px ${h.textContent?.slice(0, 40)}`);
  });

// Titles with a word longer than a phone's line at the title's size, each at a moment it is
// shown: at Christmas the German campaign page's and home's banner (Weihnachtsangebote), after
// the early bird the pre-order block's (Frühbucherangebot) and a news item's date (2025-03-27, cut
// after its second hyphen). The title is set smaller so that the word keeps to one line, a date
// is never split, and no line of the block is cut off at its edge.
test.for([
  ["at Christmas", "/de/christmas-sale", 320],
  ["at Christmas", "/de", 390],
  ["at Christmas", "/de/christmas-sale", 1440],
  ["after the early bird", "/de/flagship-bumblebee", 320],
  ["after the early bird", "/us/news", 320],
] as const)(
  "%s, %s at %i px: the titles' words and figures whole and inside their block",
  async ([moment, path, width], { expect }) => {
    const served = moment === "at Christmas" ? christmas : preOrder;
    const page = await served.visit(path, width);
    try {
      const layout = await measure(page);
      expect.soft(layout.overflow, "nothing is wider than the window").toEqual({ by: 0, elements: [] });
      expect.soft(layout.cutOff, "no box cuts off its own text").toEqual([]);
      expect.soft(await wordsBroken(page), "no word of a title, a benefit or a footer link over two lines").toEqual([]);
      expect.soft(layout.splitFigures, "no hyphenated number is split over two lines").toEqual([]);
    } finally {
      served.release(page);
    }
  },
);

/**
 * Where lines break inside the text of the page's text nodes that hold a letter of `script` (a
 * RegExp source): each break between two characters with no space between them, as the eight
 * characters before it and the eight after.
 */
const breaksInText = (page: Page, script: string): Promise<{ before: string; after: string }[]> =>
  page.evaluate((source) => {
    const letter = new RegExp(source);
    const breaks: { before: string; after: string }[] = [];
    const range = document.createRange();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
      const text = node.data;
      if (!letter.test(text) || !node.parentElement?.checkVisibility()) continue;
      // The top of the line each character is drawn on, from the last one with no space after it.
      let lineTop: number | null = null;
      for (let i = 0; i < text.length; i++) {
        if (/\s/.test(text[i]!)) {
          lineTop = null;
          continue;
        }
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const box = range.getClientRects()[0];
        if (!box) continue;
        if (lineTop !== null && box.top > lineTop + box.height / 2)
          breaks.push({ before: text.slice(Math.max(0, i - 8), i).trimStart(), after: text.slice(i, i + 8).trimEnd() });
        lineTop = box.top;
      }
    }
    return breaks;
  }, script);

const shownBreak = ({ before, after }: { before: string; after: string }) => `${before}|${after}`;

/**
 * Where a line of Korean text breaks inside a word. Korean is written with spaces between its
 * words and read as they break there; a browser left to itself breaks between any two syllables.
 */
async function koreanBrokenInWords(page: Page): Promise<string[]> {
  const hangul = /[\uAC00-\uD7A3]/;
  return (await breaksInText(page, hangul.source))
    .filter(({ before, after }) => hangul.test(before.at(-1)!) && hangul.test(after[0]!))
    .map(shownBreak);
}

/**
 * Where a line of Japanese breaks against its rules. At no width does a line start with a
 * prolonged sound mark or a small kana (kinsoku; "ダウンロードセンタ" over "ー" in a phone's
 * footer). Where a line is wide (1024 px and up) no katakana word is cut in two: a box too narrow
 * for its words ("プログラミングモー" over "ド" in a product page's five highlights).
 */
async function japaneseBrokenAgainstRules(page: Page, width: number): Promise<string[]> {
  const kana = /[\u3041-\u30FF]/;
  const neverFirst = /[ーぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶ]/;
  const katakana = /[\u30A1-\u30FA\u30FC]/;
  return (await breaksInText(page, kana.source))
    .filter(
      ({ before, after }) =>
        neverFirst.test(after[0]!) || (width >= 1024 && katakana.test(before.at(-1)!) && katakana.test(after[0]!)),
    )
    .map(shownBreak);
}

// The home at both widths; the pages with the longest words and the narrowest columns (a table of
// manuals, the support topics) at a phone's, where keeping words whole could push one out.
const koreanCases = [
  ["/kr", 320],
  ["/kr", 1440],
  ["/kr/about-us", 320],
  ["/kr/manuals", 320],
  ["/kr/support", 320],
] as const;

test.for(koreanCases)(
  "%s at %i px: Korean lines break between words, never inside one, and nothing sticks out",
  async ([path, width], { expect }) => {
    const page = await site.visit(path, width);
    try {
      expect.soft(await koreanBrokenInWords(page)).toEqual([]);
      expect
        .soft(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth))
        .toBe(0);
      // The check reads text that wraps: the home's hero line does at a phone's width.
      if (path === "/kr" && width === 320)
        expect(
          await page.evaluate(() => document.querySelector("main p")!.getBoundingClientRect().height),
        ).toBeGreaterThan(40);
    } finally {
      site.release(page);
    }
  },
);

test("every us page has the header the keyboard check went through on the home, at each width", () => {
  for (const width of widths) {
    const home = usHeaders.get(`/us ${width}`);
    expect(home?.length, `the home's header at ${width} px`).toBeGreaterThan(10);
    for (const [key, stops] of usHeaders) if (key.endsWith(` ${width}`)) expect(stops, key).toEqual(home);
  }
  expect(usHeaders.size).toBeGreaterThanOrEqual(kinds.length * widths.length);
});

test("the home page and the campaign have their cards in grids, so the grid checks judge something", () => {
  for (const [path, least] of [
    ["/us", 6],
    ["/us/black-friday", 6],
  ] as const) {
    const grids = gridsOf.get(`${path} 1440`) ?? [];
    expect(
      grids.flatMap((g) => g.rows).reduce((sum, n) => sum + n, 0),
      path,
    ).toBeGreaterThanOrEqual(least);
  }
});

/** The header's menu links, and those Tab reaches (at 320 px once the menu button has opened the folded menu). */
async function tabThroughMenus(page: Page, folded: boolean) {
  const links = await page.$$eval(".site-nav a[href]", (as) => as.map((a) => a.getAttribute("href")!));
  if (folded) {
    const toggle = page.locator(".nav-toggle");
    for (let i = 0; i < 20 && !(await toggle.evaluate((el) => el === document.activeElement)); i++)
      await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
  }
  // The page notes each menu link the focus lands on; it is asked every few presses, not after each.
  await page.evaluate(() => {
    const reached = new Set<string>();
    (window as unknown as { menuLinksReached: Set<string> }).menuLinksReached = reached;
    document.addEventListener("focusin", (event) => {
      const el = event.target as Element;
      if (el.closest(".site-nav") && el.hasAttribute("href")) reached.add(el.getAttribute("href")!);
    });
  });
  const reachedSoFar = () =>
    page.evaluate(() => [...(window as unknown as { menuLinksReached: Set<string> }).menuLinksReached]);
  const wanted = new Set(links);
  let reached = new Set<string>();
  for (let i = 0; i < links.length * 2 + 30 && reached.size < wanted.size; i++) {
    await page.keyboard.press("Tab");
    if (i % 8 === 7) reached = new Set(await reachedSoFar());
  }
  reached = new Set(await reachedSoFar());
  return { links: [...wanted], reached };
}
