// Figures of one spec file that must agree with each other, which a schema cannot say: a range's
// ends in order, the API's answer codes told apart, each environment's API its own, each country
// one option of the region chooser, each dealer and stage its own name, each region its hreflang,
// a price at its column's rate, a comparison's rows as long as its products, a gallery's pictures
// and an FAQ's questions each once. Judged only on a file that passed its schema, so the shape is
// the one the types say. (A list too long by the commas of its figures, separatedFigures, is
// judged on any file: the row rules of validate and link ask it.)

import { appendAll, type Diagnostic, diagnostic, type Location } from "../diagnostics/index.ts";
import { literalPattern, locate, type PathSegment, type SpecDocument, type SpecKind } from "../load/index.ts";
import type * as Spec from "./spec-types.ts";

export function checkFigures(spec: SpecDocument): Diagnostic[] {
  return (RULES[spec.kind] ?? []).flatMap((rule) => rule(spec, spec.data as never));
}

/**
 * A figure written with a thousands separator ("1,049"): in a list YAML reads the comma as the end
 * of one item, and the figure as two (1 and 49).
 */
const SEPARATED = /(?<![\d.])\d{1,3}(?:,\d{3})+(?![\d.])/g;

/** A figure written with a thousands separator, as the separated-figure diagnostic reports it. */
export interface SeparatedFigure {
  args: { written: string; read: number[]; what: string };
  location: Location;
}

/**
 * The figures of the list at `path` written with thousands separators, when their commas make
 * exactly the `extra` items the list has too many. None when they do not: the list is then simply
 * too long, and its own rule says so. `what` names the figures (prices).
 */
function separatedFigures(
  spec: SpecDocument,
  path: readonly PathSegment[],
  extra: number,
  what: string,
): SeparatedFigure[] {
  const { offset, length } = locate(spec, path);
  const written = [...spec.source.text.slice(offset, offset + length).matchAll(SEPARATED)].map((m) => m[0]);
  const commas = written.reduce((sum, figure) => sum + figure.split(",").length - 1, 0);
  if (extra <= 0 || commas !== extra) return [];
  return written.map((figure, nth) => ({
    args: { written: figure, read: figure.split(",").map(Number), what },
    location: locate(spec, path, { part: { pattern: SEPARATED, nth } }),
  }));
}

/**
 * The rows of a table (the price table's, a campaign's offers) set apart by their figures written
 * with thousands separators: `found`, one for each such figure, and `rest`, the rows those do not
 * account for, whose lengths their own rules judge.
 */
export function setSeparatedApart<Row>(
  spec: SpecDocument,
  rows: readonly Row[],
  table: { expected: number; length: (row: Row) => number; path: (row: Row) => PathSegment[]; what: string },
): { found: SeparatedFigure[]; rest: Row[] } {
  const found: SeparatedFigure[] = [];
  const rest: Row[] = [];
  for (const row of rows) {
    const extra = table.length(row) - table.expected;
    const separated = extra > 0 ? separatedFigures(spec, table.path(row), extra, table.what) : [];
    if (separated.length) appendAll(found, separated);
    else rest.push(row);
  }
  return { found, rest };
}

/** Each kind's rules, each given the file's data as its schema's type. */
type Rule<T> = (spec: SpecDocument, data: T) => Diagnostic[];
const RULES: Partial<Record<SpecKind, Rule<never>[]>> = {
  constants: [constantsFigures],
  api: [apiFigures],
  "region-chooser": [chooserFigures],
  content: [
    productSpecFigures,
    dealersOnce,
    headingsOnce,
    manualsOnce,
    ecosystemOnce,
    textFiguresAgainstSpecs,
    comparisonRowsWhole,
    itemsOnce,
  ],
  prices: [priceScale],
  site: [hreflangsOnce, regionNamesOnce],
  campaign: [stageNamesOnce, promotionsNameTheirStage],
  messages: [wordsOnce],
  region: [
    wordsOnce,
    mediaOnTheirNetworks,
    (spec, region: Spec.RegionalSettings) => navigationFigures(spec, region.navigation),
  ],
  catalogue: [seriesNamesOnce, productsInTheirSeries],
  artwork: [artworkOfItsName],
};

/**
 * Words that a shopper reads together and that say different things: the countdown's units
 * (00 Days 04 Hours 12 Minutes 09 Seconds), the sign-up's two answers, the login form's two
 * fields. One copied over another ("Minutes" for seconds, the success message for the refusal,
 * "Password" over the email field) tells something false, and reads right to whoever checks one
 * field at a time. (Labels shown apart, such as fr's "Bientôt disponible" for both a deal to come
 * and a product to come, may share their words.) Each group: where its words are, and their keys.
 */
const WORDS_READ_TOGETHER: Partial<
  Record<SpecKind, readonly (readonly [block: readonly string[], keys: readonly string[]])[]>
