// Content rules of the link stage: the texts every rendered page needs, the placeholders content
// may use, and message tables that have the same keys in every language.

import { closest, keyMeant, type Location } from "../../diagnostics/index.ts";
import { literalPattern, locate, type PathSegment } from "../../load/index.ts";
import { at, atPart, type LinkContext, type Report } from "../context.ts";
import { findPage, forEachPage, pageYamlPath } from "../pages.ts";
import { checkLink, checkLinkWords, homeTemplatePage } from "./navigation.ts";
import { HOME_PAGE } from "../syntax.ts";
import { languageOfLocale, writtenNowhere } from "../regions.ts";
import type { Template } from "../model.ts";
import { fallbackChain } from "../messages.ts";
import {
  COPYRIGHT_YEAR,
  isStageBoundaryName,
  liveStageNames,
  placeholderNames,
  placeholderPattern,
  placeholdersIn,
  stageBoundaryNames,
  type PlaceholderForm,
  unclosedPlaceholdersIn,
  unopenedPlaceholdersIn,
} from "../placeholders.ts";
import type { Valid, ValidSpecs } from "../../validate/index.ts";
import type * as Spec from "../../validate/spec-types.ts";
import { NOT_LATIN, scriptMismatch, scriptsOf } from "../scripts.ts";
import { derivedOnce, derivedToken } from "../derived.ts";
import { campaignStages, regionZoneOf } from "../../time/windows.ts";

/**
 * The content files pages.yaml does not list, each an unknown-page error naming the page it most
 * likely means (noted in `meant`): the closest page by name; or, for one such file, the one page
 * that has none, however renamed. A page renamed takes its child pages' ids with it: their files
 * are told in the parent's error.
 */
function reportUnlisted(cx: LinkContext, meant: Set<string>): void {
  const { specs, routes, unlistedContent } = cx;
  const pageIds = [...new Set(routes.map((r) => r.page))];
  const withoutContent = [
    ...new Set(routes.filter((r) => r.template && !r.childrenOnly && !specs.content.has(r.page)).map((r) => r.page)),
  ];
  const onlyPair = unlistedContent.size === 1 && withoutContent.length === 1 ? withoutContent[0] : undefined;
  const parentUnlisted = (id: string) => id.includes("/") && unlistedContent.has(id.slice(0, id.lastIndexOf("/")));
  const children = (id: string) => [...unlistedContent].filter((other) => other.startsWith(`${id}/`)).length;
  for (const [id, file] of specs.content) {
    if (!unlistedContent.has(id)) continue;
    // content/home.yaml while pages.yaml has no page home: the home page's error says so (reportMissingHome).
    if (id === HOME_PAGE && cx.rootLinks) {
      const misnamed = homeTemplatePage(specs.pages!.data.pages);
      if (misnamed) meant.add(misnamed);
      continue;
    }
    const suggestion = closest(id, pageIds) ?? onlyPair;
    if (suggestion) meant.add(suggestion);
    if (parentUnlisted(id)) continue;
    const under = children(id);
    cx.report("unknown-page", { value: id, suggestion, ...(under ? { children: under } : {}) }, at(file, []));
  }
}

/**
 * Every page a template renders has its texts for every region that carries it; content files
 * name pages that exist, placeholders that do, and links that lead somewhere.
 */
