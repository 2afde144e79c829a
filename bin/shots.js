#!/usr/bin/env node
// npm run shots: screenshots of every kind of page of the real site at a phone's, a tablet's and
// a desktop's width, for a person to review, and one contact sheet of them all. The site is built
// as of Black Friday week (campaign banners, sale items and the countdown on the pages), or --now,
// and served as production would (bin/served-build.js); each page is shot whole once its images
// are in.
//
//   npm run shots                                 into shots/ (shots/contact-sheet.png)
//   npm run shots -- --sheet docs/contact-sheet.png   the contact sheet there too (README)
//   npm run shots -- --now 2024-12-15T12:00+01:00     the site as of then: its campaign pages
//   npm run shots -- /fr/black-friday /kr             these pages only
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { chromium } from "playwright-core";
import sharp from "sharp";
import { root } from "../compiler/run-ts.js";
import { chromiumArgs } from "./chromium.js";
import { BLACK_FRIDAY_WEEK, chromePath, requireChromium, serveBuild, toolArguments } from "./served-build.js";

/** The window of each width: a phone, a tablet, a desktop. */
const WINDOWS = [
  { width: 390, height: 844 },
  { width: 768, height: 1024 },
  { width: 1440, height: 900 },
];
/**
 * One page of each template, and a home in Japanese script and a campaign in German; the campaign
 * pages are those the build made for the instant (none outside a campaign).
 */
function defaultPages(out) {
  const campaign = (region) => campaignPage(join(out, "site"), region);
  return [
    ["home", "/us"],
    ["product", "/us/flagship-bumblebee"],
    ["campaign", campaign("us")],
    ["article", "/us/about-us"],
    ["where-to-buy", "/us/where-to-buy"],
    ["manuals", "/us/manuals"],
    ["login", "/us/login"],
    ["account", "/us/account"],
    ["region-chooser", "/us/choose-your-region"],
    ["404", "/us/no-such-page"],
    ["home-jp", "/jp"],
    ["campaign-de", campaign("de")],
  ].filter(([kind, path]) => {
    if (!path) console.log(`shots: no ${kind} page as of ${NOW}: left out`);
    return path;
  });
}

/** The first campaign page of a region the build made (its <main> says data-template="campaign"). */
function campaignPage(site, region) {
  for (const entry of readdirSync(join(site, region), { withFileTypes: true }).sort((a, b) =>
    a.name < b.name ? -1 : 1,
  )) {
    if (!entry.isDirectory()) continue;
    let html;
    try {
      html = readFileSync(join(site, region, entry.name, "index.html"), "utf8");
    } catch {
      continue;
    }
    if (/<main[^>]* data-template="campaign"/.test(html)) return `/${region}/${entry.name}`;
  }
  return undefined;
}

const options = toolArguments(
  "shots",
  `Usage: npm run shots -- [--now <instant>] [--sheet <file>] [path ...]

Builds the real site as of --now (default ${BLACK_FRIDAY_WEEK}, Black Friday week), serves it
with site preview and screenshots each page whole at 390, 768 and 1440 px into shots/, with a
contact sheet of them all (shots/contact-sheet.png; --sheet writes a copy there too). The pages:
the paths given, or one of each kind (the campaign pages those up at the instant).`,
  { sheet: { type: "string" } },
);
const NOW = options.values.now;
const sheetCopy = options.values.sheet === undefined ? undefined : resolve(options.values.sheet);
const folder = join(root, "shots");

/** Every image in, lazy ones included (made eager), and the fonts ready. */
async function settle(page) {
  await page.evaluate(async () => {
    for (const img of document.querySelectorAll("img[loading=lazy]")) img.loading = "eager";
    await Promise.all(
      [...document.images].map((img) =>
        img.complete
          ? null
          : new Promise((done) => {
              img.addEventListener("load", done, { once: true });
              img.addEventListener("error", done, { once: true });
            }),
      ),
    );
    await document.fonts.ready;
  });
}