> = {
  region: [
    [["countdown"], ["days", "hours", "minutes", "seconds"]],
    [["subscribe"], ["invalid", "success"]],
  ],
  messages: [
    [
      ["ui", "login"],
      ["email", "password"],
    ],
    [
      ["ui", "login"],
      ["submit", "register", "forgotPassword"],
    ],
    [
      ["ui", "account"],
      ["email", "userId", "memberSince"],
    ],
    [
      ["ui", "manuals"],
      ["name", "size", "updated", "download"],
    ],
    [
      ["ui", "timeline"],
      ["over", "live", "upcoming"],
    ],
    [
      ["ui", "quotes"],
      ["previous", "next"],
    ],
  ],
};

function wordsOnce(spec: SpecDocument, data: unknown): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const [block, keys] of WORDS_READ_TOGETHER[spec.kind] ?? []) {
    let words: unknown = data;
    for (const key of block) words = (words as Record<string, unknown> | undefined)?.[key];
    const texts = words as Record<string, unknown> | undefined;
    const wordsOf = (key: string) => (typeof texts?.[key] === "string" ? texts[key].trim().toLowerCase() : undefined);
    const name = (key: string) => [...block, key].join(".");
    for (const [key, first] of repeats(keys, wordsOf))
      out.push(
        diagnostic(
          "words-repeated",
          { field: name(key), value: texts![key] as string, other: name(first) },
          locate(spec, [...block, key]),
        ),
      );
  }
  return out;
}

/** The texts of a promotion entry that name the stage they show at (Black Friday's menu entry "Black Friday"). */
const STAGE_TITLES = [
  ["menu", "label"],
  ["homeBanner", "title"],
  ["textBanner", "label"],
] as const;

/**
 * A promotion entry for one stage does not take another stage's title: Black Friday's menu entry
 * copied from Cyber Monday's ("Cyber Monday") tells shoppers during Black Friday that Cyber Monday
 * is on. Judged only where the text is the other stage's entry's word for word and names that
 * stage and not its own: a region that writes its stages in its own language names none. A
 * region that gives each of three stages or more the one title ("Black Friday deals" from the
 * first day to Cyber Monday) does so on purpose: a copy leaves the other stages their own. With
 * two stages the two cannot be told apart, so it is a warning.
 */
function promotionsNameTheirStage(spec: SpecDocument, campaign: Spec.Campaign): Diagnostic[] {
  const out: Diagnostic[] = [];
  const stageName = (n: number) => campaign.stages[n - 1]?.name.trim().toLowerCase();
  // A text without the stage's own name in it (Early Black Friday holds Black Friday).
  const without = (text: string, name: string | undefined) => (name ? text.split(name).join("\u0000") : text);
  for (const [region, entries] of Object.entries(campaign.promotion ?? {}))
    for (const [kind, field] of STAGE_TITLES) {
      const titled = entries.flatMap((entry, i) => {
        const text = (entry[kind] as Record<string, string> | undefined)?.[field]?.trim().toLowerCase();
        return text && entry.stage.length === 1 ? [{ i, stage: entry.stage[0]!, text }] : [];
      });
      const oneTitleForEvery =
        campaign.stages.length >= 3 &&
        new Set(titled.map((t) => t.stage)).size === campaign.stages.length &&
        new Set(titled.map((t) => t.text)).size === 1;
      if (oneTitleForEvery) continue;
      for (const entry of titled) {
        const own = stageName(entry.stage);
        if (own && entry.text.includes(own)) continue;
        const copied = titled.find(
          (other) =>
            other.stage !== entry.stage &&
            other.text === entry.text &&
            without(entry.text, own).includes(stageName(other.stage) ?? "\u0000"),
        );
        if (copied)
          out.push(
            diagnostic(
              "promotion-other-stage-title",
              {
                region,
                stage: entry.stage,
                stageName: campaign.stages[entry.stage - 1]!.name,
                other: copied.stage,
                otherName: campaign.stages[copied.stage - 1]!.name,
                place: `${kind}.${field}`,
              },
              locate(spec, ["promotion", region, entry.i, kind, field]),
            ),
          );
      }
    }
  return out;
}

type Network = Spec.RegionalSettings["media"][number]["icon"];

/** Each network the footer has an icon for (region.schema.json's media icons): its name and hosts. */
const NETWORKS: Record<Network, { name: string; hosts: readonly string[] }> = {
  instagram: { name: "Instagram", hosts: ["instagram.com"] },
  facebook: { name: "Facebook", hosts: ["facebook.com", "fb.com"] },
  youtube: { name: "YouTube", hosts: ["youtube.com", "youtu.be"] },
  tiktok: { name: "TikTok", hosts: ["tiktok.com"] },
  x: { name: "X", hosts: ["x.com", "twitter.com"] },
  weibo: { name: "Weibo", hosts: ["weibo.com", "weibo.cn"] },
  wechat: { name: "WeChat", hosts: ["weixin.qq.com", "wechat.com"] },
  bilibili: { name: "bilibili", hosts: ["bilibili.com", "b23.tv"] },
  douyin: { name: "Douyin", hosts: ["douyin.com"] },
  naver: { name: "NAVER", hosts: ["naver.com"] },
  line: { name: "LINE", hosts: ["line.me"] },
};