export function checkContent(cx: LinkContext): void {
  const { specs, routes, regions } = cx;
  const pages = specs.pages;
  if (!pages) return;
  const contentChecked = !specs.invalid.some((d) => d.kind === "content");
  // The pages a content file that names no page most likely means: the file or the page was
  // renamed, and the one error at the file says so; the page's missing content is not another.
  // The closest page by name; or, for one such file, the one page that has none, however renamed.
  const meantByUnlisted = new Set<string>();
  if (cx.unlistedContent.size > 0) reportUnlisted(cx, meantByUnlisted);
  // What each template needs beyond head, and whether it is written per language or per region.
  const needs: Partial<
    Record<
      Template,
      { block: "hero" | "body" | "product" | "dealers" | "manuals"; per: "language" | "region"; what: string }
    >
  > = {
    home: { block: "hero", per: "language", what: "hero" },
    article: { block: "body", per: "language", what: "body text" },
    product: { block: "product", per: "language", what: "product text" },
    "where-to-buy": { block: "dealers", per: "region", what: "dealer list" },
    manuals: { block: "manuals", per: "region", what: "manual list" },
  };
  // A language written nowhere is one error at the locale (missing-messages-file), not every page's text.
  const unwritten = new Set<string>(
    [...regions.values()].map((r) => r.language).filter((l) => writtenNowhere(specs, l)),
  );
  const languages = new Set([...regions.values()].map((r) => r.language));
  const regionCodes = new Set(regions.keys());
  // A block that has the key under a name it does not know (en-US for en, a typo) has its own
  // error at that name: the text is there, under the wrong key, not missing.
  const mistyped = (block: object | undefined, key: string, known: ReadonlySet<string>) =>
    Object.keys(block ?? {}).some((k) => !known.has(k) && keyMeant(k, [key]) === key);
  const missing = new Map<string, Missing>();
  const miss = (page: string, what: string, region: string, location: Location, language?: string) => {
    const key = `${page}|${what}`;
    const entry = missing.get(key) ?? { page, what, regions: [], location, ...(language ? { language } : {}) };
    entry.regions.push(region);
    missing.set(key, entry);
  };
  for (const route of routes) {
    if (!route.template || route.childrenOnly) continue;
    const region = regions.get(route.region)!;
    const pageKey = at(pages!, pageYamlPath(route.page), true);
    const content = specs.content.get(route.page);
    if (!content) {
      if (contentChecked && !meantByUnlisted.has(route.page)) miss(route.page, "content file", route.region, pageKey);
      continue;
    }
    const head = content.data.head;
    if (!head[region.language] && !unwritten.has(region.language) && !mistyped(head, region.language, languages))
      miss(
        route.page,
        `${region.language} head (title, description, keywords)`,
        route.region,
        at(content, ["head"], true),
        region.language,
      );
    const need = needs[route.template];
    if (need) {
      const key = need.per === "language" ? region.language : region.code;
      const block = content.data[need.block] as Record<string, unknown> | undefined;
      const known = need.per === "language" ? languages : regionCodes;
      if (!block?.[key] && !(need.per === "language" && unwritten.has(key)) && !mistyped(block, key, known))
        miss(
          route.page,
          `${need.what} for ${need.per === "language" ? `language ${key}` : `region ${key}`}`,
          route.region,
          at(content, [need.block], true),
          need.per === "language" ? key : undefined,
        );
    }
    content.data.body?.[region.language]?.forEach((section, i) =>
      section.links?.forEach((l, j) => {
        checkLink(cx, region, content, ["body", region.language, i, "links", j, "link"], l.link);
        checkLinkWords(cx, region, { file: content, path: ["body", region.language, i, "links", j], ...l });
      }),
    );
  }
  reportMissing(cx, missing);
}

/**
 * No two pages have one title or description in a language: search results and browser tabs
 * would show the two under one name (campaign pages aside, and product pages whose head names
 * another product). A page added by copying another's content file, its head
 * left, is the later of the two in pages.yaml: one warning there, at its first such text,
 * counting the others.
 */
export function checkHeadsShared(specs: ValidSpecs, report: Report, namingOthers: ReadonlySet<string>): void {
  if (!specs.pages) return;
  const firstWith = new Map<string, string>();
  const shared = new Map<string, { other: string; path: PathSegment[]; text: string; more: number }>();
  forEachPage(specs.pages.data.pages, (page, entry) => {
    // A campaign's page is next year's under the same name, once the last one is over; a product
    // page whose head names another product is page-title-other-product's.
    if (entry.campaign || entry.template === "campaign" || namingOthers.has(page)) return;
    const head = specs.content.get(page)?.data.head;
    for (const [language, texts] of Object.entries(head ?? {}))
      for (const field of ["title", "description"] as const) {
        const text = texts?.[field]?.trim();
        if (!text) continue;
        const key = `${language}\0${field}\0${text}`;
        const other = firstWith.get(key);
        if (other === undefined) {
          firstWith.set(key, page);
          continue;
        }
        // One id declared twice (duplicate-route's) reads one content file.
        if (other === page) continue;
        const known = shared.get(page);
        if (known?.other === other) known.more++;
        else if (!known) shared.set(page, { other, path: ["head", language, field], text, more: 0 });
      }
  });
  for (const [page, { other, path, text, more }] of shared)
    report(
      "page-head-shared",
      { page, other, field: String(path[2]), language: String(path[1]), text, ...(more ? { more } : {}) },
      at(specs.content.get(page)!, path),
    );
}

/** What a page lacks to be built in a region (checkContent), by page and what. */
interface Missing {
  page: string;
  what: string;
  regions: string[];
  location: Location;
  /** The language the texts missing are in, for texts written per language. */
  language?: string;
}

/**
 * A missing-content error for each thing a page lacks, but for a language of the site no page is
 * written in yet (a region added with a copy of another's message table): one error at its
 * locale, listing its pages, not one per page and block.
 */