async function shoot(browser, origin, pages) {
  const shots = [];
  for (const window of WINDOWS) {
    const context = await browser.newContext({ viewport: window, reducedMotion: "reduce" });
    // A returning visitor: the first-visit invitation would cover every page.
    await context.addInitScript(() => localStorage.setItem("newUserPopupSeen", "1"));
    const page = await context.newPage();
    for (const [kind, path] of pages) {
      await page.goto(origin + path, { waitUntil: "load" });
      await settle(page);
      const file = join(folder, `${kind}-${window.width}.png`);
      await page.screenshot({ path: file, fullPage: true });
      shots.push({ kind, window, file });
      console.log(`shots: ${relative(root, file)}`);
    }
    await context.close();
  }
  return shots;
}

const THUMB_HEIGHT = 280;
/** How much of each page the sheet shows: its first screen and a half. */
const SCREENS = 1.5;
const GAP = 16;
const LABEL = 28;
const escapeXml = (s) => s.replace(/[<>&]/g, (c) => `&#${c.charCodeAt(0)};`);

/** The top of each page at each width, two page kinds to a row, labelled. */
async function contactSheet(shots, pages) {
  const thumbWidth = (w) => Math.round((w.width / (w.height * SCREENS)) * THUMB_HEIGHT);
  const groupWidth = WINDOWS.reduce((sum, w) => sum + thumbWidth(w) + GAP, 0) - GAP;
  const perRow = 2;
  const width = perRow * groupWidth + (perRow + 1) * 2 * GAP;
  const rows = Math.ceil(pages.length / perRow);
  const height = rows * (LABEL + THUMB_HEIGHT + 2 * GAP) + GAP;
  const layers = [];
  const labels = [];
  for (const [index, [kind, path]] of pages.entries()) {
    let x = 2 * GAP + (index % perRow) * (groupWidth + 2 * GAP);
    const y = GAP + Math.floor(index / perRow) * (LABEL + THUMB_HEIGHT + 2 * GAP);
    labels.push(`<text x="${x}" y="${y + 20}">${escapeXml(`${kind}  ${path}`)}</text>`);
    for (const window of WINDOWS) {
      const shot = shots.find((s) => s.kind === kind && s.window === window);
      const full = sharp(shot.file);
      const { height: shotHeight } = await full.metadata();
      const input = await full
        .extract({
          left: 0,
          top: 0,
          width: window.width,
          height: Math.min(Math.round(window.height * SCREENS), shotHeight),
        })
        .resize({
          width: thumbWidth(window),
          height: THUMB_HEIGHT,
          fit: "contain",
          position: "top",
          background: "#fff",
        })
        .png()
        .toBuffer();
      layers.push({ input, left: x, top: y + LABEL });
      x += thumbWidth(window) + GAP;
    }
  }
  const text = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><style>text{font:600 18px sans-serif;fill:#1f2937}</style>${labels.join("")}</svg>`,
  );
  // A palette (256 colours) keeps the sheet small enough for a README (under 400 KB).
  return sharp({ create: { width, height, channels: 3, background: "#e5e7eb" } })
    .composite([...layers, { input: text, left: 0, top: 0 }])
    .png({ palette: true, effort: 8 })
    .toBuffer();
}

requireChromium("shots");
rmSync(folder, { recursive: true, force: true });
mkdirSync(folder, { recursive: true });
const { origin, out, close } = await serveBuild("shots", NOW);
const browser = await chromium.launch({
  executablePath: chromePath,
  args: chromiumArgs,
});
try {
  // A path given is shot under its own name: /fr/black-friday as fr-black-friday.
  const pages = options.positionals.length
    ? options.positionals.map((path) => [path.replace(/^\/|\/$/g, "").replaceAll("/", "-") || "cn-home", path])
    : defaultPages(out);
  const sheet = await contactSheet(await shoot(browser, origin, pages), pages);
  const sheetFile = join(folder, "contact-sheet.png");
  writeFileSync(sheetFile, sheet);
  console.log(`shots: ${relative(root, sheetFile)} (${Math.round(sheet.byteLength / 1024)} KB)`);
  if (sheetCopy) {
    mkdirSync(dirname(sheetCopy), { recursive: true });
    writeFileSync(sheetCopy, sheet);
    console.log(`shots: ${relative(root, sheetCopy)}`);
  }
} finally {
  await browser.close();
  close();
}