/** The network whose site a link is on, if any, and the link's host. */
function networkOf(link: string): { network: Network; host: string } | undefined {
  let host: string;
  try {
    host = new URL(link).hostname.toLowerCase();
  } catch {
    return undefined;
  }
  const network = (Object.keys(NETWORKS) as Network[]).find((n) =>
    NETWORKS[n].hosts.some((h) => host === h || host.endsWith(`.${h}`)),
  );
  return network && { network, host };
}

/**
 * A footer icon does not lead to another network: a line copied (the YouTube one) and its link
 * changed to the X profile shows YouTube's icon and opens X. A link to a site of no network is
 * left alone (a WeChat account is often a page of the brand's own site with its QR code).
 */
function mediaOnTheirNetworks(spec: SpecDocument, region: Spec.RegionalSettings): Diagnostic[] {
  const out: Diagnostic[] = [];
  region.media.forEach(({ icon, link }, i) => {
    const on = networkOf(link);
    if (on && on.network !== icon)
      out.push(
        diagnostic(
          "media-link-other-network",
          { icon, network: NETWORKS[icon].name, on: on.network, onName: NETWORKS[on.network].name, host: on.host },
          locate(spec, ["media", i, "link"]),
        ),
      );
  });
  return out;
}

/**
 * Each column of the price table runs at about one rate against each other column (a yuan price
 * 6 to 7.5 times the dollar one): a price far off its column's rate against most of its row (849
 * yuan where 8499 is meant, 6990 dollars for 699) has a digit too few or too many. A warning:
 * a price may be far off on purpose. Columns are compared only over three products or more.
 */
function priceScale(spec: SpecDocument, table: Spec.PriceTable): Diagnostic[] {
  return pricesOutOfLine(table).map(({ product, column, price, expected }) =>
    diagnostic(
      "price-out-of-line",
      { product, region: String(table.columns[column]), price, expected },
      locate(spec, ["list", product, column]),
    ),
  );
}

/**
 * The list prices far off their column's rate against most of their row (priceScale). Validate
 * reports them and link leaves them out of the offers' comparisons: worked out once per table.
 */
export function pricesOutOfLine(table: Spec.PriceTable): readonly OutOfLine[] {
  let found = outOfLineByTable.get(table);
  if (!found) outOfLineByTable.set(table, (found = findPricesOutOfLine(table)));
  return found;
}

interface OutOfLine {
  product: string;
  column: number;
  price: number;
  expected: number;
}
const outOfLineByTable = new WeakMap<Spec.PriceTable, readonly OutOfLine[]>();

function findPricesOutOfLine(table: Spec.PriceTable): OutOfLine[] {
  const { columns, list } = table;
  const rows = Object.entries(list).filter(([, row]) => row.length === columns.length);
  // Every build's check and every price edit in site dev reads the result: 2,200 rows of 8 columns
  // at 10,000 routes. So the values go into one scratch list per kind, and a median is taken of
  // its first `count`, sorted as numbers with no comparator (the 56 sorts of 2,200 ratios took
  // about 14 ms of each such edit with a comparator, about 7 without).
  const median = (values: Float64Array, count: number) => values.subarray(0, count).sort()[Math.floor(count / 2)]!;
  const ratios = new Float64Array(rows.length);
  // rate[c][d]: the median of price in c over price in d, over the products priced in both.
  const rate = columns.map((_, c) =>
    columns.map((_, d) => {
      if (c === d) return undefined;
      let count = 0;
      for (const [, row] of rows) if (row[c] && row[d]) ratios[count++] = row[c]! / row[d]!;
      return count < 3 ? undefined : median(ratios, count);
    }),
  );
  const out: OutOfLine[] = [];
  const expected = new Float64Array(columns.length);
  for (const [product, row] of rows)
    row.forEach((price, column) => {
      if (!price) return;
      let count = 0;
      let off = 0;
      row.forEach((other, d) => {
        const scale = rate[column]![d];
        if (!other || !scale) return;
        const guess = other * scale;
        expected[count++] = guess;
        if (guess / price > 3 || price / guess > 3) off++;
      });
      if (count >= 2 && off * 2 > count)
        out.push({ product, column, price, expected: Math.round(median(expected, count)) });
    });
  return out;
}

/**
 * The items of a list that repeat an earlier one's key, each with the first that had it (items
 * with no key are left out): the one shape of every "each is its own" rule below.
 */
function repeats<T>(items: Iterable<T>, keyOf: (item: T) => string | number | undefined): [repeat: T, first: T][] {
  const firstWith = new Map<string | number, T>();
  const out: [T, T][] = [];
  for (const item of items) {
    const key = keyOf(item);
    if (key === undefined) continue;
    const first = firstWith.get(key);
    if (first === undefined) firstWith.set(key, item);
    else out.push([item, first]);
  }
  return out;
}

/**
 * The entries of a list whose `field` repeats an earlier one's (without case or surrounding
 * space), each an entry-field-repeated at the repeat naming the first: a row copied and that
 * field left.
 */