function reportMissing(cx: LinkContext, missing: ReadonlyMap<string, Missing>): void {
  const { specs, regions, report } = cx;
  const pageless = new Set(
    [...missing.values()]
      .map((m) => m.language)
      .filter((l): l is string => l !== undefined && ![...specs.content.values()].some((c) => c.data.head[l])),
  );
  for (const language of pageless) {
    const theirs = [...missing.values()].filter((m) => m.language === language);
    const codes = [...regions.values()].filter((r) => r.language === language).map((r) => r.code);
    report(
      "language-without-pages",
      { language, regions: codes, pages: [...new Set(theirs.map((m) => m.page))] },
      at(specs.site!, ["regions", codes[0]!, "locale"]),
    );
  }
  for (const m of missing.values())
    if (!m.language || !pageless.has(m.language))
      report("missing-content", { page: m.page, regions: m.regions, what: m.what }, m.location);
}

/**
 * What the texts shoppers read hold. No {placeholder} reaches them: every name a text uses is one
 * compile fills where that text is shown, and names that mean something only in one place ({upTo}
 * of a campaign) are known only there. No Markdown or HTML, shown as written. No text in another
 * language's script than the one it is written under. Content, region, campaign and message files
 * are read, and the region chooser's texts for their script.
 */
export function checkTexts(
  specs: ValidSpecs,
  report: Report,
  /** The regions each page's content file writes sections for that are never built (sections-outside-page). */
  unbuilt: ReadonlyMap<string, { regions: readonly string[] }>,
): void {
  // Whether a page is a campaign's is pages.yaml's to say: when it failed to load (its own error
  // says why), or does not list the content file's page (unknown-page says so: a page renamed,
  // most likely), any page may be, and a campaign's names are not reported.
  // So may a page of the campaign template that does not say which campaign (page-missing-subject).
  const pageCampaign = (pageId: string) => {
    const page = specs.pages ? findPage(specs.pages.data.pages, pageId) : undefined;
    return page ? (page.campaign ?? (page.template === "campaign" ? "unknown" : undefined)) : "unknown";
  };
  const languages = textLanguages(specs);
  const reportScripts = (file: Valid<object>, found: readonly OtherLanguage[]) => {
    for (const { path, ...args } of found) report("text-in-other-language", args, at(file, path));
  };
  if (specs.regionChooser)
    reportScripts(specs.regionChooser, textFindingsOf(specs.regionChooser, languages).otherLanguage);
  const scan = (
    file: Valid<object>,
    scopeOf: (path: PathSegment[]) => PlaceholderScope | null,
    // The texts of sections never built (sections-outside-page) reach no shopper.
    unread: (path: PathSegment[]) => boolean = () => false,
  ) => {
    const found = textFindingsOf(file, languages);
    const read = <T extends { path: PathSegment[] }>(items: readonly T[]) => items.filter((item) => !unread(item.path));
    const [placeholders, markup, years] = [read(found.placeholders), read(found.markup), read(found.years)];
    // A file copied from last year's campaign names its year in many texts: one warning at the
    // first, counting the others.
    const outside = new Map<
      string,
      { first: (typeof years)[number]; runs: NonNullable<PlaceholderScope["years"]>; texts: number }
    >();
    for (const use of years) {
      const runs = scopeOf(use.path)?.years;
      // A year or two before the campaign's: an earlier campaign's, not a history ("since 2019").
      // (A later one may be the campaign's own: "returns until 20 January 2025" at Christmas.)
      if (!runs || use.year >= runs.from || use.year < runs.from - 2) continue;
      const key = `${runs.campaign} ${use.year}`;
      const known = outside.get(key);
      if (known) known.texts++;
      else outside.set(key, { first: use, runs, texts: 1 });
    }
    for (const { first, runs, texts } of outside.values()) {
      const pattern = yearPattern(String(first.year));
      report(
        "text-year-outside-campaign",
        { year: first.year, ...runs, ...(texts > 1 ? { others: texts - 1 } : {}) },
        atPart(file, first.path, { pattern, nth: first.nth }),
      );
    }
    reportScripts(file, read(found.otherLanguage));
    for (const { path, mark } of markup)
      report(
        "markup-in-text",
        { mark },
        atPart(file, path, { pattern: new RegExp(literalPattern(mark), "g"), nth: 0 }),
      );
    // Stage bounds a campaign does not have, by campaign and stage: texts written for another
    // campaign name its stages ({stage3End} where this one has two), one error for the file.
    const stagesMissing: StagesMissing = new Map();
    for (const { name, path, form, nth } of placeholders) {
      const where = atPart(file, path, { pattern: placeholderPattern(name, form), nth });
      if (form === "unclosed") {
        report("unclosed-placeholder", { name }, where);
        continue;
      }
      const scope = scopeOf(path);
      const known = [...placeholderNames, ...(scope?.names ?? [])];
      const isKnown = known.includes(name) || scope?.accepts?.(name);
      // A word before a stray } is a placeholder's name with its { left out only when it is one here.
      if (form === "unopened") {
        if (isKnown) report("unopened-placeholder", { name }, where);
        continue;
      }
      if (isKnown) continue;
      // A stage the campaign does not have, or the end of one that has none: the stages are the
      // campaign's to say, and the closest name by spelling would be another stage's date.
      if (scope?.campaign && isStageBoundaryName(name)) {
        noteStageMissing(stagesMissing, scope as PlaceholderScope & { campaign: string }, name, where);
        continue;
      }
      const elsewhere = contextualPlaceholders.find((c) => c.names.includes(name) || c.accepts?.(name));
      report(
        "unknown-placeholder",
        { name, known, suggestion: closest(name, known), ...(elsewhere ? { onlyIn: elsewhere.where } : {}) },
        where,
      );
    }
    for (const { first, names, count } of stagesMissing.values())
      report(
        "unknown-placeholder",
        {
          name: first.name,
          known: first.known,
          campaign: first.campaign,
          ...(first.campaignId ? { campaignId: first.campaignId, stage: first.stage } : {}),
          ...(count > 1 ? { others: count - 1, names: [...names].filter((n) => n !== first.name) } : {}),
        },
        first.where,
      );
  };
  for (const [pageId, file] of specs.content) {
    const unbuiltRegions = unbuilt.get(pageId)?.regions ?? [];
    scan(
      file,
      (path) => {
        if (path[0] !== "sections") return null;
        const section = file.data.sections?.[path[1] as string]?.[path[2] as number];
        const campaign = section && (("campaign" in section && section.campaign) || pageCampaign(pageId));
        return campaign ? campaignScope(specs, campaign) : null;
      },
      (path) => path[0] === "sections" && unbuiltRegions.includes(path[1] as string),
    );
  }
  for (const [id, file] of specs.campaigns)
    scan(file, (path) => (path[0] === "promotion" ? campaignScope(specs, id) : null));
  for (const file of specs.regions.values())
    scan(file, (path) =>
      path[0] === "installment" ? installmentScope : path[0] === "copyright" ? copyrightScope : null,
    );
  for (const file of specs.messages.values())
    scan(file, (path) => (path.join(".") === "ui.account.greeting" ? greetingScope : null));
}

