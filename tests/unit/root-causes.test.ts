// One mistake, one diagnostic: what follows from a root cause is folded into it or left out, and
// the cause comes first. Each case breaks a copy of the real specs the way a campaign manager might.
import { copyFileSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterAll, expect, test } from "vitest";
import { DateTime } from "luxon";
import { campaignSkeleton } from "../../cli/commands/new-campaign.ts";
import { check } from "../../compiler/pipeline.ts";
import type { LoadCache } from "../../compiler/load/index.ts";
import { position } from "../../cli/print/diagnostics.ts";
import { projectRoot } from "../support/cli.ts";
import { writeSettled } from "../support/file-times.ts";
import { realSpecsCopy, specFiles } from "../support/spec-edits.ts";

// One copy for the whole file, put back as it was after each case; its unchanged files are not
// parsed again (as site dev keeps them, by size and modification time): each case parses only
// what it edited.
const { root, specsDir, originals, cleanup } = realSpecsCopy();
afterAll(cleanup);
const loaded: LoadCache = new Map();

/**
 * The copy of the real specs edited by `edit` (given its specs folder); the positioned diagnostics
 * of site check, as of `now` when given (site check --now).
 */
function checkEdited(edit: (specs: string) => void, now?: DateTime) {
  try {
    edit(specsDir);
    const result = check(specsDir, root, { cache: loaded, ...(now ? { now } : {}) });
    return result.diagnostics.map((d) => position(d, result.sources));
  } finally {
    putBack();
  }
}

/** The copy as it was: files an edit added removed, files it changed or removed written again. */
function putBack() {
  for (const file of specFiles(specsDir)) if (!originals.has(file)) rmSync(join(specsDir, file));
  for (const [file, text] of originals) {
    const path = join(specsDir, file);
    let now: string | undefined;
    try {
      now = readFileSync(path, "utf8");
    } catch {}
    if (now === text) continue;
    mkdirSync(dirname(path), { recursive: true });
    writeSettled(path, text);
  }
}

/** The real specs with one text replaced in one file; the positioned diagnostics of site check. */
function checkWith(file: string, from: string | RegExp, to: string) {
  return checkEdited((specs) => {
    const path = join(specs, file);
    const text = readFileSync(path, "utf8");
    const changed = text.replace(from, to);
    expect(changed, `${file} no longer holds ${from}`).not.toBe(text);
    writeFileSync(path, changed);
  });
}

/** One text replaced in a file of the copy (every match, for a global RegExp). */
function replaceIn(specs: string, file: string, from: string | RegExp, to: string | ((match: string) => string)) {
  const path = join(specs, file);
  const text = readFileSync(path, "utf8");
  writeFileSync(path, typeof to === "string" ? text.replace(from, to) : text.replace(from, to));
}

/** A region taken out of site.yaml, its settings file with it. */
function removeRegion(specs: string, code: string) {
  rmSync(join(specs, `regions/${code}.yaml`));
  replaceIn(specs, "site.yaml", new RegExp(`^ {2}${code}: .*\\n`, "m"), "");
}

/** A region's column taken out of prices.yaml, with its figure in every row. */
function dropPriceColumn(specs: string, code: string) {
  const path = join(specs, "prices.yaml");
  const text = readFileSync(path, "utf8");
  const columns = /^columns: \[(.*)\]$/m
    .exec(text)![1]!
    .split(",")
    .map((c) => c.trim());
  const index = columns.indexOf(code);
  const without = (list: string) =>
    list
      .split(",")
      .filter((_, i) => i !== index)
      .join(",");
  writeFileSync(
    path,
    text
      .replace(/^columns: \[(.*)\]$/m, (_, list: string) => `columns: [${without(list)}]`)
      .replace(/^( {2}\w+:\s+)\[([^\]]*)\]/gm, (_, key: string, row: string) => `${key}[${without(row)}]`),
  );
}

test("a typo in the price table's columns is one error at the column, not one per product of the region", () => {
  const found = checkWith(
    "prices.yaml",
    "columns: [us, uk, eu, fr, de, jp, cn]",
    "columns: [us, uk, eu, fr, de, jp, cm]",
  );
  expect(found.length).toBeLessThanOrEqual(3);
  expect(found[0]).toMatchObject({ code: "unknown-region", file: "specs/prices.yaml", hint: "did you mean 'cn'?" });
});

test("a region left out of the price table's columns is one error at the columns, not one per row", () => {
  const found = checkWith("prices.yaml", "columns: [us, uk, eu, fr, de, jp, cn]", "columns: [us, uk, eu, fr, de, jp]");
  expect(found.map((d) => [d.code, d.line])).toEqual([["price-columns-length", expect.any(Number)]]);
  expect(found[0]!.message).toBe("Every row has 7 prices, but columns names 6 regions (us, uk, eu, fr, de, jp).");
});

test("a campaign price written with a thousands separator is one error at it, not a row too long with warnings about its parts", () => {
  // YAML reads [1,049, 499, 499] as four prices, 1, 49, 499 and 499: the first two far below the list price.
  const found = checkWith(
    "campaigns/black-friday-2024.yaml",
    "eliteOptimusPrime:                  [549,",
    "eliteOptimusPrime:                  [1,049,",
  );
  expect(found.map((d) => [d.code, d.file, d.hint])).toEqual([
    ["separated-figure", "specs/campaigns/black-friday-2024.yaml", "write 1049, without the comma."],
  ]);
});

test("a campaign price too many is one error at its row: its prices, which stage each is unknown, are not judged", () => {
  const found = checkWith(
    "campaigns/black-friday-2024.yaml",
    "eliteOptimusPrime:                  [549,",
    "eliteOptimusPrime:                  [5, 549,",
  );
  expect(found.map((d) => [d.code, d.file])).toEqual([["offer-row-length", "specs/campaigns/black-friday-2024.yaml"]]);
});

test("a figure changed in the English specification table alone is one error there, not one per translation and a warning per English text", () => {
  const found = checkWith(
    "content/flagship-bumblebee.yaml",
    '      - { label: Servo motors, value: "31" }',
    '      - { label: Servo motors, value: "32" }',
  );
  expect(found.map((d) => [d.code, d.message, d.hint])).toEqual([
    [
      "spec-figures-differ",
      "Servo motors reads '32' in en but '31' in fr, de, ja and zh.",
      "the other languages agree: write their figures ('31') here, or mend theirs.",
    ],
  ]);
});

test("an image or a video key a letter off is one error each, with the key meant", () => {
  const image = checkWith(
    "campaigns/black-friday-2024.yaml",
    "        image: bf-main-banner\n",
    "        image: bf-main-baner\n",
  );
  expect(image.map((d) => [d.code, d.hint?.split("?")[0]])).toEqual([
    ["missing-image", "did you mean 'bf-main-banner'"],
  ]);
  const video = checkWith(
    "content/toy-story-buzz-lightyear.yaml",
    "      video: buzz-wings\n",
    "      video: buzz-wing\n",
  );
  expect(video.map((d) => [d.code, d.hint])).toEqual([["missing-video", "did you mean 'buzz-wings'?"]]);
});

test("a spec folder or file under a name one slip from its own is one error at it, not every rule that needed it", () => {
  // campaigns/ as campaign/: before, one error at each use of a campaign (artwork, pages) and a warning at the folder.
  let folder: ReturnType<typeof checkEdited>;
  try {
    folder = checkEdited((specs) => renameSync(join(specs, "campaigns"), join(specs, "campaign")));
  } finally {
    rmSync(join(specsDir, "campaign"), { recursive: true, force: true });
  }
  expect(folder.map((d) => [d.code, d.file, d.hint])).toEqual([
    ["misnamed-spec-file", "specs/campaign", "rename it campaigns/; under any other name it is not part of the site."],
  ]);
  // A page's content as .yml: before, a warning at it and the page's missing content at pages.yaml.
  const file = checkEdited((specs) => renameSync(join(specs, "content/faq.yaml"), join(specs, "content/faq.yml")));
  expect(file.map((d) => [d.code, d.file])).toEqual([["misnamed-spec-file", "specs/content/faq.yml"]]);
});

test("a locale written with an underscore or in capitals is one error with the locale meant, not a missing message table", () => {
  for (const written of ["fr_FR", "FR-FR"]) {
    const found = checkWith("site.yaml", "locale: fr-FR,", `locale: ${written},`);
    expect(found.map((d) => [d.code, d.hint])).toEqual([["invalid-value", "did you mean 'fr-FR'?"]]);
  }
});

test("a banner's stage the campaign does not have is one error, not a warning for each product it names at that stage", () => {
  const found = checkWith("content/black-friday.yaml", "      stage: [1]\n", "      stage: [4]\n");
  expect(found.map((d) => [d.code, d.message])).toEqual([
    ["unknown-stage", "Campaign black-friday-2024 has 3 stages; there is no stage 4."],
  ]);
});

test("a link to a section of the same page with its id a letter off says the id meant", () => {
  const found = checkWith("content/black-friday.yaml", 'link: "black-friday#deals"', 'link: "black-friday#deal"');
  expect(found.map((d) => [d.code, d.hint])).toEqual([["broken-anchor", "did you mean 'deals'?"]]);
});

test("an alias's target misspelt is one error at it, not a rename of the alias nor an error at each of its uses", () => {
  // Before: also 'The product k1ProInterstellarScout is named only here, and 13 places name
  // k1ProInterstellarScout, which is not a product'.
  const found = checkWith("catalogue.yaml", "aliasOf: interstellarScoutK1pro ", "aliasOf: interstellarScoutK1po ");
  expect(found.map((d) => [d.code, d.hint])).toEqual([["unknown-product", "did you mean 'interstellarScoutK1pro'?"]]);
});

test("an e-mail address without its domain's ending, or without its @, says which", () => {
  const written = (email: string) =>
    checkWith("organisation.yaml", "email: marketing@mechanova.com }", `email: "${email}" }`).map((d) => [
      d.code,
      d.hint,
    ]);
  expect(written("marketing@mechanova")).toEqual([
    ["invalid-value", "its domain 'mechanova' has no dot: write it whole, such as mechanova.com."],
  ]);
  expect(written("marketing mechanova.com")).toEqual([
    ["invalid-value", "an e-mail address is a name, @ and a domain, such as support@mechanova.com."],
  ]);
});