function fieldRepeats<K>(
  spec: SpecDocument,
  entries: Iterable<K>,
  field: string,
  of: {
    value: (entry: K) => string | undefined;
    name: (first: K) => string;
    path: (entry: K) => PathSegment[];
    /** The whole entry: one that repeats another whole was pasted twice, and is to be taken out. */
    data?: (entry: K) => unknown;
  },
): Diagnostic[] {
  return repeats(entries, (entry) => of.value(entry)?.trim().toLowerCase()).map(([entry, first]) =>
    diagnostic(
      "entry-field-repeated",
      {
        field,
        value: of.value(entry)!,
        other: of.name(first),
        whole: !!of.data && JSON.stringify(of.data(entry)) === JSON.stringify(of.data(first)),
      },
      locate(spec, of.path(entry)),
    ),
  );
}

/**
 * Each region's pages name their audience to search engines by hreflang (its locale unless it
 * says otherwise): two regions with one hreflang (us written en-GB like uk) make alternates no
 * search engine can tell apart.
 */
function hreflangsOnce(spec: SpecDocument, site: Spec.Site): Diagnostic[] {
  type Entry = [string, Spec.Site["regions"][string]];
  const hreflangOf = ([, region]: Entry) => region.hreflang ?? region.locale;
  // Of the two, the one told to be what its locale is not (us: en-US given uk's en-GB) is the copy.
  const overrides = ([, region]: Entry) => region.hreflang !== undefined && region.hreflang !== region.locale;
  return repeats(Object.entries(site.regions), (entry) => hreflangOf(entry).toLowerCase()).map(([later, first]) => {
    const [[code, region], [other]] = overrides(first) && !overrides(later) ? [first, later] : [later, first];
    return diagnostic(
      "hreflang-shared",
      { region: code, other, hreflang: hreflangOf([code, region]) },
      locate(spec, ["regions", code, region.hreflang ? "hreflang" : "locale"]),
    );
  });
}

/** Each region has its own name: the region chooser and the header's switcher show it. */
function regionNamesOnce(spec: SpecDocument, site: Spec.Site): Diagnostic[] {
  const codes = Object.keys(site.regions);
  return fieldRepeats(spec, codes, "name", {
    value: (code) => site.regions[code]!.name,
    name: (first) => `region ${first}`,
    path: (code) => ["regions", code, "name"],
  });
}

/**
 * Each stage of a campaign has its own name: check-windows, the timeline and the countdown name
 * stages by it, and two called Black Friday could not be told apart.
 */
function stageNamesOnce(spec: SpecDocument, campaign: Spec.Campaign): Diagnostic[] {
  return fieldRepeats(spec, campaign.stages.keys(), "name", {
    value: (i) => campaign.stages[i]!.name,
    name: (first) => `stage ${first + 1}`,
    path: (i) => ["stages", i, "name"],
  });
}

/**
 * A menu's entries each have their own label: two Support menus side by side, or two entries of
 * one menu called Support Center, cannot be told apart. And a tag shows from its entry's
 * startTime (a NEW tag from the day the entry is new): a tag on an entry with none never shows.
 */
function navigationFigures(spec: SpecDocument, items: readonly Spec.NavItem[], path: PathSegment[] = ["navigation"]) {
  const out = fieldRepeats(spec, items.keys(), "label", {
    value: (i) => items[i]!.label,
    name: (first) => `entry ${first + 1} of this menu`,
    path: (i) => [...path, i, "label"],
  });
  items.forEach((item, i) => {
    if (item.tag && !item.startTime)
      out.push(
        diagnostic("tag-without-start", { tag: item.tag.label }, locate(spec, [...path, i, "tag"], { key: true })),
      );
    if (item.children) out.push(...navigationFigures(spec, item.children, [...path, i, "children"]));
  });
  return out;
}

/** A letter or digit: what a word is made of, to find a name as a whole word. */
const WORD_LETTER = /[\p{L}\p{N}]/u;

/**
 * A product's names hold its series' name where they hold any: Flagship Megatron filed under
 * bumblebee (a row copied from the Bumblebee's, its series left) would be listed with the
 * Bumblebee manuals. A warning, judged only for a product whose names hold another series' name
 * and never its own.
 */
function productsInTheirSeries(spec: SpecDocument, catalogue: Spec.ProductCatalogue): Diagnostic[] {
  const series = Object.entries(catalogue.series ?? {});
  // A series' name as a whole word of a product's name (K1 in Interstellar Scout K1 Pro, not in K10).
  const holds = (name: string, label: string) => {
    const word = label.toLowerCase();
    for (let at = name.indexOf(word); at >= 0; at = name.indexOf(word, at + 1))
      if (!WORD_LETTER.test(name[at - 1] ?? " ") && !WORD_LETTER.test(name[at + word.length] ?? " ")) return true;
    return false;
  };
  const out: Diagnostic[] = [];
  for (const [id, product] of Object.entries(catalogue.products)) {
    const own = product.series && catalogue.series?.[product.series];
    if (!own || product.aliasOf) continue;
    const names = Object.values(product.regions ?? {}).flatMap((facts) =>
      facts.name ? [facts.name.toLowerCase()] : [],
    );
    if (names.some((name) => holds(name, own))) continue;
    const other = series
      .filter(([key, label]) => key !== product.series && names.some((name) => holds(name, label)))
      .sort(([, a], [, b]) => b.length - a.length)[0];
    if (other)
      out.push(
        diagnostic(
          "product-other-series",
          { product: id, series: product.series!, seriesName: own, other: other[0], otherName: other[1] },
          locate(spec, ["products", id, "series"]),
        ),
      );
  }
  return out;
}