/**
 * The language a text of a spec file is written in: a message table's own; else the language or
 * region it is written under (head.de, sections.kr); else a region file's region's. Null where
 * nothing says (a product's name in every region, the chooser's labels).
 */
function textLanguages(specs: ValidSpecs): SiteLanguages {
  // One per site.yaml data (site dev keeps unchanged data).
  const site = specs.site?.data ?? noSite;
  let found = languagesBySite.get(site);
  if (!found) languagesBySite.set(site, (found = languagesOfSite(specs)));
  return found;
}
const noSite = {};
const languagesBySite = new WeakMap<object, SiteLanguages>();
type LanguageOf = (file: Valid<object>, path: readonly PathSegment[]) => { language: string; depth: number } | null;
/** The language of each text, and a token of what decides it: a file's texts' findings are kept under it. */
interface SiteLanguages {
  languageOf: LanguageOf;
  token: string;
}

function languagesOfSite(specs: ValidSpecs): SiteLanguages {
  const regionLanguage = new Map(
    Object.entries(specs.site?.data.regions ?? {}).map(([code, r]) => [code, languageOfLocale(r.locale) as string]),
  );
  const languages = new Set(regionLanguage.values());
  return { languageOf: languageOfIn(regionLanguage, languages), token: derivedToken([...regionLanguage]) };
}

function languageOfIn(regionLanguage: ReadonlyMap<string, string>, languages: ReadonlySet<string>): LanguageOf {
  // With the depth of the path segment that says so (-1: the file).
  return (file, path) => {
    const { kind, name } = file.spec;
    if (kind === "messages") return { language: name, depth: -1 };
    for (const [depth, segment] of path.entries()) {
      if (typeof segment !== "string") continue;
      const language = languages.has(segment) ? segment : regionLanguage.get(segment);
      if (language) return { language, depth };
    }
    const language = kind === "region" ? regionLanguage.get(name) : undefined;
    return language ? { language, depth: -1 } : null;
  };
}

/** Stage bounds a campaign does not have, by campaign and stage: one error for each in a file. */
type StagesMissing = Map<
  string,
  {
    first: { name: string; where: Location; known: string[]; campaign: string; campaignId?: string; stage: number };
    names: Set<string>;
    count: number;
  }
>;

/**
 * A stage bound the campaign lacks, noted by stage: {stage3Start} and {stage3End} are one stage it
 * lacks, {stage2End} another mistake.
 */
function noteStageMissing(
  missing: StagesMissing,
  scope: PlaceholderScope & { campaign: string },
  name: string,
  where: Location,
): void {
  const stage = Number(/\d+/.exec(name)?.[0]);
  const key = `${scope.campaign}\n${stage}`;
  const known = missing.get(key);
  if (known) {
    known.names.add(name);
    known.count++;
    return;
  }
  missing.set(key, {
    first: {
      name,
      where,
      known: scope.names.filter(isStageBoundaryName),
      campaign: scope.campaign,
      ...(scope.campaignId ? { campaignId: scope.campaignId } : {}),
      stage,
    },
    names: new Set([name]),
    count: 1,
  });
}