test("a text left empty in a message table says what belongs there and how to mend it", () => {
  const found = checkWith("messages/en.yaml", /^ {4}title: Log in$/m, "    title:");
  expect(found.map((d) => [d.code, d.message, d.hint])).toEqual([
    [
      "wrong-type",
      "Expected a text, or a group of texts under names of their own here, found ~ (nothing).",
      "write the value after the colon, or take the line out.",
    ],
  ]);
});

test("a shop's address written without https:// says the address meant", () => {
  const found = checkWith(
    "regions/us.yaml",
    "link: https://us.store.mechanova.com }",
    "link: us.store.mechanova.com }",
  );
  expect(found.map((d) => [d.code, d.hint])).toEqual([
    ["invalid-link", "did you mean 'https://us.store.mechanova.com'?"],
  ]);
});

test("a title with ': ' in it is one syntax error whose hint writes the line with the title in quotes", () => {
  const found = checkWith(
    "content/flagship-bumblebee.yaml",
    /^ {4}title: Flagship Bumblebee$/m,
    "    title: Flagship Bumblebee: The Scout",
  );
  expect(found.map((d) => [d.code, d.hint])).toEqual([
    [
      "yaml-syntax",
      `a ': ' inside a value starts a key: put the value in quotes, title: "Flagship Bumblebee: The Scout"`,
    ],
  ]);
});

test.each([
  // Before: "check indentation, colons and quotes near this point."
  [
    "messages/ja.yaml",
    'greeting: "{name} さん、こんにちは"',
    "greeting: {name} さん、こんにちは",
    "yaml-syntax",
    'a value that opens with { is read as a YAML map: put the value in quotes, greeting: "{name} さん、こんにちは"',
  ],
  // Before: a wrong-type at line 1, column 1, "found ~ (nothing)".
  [
    "messages/ja.yaml",
    'greeting: "{name} さん、こんにちは"',
    "greeting: {name}",
    "wrong-type",
    'YAML reads a value in { } or [ ] as a map or a list: put the text in quotes, greeting: "{name}"',
  ],
  [
    "content/black-friday.yaml",
    "title: Event Timeline",
    "title: [Event Timeline]",
    "wrong-type",
    'YAML reads a value in { } or [ ] as a map or a list: put the text in quotes, title: "[Event Timeline]"',
  ],
])(
  "a text opening with a {placeholder} or [tag] and no quotes writes its line in quotes (%s: %s)",
  (file, from, to, code, hint) => {
    const found = checkWith(file, from, to);
    expect(found.map((d) => [d.code, d.file, d.line, d.hint])).toEqual([
      [
        code,
        `specs/${file}`,
        readFileSync(join(specsDir, file), "utf8")
          .split("\n")
          .findIndex((l) => l.includes(from)) + 1,
        hint,
      ],
    ]);
  },
);

test.each([
  ["currency: USD", "currency: US", "did you mean 'USD'?"],
  ["currency: USD", "currency: usd", "did you mean 'USD'?"],
  ["currency: USD", "currency: €", "did you mean 'EUR'?"],
  // ¥ writes both JPY and CNY: neither is meant more than the other.
  ["currency: USD", "currency: ¥", "use one of CNY, EUR, GBP, JPY, KRW, USD."],
  ["hidden: [header, footer]", "hidden: [Header, footer]", "did you mean 'header'?"],
  ["hidden: [header, footer]", "hidden: [heder, footer]", "did you mean 'header'?"],
])("a word outside a fixed list says the word meant: %s written %s", (from, to, hint) => {
  const found = checkWith("regions/us.yaml", from, to);
  expect(found.map((d) => d.hint)).toEqual([hint]);
});

test("a redirect to the page's address instead of its id says the id", () => {
  // Before: "pages are declared in pages.yaml."
  const found = checkWith(
    "pages.yaml",
    "redirect: { to: flagship-bumblebee,",
    'redirect: { to: "https://www.mechanova.cn/flagship-bumblebee/",',
  );
  expect(found.map((d) => [d.code, d.hint])).toEqual([["unknown-page", "did you mean 'flagship-bumblebee'?"]]);
});

test.each([
  // Two errors before, one per region's start of the next stage, each "start the stage when the previous one ends".
  [
    "campaigns/christmas-2024.yaml",
    "    end: 2025-01-01\n",
    "    end: 2024-12-31\n",
    "an end is the first day a stage is over, not its last day: end stage 1 on 2025-01-01, when the next one starts.",
  ],
  [
    "campaigns/black-friday-2024.yaml",
    "    end: 2024-11-22T00:00\n",
    "    end: 2024-11-21T23:59\n",
    "an end is the first instant a stage is over, not its last minute: end stage 1 at 2024-11-22T00:00 Europe/Paris, when the next one starts.",
  ],
])(
  "a stage's end written as its last day or minute is one error at that end, with the end meant (%s)",
  (file, from, to, hint) => {
    const found = checkWith(file, from, to);
    const line = readFileSync(join(specsDir, file), "utf8").split("\n").indexOf(from.trimEnd()) + 1;
    expect(found.map((d) => [d.code, d.line, d.hint])).toEqual([["stage-gap", line, hint]]);
  },
);

test.each([
  // Each hint before was the pattern's sentence ("A file size such as 2.4 MB or 850 KB.").
  ["content/manuals.yaml", "size: 18.6 MB,", "size: 18.6MB,", "did you mean '18.6 MB'?"],
  ["content/manuals.yaml", "size: 18.6 MB,", "size: 18.6 mb,", "did you mean '18.6 MB'?"],
  [
    "content/manuals.yaml",
    "name: Flagship Megatron User Manual.pdf,",
    "name: Flagship Megatron User Manual,",
    "did you mean 'Flagship Megatron User Manual.pdf'?",
  ],
  ["content/manuals.yaml", 'date: "2023-11-20" }', 'date: "2023-20-11" }', "did you mean '2023-11-20'?"],
  ["artwork.yaml", 'primary: "#f5c518"', 'primary: "f5c518"', "did you mean '#f5c518'?"],
  // A colour as CSS also writes it: by name, in three figures, as rgb().
  ["artwork.yaml", 'primary: "#f5c518"', "primary: gold", "did you mean '#ffd700'?"],
  ["artwork.yaml", 'primary: "#f5c518"', "primary: Dark Red", "did you mean '#8b0000'?"],
  ["artwork.yaml", 'primary: "#f5c518"', 'primary: "#fc0"', "did you mean '#ffcc00'?"],
  ["artwork.yaml", 'primary: "#f5c518"', 'primary: "rgb(245, 197, 24)"', "did you mean '#f5c518'?"],
])("a value in the wrong shape says the value meant in its shape (%s: %s → %s)", (file, from, to, hint) => {
  const found = checkWith(file, from, to);
  expect(found.map((d) => [d.code, d.hint])).toEqual([["invalid-value", hint]]);
});

test("a campaign's palette left out says what a palette is, though another schema defines it", () => {
  // Before: "add palette." The campaign's art takes its palette from artwork.schema.json's $defs.
  const found = checkWith(
    "campaigns/christmas-2024.yaml",
    'palette: { background: "#14532d", primary: "#dc2626", accent: "#fef3c7" }, ',
    "",
  );
  expect(found.map((d) => [d.code, d.hint])).toEqual([
    ["missing-field", "add palette: Three colours, each #rrggbb: { background, primary, accent }."],
  ]);
});

test("the login-expired code mistyped in api.yaml is one error there, naming the code the message tables write", () => {
  // Before: nothing. The runtime would not know a login had expired, nor refresh the session.
  const found = checkWith("api.yaml", "loginExpired: 4003", "loginExpired: 4030");
  expect(found.map((d) => [d.code, d.file, d.hint])).toEqual([
    ["api-code-without-message", "specs/api.yaml", "did you mean 4003? Every message table has a text for it."],
  ]);
});

test("{year} outside a region's copyright line says where it means something", () => {
  const found = checkWith(
    "regions/us.yaml",
    "companyAddress: Mechanova Inc.,",
    "companyAddress: Mechanova Inc. since {year},",
  );
  expect(found.map((d) => [d.code, d.message])).toEqual([
    [
      "unknown-placeholder",
      "{year} means something only in a region's copyright line; here it would reach shoppers as it is written.",
    ],
  ]);
});

test("a date that does not exist says why, as a time does", () => {
  // Before: "'2023-11-31' is not valid here."
  const found = checkWith("content/manuals.yaml", 'date: "2023-11-20" }', 'date: "2023-11-31" }');
  expect(found.map((d) => [d.code, d.message])).toEqual([
    ["invalid-value", "'2023-11-31' is no date: November 2023 has no day 31."],
  ]);
});

test.each([
  ["api.yaml", "  timestamp: 10000", "  timestamp: 10s", "write 10000, the figure alone."],
  ["api.yaml", "loginRedirectDelay: 2000", "loginRedirectDelay: 2 seconds", "write 2000, the figure alone."],
  [
    "constants.yaml",
    "collapseTransitionSeconds: 0.5",
    "collapseTransitionSeconds: 500ms",
    "write 0.5, the figure alone.",
  ],
])("a duration written with its unit says the figure in the field's own unit (%s: %s)", (file, from, to, hint) => {
  const found = checkWith(file, from, to);
  expect(found.map((d) => [d.code, d.hint?.split(". ")[0]])).toEqual([["wrong-type", hint.slice(0, -1)]]);
});

test("a campaign file copied for next year, name and utm changed, dates and page not yet: the page's error and a warning on the dates", () => {
  // Before: nine page-missing-subject errors, "Page promotion of black-friday-2025 uses the campaign
  // without a landing page template", one per promotion entry, and nothing on the dates.
  const found = checkEdited((specs) => {
    const text = readFileSync(join(specs, "campaigns/black-friday-2024.yaml"), "utf8");
    writeFileSync(
      join(specs, "campaigns/black-friday-2025.yaml"),
      text
        .replace("name: Black Friday 2024", "name: Black Friday 2025")
        .replace("utm_campaign: black-friday-2024", "utm_campaign: black-friday-2025"),
    );
  });
  expect(found.map((d) => [d.code, d.file])).toEqual([
    ["campaign-without-page", "specs/campaigns/black-friday-2025.yaml"],
    ["campaign-times-copied", "specs/campaigns/black-friday-2025.yaml"],
  ]);
  expect(found[0]!.message).toContain("its 9 promotion entries");
});