/**
 * Each series has its own name: the manuals page groups by series under it, and two series
 * called Megatron would be two groups no shopper could tell apart.
 */
function seriesNamesOnce(spec: SpecDocument, catalogue: Spec.ProductCatalogue): Diagnostic[] {
  const names = catalogue.series ?? {};
  return fieldRepeats(spec, Object.keys(names), "name", {
    value: (id) => names[id],
    name: (first) => `series ${first}`,
    path: (id) => ["series", id],
  });
}

/**
 * Each dealer of a region is its own: a shop copied and its title, site or badge left names one
 * shop twice (the page would list Galaxy Forge twice, or send two shops' visitors to one site).
 */
function dealersOnce(spec: SpecDocument, content: Spec.PageContent): Diagnostic[] {
  return Object.entries(content.dealers ?? {}).flatMap(([region, dealers]) =>
    (["title", "link", "img"] as const).flatMap((field) =>
      fieldRepeats(spec, dealers.keys(), field, {
        value: (i) => dealers[i]![field],
        name: (first) => dealers[first]!.title,
        path: (i) => ["dealers", region, i, field],
        data: (i) => dealers[i],
      }),
    ),
  );
}

/**
 * Each block of a page's text asks its own question: an FAQ entry copied and its heading left
 * asks one question twice, and answers the first with the second's text.
 */
function headingsOnce(spec: SpecDocument, content: Spec.PageContent): Diagnostic[] {
  return Object.entries(content.body ?? {}).flatMap(([language, blocks]) =>
    fieldRepeats(spec, blocks.keys(), "heading", {
      value: (i) => blocks[i]!.heading,
      name: (first) => `block ${first + 1} of this page`,
      path: (i) => ["body", language, i, "heading"],
    }),
  );
}

/**
 * Each app of the software ecosystem section has its own name and site: an item copied and its
 * link left sends the Studio's visitors to the Hub.
 */
function ecosystemOnce(spec: SpecDocument, content: Spec.PageContent): Diagnostic[] {
  return Object.entries(content.sections ?? {}).flatMap(([region, sections]) =>
    sections.flatMap((section, i) => {
      if (section.type !== "ecosystem") return [];
      const { items } = section;
      return (["title", "link"] as const).flatMap((field) =>
        fieldRepeats(spec, items.keys(), field, {
          value: (j) => items[j]![field],
          name: (first) => items[first]!.title,
          path: (j) => ["sections", region, i, "items", j, field],
          data: (j) => items[j],
        }),
      );
    }),
  );
}

/**
 * The manuals page lists each series once in a region, and each file once in its series: a group
 * whose series is changed to one already listed (two Bumblebee groups), or a file's line pasted
 * twice, shows shoppers the same thing twice.
 */
function manualsOnce(spec: SpecDocument, content: Spec.PageContent): Diagnostic[] {
  return Object.entries(content.manuals ?? {}).flatMap(([region, groups]) => [
    // Of two groups of one series, the copy is the one whose files do not name it (Megatron's
    // manuals under bumblebee), whichever comes first.
    ...repeats(groups.keys(), (i) => groups[i]!.series).map(([repeat, first]) => {
      const words = groups[first]!.series.replace(/-/g, " ");
      const namesIt = (i: number) => groups[i]!.files.some((f) => f.name.toLowerCase().includes(words));
      const [wrong, right] = namesIt(repeat) && !namesIt(first) ? [first, repeat] : [repeat, first];
      return diagnostic(
        "entry-field-repeated",
        {
          field: "series",
          value: groups[wrong]!.series,
          other: `group ${right + 1} of this region`,
          below: right > wrong,
        },
        locate(spec, ["manuals", region, wrong, "series"]),
      );
    }),
    ...groups.flatMap((group, i) =>
      fieldRepeats(spec, group.files.keys(), "name", {
        value: (j) => group.files[j]!.name,
        name: (first) => `file ${first + 1} of this series`,
        path: (j) => ["manuals", region, i, "files", j, "name"],
        data: (j) => group.files[j],
      }),
    ),
  ]);
}

/**
 * A comparison chart gives each product its value in every row, in the order of `products`: a
 * row a value short would leave a column's cell empty, and one too long a value under no product.
 */
function comparisonRowsWhole(spec: SpecDocument, content: Spec.PageContent): Diagnostic[] {
  return Object.entries(content.sections ?? {}).flatMap(([region, sections]) =>
    sections.flatMap((section, i) =>
      section.type !== "comparison"
        ? []
        : section.rows.flatMap((row, j) =>
            row.values.length === section.products.length
              ? []
              : [
                  diagnostic(
                    "comparison-row-length",
                    { label: row.label, count: row.values.length, products: section.products },
                    locate(spec, ["sections", region, i, "rows", j, "values"]),
                  ),
                ],
          ),
    ),
  );
}