interface PlaceholderScope {
  names: readonly string[];
  /** For a campaign's texts: the campaign and the years its stages run in (to: Infinity for an open end). */
  years?: { campaign: string; from: number; to: number };
  /** Names known here beyond `names`. */
  accepts?: (name: string) => boolean;
  /** The campaign whose texts these are, by name and by id, when it is known. */
  campaign?: string;
  campaignId?: string;
  where: string;
}
const campaignTexts = "a campaign's promotion entries and the sections of its pages";
/** What a campaign's texts may name: its live stage's figures, and its own stages' bounds. */
function campaignScope(specs: ValidSpecs, campaignId: string): PlaceholderScope {
  const campaign = specs.campaigns.get(campaignId)?.data;
  // A campaign that is not there (its own error says why) has any number of stages.
  const boundaries = campaign ? stageBoundaryNames(campaign.stages) : null;
  return {
    names: [...liveStageNames, ...(boundaries ?? [])],
    accepts: boundaries ? undefined : isStageBoundaryName,
    campaign: campaign?.name,
    ...(campaign ? { campaignId } : {}),
    where: campaignTexts,
    ...(campaign ? { years: campaignYears(specs, campaignId, campaign) } : {}),
  };
}

/** The years a campaign's stages run in, in any of its regions, as a shopper there counts them. */
function campaignYears(
  specs: ValidSpecs,
  id: string,
  campaign: Spec.Campaign,
): { campaign: string; from: number; to: number } | undefined {
  const known = yearsOf.get(campaign);
  if (known && known.site === specs.site?.data) return known.years;
  const years = yearsIn(specs, id, campaign);
  yearsOf.set(campaign, { site: specs.site?.data, years });
  return years;
}
/** By campaign, and the site.yaml whose zones its days were counted in: asked for with each text of its pages. */
const yearsOf = new WeakMap<
  Spec.Campaign,
  { site: unknown; years: { campaign: string; from: number; to: number } | undefined }
>();

function yearsIn(
  specs: ValidSpecs,
  id: string,
  campaign: Spec.Campaign,
): { campaign: string; from: number; to: number } | undefined {
  let from = Infinity;
  let to = -Infinity;
  for (const region of campaign.regions)
    for (const stage of campaignStages(campaign, region, regionZoneOf(specs, region))) {
      from = Math.min(from, stage.start.year);
      to = Math.max(to, stage.end ? stage.end.minus({ minutes: 1 }).year : Infinity);
    }
  return from === Infinity ? undefined : { campaign: id, from, to };
}
/** How a campaign's names are told where they mean nothing. */
const campaignAnywhere: PlaceholderScope = {
  names: liveStageNames,
  accepts: isStageBoundaryName,
  where: campaignTexts,
};
const installmentScope: PlaceholderScope = { names: ["amount", "months"], where: "a region's installment text" };
const greetingScope: PlaceholderScope = {
  names: ["name"],
  where: "the account greeting (ui.account.greeting), filled in the browser",
};
const copyrightScope: PlaceholderScope = { names: [COPYRIGHT_YEAR], where: "a region's copyright line" };
const contextualPlaceholders = [campaignAnywhere, installmentScope, greetingScope, copyrightScope];

/**
 * The placeholders, markup and text in another language's script of a file's data, and where
 * they are. They depend on nothing else but the site's languages, so they are worked out once per
 * file (derived.ts): a build after an edit walks only the files edited.
 */
function textFindingsOf(file: Valid<object>, { languageOf, token }: SiteLanguages): TextFindings {
  return derivedOnce(file, "texts", token, () => {
    const found: TextFindings = { placeholders: [], markup: [], otherLanguage: [], years: [] };
    const blocks = new Map<string, OtherLanguage>();
    // One path, grown and shrunk along the walk and copied only where a text has a finding: every
    // spec file is walked (29 MB of YAML at 10,000 routes), and few of its texts have one.
    const path: PathSegment[] = [];
    const walk = (value: unknown): void => {
      if (typeof value === "string") {
        noteText(value, path, found);
        if (NOT_LATIN.test(value)) noteScript(value, path, languageOf(file, path), blocks);
      } else if (Array.isArray(value)) {
        for (let i = 0; i < value.length; i++) {
          path.push(i);
          walk(value[i]);
          path.pop();
        }
      } else if (value && typeof value === "object") {
        for (const key of Object.keys(value)) {
          path.push(key);
          walk((value as Record<string, unknown>)[key]);
          path.pop();
        }
      }
    };
    walk(file.data);
    found.otherLanguage = [...blocks.values()];
    return found;
  });
}