test("next year's Black Friday made by copying this year's files is one warning at the texts that still name this year", () => {
  const found = checkEdited((specs) => {
    const campaign = readFileSync(join(specs, "campaigns/black-friday-2024.yaml"), "utf8")
      .replace("name: Black Friday 2024", "name: Black Friday 2025")
      .replaceAll("2024-1", "2025-1")
      .replace("utm_campaign: black-friday-2024", "utm_campaign: black-friday-2025");
    writeFileSync(join(specs, "campaigns/black-friday-2025.yaml"), campaign);
    copyFileSync(join(specs, "content/black-friday.yaml"), join(specs, "content/black-friday-2025.yaml"));
    replaceIn(
      specs,
      "pages.yaml",
      /^( {2}black-friday:\n(?: {4}.*\n)+)/m,
      "$1  black-friday-2025:\n    regions: [us, uk, eu, fr, de]\n    template: campaign\n    campaign: black-friday-2025\n",
    );
  });
  expect(found.map((d) => [d.code, d.file])).toEqual([
    ["text-year-outside-campaign", "specs/content/black-friday-2025.yaml"],
  ]);
  expect(found[0]!.message).toBe(
    "This text of black-friday-2025 names 2024, as 19 more of this file do, but the campaign runs in 2025: texts copied from an earlier campaign?",
  );
});

test("a campaign's text may name a year long past, a price or a measure in four figures", () => {
  const found = checkWith(
    "campaigns/black-friday-2024.yaml",
    'textBanner: { label: "Early Black Friday: up to {upTo}% off, {dates}", bg: black }',
    'textBanner: { label: "Our lowest prices since 2019: $2000 off, a 2000mAh battery, up to {upTo}% off", bg: black }',
  );
  expect(found).toEqual([]);
});

test("a new product added by copying Megatron's catalogue entry, price row, page and content is one error per place left unchanged", () => {
  const found = checkEdited((specs) => {
    const rename = (text: string) =>
      text
        .replaceAll("flagshipMegatron", "flagshipStarscream")
        .replaceAll("Flagship Megatron", "Flagship Starscream")
        .replaceAll("flagship-megatron", "flagship-starscream");
    const copyBlock = (file: string, block: RegExp) =>
      replaceIn(specs, file, block, (whole: string) => `${whole}${rename(whole)}`);
    copyBlock("catalogue.yaml", /^ {2}flagshipMegatron:\n(?: {4}.*\n)+/m);
    copyBlock("prices.yaml", /^ {2}flagshipMegatron: .*\n/m);
    copyBlock("pages.yaml", /^ {2}flagship-megatron:\n(?: {4}.*\n)+/m);
    copyFileSync(join(specs, "content/flagship-megatron.yaml"), join(specs, "content/flagship-starscream.yaml"));
  });
  // Before: the head's title and description in four languages, eight errors.
  expect(found.map((d) => [d.code, d.file])).toEqual([
    // The cn shop's item number and the cn name, left as Megatron's.
    ["buy-link-shared", "specs/catalogue.yaml"],
    ["product-name-shared", "specs/catalogue.yaml"],
    ["page-title-other-product", "specs/content/flagship-starscream.yaml"],
  ]);
  // Chinese aside: the cn name is the one left as Megatron's.
  expect(found[2]!.message).toContain("and so do 5 more texts of its head (English, French and German)");
});

test("a region added in a new language, its settings and message table copied from fr's, is one error per thing to do", () => {
  const found = checkEdited((specs) => {
    replaceIn(
      specs,
      "site.yaml",
      /^( {2}de: .*\n)/m,
      "$1  it: { name: Italia, locale: it-IT, origin: global, group: eu, zone: Europe/Rome }\n",
    );
    copyFileSync(join(specs, "regions/fr.yaml"), join(specs, "regions/it.yaml"));
    copyFileSync(join(specs, "messages/fr.yaml"), join(specs, "messages/it.yaml"));
  });
  // Before: 17 missing-content errors, one per page and block ("Page about-us has no it head ... for it").
  expect(found.map((d) => [d.code, d.file]).sort()).toEqual([
    ["language-without-pages", "specs/site.yaml"],
    ["region-without-pages", "specs/site.yaml"],
    ["region-without-prices", "specs/prices.yaml"],
  ]);
  expect(found.find((d) => d.code === "language-without-pages")!.message).toBe(
    "No page is written in 'it' (Italian), the language of region it: its 10 pages have no Italian texts (home, choose-your-region, login, account, about-us and 5 more).",
  );
});

test("a page added with a copy of about-us's content file, its head left, is one warning at its first title", () => {
  // Before: nothing; both pages were "About Us" in search results, in six languages.
  const found = checkEdited((specs) => {
    replaceIn(
      specs,
      "pages.yaml",
      /^( {2}about-us: .*\n)/m,
      "$1  shipping-policy: { regions: all, template: article }\n",
    );
    copyFileSync(join(specs, "content/about-us.yaml"), join(specs, "content/shipping-policy.yaml"));
  });
  expect(found.map((d) => [d.code, d.file])).toEqual([["page-head-shared", "specs/content/shipping-policy.yaml"]]);
  expect(found[0]!.message).toMatch(
    /^The \w+ title of page shipping-policy, '.+', is page about-us's, as 11 more texts of its head are/,
  );
});

test("a time's zone a slip off says the time meant, and a time with none shows its own time with an offset and a zone", () => {
  const slip = checkWith(
    "regions/us.yaml",
    'startTime: "2025-03-27T00:00+08:00"',
    'startTime: "2025-03-27T00:00 Asia/Shangai"',
  );
  expect(slip.map((d) => [d.code, d.hint])).toEqual([
    ["invalid-timestamp", "did you mean '2025-03-27T00:00 Asia/Shanghai'?"],
  ]);
  // Before: "add an offset (2025-04-28T15:00+08:00) or a zone (2024-11-14T09:00 Europe/Paris)", another time.
  const naive = checkWith("regions/us.yaml", 'startTime: "2025-03-27T00:00+08:00"', 'startTime: "2025-03-27"');
  expect(naive.map((d) => [d.code, d.hint])).toEqual([
    [
      "naive-timestamp",
      "add the offset or the zone it is meant in, as in 2025-03-27T00:00+08:00 or 2025-03-27 Europe/Paris.",
    ],
  ]);
});

test("a campaign just begun with site new campaign is one warning that it shows nothing, not one per region", () => {
  const skeleton = campaignSkeleton({
    id: "black-friday-2026",
    name: "Black Friday 2026",
    regions: ["us", "uk", "eu", "fr", "de", "jp"],
    start: DateTime.fromISO("2026-11-20"),
  });
  const file = "campaigns/black-friday-2026.yaml";
  // Before: six warnings, "Campaign black-friday-2026 runs in us but shows nothing there", then uk, eu, fr, de, jp.
  const begun = checkEdited((specs) => writeFileSync(join(specs, file), skeleton));
  expect(begun.map((d) => [d.code, d.file, d.line, d.message])).toEqual([
    [
      "campaign-region-silent",
      `specs/${file}`,
      5,
      "Campaign black-friday-2026 shows nothing in any of its 6 regions (us, uk, eu, fr, de and jp): no offers, no promotion entry and no page of it.",
    ],
  ]);
  // Its us offers written: the regions still silent, in one warning at the first of them.
  const usOnly = checkEdited((specs) =>
    writeFileSync(join(specs, file), `${skeleton}\noffers:\n  us:\n    eliteOptimusPrime: [599, 549]\n`),
  );
  expect(usOnly.map((d) => [d.code, d.column, d.hint])).toEqual([
    [
      "campaign-region-silent",
      15,
      "write its offers or promotion for uk, eu, fr, de and jp, or take them out of its regions.",
    ],
  ]);
});

test("a campaign begun with site new campaign, its offers uncommented but for their first lines, is one error saying so", () => {
  const skeleton = campaignSkeleton({
    id: "winter-2026",
    name: "Winter 2026",
    regions: ["us"],
    start: DateTime.fromISO("2026-12-01"),
  });
  const file = "campaigns/winter-2026.yaml";
  const found = checkEdited((specs) =>
    writeFileSync(
      join(specs, file),
      skeleton.replace(
        "#     eliteOptimusPrime: [599, 549]",
        "    eliteOptimusPrime: [599, 549]\n    bumblebeeG1Performance: [349, 299]",
      ),
    ),
  );
  // Before: two errors, "'eliteOptimusPrime' is not a field … the fields here are name, start, end, gapBefore".
  expect(found.filter((d) => d.severity === "error").map((d) => [d.code, d.message, d.hint])).toEqual([
    [
      "unknown-field",
      "'eliteOptimusPrime', and 1 more line after it, stand under lines commented out ('# offers:', '#   us:'): YAML reads them as fields of the block above the comments, where they do not belong.",
      "take the # off '# offers:' and '#   us:' too, or comment 'eliteOptimusPrime' out again.",
    ],
  ]);
});

test("a campaign page narrowed to one region while its campaign runs in five: one error at its regions, naming the campaign's file", () => {
  const narrowed = (specs: string) =>
    replaceIn(
      specs,
      "pages.yaml",
      "  black-friday:\n    regions: [us, uk, eu, fr, de]",
      "  black-friday:\n    regions: [us]",
    );
  // Before: the same error, but counting the links of the page's own sections for those regions
  // (never built) and not its campaign's banners there, which lead to no page.
  const running = checkEdited(narrowed);
  expect(running.map((d) => [d.code, d.message])).toEqual([
    [
      "page-not-in-regions",
      "Page black-friday is in us only, but 12 links lead to it in uk, eu, fr and de (campaigns/black-friday-2024.yaml).",
    ],
  ]);
});

test("a field one slip from a field of its block keeps its did-you-mean, commented-out keys above it or not", () => {
  const skeleton = campaignSkeleton({
    id: "winter-2026",
    name: "Winter 2026",
    regions: ["us"],
    start: DateTime.fromISO("2026-12-01"),
  });
  const found = checkEdited((specs) =>
    writeFileSync(
      join(specs, "campaigns/winter-2026.yaml"),
      skeleton.replace("#     eliteOptimusPrime: [599, 549]", "    nme: Late stage\n    eliteOptimusPrime: [599, 549]"),
    ),
  );
  expect(found.filter((d) => d.severity === "error").map((d) => [d.code, d.hint])).toEqual([
    ["unknown-field", "did you mean 'name'?"],
    ["unknown-field", "take the # off '# offers:' and '#   us:' too, or comment 'eliteOptimusPrime' out again."],
  ]);
});