/**
 * A gallery shows each picture once, an FAQ each question once, and a voice-command chart each
 * command once: a line pasted over the next ("gallery-2" twice, "gallery-3" gone) shows shoppers
 * the same thing twice.
 */
function itemsOnce(spec: SpecDocument, content: Spec.PageContent): Diagnostic[] {
  const out: Diagnostic[] = [];
  const report = (path: PathSegment[], value: string, first: string) =>
    out.push(diagnostic("list-item-repeated", { value, first }, locate(spec, path)));
  for (const [region, sections] of Object.entries(content.sections ?? {}))
    sections.forEach((section, i) => {
      const at: PathSegment[] = ["sections", region, i];
      if (section.type === "gallery")
        for (const [repeat, first] of repeats(section.images.keys(), (j) => section.images[j]))
          report([...at, "images", repeat], section.images[repeat]!, `picture ${first + 1}`);
      if (section.type === "faq")
        for (const [repeat, first] of repeats(section.items.keys(), (j) =>
          section.items[j]!.question.trim().toLowerCase(),
        ))
          report([...at, "items", repeat, "question"], section.items[repeat]!.question, `question ${first + 1}`);
      if (section.type === "voice-commands") {
        const words = section.groups.flatMap((group, g) =>
          group.words.map((word, w) => ({
            word,
            path: ["groups", g, "words", w],
            name: `${group.title}, word ${w + 1}`,
          })),
        );
        for (const [repeat, first] of repeats(words, (w) => w.word.trim().toLowerCase()))
          report([...at, ...repeat.path], repeat.word, first.name);
      }
    });
  return out;
}

/** A product id as image keys write it (flagshipBumblebee: flagship-bumblebee). */
const kebab = (id: string) => id.replace(/([a-z0-9])([A-Z])/g, "$1-$2").toLowerCase();

/**
 * A picture is drawn as its key says: a line copied (flagship-bumblebee-car-mode from the
 * Megatron's) with its product left draws the Megatron under the Bumblebee's key; a press badge
 * copied with its label left draws one outlet's name for two. The product is judged where the key
 * starts with another product's id, as the drawings of it do, and never with its own; a warning.
 */
function artworkOfItsName(spec: SpecDocument, artwork: Spec.Artwork): Diagnostic[] {
  const images = Object.entries(artwork.images);
  const drawn = new Set(images.flatMap(([, image]) => (image.product ? [image.product] : [])));
  const out: Diagnostic[] = images.flatMap(([key, image]) => {
    if (!image.product || key.startsWith(kebab(image.product))) return [];
    const named = [...drawn].find((other) => other !== image.product && key.startsWith(`${kebab(other)}-`));
    return named
      ? [
          diagnostic(
            "image-other-product",
            { key, product: image.product, named },
            locate(spec, ["images", key, "product"]),
          ),
        ]
      : [];
  });
  const badges = images.filter(([, image]) => image.view === "badge");
  out.push(
    ...fieldRepeats(spec, badges.keys(), "label", {
      value: (i) => badges[i]![1].label,
      name: (first) => `badge ${badges[first]![0]}`,
      path: (i) => ["images", badges[i]![0], "label"],
    }),
  );
  return out;
}

/**
 * A product's specification table says the same in every language: as many rows, and the same
 * figures row by row (31 servo motors are 31 Servomotoren and 31個), measured against English
 * where the page has it. A translation with a figure slipped (13 for 31) passed unseen.
 */
