// Synthetic specs for the benchmark: the real specs scaled up to R regions x P products x C
// campaigns. Each generated product copies one of the real product pages (its catalogue entry,
// price row, page entry and content, in the same regions), so that the mix of page kinds, their
// weight and their price tables stay those of the real site; each generated campaign copies a
// real campaign that has a page (stages, offers, page content) and carries sale prices for its
// share of the generated products. R is the real site's eight regions.
import { cpSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { DateTime } from "luxon";
import { parse } from "yaml";
import { settleTree } from "../support/file-times.ts";

export interface SyntheticShape {
  /** The real site's regions (R). */
  regions: number;
  /** Products generated (P). */
  products: number;
  /** Campaigns generated (C), each with a page in its regions. */
  campaigns: number;
  /** Routes of the result, the real site's included. */
  routes: number;
}

interface ProductFacts {
  series: string;
  image: string;
  aliasOf?: string;
  regions: Record<string, { name: string; buy?: string; stock: number; isPreSale?: boolean }>;
}
interface PageEntry {
  regions: "all" | string[];
  template?: string;
  product?: string;
  campaign?: string;
}
interface CampaignSpec {
  regions: string[];
  stages: unknown[];
  offers?: Record<string, Record<string, (number | null)[]>>;
}

const readYaml = <T>(path: string): T => parse(readFileSync(path, "utf8")) as T;
const flow = (value: unknown) => JSON.stringify(value);
/** A price row as the specs write it: ~ where there is no price. */
const priceRow = (row: readonly (number | null)[] | undefined) => flow(row).replaceAll("null", "~");
const numbered = (n: number) => String(n).padStart(5, "0");

/**
 * Writes into `dir` the real specs plus generated products and campaigns: about `routes` routes
 * in all, with `campaigns` generated campaigns (default 8).
 */
/** A campaign file's first stage start moved `k` minutes earlier, or `k` days for a date. */
function earlierStart(text: string, k: number): string {
  return text.replace(
    /^(\s+start: )(\d{4}-\d\d-\d\d)(T\d\d:\d\d)?$/m,
    (_, key: string, date: string, time?: string) => {
      const moved = DateTime.fromISO(`${date}${time ?? ""}`, { zone: "utc" }).minus(
        time ? { minutes: k } : { days: k },
      );
      return `${key}${moved.toFormat(time ? "yyyy-MM-dd'T'HH:mm" : "yyyy-MM-dd")}`;
    },
  );
}

/**
 * A copied content file's head made its page's own: `mark` after each title and description that
 * does not have it yet (a translated name the catalogue does not give), as site check asks of two
 * pages (page-head-shared).
 */
function ownHead(text: string, mark: string): string {
  const lines = text.split("\n");
  const start = lines.indexOf("head:");
  for (let i = start + 1; start >= 0 && i < lines.length && !/^\S/.test(lines[i]!); i++) {
    const field = /^(\s+(?:title|description): )(["']?)(.*?)\2\s*$/.exec(lines[i]!);
    if (field && !field[3]!.includes(mark.trim())) lines[i] = `${field[1]}${field[2]}${field[3]}${mark}${field[2]}`;
  }
  return lines.join("\n");
}

export function writeSyntheticSpecs(
  real: string,
  dir: string,
  routes: number,
  options: { campaigns?: number } = {},
): SyntheticShape {
  cpSync(real, dir, { recursive: true });
  const pages = readYaml<{ pages: Record<string, PageEntry> }>(join(real, "pages.yaml")).pages;
  const catalogue = readYaml<{ products: Record<string, ProductFacts> }>(join(real, "catalogue.yaml")).products;
  const prices = readYaml<{ columns: string[]; list: Record<string, (number | null)[]> }>(join(real, "prices.yaml"));
  const allRegions = Object.keys(readYaml<{ regions: Record<string, unknown> }>(join(real, "site.yaml")).regions);
  const regionsOf = (page: PageEntry) => (page.regions === "all" ? allRegions : page.regions);
  const realRoutes = countRoutes(pages, regionsOf);

  const productModels = Object.entries(pages).filter(([, p]) => p.template === "product" && p.product);
  const campaignModels = Object.entries(pages).filter(([, p]) => p.template === "campaign" && p.campaign);
  const campaignCount = routes > realRoutes ? (options.campaigns ?? 8) : 0;
  const campaignRoutes = Array.from(
    { length: campaignCount },
    (_, k) => regionsOf(campaignModels[k % campaignModels.length]![1]).length,
  ).reduce((a, b) => a + b, 0);

  // Products, each modelled on the next real product page, until the routes are reached.
  const pageLines: string[] = [];
  const catalogueLines: string[] = [];
  const priceLines: string[] = [];
  const generated: { id: string; model: string }[] = [];
  let total = realRoutes + campaignRoutes;
  while (total < routes) {
    const n = generated.length + 1;
    const [modelPage, modelEntry] = productModels[(n - 1) % productModels.length]!;
    const model = catalogue[modelEntry.product!]!.aliasOf ?? modelEntry.product!;
    const facts = catalogue[model]!;
    const id = `${model}Mk${n}`;
    const page = `${modelPage}-mk-${numbered(n)}`;
    generated.push({ id, model });
    pageLines.push(`  ${page}: { regions: ${flow(modelEntry.regions)}, template: product, product: ${id} }`);
    catalogueLines.push(`  ${id}:`, `    series: ${facts.series}`, `    image: ${facts.image}`, `    regions:`);
    for (const [region, f] of Object.entries(facts.regions)) {
      const name = `${f.name} Mk ${n}`;
      const buy = f.buy ? `${f.buy}-mk-${n}` : undefined;
      catalogueLines.push(`      ${region}: ${flow({ ...f, name, ...(buy ? { buy } : {}) })}`);
    }
    priceLines.push(`  ${id}: ${priceRow(prices.list[model])}`);
    // The page's own name in its title and copy: the model's name in each region, renamed.
    let text = readFileSync(join(real, "content", `${modelPage}.yaml`), "utf8");
    for (const name of new Set(Object.values(facts.regions).map((f) => f.name.split("\n")[0]!)))
      text = text.replaceAll(name, `${name} Mk ${n}`);
    writeFileSync(join(dir, "content", `${page}.yaml`), ownHead(text, ` Mk ${n}`));
    total += regionsOf(modelEntry).length;
  }

  // Campaigns, each a copy of a real one with a page, selling its share of the products. At the
  // bench's instant they all run at once, the load it is after: each starts k minutes (a campaign
  // of dates, k days) before its model, long past or still ahead then, so that site check has no
  // copy's dates to warn of (campaign-times-copied), and a build with nothing changed stands.
  for (let k = 1; k <= campaignCount; k++) {
    const [modelPage, modelEntry] = campaignModels[(k - 1) % campaignModels.length]!;
    const campaignId = `${modelEntry.campaign}-copy-${k}`;
    const source = readFileSync(join(real, "campaigns", `${modelEntry.campaign}.yaml`), "utf8");
    const spec = parse(source) as CampaignSpec;
    const offers = structuredClone(spec.offers ?? {});
    generated.forEach(({ id, model }, i) => {
      if (i % campaignCount !== k - 1) return;
      for (const region of spec.regions) {
        const list = prices.list[model]?.[prices.columns.indexOf(region)];
        const facts = catalogue[model]!.regions[region];
        // Not sold there, or sold out: no sale price.
        if (list == null || !facts || facts.stock === 0) continue;
        (offers[region] ??= {})[id] = spec.stages.map(() => Math.floor(list * 0.9));
      }
    });
    // Its shop links tag orders with its own id, as a campaign copied by hand should (site check
    // warns about one left with the id it was copied from).
    const ownQuery = earlierStart(
      source.replaceAll(`utm_campaign: ${modelEntry.campaign}`, `utm_campaign: ${campaignId}`),
      k,
    );
    writeFileSync(join(dir, "campaigns", `${campaignId}.yaml`), withOffers(ownQuery, offers));
    pageLines.push(
      `  ${modelPage}-copy-${k}: { regions: ${flow(modelEntry.regions)}, template: campaign, campaign: ${campaignId} }`,
    );
    const content = readFileSync(join(real, "content", `${modelPage}.yaml`), "utf8");
    writeFileSync(join(dir, "content", `${modelPage}-copy-${k}.yaml`), ownHead(content, ` ${k}`));
  }

  append(join(dir, "pages.yaml"), pageLines);
  append(join(dir, "catalogue.yaml"), catalogueLines);
  append(join(dir, "prices.yaml"), priceLines);
  // As a project's specs are: written a while before the builds that read them (a build trusts a
  // file's stamp only once it has settled, compiler/fingerprint.ts).
  settleTree(dir);
  return { regions: allRegions.length, products: generated.length, campaigns: campaignCount, routes: total };
}

/** A campaign's text with its offers written out anew, as plain rows (the last key of the file). */
function withOffers(source: string, offers: NonNullable<CampaignSpec["offers"]>): string {
  const at = source.search(/^offers:/m);
  const rows = Object.entries(offers).flatMap(([region, byProduct]) => [
    `  ${region}:`,
    ...Object.entries(byProduct).map(([id, row]) => `    ${id}: ${priceRow(row)}`),
  ]);
  return `${(at < 0 ? source : source.slice(0, at)).trimEnd()}\noffers:\n${rows.join("\n")}\n`;
}

function append(path: string, lines: string[]): void {
  if (lines.length) writeFileSync(path, `${readFileSync(path, "utf8").trimEnd()}\n${lines.join("\n")}\n`);
}

function countRoutes(
  pages: Record<string, PageEntry & { children?: Record<string, PageEntry> }>,
  regionsOf: (p: PageEntry) => string[],
): number {
  return Object.values(pages).reduce(
    (sum, p) => sum + regionsOf(p).length + (p.children ? countRoutes(p.children, regionsOf) : 0),
    0,
  );
}