/** The yearly handover: Black Friday 2024's file copied as 2026's, and its page given to the copy. */
function blackFridayHandedOn(specs: string) {
  const text = readFileSync(join(specs, "campaigns/black-friday-2024.yaml"), "utf8");
  writeFileSync(
    join(specs, "campaigns/black-friday-2026.yaml"),
    text
      .replaceAll("2024-", "2026-")
      .replaceAll("black-friday-2024", "black-friday-2026")
      .replace("Friday 2024", "Friday 2026"),
  );
  replaceIn(specs, "pages.yaml", "    campaign: black-friday-2024", "    campaign: black-friday-2026");
}

test("next year's campaign given last year's page: the old campaign's error says what to do with it", () => {
  const found = checkEdited(blackFridayHandedOn);
  expect(found.map((d) => [d.code, d.file])).toEqual([
    ["campaign-without-page", "specs/campaigns/black-friday-2024.yaml"],
    ["text-year-outside-campaign", "specs/content/black-friday.yaml"],
  ]);
  // Before: "add its landing page to pages.yaml … (as black-friday names black-friday-2026)".
  expect(found[0]!.hint).toBe(
    "page black-friday shows black-friday-2026 now: while black-friday-2024 runs, give it a page of its own in pages.yaml (template: campaign, campaign: black-friday-2024), or take its promotion out (once it is over, from 2024-12-05 00:00 Europe/Paris, it stops no build).",
  );
});

test("last year's campaign, its page given to a later year's, stops no build once it is over: in us, its last region, on 5 December", () => {
  const codesAt = (instant: string) =>
    checkEdited(blackFridayHandedOn, DateTime.fromISO(instant, { setZone: true })).map((d) => [d.code, d.file]);
  // us's Cyber Monday runs to 5 December 00:00 in Paris: until then its menu entry would lead nowhere.
  expect(codesAt("2024-12-04T23:59+01:00")).toContainEqual([
    "campaign-without-page",
    "specs/campaigns/black-friday-2024.yaml",
  ]);
  expect(codesAt("2024-12-05T00:00+01:00")).not.toContainEqual([
    "campaign-without-page",
    "specs/campaigns/black-friday-2024.yaml",
  ]);
  expect(
    codesAt("2026-06-01T12:00+02:00").filter(([, file]) => file === "specs/campaigns/black-friday-2024.yaml"),
  ).toEqual([]);
});

test("a page given a campaign drawn, staged and offered otherwise: one warning for its pictures, one per kind for its products, one error for the stage it lacks", () => {
  const found = checkEdited((specs) => {
    writeFileSync(
      join(specs, "campaigns/black-friday-2026.yaml"),
      `${campaignSkeleton({
        id: "black-friday-2026",
        name: "Black Friday 2026",
        regions: ["us"],
        start: DateTime.fromISO("2026-11-20"),
      })}\noffers:\n  us:\n    eliteOptimusPrime: [599, 549]\n`,
    );
    replaceIn(specs, "pages.yaml", "    campaign: black-friday-2024", "    campaign: black-friday-2026");
  });
  const of = (code: string) => found.filter((d) => d.code === code);
  // Before: 18 image-other-campaign warnings, one per picture and language, and 10
  // unknown-placeholder errors, one per {stage3Start} and {stage3End} in each language.
  expect(of("image-other-campaign").map((d) => d.hint)).toEqual([
    "give black-friday-2026 the art: of black-friday-2024 if it keeps that look (campaigns drawn alike share their pictures), or use pictures drawn for black-friday-2026.",
  ]);
  // Before: 4, one per product the banners name and stage.
  expect(of("banner-product-not-offered").map((d) => d.message)).toEqual([
    "this banner names Bumblebee G1 Performance (bumblebeeG1Performance), which black-friday-2026 offers no price for in us at stages 1, 2: shoppers who come for it find its list price; so do 3 more names in this file's banners of black-friday-2026 (K1 Interstellar Scout).",
  ]);
  // Before: one per stage, and one per region the page is in and the campaign not.
  expect(of("campaign-unreachable").map((d) => d.message)).toEqual([
    "Nothing leads shoppers in us to black-friday during any of the 2 stages of black-friday-2026 (Early access and Main sale): no home banner, text banner or menu entry of the campaign links to it.",
  ]);
  expect(of("page-outside-campaign").map((d) => d.message)).toEqual([
    "Page black-friday is in uk, eu, fr and de, where its campaign black-friday-2026 does not run: it would be up at all times there, with no stage and no end.",
  ]);
  // Before: one per product of the preview.
  expect(of("preview-without-offer").map((d) => d.message)).toEqual([
    "bumblebeeG1Performance and interstellarScoutK1 have no offer of black-friday-2026 in us: the preview shows no price for them at any stage.",
  ]);
  // Before: an unknown-stage error for its sections and an unknown-placeholder error for its
  // texts' {stage3Start} and {stage3End}, in the same file, for one mistake.
  expect(of("unknown-placeholder")).toEqual([]);
  expect(of("unknown-stage").map((d) => [d.file, d.message, d.hint])).toEqual([
    [
      "specs/content/black-friday.yaml",
      "Campaign black-friday-2026 has 2 stages; there is no stage 3: it is named here and in 16 more places (content/black-friday.yaml), and 10 placeholders in the texts there name its dates ({stage3Start} and {stage3End}).",
      "written for a campaign with more stages: take out what is written for stage 3, its sections and the texts that name its dates, or give black-friday-2026 a stage 3.",
    ],
  ]);
});

test.each([
  // Before, each: "check indentation, colons and quotes near this point", at the parser's stop.
  [
    "three spaces among keys at four",
    "\n   end: 2025-01-01\n",
    13,
    "this line is indented by 3 spaces, between the levels of the lines above: indent it by 4, as start: above it.",
  ],
  [
    "a tab",
    "\n\tend: 2025-01-01\n",
    13,
    "this line is indented with a tab, which YAML does not allow: indent it with 4 spaces, as start: above it.",
  ],
  [
    "six spaces under a key that holds a value",
    "\n      end: 2025-01-01\n",
    13,
    "this line is indented by 6 spaces, further in than start: above it, which holds a value and opens no block: indent it by 4, as start: is.",
  ],
])("a line indented off its block (%s) is named, with the indentation it means", (_, line, at, hint) => {
  const found = checkWith("campaigns/christmas-2024.yaml", "\n    end: 2025-01-01\n", line);
  expect(found.map((d) => [d.code, d.line, d.hint])).toEqual([["yaml-syntax", at, hint]]);
});

test("the first line of a block indented off the lines after it is the one named, not the next", () => {
  const found = checkWith(
    "pages.yaml",
    "\n    regions: [us]\n    template: product\n    product: grimlockG1Flagship",
    "\n   regions: [us]\n    template: product\n    product: grimlockG1Flagship",
  );
  expect(found.map((d) => [d.code, d.line, d.hint])).toEqual([
    [
      "yaml-syntax",
      30,
      "this line is indented by 3 spaces, off the lines of its block around it: indent it by 4, as template: below it.",
    ],
  ]);
});

test("a time written without the offset or zone of the times beside it says the time with theirs", () => {
  // Before: "add the offset or the zone it is meant in, as in 2025-06-18T15:00+08:00 or 2025-06-18T15:00 Europe/Paris".
  const offset = checkWith("campaigns/fathers-day-2025.yaml", "end: 2025-06-18T15:00+08:00", "end: 2025-06-18T15:00");
  expect(offset.map((d) => [d.code, d.hint])).toEqual([
    ["naive-timestamp", "did you mean '2025-06-18T15:00+08:00'? That is the offset of the time written nearest to it."],
  ]);
  const zone = checkEdited((specs) => {
    replaceIn(
      specs,
      "campaigns/fathers-day-2025.yaml",
      "start: 2025-06-08T15:00+08:00",
      "start: 2025-06-08T00:00 America/Los_Angeles",
    );
    replaceIn(specs, "campaigns/fathers-day-2025.yaml", "end: 2025-06-18T15:00+08:00", "end: 2025-06-18T00:00");
  });
  expect(zone.map((d) => [d.code, d.hint])).toEqual([
    [
      "naive-timestamp",
      "did you mean '2025-06-18T00:00 America/Los_Angeles'? That is the zone of the time written nearest to it.",
    ],
  ]);
  // A menu entry given a start of its own beside one written whole.
  const menu = checkWith(
    "regions/us.yaml",
    "link: toy-story-buzz-lightyear\n",
    'link: toy-story-buzz-lightyear\n        startTime: "2025-05-01T00:00"\n',
  );
  expect(menu.map((d) => [d.code, d.hint])).toEqual([
    ["naive-timestamp", "did you mean '2025-05-01T00:00+08:00'? That is the offset of the time written nearest to it."],
  ]);
  // A region's time takes its own region's offset, not that of the region written beside it.
  const regional = checkEdited((specs) => {
    replaceIn(
      specs,
      "campaigns/christmas-2024.yaml",
      /( {4}start:\n {6}us: )2025-01-01\n( {6}uk: )2025-01-01\n( {4}end:\n {6}us: )2025-01-03/,
      "$12025-01-01T00:00-08:00\n$22025-01-01T00:00+00:00\n$32025-01-03T00:00-08:00",
    );
    replaceIn(specs, "campaigns/christmas-2024.yaml", "uk: 2025-01-13", "uk: 2025-01-13T00:00");
  });
  expect(regional.map((d) => [d.code, d.hint])).toEqual([
    ["naive-timestamp", "did you mean '2025-01-13T00:00+00:00'? That is the offset of the time written nearest to it."],
  ]);
});