function productSpecFigures(spec: SpecDocument, content: Spec.PageContent): Diagnostic[] {
  const product = content.product;
  if (!product) return [];
  const languages = Object.keys(product);
  const reference = languages.includes("en") ? "en" : languages[0]!;
  const out: Diagnostic[] = [];
  // A row written twice in one language's table is one error there; the tables are compared
  // without it (read as meant), not each other language's short of a row. Each table as the
  // indexes of the rows compared, where the file writes them.
  const tableOf = new Map<string, { label: string; value: string; index: number }[]>();
  for (const language of languages) {
    const table = product[language]!.specs ?? [];
    const repeated = repeats(table.keys(), (i) => table[i]!.label.trim().toLowerCase());
    for (const [i, first] of repeated)
      out.push(
        diagnostic(
          "entry-field-repeated",
          {
            field: "label",
            value: table[i]!.label,
            other: `row ${first + 1} of this table`,
            whole: table[i]!.value.trim() === table[first]!.value.trim(),
          },
          locate(spec, ["product", language, "specs", i, "label"]),
        ),
      );
    const dropped = new Set(repeated.map(([i]) => i));
    tableOf.set(
      language,
      table.flatMap((row, index) => (dropped.has(index) ? [] : [{ label: row.label, value: row.value, index }])),
    );
  }
  const rows = tableOf.get(reference)!;
  // A row where the reference is the one language out (32 in en, 31 in fr, de, ja and zh): one
  // error at its cell, not one at each translation that has it right.
  const slipped = slippedReferenceRows(product, reference);
  for (const [index, others] of slipped) {
    const row = product[reference]!.specs![index]!;
    out.push(
      diagnostic(
        "spec-figures-differ",
        {
          language: reference,
          reference: list(others),
          label: row.label,
          value: row.value,
          referenceValue: product[others[0]!]!.specs![index]!.value,
          outvoted: true,
        },
        locate(spec, ["product", reference, "specs", index, "value"]),
      ),
    );
  }
  for (const language of languages) {
    if (language === reference) continue;
    const own = tableOf.get(language)!;
    if (own.length !== rows.length) {
      // The first row where the two part: most often the one left out or added.
      const parting = rows.findIndex(
        (row, i) => own[i] === undefined || figuresIn(own[i]!.value) !== figuresIn(row.value),
      );
      const where = product[language]!.specs ? ["product", language, "specs"] : ["product", language];
      out.push(
        diagnostic(
          "spec-rows-differ",
          {
            language,
            reference,
            count: own.length,
            referenceCount: rows.length,
            ...(own.length < rows.length && parting >= 0 ? { missing: rows[parting]!.label } : {}),
          },
          locate(spec, where, { key: true }),
        ),
      );
      continue;
    }
    own.forEach((row, i) => {
      const meant = rows[i]!;
      if (!slipped.has(meant.index) && figuresIn(row.value) !== figuresIn(meant.value))
        out.push(
          diagnostic(
            "spec-figures-differ",
            { language, reference, label: row.label, value: row.value, referenceValue: meant.value },
            locate(spec, ["product", language, "specs", row.index, "value"]),
          ),
        );
    });
  }
  return out;
}

/**
 * The rows (by index) where the reference language's specification table is the one language
 * out: two or more other languages, with tables as long, all write the same figures there and the
 * reference others. Its cell is then the slip; and its texts, which most likely still say what the
 * others do, are not judged against it.
 */
function slippedReferenceRows(
  product: NonNullable<Spec.PageContent["product"]>,
  reference: string,
): Map<number, string[]> {
  const others = Object.keys(product).filter((language) => language !== reference);
  const table = product[reference]?.specs ?? [];
  const slipped = new Map<number, string[]>();
  if (others.length < 2 || others.some((language) => product[language]!.specs?.length !== table.length)) return slipped;
  table.forEach((row, i) => {
    const theirs = new Set(others.map((language) => figuresIn(product[language]!.specs![i]!.value)));
    if (theirs.size === 1 && !theirs.has(figuresIn(row.value))) slipped.set(i, others);
  });
  return slipped;
}

/** Languages in a sentence: "fr, de, ja and zh". */
const list = (items: readonly string[]) =>
  items.length > 1 ? `${items.slice(0, -1).join(", ")} and ${items.at(-1)}` : (items[0] ?? "");

/**
 * A product's texts state the figures its specification table does: "13 servo motors" in a
 * highlight or the page's description, beside a table that says 31, is one of the two wrong.
 * Looked for as a figure right before a row's label, in the row's language ("31 servo motors",
 * "31 Servomotoren", "31個のサーボモーター", "31 个伺服电机"). A warning: a text may count
 * something else under the same word.
 */
function textFiguresAgainstSpecs(spec: SpecDocument, content: Spec.PageContent): Diagnostic[] {
  const out: Diagnostic[] = [];
  const product = content.product ?? {};
  const referenceLanguage = "en" in product ? "en" : Object.keys(product)[0]!;
  const reference = product[referenceLanguage];
  const slipped = slippedReferenceRows(product, referenceLanguage);
  for (const [language, written] of Object.entries(product)) {
    // A row a translation changed, or the reference's where it is the one language out, is
    // spec-figures-differ's: the texts are not judged against it.
    const rowDiffers = (i: number) =>
      slipped.has(i) ||
      (written !== reference &&
        figuresIn(written.specs?.[i]?.value ?? "") !== figuresIn(reference?.specs?.[i]?.value ?? ""));
    const texts: [PathSegment[], string | undefined][] = [
      [["product", language, "tagline"], written.tagline],
      ...(written.highlights ?? []).map((text, i): [PathSegment[], string] => [
        ["product", language, "highlights", i],
        text,
      ]),
      [["head", language, "description"], content.head?.[language]?.description],
    ];
    // Most rows' labels are in none of the texts: looked for as plain text before any pattern is made.
    const lowered = texts.map(([, text]) => text?.toLowerCase() ?? "").join("\n");
    for (const [i, row] of (written.specs ?? []).entries()) {
      if (!lowered.includes(row.label.trim().toLowerCase())) continue;
      const figure = figuresIn(row.value);
      if (!/^\d+$/.test(figure) || rowDiffers(i)) continue;
      const label = literalPattern(row.label.trim());
      const pattern = new RegExp(`([\\d０-９][\\d０-９,.\\s]*?)\\s*(?:個の|个|颗|개의|개)?\\s*${label}`, "giu");
      for (const [path, text] of texts) {
        if (!text) continue;
        for (const [nth, match] of [...text.matchAll(pattern)].entries())
          if (figuresIn(match[1]!) !== figure)
            out.push(
              diagnostic(
                "text-figure-differs",
                { label: row.label, value: row.value, written: match[0].trim() },
                locate(spec, path, { part: { pattern, nth } }),
              ),
            );
      }
    }
  }
  return out;
}