/**
 * A text in another language's script than the one it is written under, noted by block: a block
 * pasted under the wrong language is one warning at its first text, with the count.
 */
function noteScript(
  text: string,
  path: readonly PathSegment[],
  written: { language: string; depth: number } | null,
  blocks: Map<string, OtherLanguage>,
): void {
  const scripts = written && scriptsOf(text);
  const other = scripts && scriptMismatch(written.language, scripts);
  if (!other) return;
  const key = `${path.slice(0, written.depth + 1).join("\0")}\0${other}`;
  const block = blocks.get(key);
  if (block) block.texts++;
  else blocks.set(key, { language: written.language, written: other, path: [...path], texts: 1 });
}

/** What one text at `path` holds: markup, placeholders. */
function noteText(value: string, path: readonly PathSegment[], found: TextFindings): void {
  const mark = value.includes("<") || value.includes("*") || value.includes("](") ? MARKUP.exec(value) : null;
  if (mark) found.markup.push({ path: [...path], mark: mark[0] });
  if (/[12]\d\d\d/.test(value)) {
    const seen = new Map<number, number>();
    for (const match of value.matchAll(YEAR)) {
      const year = Number(match[0]);
      const nth = seen.get(year) ?? 0;
      seen.set(year, nth + 1);
      found.years.push({ year, path: [...path], nth });
    }
  }
  if (!value.includes("{") && !value.includes("}")) return;
  const uses = [
    ...placeholdersIn(value).map((name) => ({ name, form: "whole" as const })),
    ...unclosedPlaceholdersIn(value).map((name) => ({ name, form: "unclosed" as const })),
    ...unopenedPlaceholdersIn(value).map((name) => ({ name, form: "unopened" as const })),
  ];
  for (const [i, use] of uses.entries()) {
    const nth = uses.slice(0, i).filter((u) => u.name === use.name && u.form === use.form).length;
    found.placeholders.push({ ...use, path: [...path], nth });
  }
}

/**
 * Markdown or HTML in a text (**bold**, [label](link), <br>): texts are shown as written, line
 * breaks kept, so shoppers would read the marks.
 */
const MARKUP =
  /\*\*[^*\n]+\*\*|\[[^\]\n]+\]\([^)\s]+\)|<\/?(?:a|b|i|u|em|strong|br|p|span|div|h[1-6]|ul|ol|li|img)\b[^>]*>/i;

/** Markup a text holds, where: the first mark of the text. */
interface MarkupUse {
  path: PathSegment[];
  mark: string;
}

interface TextFindings {
  placeholders: PlaceholderUse[];
  markup: MarkupUse[];
  otherLanguage: OtherLanguage[];
  /** The years texts write (2024), where: a campaign's texts are held to its own. */
  years: { year: number; path: PathSegment[]; nth: number }[];
}

/**
 * Figures written as a year: standing alone, not part of a larger figure, a price ($2000, 2000 €)
 * or a measure (2000mAh, 2000%).
 */
const yearPattern = (figures: string) =>
  new RegExp(`(?<![\\d.,\\-$€£¥₩])${figures}(?![\\d.,]\\d|[A-Za-z%]|\\s?[€$£¥₩元円원])`, "g");
/** A year as texts write one: four figures from 1900 to 2099. */
const YEAR = yearPattern("(?:19|20)\\d\\d");

/** Texts of a block written in another language's script: the first's place, and how many. */
interface OtherLanguage {
  language: string;
  written: string;
  path: PathSegment[];
  texts: number;
}
/** A {name} a text uses, where; or one it opens and does not close. */
interface PlaceholderUse {
  name: string;
  path: PathSegment[];
  form: PlaceholderForm;
  /** Which use of this name in its text (from 0), to point at it and not at the text's start. */
  nth: number;
}

/**
 * A text copied from English into another language and left untranslated: German shoppers would
 * read English where a German text belongs, and nothing else tells. Texts of four words or more
 * that a language writes word for word as English does, at the same place: in each message table
 * against en.yaml, and in each content file's language blocks (head, hero, body, product) against
 * its en block (a head's title and keywords aside). One warning per file and language, at the
 * first, with the count. A product's name is the same in every language and is left out.
 */
export function checkTranslations(specs: ValidSpecs, report: Report): void {
  const copied = copiedTest(specs);
  const { test } = copied;
  const reportFirst = (file: Valid<object>, language: string, found: readonly PathSegment[][]) => {
    if (found.length === 0) return;
    // The first in the file, not in the data's order (which puts keys like "4003" first).
    const [first] = found
      .map((path) => ({ path, where: locate(file.spec, path) }))
      .sort((a, b) => a.where.offset - b.where.offset);
    report("untranslated-text", { language, texts: found.length, first: first!.path.join(".") }, first!.where);
  };
  const english = specs.messages.get("en");
  if (english)
    for (const [language, table] of specs.messages)
      if (language !== "en") reportFirst(table, language, copiedPaths(table.data, english.data, [], test));
  for (const file of specs.content.values())
    for (const { language, found } of copiedInContent(file, copied)) reportFirst(file, language, found);
}