test("a time with one digit where two belong says the time meant", () => {
  const found = checkWith("campaigns/black-friday-2024.yaml", "start: 2024-11-14T09:00", "start: 2024-11-14T9:00");
  expect(found.map((d) => [d.code, d.hint])).toEqual([["invalid-timestamp", "did you mean '2024-11-14T09:00'?"]]);
  const nav = checkWith("regions/us.yaml", 'startTime: "2025-03-27T00:00+08:00"', 'startTime: "2025-3-27T00:00+08:00"');
  expect(nav.map((d) => [d.code, d.hint])).toEqual([["invalid-timestamp", "did you mean '2025-03-27T00:00+08:00'?"]]);
});

test("a country or a language written out where its code belongs says the code", () => {
  const country = checkWith("region-chooser.yaml", "region: us, country: CA }", "region: us, country: Canada }");
  expect(country.map((d) => [d.code, d.hint])).toEqual([["invalid-value", "did you mean 'CA'?"]]);
  const language = checkWith("content/about-us.yaml", /^ {2}fr:$/m, "  French:");
  expect(language.map((d) => d.hint)).toEqual(["did you mean 'fr'?"]);
});

test("an FAQ question or a voice command written twice is one warning at the repeat", () => {
  const faq = checkWith(
    "content/grimlock-g1-flagship.yaml",
    "        - question: What is the pre-order timeline?\n",
    "        - question: What is the pre-order timeline?\n          answer: Soon.\n        - question: What is the pre-order timeline?\n",
  );
  expect(faq.map((d) => [d.code, d.message])).toEqual([
    [
      "list-item-repeated",
      "'What is the pre-order timeline?' is in this list already (question 1): shoppers would see it twice.",
    ],
  ]);
  const words = checkWith("content/bumblebee-g1-performance.yaml", /^ {12}- Wave$/m, "            - Say hello");
  expect(words.map((d) => [d.code, d.message])).toEqual([
    ["list-item-repeated", "'Say hello' is in this list already (Actions, word 1): shoppers would see it twice."],
  ]);
});

test("a manual's date written day first says the date meant, and a date that could be either does not guess", () => {
  const hintFor = (date: string) =>
    checkWith("content/manuals.yaml", 'date: "2023-11-20"', `date: "${date}"`).map((d) => [d.code, d.hint]);
  expect(hintFor("20.11.2023")).toEqual([["invalid-value", "did you mean '2023-11-20'?"]]);
  expect(hintFor("11/20/2023")).toEqual([["invalid-value", "did you mean '2023-11-20'?"]]);
  expect(hintFor("05/06/2023")).toEqual([["invalid-value", "Last update, YYYY-MM-DD."]]);
});

test("a product's id misspelt in the price table is one error, not 'not sold' wherever the product is shown", () => {
  const found = checkWith("prices.yaml", /^ {2}eliteOptimusPrime: /m, "  eliteOptimusPrim: ");
  expect(found.map((d) => [d.code, d.file, d.hint])).toEqual([
    ["unknown-product", "specs/prices.yaml", "did you mean 'eliteOptimusPrime'?"],
  ]);
});

test("a campaign id misspelt on its page is one error, not one per promotion of the campaign asking for a link", () => {
  const found = checkWith("pages.yaml", "campaign: black-friday-2024", "campaign: black-friday-2042");
  expect(found.map((d) => [d.code, d.file, d.hint])).toEqual([
    ["unknown-campaign", "specs/pages.yaml", "did you mean 'black-friday-2024'?"],
  ]);
});

test("a stage time shared by five regions that is wrong is one error naming the five", () => {
  const found = checkWith(
    "campaigns/black-friday-2024.yaml",
    "    end: 2024-11-22T00:00\n",
    "    end: 2024-11-13T00:00\n",
  );
  const ends = found.filter((d) => d.code === "window-end-not-after-start");
  expect(ends).toHaveLength(1);
  expect(ends[0]!.message).toContain("in us, uk, eu, fr, de");
});

test("a tab in the indentation is one syntax error, with the ones that follow folded into it", () => {
  const found = checkWith("regions/us.yaml", "  buy: Buy Now\n", "\tbuy: Buy Now\n");
  expect(found).toHaveLength(1);
  expect(found[0]).toMatchObject({ code: "yaml-syntax", file: "specs/regions/us.yaml", line: 53, column: 1 });
  expect(found[0]!.message).toMatch(
    /Tabs are not allowed as indentation \(\d+ more syntax errors after it follow from this one\)/,
  );
});

test("a line the parser cannot read is one error, with the keys it then reads twice counted in it", () => {
  // After a plain value that starts with %, yaml reads each line after it as the same key again.
  const found = checkWith("api.yaml", /(\n {4}us: )\S+/, `$1${"%\r\n".repeat(1_000)}`);
  expect(found.map((d) => d.code)).toEqual(["yaml-syntax"]);
  expect(found[0]).toMatchObject({ file: "specs/api.yaml", line: 6 });
  expect(found[0]!.message).toMatch(/\((\d{4,}) more syntax errors after it follow from this one\)/);
});

test("a typo at the end of a 100,000-line file is one error, found without comparing every key with every other", () => {
  // yaml's own duplicate-key rule did that: this file took a minute and a half (load/duplicates.ts).
  const keys = Array.from({ length: 100_000 }, (_, i) => `k${i}: 1`).join("\n");
  const end = readFileSync(join(projectRoot, "specs/api.yaml"), "utf8").split("\n").length;
  const found = checkWith("api.yaml", /$/, `${keys}\nk7: 2\nlast: [1, 2\n`);
  expect(found.map((d) => [d.code, d.line])).toEqual([
    ["duplicate-key", end + 100_000],
    ["yaml-syntax", end + 100_001],
  ]);
});

test("a syntax error in the catalogue is one error, not one per image its products would have made", () => {
  const found = checkWith(
    "catalogue.yaml",
    "flagship-bumblebee, isPreSale: true, stock: 120 }\n      de:",
    "flagship-bumblebee, isPreSale: true, stock: 120 } [\n      de:",
  );
  expect(found.map((d) => [d.code, d.file])).toEqual([["yaml-syntax", "specs/catalogue.yaml"]]);
});

test("a syntax error in pages.yaml is one error: no rule guesses which pages are campaigns' or products'", () => {
  const found = checkWith("pages.yaml", /\n$/, "\nbroken: [\n");
  expect(found.map((d) => [d.code, d.file])).toEqual([["yaml-syntax", "specs/pages.yaml"]]);
});

test("a group of texts where the messages have none is one error, not translations owed by every other language", () => {
  const found = checkWith("messages/en.yaml", /^ui:\n/m, "footer:\n  note: Prices include VAT.\nui:\n");
  expect(found.map((d) => [d.code, d.file, d.message])).toEqual([
    ["unknown-field", "specs/messages/en.yaml", expect.stringContaining("'footer'")],
  ]);
});

test("a page id mistyped in pages.yaml is one error there, not one at each file that names the page by its id", () => {
  const found = checkWith("pages.yaml", /^ {2}flagship-bumblebee:$/m, "  flagship-bumblebe:");
  // The page's content file and the redirect name it by its id: before, an unknown-page at each,
  // with the advice to change them to the misspelt id.
  expect(found.map((d) => [d.code, d.file, d.message])).toEqual([
    [
      "renamed-definition",
      "specs/pages.yaml",
      "The page 'flagship-bumblebe' is named only here, and 2 places name 'flagship-bumblebee', which is not a page: it looks renamed here.",
    ],
  ]);
});

test("a page taken out of pages.yaml, still named by its content file and a redirect, is one error counting them", () => {
  const found = checkWith("pages.yaml", /^ {2}flagship-bumblebee:\n( {4}.*\n)+/m, "");
  expect(found.map((d) => [d.code, d.message])).toEqual([
    ["unknown-page", "There is no page 'flagship-bumblebee': it is named here and in 1 more place (pages.yaml)."],
  ]);
});

test("a campaign's zone misspelt is one error, not one per time the campaign reads in it", () => {
  const found = checkWith("campaigns/black-friday-2024.yaml", /^zone: Europe\/Paris$/m, "zone: Europe/Pari");
  expect(found.map((d) => [d.code, d.hint])).toEqual([["unknown-zone", "did you mean 'Europe/Paris'?"]]);
});