const ASCII_ONLY = /^[\x00-\x7f]*$/;

/**
 * The figures of a text, in order, however each language writes them: full-width digits read as
 * digits, and a separator between digits (2,100 or 2.100 or 2 100) left out.
 */
function figuresIn(text: string): string {
  // NFKC is costly, and changes nothing in a text of ASCII only (most specification values).
  return (
    (ASCII_ONLY.test(text) ? text : text.normalize("NFKC"))
      .replace(/(\d)[.,\s'’](?=\d)/g, "$1")
      .match(/\d+/g)
      ?.join(" ") ?? ""
  );
}

/**
 * The site remembers a visitor's pick by its country (runtime/region.ts): each country is one
 * option. Each option has its own label too: Canada labelled "United States - English" would be
 * a second United States in the list, and no way to pick Canada.
 */
function chooserFigures(spec: SpecDocument, chooser: Spec.RegionChooser): Diagnostic[] {
  const byCountry = new Map<string, number[]>();
  chooser.options.forEach((o, i) => byCountry.set(o.country, [...(byCountry.get(o.country) ?? []), i]));
  const countriesShared = [...byCountry]
    .filter(([, at]) => at.length > 1)
    .map(([country, at]) =>
      diagnostic(
        "chooser-country-shared",
        { country, labels: at.map((i) => chooser.options[i]!.label) },
        locate(spec, ["options", at[1]!, "country"]),
      ),
    );
  const labelsShared = fieldRepeats(spec, chooser.options.keys(), "label", {
    value: (i) => chooser.options[i]!.label,
    name: (first) => `the ${chooser.options[first]!.country} option`,
    path: (i) => ["options", i, "label"],
  });
  return [...countriesShared, ...labelsShared];
}

function constantsFigures(spec: SpecDocument, constants: Spec.SystemConstants): Diagnostic[] {
  const out: Diagnostic[] = [];
  const { min, max } = constants.deliveryDelayDays;
  // "Delivery in 5 to 3 days" under every product's Buy button.
  if (min > max)
    out.push(
      diagnostic(
        "range-reversed",
        { low: "deliveryDelayDays.min", lowValue: min, high: "deliveryDelayDays.max", highValue: max },
        locate(spec, ["deliveryDelayDays", "min"]),
      ),
    );
  // A window as wide as the tablet's class would leave no width to the tablet layout.
  const { ipad, window } = constants.layout;
  if (ipad >= window)
    out.push(
      diagnostic(
        "range-reversed",
        { low: "layout.ipad", lowValue: ipad, high: "layout.window", highValue: window, strict: true },
        locate(spec, ["layout", "ipad"]),
      ),
    );
  return out;
}

/** The calls whose data goes in the request's body (runtime/api.ts): an address, a password. */
const CALLS_WITH_A_BODY = ["subscribe", "registerOrLogin", "signIn"];

function apiFigures(spec: SpecDocument, api: Spec.API): Diagnostic[] {
  const out: Diagnostic[] = [];
  // The runtime tells answers apart by code: two names for one code make one of them unreachable.
  for (const [[name, value], [other]] of repeats(Object.entries(api.codes) as [string, number][], ([, v]) => v))
    out.push(diagnostic("api-code-shared", { name, other, value }, locate(spec, ["codes", name])));
  // Two calls with one method and path: one of them would reach the other's endpoint.
  const endpoints = Object.entries(api.endpoints) as [string, Spec.Endpoint][];
  for (const [[name, endpoint], [other]] of repeats(endpoints, ([, e]) => `${e.method} ${e.path}`))
    out.push(
      diagnostic(
        "api-endpoint-shared",
        { name, other, path: endpoint.path },
        locate(spec, ["endpoints", name, "path"]),
      ),
    );
  // The runtime sends these calls a body (runtime/api.ts): a GET cannot carry one, and fetch refuses it.
  for (const [name, endpoint] of endpoints)
    if (endpoint.method === "GET" && CALLS_WITH_A_BODY.includes(name))
      out.push(diagnostic("api-method-without-body", { name }, locate(spec, ["endpoints", name, "method"])));
  // The same base URL in two environments: production pages calling the test API, or the reverse
  // (two groups of one environment may share one).
  const bases = Object.entries(api.environments).flatMap(([environment, hosts]) =>
    Object.entries<string>({ ...hosts }).map(([group, url]) => ({ environment, group, url })),
  );
  for (const [base, first] of repeats(bases, (b) => b.url.replace(/\/+$/, "").toLowerCase()))
    if (first.environment !== base.environment)
      out.push(
        diagnostic(
          "api-environment-shared",
          { ...base, other: `${first.environment}'s ${first.group}` },
          locate(spec, ["environments", base.environment, base.group]),
        ),
      );
  return out;
}