/**
 * Whether a text is English copied: the same words, four or more of them, and no product's name;
 * with a token of the names, under which a content file's findings are kept.
 */
interface CopiedTest {
  test: (text: unknown, english: unknown) => boolean;
  token: string;
}

function copiedTest(specs: ValidSpecs): CopiedTest {
  const catalogue = specs.catalogue?.data ?? noCatalogue;
  const known = copiedTests.get(catalogue);
  if (known) return known;
  const written: string[] = [];
  for (const product of Object.values(specs.catalogue?.data.products ?? {}))
    for (const facts of Object.values(product.regions ?? {})) if (facts.name) written.push(facts.name);
  // On one line, when a text is first compared: the findings of files not edited are kept (derived.ts).
  let names: string[] | undefined;
  // Words to translate: letters only, two or more ("WiFi 2.4G + BLE 5.0" has two).
  const words = (text: string) => text.split(" ").filter((w) => /^\p{L}{2,}$/u.test(w)).length;
  // Most texts differ from their English: told apart before anything else is made of them.
  const test = (text: unknown, english: unknown) => {
    if (typeof text !== "string" || typeof english !== "string" || text.trim() !== english.trim()) return false;
    const line = oneLine(text);
    if (words(line) < 4) return false;
    names ??= written.map(oneLine);
    return !names.some((name) => name.includes(line));
  };
  const copied = { test, token: derivedToken(written) };
  copiedTests.set(catalogue, copied);
  return copied;
}
const oneLine = (text: string) => text.trim().replace(/\s+/g, " ");
const noCatalogue = {};
const copiedTests = new WeakMap<object, CopiedTest>();

/** The places where `own` holds English copied from `english`, walked side by side. */
function copiedPaths(own: unknown, english: unknown, at: PathSegment[], copied: CopiedTest["test"]): PathSegment[][] {
  const found: PathSegment[][] = [];
  const path = [...at];
  const walk = (a: unknown, b: unknown) => {
    if (copied(a, b)) found.push([...path]);
    else if (a && b && typeof a === "object" && typeof b === "object") {
      const list = Array.isArray(a);
      for (const key of Object.keys(a)) {
        path.push(list ? Number(key) : key);
        walk((a as never)[key], (b as never)[key]);
        path.pop();
      }
    }
  };
  walk(own, english);
  return found;
}

/**
 * A content file's English copied into its other language blocks, by language (its head, hero,
 * body and product together). Worked out once per file and catalogue's names (derived.ts).
 */
function copiedInContent(file: Valid<Spec.PageContent>, { test, token }: CopiedTest) {
  return derivedOnce(file, "copied-english", token, () => copiedBlocks(file.data, test));
}

function copiedBlocks(data: Spec.PageContent, copied: CopiedTest["test"]) {
  const byLanguage = new Map<string, PathSegment[][]>();
  for (const block of ["head", "hero", "body", "product"] as const) {
    const blocks = data[block] as Record<string, unknown> | undefined;
    if (!blocks?.en) continue;
    for (const [language, own] of Object.entries(blocks)) {
      if (language === "en") continue;
      // A head's title and keywords are most often the product's name, which no language translates.
      const compared = block === "head" ? { ...(own as object), title: undefined, keywords: undefined } : own;
      const paths = copiedPaths(compared, blocks.en, [block, language], copied);
      byLanguage.set(language, [...(byLanguage.get(language) ?? []), ...paths]);
    }
  }
  return [...byLanguage].map(([language, paths]) => ({ language, found: paths }));
}

/**
 * Every message key should exist in every language. One that is missing shows its fallback
 * language's text (a warning: the translation is owed); missing along the whole chain, it would be
 * an empty button or label (an error).
 */