test("a region mistyped in a page's regions is one error suggesting a region the list lacks, not broken links there", () => {
  // en is one letter from cn and from eu; the list has cn already. Before: "did you mean 'cn'?",
  // and a broken-link at each of eu's four links to the page.
  const found = checkWith("pages.yaml", /^( {2}flagship-bumblebee:\n {4}regions: \[us, uk, )eu,/m, "$1en,");
  expect(found.map((d) => [d.code, d.file, d.hint])).toEqual([
    ["unknown-region", "specs/pages.yaml", "did you mean 'eu'?"],
  ]);
});

test("a region mistyped in site.yaml's x-default list suggests a region the list lacks", () => {
  const found = checkWith("site.yaml", "xDefault: [cn, us, eu]", "xDefault: [cn, us, en]");
  expect(found.map((d) => [d.code, d.hint])).toEqual([["unknown-region", "did you mean 'eu'?"]]);
});

test.each([
  // Three links name deals: before, a renamed-definition advising to change them to '9deals'.
  ["      id: deals\n", "      id: 9deals\n"],
  // One link names lucky-draw: before, also a broken-anchor at it, "did you mean '9lucky-draw'?".
  ["      id: lucky-draw\n", "      id: 9lucky-draw\n"],
])("a section id mistyped into one no element may have is its one error, not also the links to it (%j)", (from, to) => {
  const found = checkWith("content/black-friday.yaml", from, to);
  expect(found.map((d) => [d.code, d.hint])).toEqual([
    ["invalid-value", "Letters, digits and dashes, starting with a letter (an element id such as special-offers)."],
  ]);
});

test("a section's stage 0 says that stages are numbered from 1", () => {
  const found = checkWith("content/black-friday.yaml", /( {6}stage: \[)1(\]\n {6}title: "Sneak Peek)/, "$10$2");
  expect(found.map((d) => [d.code, d.hint])).toEqual([
    ["invalid-value", "A stage number of the campaign, 1 for its first stage."],
  ]);
});

test("a region key misspelt in a content file is one error at the key, with the region it most likely means", () => {
  const found = checkWith("content/black-friday.yaml", /^ {2}us:$/m, "  usa:");
  expect(found.map((d) => [d.code, d.file, d.line, d.column, d.hint])).toEqual([
    ["unknown-region", "specs/content/black-friday.yaml", expect.any(Number), 3, "did you mean 'us'?"],
  ]);
});

test("a section type misspelt is one error at the type, with the type it most likely means", () => {
  const found = checkWith("content/black-friday.yaml", "    - type: products\n", "    - type: product\n");
  expect(found.map((d) => [d.code, d.hint])).toEqual([["invalid-value", "did you mean 'products'?"]]);
});

test("texts added to one language are one warning per other language, naming every text it lacks", () => {
  const found = checkWith(
    "messages/en.yaml",
    "  common:\n",
    "  common:\n    share: Share\n    print: Print\n    copyLink: Copy link\n",
  );
  expect(found.map((d) => [d.code, d.file])).toEqual(
    ["de", "fr", "ja", "ko", "zh"].map((lang) => ["missing-message", `specs/messages/${lang}.yaml`]),
  );
  expect(found[0]!.message).toBe(
    "The texts ui.common.share, ui.common.print and ui.common.copyLink are missing in specs/messages/de.yaml; its pages show the en texts instead.",
  );
});

test("a campaign's promotion under a misspelt key is one error, not a stage with no way in for each region", () => {
  const found = checkWith("campaigns/black-friday-2024.yaml", /^promotion:$/m, "promotions:");
  expect(found.map((d) => [d.code, d.hint])).toEqual([["unknown-field", "did you mean 'promotion'?"]]);
});

test("a page's product or campaign under a misspelt key is one error: the rules read it as meant", () => {
  for (const [from, to, hint] of [
    ["    product: flagshipBumblebee\n", "    prodcut: flagshipBumblebee\n", "did you mean 'product'?"],
    ["    campaign: black-friday-2024\n", "    campain: black-friday-2024\n", "did you mean 'campaign'?"],
  ] as const) {
    const found = checkWith("pages.yaml", from, to);
    expect(
      found.map((d) => [d.code, d.hint]),
      to,
    ).toEqual([["unknown-field", hint]]);
  }
});

test("a misspelt key is read as meant in a file that has another error too", () => {
  const found = checkWith(
    "pages.yaml",
    /( {4})product: flagshipBumblebee\n([\s\S]*?)template: article \}/,
    "$1prodcut: flagshipBumblebee\n$2template: articel }",
  );
  expect(found.map((d) => d.code)).toEqual(["unknown-field", "unknown-template"]);
});

test("a locale with a region code that does not exist is an error, not a page in no region's language", () => {
  const found = checkWith("site.yaml", "locale: en-US", "locale: en-XX");
  expect(found.map((d) => [d.code, d.hint])).toEqual([
    ["invalid-value", "'XX' is no region code: write one such as US, DE or JP."],
  ]);
});

test("a malformed date is one error, from the time rule, and no message shows a regex", () => {
  const found = checkWith("campaigns/fathers-day-2025.yaml", "start: 2025-06-08T15:00+08:00", "start: 2025-6-08 15:00");
  expect(found.map((d) => d.code)).toEqual(["invalid-timestamp"]);
  for (const d of found) expect(`${d.message} ${d.hint}`).not.toMatch(/\^|\\d|must match pattern/);
});

test("a region renamed where site.yaml defines it is one error there, not one per page, price and campaign that names it", () => {
  const found = checkWith("site.yaml", /^ {2}us: /m, "  usa: ");
  expect(found.map((d) => [d.code, d.file, d.line])).toEqual([["renamed-definition", "specs/site.yaml", 16]]);
  expect(found[0]!.message).toMatch(
    /^The region 'usa' is named only here, and \d{2} places name 'us', which is not a region/,
  );
  expect(found[0]!.hint).toMatch(
    /^rename it back to 'us', or change 'us' to 'usa' in those \d{2} places \(pages\.yaml, /,
  );
});

test("a product renamed where the catalogue defines it is one error there, naming the files that use the old id", () => {
  const found = checkWith("catalogue.yaml", /^ {2}aiBase:/m, "  aiBsae:");
  expect(found.map((d) => [d.code, d.file])).toEqual([["renamed-definition", "specs/catalogue.yaml"]]);
  expect(found[0]!.hint).toContain("rename it back to 'aiBase'");
  expect(found[0]!.hint).toContain("content/home.yaml");
});

test("a product with an alias renamed out of a typo's reach is one error at it, not also its missing price row", () => {
  // Its alias (t9) names the old id, and nothing names the alias: the alias is no new name of it.
  const found = checkWith("catalogue.yaml", /^ {2}interstellarAgentT9:/m, "  agentNine:");
  expect(found.map((d) => [d.code, d.file, d.message])).toEqual([
    [
      "renamed-definition",
      "specs/catalogue.yaml",
      "The product 'agentNine' is named only here, and 5 places name 'interstellarAgentT9', which is not a product: it looks renamed here.",
    ],
  ]);
});

test("an id mistyped where it is used stays an error at each use while the definition is used elsewhere", () => {
  // Both of the Christmas offers of the Signature edition misspelt; its page and prices still use the catalogue's id.
  const product = "optimusPrimeRiseOfTheBeastsSignatureLimitedEdition";
  const found = checkWith(
    "campaigns/christmas-2024.yaml",
    new RegExp(`\\b${product}\\b`, "g"),
    product.replace("Beasts", "Beast"),
  );
  expect(found.length).toBeGreaterThanOrEqual(2);
  expect(new Set(found.map((d) => `${d.code} ${d.hint}`))).toEqual(
    new Set([`unknown-product did you mean '${product}'?`]),
  );
});

test("a stage added with no way in is one error at the stage naming its regions, not one per region", () => {
  const found = checkWith(
    "campaigns/black-friday-2024.yaml",
    "      de: 2024-12-03T00:00\n\n",
    "      de: 2024-12-03T00:00\n  - name: Last Chance\n    start: 2024-12-05T00:00\n    end: 2024-12-06T00:00\n\n",
  );
  const unreachable = found.filter((d) => d.code === "campaign-unreachable");
  expect(unreachable.map((d) => [d.file, d.message])).toEqual([
    [
      "specs/campaigns/black-friday-2024.yaml",
      "Nothing leads shoppers in us, uk, eu, fr and de to black-friday during stage 4 (Last Chance) of black-friday-2024: no home banner, text banner or menu entry of the campaign links to it.",
    ],
  ]);
  // At the new stage's name, the line after the last stage's end.
  const original = readFileSync(join(projectRoot, "specs/campaigns/black-friday-2024.yaml"), "utf8");
  const lastEnd = original.slice(0, original.indexOf("      de: 2024-12-03T00:00\n\n")).split("\n").length;
  expect(unreachable[0]!.line).toBe(lastEnd + 1);
});

test.for([
  [
    "site.yaml",
    /^ {2}global: /m,
    "  globl: ",
    "specs/site.yaml",
    "The origin 'globl' is named only here, and 7 places name 'global', which is not an origin",
  ],
  [
    "artwork.yaml",
    /^ {2}flagship-bumblebee-hero:/m,
    "  flagship-bumblebee-heroo:",
    "specs/artwork.yaml",
    "The image 'flagship-bumblebee-heroo' is named only here, and 7 places name 'flagship-bumblebee-hero'",
  ],
  [
    "site.yaml",
    /^ {2}us: /m,
    "  america: ",
    "specs/site.yaml",
    "The region 'america' is named only here, and 66 places name 'us'",
  ],
  [
    "catalogue.yaml",
    /^ {2}aiBase:/m,
    "  hub:",
    "specs/catalogue.yaml",
    "The product 'hub' is named only here, and 21 places name 'aiBase'",
  ],
] as const)(
  "an origin or an image renamed, or a region or product renamed out of a typo's reach, is one error at its definition (%s)",
  ([file, from, to, at, message]) => {
    const found = checkWith(file, from, to);
    expect(found.map((d) => [d.code, d.file])).toEqual([["renamed-definition", at]]);
    expect(found[0]!.message).toContain(message);
  },
);

test("a campaign file renamed is one error at the file, not one per page and picture that names the campaign", () => {
  const found = checkEdited((specs) =>
    renameSync(join(specs, "campaigns/christmas-2024.yaml"), join(specs, "campaigns/christmas-2042.yaml")),
  );
  expect(found.map((d) => [d.code, d.file, d.line])).toEqual([
    ["renamed-definition", "specs/campaigns/christmas-2042.yaml", 1],
  ]);
  expect(found[0]!.hint).toMatch(/^rename the file back to campaigns\/christmas-2024\.yaml, or change/);
});

test("a campaign file deleted is one error where its name is first read, counting the places that still name it", () => {
  const found = checkEdited((specs) => rmSync(join(specs, "campaigns/black-friday-2024.yaml")));
  expect(found.map((d) => [d.code, d.file, d.message])).toEqual([
    [
      "unknown-campaign",
      "specs/artwork.yaml",
      "There is no campaign 'black-friday-2024': it is named here and in 6 more places (artwork.yaml and pages.yaml).",
    ],
  ]);
});

test("a region removed with its settings file is one error naming the places left, with no did-you-mean", () => {
  const found = checkEdited((specs) => removeRegion(specs, "kr"));
  expect(found.map((d) => [d.code, d.message, d.hint])).toEqual([
    [
      "unknown-region",
      "There is no region 'kr': it is named here and in 2 more places (pages.yaml and region-chooser.yaml).",
      "regions are cn, us, uk, eu, fr, de, jp (site.yaml).",
    ],
  ]);
});

test("a region added with us's settings and named by no page is one error at the region, not a broken link per page", () => {
  const found = checkEdited((specs) => {
    const canada = "  ca: { name: Canada, locale: en-CA, origin: global, group: us, zone: America/Toronto }\n";
    replaceIn(specs, "site.yaml", /^( {2}us: .*\n)/m, `$1${canada}`);
    copyFileSync(join(specs, "regions/us.yaml"), join(specs, "regions/ca.yaml"));
  });
  expect(found.map((d) => [d.code, d.file])).toEqual([
    ["region-without-pages", "specs/site.yaml"],
    ["region-without-prices", "specs/prices.yaml"],
  ]);
  // Every link of the us settings, and of the English content, to a page not for every region.
  expect(found[0]!.message).toMatch(/, and 27 of its links lead to pages it lacks: flagship-bumblebee, /);
});

test("a product taken out of one region in the catalogue, still priced there, is one error at it, not a failed build", () => {
  const found = checkWith("catalogue.yaml", /(\n {2}flagshipMegatron:\n(?: {4}.*\n)*?) {6}us: .*\n/, "$1");
  expect(found.map((d) => [d.code, d.file, d.message])).toEqual([
    [
      "product-without-region-entry",
      "specs/catalogue.yaml",
      "flagshipMegatron has a price in us but no entry there in catalogue.yaml (its name, buy link and stock), and 3 places show, link or offer it there.",
    ],
  ]);
});

test("two price columns' headers swapped are one error at the headers, not 'not sold', 'unused' and sale prices above list", () => {
  const found = checkWith("prices.yaml", "columns: [us, uk, ", "columns: [uk, us, ");
  expect(found.map((d) => [d.code, d.file, d.hint])).toEqual([
    [
      "price-columns-swapped",
      "specs/prices.yaml",
      "write columns: [us, uk, eu, fr, de, jp, cn]. The rest of the check reads the table that way.",
    ],
  ]);
});

test("a campaign's offers under a misspelt region are one error, read as meant: no preview or banner without offers", () => {
  const found = checkWith("campaigns/black-friday-2024.yaml", /(\noffers:\n) {2}us:\n/, "$1  usa:\n");
  expect(found.map((d) => [d.code, d.file, d.hint])).toEqual([
    ["unknown-region", "specs/campaigns/black-friday-2024.yaml", "did you mean 'us'?"],
  ]);
});

test("a region's column taken out of the price table is one error at columns, not one per product shown there", () => {
  const found = checkEdited((specs) => dropPriceColumn(specs, "jp"));
  expect(found.map((d) => [d.code, d.file, d.message])).toEqual([
    [
      "region-without-prices",
      "specs/prices.yaml",
      "prices.yaml has no jp column, but 5 places show, link or offer flagshipBumblebee in jp.",
    ],
  ]);
});

test("a region taken out of site.yaml, its settings file and its price column is one error counting the places left", () => {
  const found = checkEdited((specs) => {
    removeRegion(specs, "uk");
    dropPriceColumn(specs, "uk");
  });
  expect(found.map((d) => d.code)).toEqual(["unknown-region"]);
  expect(found[0]!.message).toMatch(/^There is no region 'uk': it is named here and in \d+ more places \(/);
  // Its column gone, the price table names uk no more: 44 places, not 45.
  expect(found[0]!.message).toContain("in 44 more places");
});

test("a campaign's stage taken out is one error for its offer rows and one for the places that still name it", () => {
  const found = checkWith("campaigns/christmas-2024.yaml", /^ {2}- name: Happy New Year\n(?: {4}.*\n)+/m, "");
  expect(found.map((d) => [d.code, d.file])).toEqual([
    ["offer-stage-count", "specs/campaigns/christmas-2024.yaml"],
    ["unknown-stage", "specs/campaigns/christmas-2024.yaml"],
  ]);
  expect(found[1]!.message).toBe(
    "Campaign christmas-2024 has 1 stage; there is no stage 2: it is named here and in 3 more places (content/christmas-sale.yaml and campaigns/christmas-2024.yaml).",
  );
});

test("a promotion entry's stage mistyped ([2] for [3]) is one error with the stage it means, not also that stage unreachable", () => {
  const found = checkWith(
    "campaigns/black-friday-2024.yaml",
    '    - stage: [3]\n      textBanner: { label: "Cyber Monday',
    '    - stage: [2]\n      textBanner: { label: "Cyber Monday',
  );
  expect(found.map((d) => [d.code, d.file, d.hint])).toEqual([
    [
      "promotion-stage-twice",
      "specs/campaigns/black-friday-2024.yaml",
      "did you mean [3]? No entry of us is for stage 3.",
    ],
  ]);
});

test.for([
  [
    "a picture numbered like its neighbours",
    "artwork.yaml",
    /^ {2}flagship-bumblebee-gallery-6: .*\n/m,
    "missing-image",
  ],
  [
    "a product whose name begins a sibling's",
    "catalogue.yaml",
    /^ {2}interstellarScoutK1:\n(?: {4}.*\n)+/m,
    "unknown-product",
  ],
  [
    "a product a third of whose letters another shares",
    "catalogue.yaml",
    /^ {2}interstellarAgentT9:\n(?: {4}.*\n)+/m,
    "unknown-product",
  ],
] as const)("%s, taken out, is one error for its name, not a typo at each use", ([, file, definition, code]) => {
  const found = checkWith(file, definition, "");
  const forName = found.filter((d) => d.code === code);
  expect(forName).toHaveLength(1);
  expect(forName[0]!.message).toMatch(/: it is named here and in \d+ more places \(/);
  expect(forName[0]!.hint ?? "").not.toContain("did you mean");
});

test("a campaign page whose campaign: is taken out is one error at the page, not one per promotion left without it", () => {
  const found = checkWith("pages.yaml", /(\n {2}christmas-sale:\n(?: {4}.*\n)*?) {4}campaign: christmas-2024\n/, "$1");
  expect(found.map((d) => [d.code, d.file, d.message])).toEqual([
    [
      "page-missing-subject",
      "specs/pages.yaml",
      "Page christmas-sale uses the campaign template but does not say which campaign it shows.",
    ],
  ]);
});

test("a product page given another page's product is one error at its product:, not one per title and menu entry", () => {
  const found = checkWith(
    "pages.yaml",
    /(\n {2}ai-base:\n(?: {4}.*\n)*? {4}product: )aiBase\n/,
    "$1flagshipMegatron\n",
  );
  expect(found.map((d) => [d.code, d.file, d.message, d.hint])).toEqual([
    [
      "product-page-mistaken",
      "specs/pages.yaml",
      "Page ai-base shows product flagshipMegatron, as page flagship-megatron does, while its head names aiBase in 4 languages, and aiBase has no page.",
      "did you mean product: aiBase?",
    ],
  ]);
});

test("a product page given a product not sold in all of its regions is still the one error at its product:", () => {
  const found = checkWith(
    "pages.yaml",
    /(\n {2}k1-pro-interstellar-scout:\n(?: {4}.*\n)*? {4}product: )k1ProInterstellarScout\n/,
    "$1aiBase\n",
  );
  expect(found.map((d) => [d.code, d.file])).toEqual([["product-page-mistaken", "specs/pages.yaml"]]);
});

test("a campaign's page taken out of pages.yaml, its content file kept, is one error at the file", () => {
  const found = checkWith("pages.yaml", /^ {2}black-friday:\n(?: {4}.*\n)+/m, "");
  expect(found.map((d) => [d.code, d.file])).toEqual([["unknown-page", "specs/content/black-friday.yaml"]]);
});

test("the home page's entry taken out of pages.yaml is one error there, not one at its content file and per link home", () => {
  const found = checkWith("pages.yaml", /^ {2}home:\n(?: {4}.*\n)+/m, "");
  expect(found.map((d) => [d.code, d.file, d.message, d.hint])).toEqual([
    [
      "home-page-missing",
      "specs/pages.yaml",
      "pages.yaml has no page home, the page at a region's root (/, /us): 16 links to a region's root (regions/cn.yaml, regions/de.yaml, regions/eu.yaml, regions/fr.yaml, regions/jp.yaml and 3 more) lead nowhere, and content/home.yaml names no page.",
      "add home: { regions: all, template: home } to pages.yaml, or take those links out.",
    ],
  ]);
});

test("the home page misspelt in pages.yaml is one error there, not 'did you mean' the misspelling at its content file", () => {
  const rename = (specs: string) => replaceIn(specs, "pages.yaml", /^ {2}home:$/m, "  hom:");
  const found = checkEdited(rename);
  expect(found.map((d) => [d.code, d.file, d.line, d.hint])).toEqual([
    ["home-page-missing", "specs/pages.yaml", 5, "rename 'hom' to home."],
  ]);
  // Following the old advice, the content file renamed to match: before, 16 broken links, one per link home.
  const followed = checkEdited((specs) => {
    rename(specs);
    renameSync(join(specs, "content/home.yaml"), join(specs, "content/hom.yaml"));
  });
  expect(followed.map((d) => [d.code, d.file, d.line, d.message])).toEqual([
    [
      "home-page-missing",
      "specs/pages.yaml",
      5,
      expect.stringMatching(
        /^The page with template home is named 'hom', .*: 16 links to a region's root .* lead nowhere\.$/,
      ),
    ],
  ]);
});

test("a region left out of the home page's regions is one error there, not one per link to its root", () => {
  const found = checkWith("pages.yaml", /^( {2}home:\n {4}regions: )all$/m, "$1[cn, us, uk, eu, fr, de, jp]");
  expect(found.map((d) => [d.code, d.file, d.hint])).toEqual([
    ["page-not-in-regions", "specs/pages.yaml", "add kr to its regions: here (or write all), or take those links out."],
  ]);
});

test("a message table deleted is one error at the first region written in its language, naming them all", () => {
  const found = checkEdited((specs) => rmSync(join(specs, "messages/en.yaml")));
  expect(found.map((d) => [d.code, d.file, d.message, d.hint])).toEqual([
    [
      "missing-messages-file",
      "specs/site.yaml",
      "Regions us, uk and eu are written in 'en', which has no message table.",
      "create specs/messages/en.yaml.",
    ],
  ]);
});

test("a product page's product: taken out is one error at the page, not also one per region's booking section", () => {
  const found = checkWith("pages.yaml", /^( {2}flagship-bumblebee:\n(?: {4}.*\n)*?) {4}product: .*\n/m, "$1");
  expect(found.map((d) => [d.code, d.file, d.message])).toEqual([
    [
      "page-missing-subject",
      "specs/pages.yaml",
      "Page flagship-bumblebee uses the product template but does not say which product it shows.",
    ],
  ]);
});

test("a campaign page's campaign: taken out is one error at the page, not also each campaign figure its texts name", () => {
  const found = checkWith("pages.yaml", /^( {2}black-friday:\n(?: {4}.*\n)*?) {4}campaign: .*\n/m, "$1");
  expect(found.map((d) => [d.code, d.file])).toEqual([["page-missing-subject", "specs/pages.yaml"]]);
});

test("a campaign file's zone: taken out is one error at its first time, counting the others", () => {
  const found = checkWith("campaigns/black-friday-2024.yaml", /^zone: .*\n/m, "");
  expect(found.map((d) => [d.code, d.line, d.message])).toEqual([
    [
      "naive-timestamp",
      15,
      "The time '2024-11-14T09:00' has no offset or zone, so it means a different instant in every region; nor do 9 more times of this file.",
    ],
  ]);
  expect(found[0]!.hint).toMatch(/^give the file a zone for all its times/);
});

test.for([
  ["pages.yaml", "pages", 33, "home"],
  ["artwork.yaml", "images", 112, "logo"],
  ["regions/us.yaml", "labels", 9, "buy"],
  ["messages/en.yaml", "ui", 12, "common"],
] as const)(
  "%s with its %s: line taken out is one error at the first of its entries, not one per entry",
  ([file, field, entries, first]) => {
    const found = checkWith(file, new RegExp(`^${field}:\n`, "m"), "");
    expect(found.map((d) => [d.code, d.file, d.hint])).toEqual([
      ["missing-field", `specs/${file}`, `write ${field}: on a line of its own above '${first}'.`],
    ]);
    expect(found[0]!.message).toContain(`The field '${field}' is missing, and ${entries} keys from here on`);
  },
);

// Links to a page from regions it is not in: the page's regions: is the mistake when most of the
// regions that link to it lack it; a link from the one region that lacks it is that link's.
test.for([
  [
    "the home narrowed to one region in pages.yaml is one error at its regions, not a broken link per link home",
    ["pages.yaml", /^( {2}home:\n {4}regions: )all$/m, "$1[us]"],
    [
      "page-not-in-regions",
      "specs/pages.yaml",
      "Page home is in us only, but 14 links lead to it in cn, uk, eu, fr, de and 2 more (regions/cn.yaml, regions/de.yaml, regions/eu.yaml, regions/fr.yaml, regions/jp.yaml and 2 more).",
    ],
  ],
  [
    "a link to a page its region lacks, the one region to link there, stays a broken-link at the link",
    ["regions/uk.yaml", "link: where-to-buy", "link: elite-optimus-prime"],
    [
      "broken-link",
      "specs/regions/uk.yaml",
      "The link 'elite-optimus-prime' leads nowhere: uk has no page at /uk/elite-optimus-prime.",
    ],
  ],
] as const)("%s", ([, [file, from, to], expected]) => {
  const found = checkWith(file, from, to);
  expect(found.map((d) => [d.code, d.file, d.message])).toEqual([expected]);
});

test("a region given a language the site is not written in is one error at its locale, not a missing text per page", () => {
  const found = checkWith("site.yaml", "locale: fr-FR", "locale: it-IT");
  expect(found.map((d) => [d.code, d.file, d.message, d.hint])).toEqual([
    [
      "missing-messages-file",
      "specs/site.yaml",
      "Region fr is written in 'it', which has no message table, and no page has a text in it.",
      "give fr the locale of a language the site is written in (de, en, fr, ja, ko, zh), or create specs/messages/it.yaml and the it texts of its pages.",
    ],
  ]);
});

test("a product taken out of the catalogue is one error for its id and one for its picture, not one per use", () => {
  const found = checkWith("catalogue.yaml", /\n {2}flagshipMegatron:\n(?: {4}.*\n)+/, "\n");
  expect(found.map((d) => [d.code, d.file])).toEqual([
    ["unknown-product", "specs/content/black-friday.yaml"],
    ["missing-image", "specs/content/home.yaml"],
  ]);
  expect(found[0]!.message).toMatch(
    /^There is no product 'flagshipMegatron' in the catalogue: it is named here and in 17 more places \(/,
  );
});

test("a content file renamed is one error at the file, not also the page's missing content", () => {
  const found = checkEdited((specs) =>
    renameSync(join(specs, "content/where-to-buy.yaml"), join(specs, "content/where-to-by.yaml")),
  );
  expect(found.map((d) => [d.code, d.file, d.hint])).toEqual([
    ["unknown-page", "specs/content/where-to-by.yaml", "did you mean 'where-to-buy'?"],
  ]);
});

test.for([
  ["messages/en.yaml", /^ {4}title: Log in$/m, "    titel: Log in", "rename titel back to title", "ui.login.titel"],
  ["messages/de.yaml", /^ {2}common:$/m, "  commons:", "rename commons back to common", "ui.commons.menu"],
] as const)(
  "a text or a block of texts renamed in %s is one error there, not one per language",
  ([file, from, to, hint, key]) => {
    const found = checkWith(file, from, to);
    expect(found.map((d) => [d.code, d.file, d.hint])).toEqual([
      ["renamed-text", `specs/${file}`, `${hint}, or rename it in every language's file.`],
    ]);
    expect(found[0]!.message).toContain(key);
  },
);

test("a region's line deleted from site.yaml is one error at its settings file, not one per use with a wrong did-you-mean", () => {
  const found = checkWith("site.yaml", /^ {2}kr: .*\n/m, "");
  expect(found.map((d) => [d.code, d.file])).toEqual([["region-not-listed", "specs/regions/kr.yaml"]]);
  expect(found[0]!.hint).toBe(
    "add kr to regions: in site.yaml, or remove this file and the region from pages.yaml, content/home.yaml and region-chooser.yaml.",
  );
});

test("a region's settings file misnamed is one error at the file, not also the region's missing file", () => {
  const found = checkEdited((specs) => renameSync(join(specs, "regions/uk.yaml"), join(specs, "regions/ukk.yaml")));
  expect(found.map((d) => [d.code, d.file, d.hint])).toEqual([
    ["unknown-region", "specs/regions/ukk.yaml", "did you mean 'uk'?"],
  ]);
});

test("a product's row deleted from the price table is one error at the product, not 'not sold' at each use", () => {
  const found = checkWith("prices.yaml", /^ {2}aiBase: .*\n/m, "");
  expect(found.map((d) => [d.code, d.file])).toEqual([["product-without-prices", "specs/catalogue.yaml"]]);
  expect(found[0]!.message).toMatch(
    /^aiBase has no row in prices\.yaml, but \d+ places show, link or offer it \(in us, /,
  );
});

test("a campaign's page renamed in pages.yaml is one error, not one per {upTo} in its content", () => {
  const found = checkWith("pages.yaml", /^ {2}black-friday:$/m, "  black-fridy:");
  expect(found.map((d) => [d.code, d.file, d.hint])).toEqual([
    ["unknown-page", "specs/content/black-friday.yaml", "did you mean 'black-fridy'?"],
  ]);
});

test("a product's image key changed in the catalogue is one error there, not one per section that shows the image", () => {
  const found = checkWith("catalogue.yaml", /^ {4}image: ai-base$/m, "    image: ai-bse");
  expect(found.map((d) => [d.code, d.file, d.hint])).toEqual([
    [
      "renamed-definition",
      "specs/catalogue.yaml",
      "rename it back to 'ai-base', or change 'ai-base' to 'ai-bse' in those 5 places (content/home.yaml).",
    ],
  ]);
});

test("a content file renamed to another name altogether is one error naming the one page left without content", () => {
  const found = checkEdited((specs) =>
    renameSync(join(specs, "content/about-us.yaml"), join(specs, "content/company.yaml")),
  );
  expect(found.map((d) => [d.code, d.file, d.hint])).toEqual([
    ["unknown-page", "specs/content/company.yaml", "did you mean 'about-us'?"],
  ]);
});

test("a region taken out of a campaign's regions is one error at its page there, naming what the campaign leaves behind", () => {
  const found = checkWith(
    "campaigns/black-friday-2024.yaml",
    "regions: [us, uk, eu, fr, de]",
    "regions: [us, uk, eu, fr]",
  );
  // Before, also a warning at the campaign that nothing used its de blocks: the same one mistake.
  expect(found.map((d) => [d.code, d.file, d.message])).toEqual([
    [
      "page-outside-campaign",
      "specs/pages.yaml",
      "Page black-friday is in de, where its campaign black-friday-2024 does not run: it would be up at all times, with no stage and no end, and the campaign's offers, promotion and stage 3 end for de are unused.",
    ],
  ]);
});

test("an id mistyped at its uses while a new product nothing names yet is in the catalogue stays a typo, not a rename", () => {
  const found = checkEdited((specs) => {
    const newProduct = "products:\n  novaScout:\n    series: k1\n    image: nova-scout\n    regions: {}\n";
    replaceIn(specs, "catalogue.yaml", /^products:\n/m, newProduct);
    const product = "optimusPrimeRiseOfTheBeastsSignatureLimitedEdition";
    replaceIn(
      specs,
      "campaigns/christmas-2024.yaml",
      new RegExp(`\\b${product}\\b`, "g"),
      product.replace("Beasts", "Beast"),
    );
  });
  expect(found.length).toBeGreaterThanOrEqual(2);
  expect(new Set(found.map((d) => `${d.code} ${d.hint}`))).toEqual(
    new Set(["unknown-product did you mean 'optimusPrimeRiseOfTheBeastsSignatureLimitedEdition'?"]),
  );
});

test("a page with a child page renamed in pages.yaml is one error at its content file, naming the child's file", () => {
  const found = checkWith("pages.yaml", /^ {2}where-to-buy:$/m, "  where-to-by:");
  expect(found.map((d) => [d.code, d.file, d.message, d.hint])).toEqual([
    [
      "unknown-page",
      "specs/content/where-to-buy.yaml",
      "There is no page 'where-to-buy'. The file of its child page, under content/where-to-buy/, names none either.",
      "did you mean 'where-to-by'?",
    ],
  ]);
});

test("a text dropped from one language and another added there under an unrelated name are not taken for a rename", () => {
  // ui.login.passkey (another way to log in) is within a typo's reach of ui.login.password as a whole key, not as a name.
  const found = checkWith("messages/en.yaml", /^ {4}password: /m, "    passkey: ");
  expect(found.map((d) => d.code)).not.toContain("renamed-text");
  expect(found.map((d) => d.code)).toContain("missing-message-everywhere");
});

test("a product's price row written under its alias is one error at the row, not the product's missing prices too", () => {
  const found = checkWith("prices.yaml", /^ {2}interstellarScoutK1pro: /m, "  k1ProInterstellarScout: ");
  expect(found.map((d) => [d.code, d.file])).toEqual([["price-on-alias", "specs/prices.yaml"]]);
});