export function checkMessages(specs: ValidSpecs, report: Report): void {
  const keysOf = (value: unknown, prefix: string[] = []): string[][] =>
    value && typeof value === "object"
      ? Object.entries(value).flatMap(([k, v]) => keysOf(v, [...prefix, k]))
      : [prefix];
  const tables = [...specs.messages.entries()];
  const keySets = new Map(tables.map(([lang, t]) => [lang, new Set(keysOf(t.data).map((k) => k.join(".")))]));
  const all = new Map<string, string[]>();
  for (const [, t] of tables) for (const k of keysOf(t.data)) all.set(k.join("."), k);
  const renamed = renamedTexts(tables, keySets, all, report);
  // One report per language and place: the texts it lacks there, named together.
  const missing = new Map<string, { keys: string[]; report: (keys: string[]) => void }>();
  for (const [key, path] of all) {
    if (path[0] === "fallback" || renamed.has(key)) continue;
    const presentIn = tables.find(([lang]) => keySets.get(lang)!.has(key))![1];
    for (const [lang, table] of tables) {
      if (keySets.get(lang)!.has(key)) continue;
      // Shown in the first language of its fallback chain that has it; with none, it would be empty.
      const shownFrom = fallbackChain(specs, lang).find((other) => keySets.get(other)?.has(key));
      // Point at the deepest part of the path the lacking file does have: that is where it goes.
      let depth = path.length - 1;
      let node: unknown = table.data;
      for (let i = 0; i < path.length - 1; i++) {
        const next = (node as Record<string, unknown> | undefined)?.[path[i]!];
        if (!next || typeof next !== "object") {
          depth = i;
          break;
        }
        node = next;
      }
      const missingIn = table.spec.source.path;
      const group = `${lang}\n${path.slice(0, depth).join(".")}\n${shownFrom ?? `- ${presentIn.spec.source.path}`}`;
      let found = missing.get(group);
      if (!found) {
        const where = locate(table.spec, path.slice(0, depth), { key: depth > 0 });
        const reportAll = shownFrom
          ? (keys: string[]) => report("missing-message", { keys, shownFrom, missingIn }, where)
          : (keys: string[]) =>
              report(
                "missing-message-everywhere",
                { keys, presentIn: presentIn.spec.source.path, missingIn, chain: fallbackChain(specs, lang) },
                where,
              );
        missing.set(group, (found = { keys: [], report: reportAll }));
      }
      found.keys.push(key);
    }
  }
  for (const { keys, report: reportAll } of missing.values()) reportAll(keys);
}

/**
 * Texts renamed in one language's file: the keys only that file has pair off, each with the
 * closest, with the keys only it lacks. Reported once there (renamed-text); the keys of both
 * sides are returned, for checkMessages to leave out of what each language lacks.
 */
function renamedTexts(
  tables: readonly [string, Valid<unknown>][],
  keySets: ReadonlyMap<string, ReadonlySet<string>>,
  all: ReadonlyMap<string, string[]>,
  report: Report,
): Set<string> {
  const paired = new Set<string>();
  if (tables.length < 2) return paired;
  for (const [lang, table] of tables) {
    const own = keySets.get(lang)!;
    const others = tables.filter(([other]) => other !== lang).map(([other]) => keySets.get(other)!);
    const texts = (keys: Iterable<string>) => [...keys].filter((key) => all.get(key)![0] !== "fallback");
    const onlyHere = texts(own).filter((key) => others.every((set) => !set.has(key)));
    const lackedHere = texts(all.keys()).filter((key) => !own.has(key) && others.every((set) => set.has(key)));
    if (onlyHere.length === 0 || onlyHere.length !== lackedHere.length) continue;
    const was = onlyHere.map((key) => closest(key, lackedHere));
    // Each new name with an old one of its own, or it is not a rename.
    if (was.some((key) => key === undefined) || new Set(was).size !== was.length) continue;
    const pairs = onlyHere.map((key, i) => {
      const [path, old] = [all.get(key)!, all.get(was[i]!)!];
      let depth = 0;
      while (depth < path.length - 1 && path[depth] === old[depth]) depth++;
      return { key, was: was[i]!, path, old, depth };
    });
    // A rename changes one name, by a typo's reach: texts added and others dropped are not one.
    const oneName = ({ path, old, depth }: (typeof pairs)[number]) =>
      path.length === old.length &&
      path.slice(depth + 1).join(".") === old.slice(depth + 1).join(".") &&
      closest(path[depth]!, [old[depth]!]) !== undefined;
    if (!pairs.every(oneName)) continue;
    // One error per name changed: a block renamed is one, at its key, for all the texts in it.
    const renames = new Map<string, { at: string[]; wasName: string; renamed: string[]; was: string[] }>();
    for (const { key, was: wasKey, path, old, depth } of pairs) {
      const at = path.slice(0, depth + 1);
      const group = `${at.join(".")}\n${old[depth]}`;
      const found =
        renames.get(group) ?? renames.set(group, { at, wasName: old[depth]!, renamed: [], was: [] }).get(group)!;
      found.renamed.push(key);
      found.was.push(wasKey);
    }
    for (const { at: path, wasName, renamed, was: old } of renames.values()) {
      const args = { renamed, was: old, file: table.spec.source.path, name: path.at(-1)!, wasName };
      report("renamed-text", args, locate(table.spec, path, { key: true }));
    }
    for (const key of [...onlyHere, ...lackedHere]) paired.add(key);
  }
  return paired;
}
