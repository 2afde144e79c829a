// Rules of the rich sections of content files (link stage), and of the image keys anywhere.

import { closest, type Location } from "../../diagnostics/index.ts";
import type { PathSegment } from "../../load/index.ts";
import { at, type LinkContext } from "../context.ts";
import { findPage, pageRegions, pageYamlPath } from "../pages.ts";
import { regionEntry } from "../regions.ts";
import { pageAnchors } from "../../../templates/anchors.ts";
import { idsOfPage, isElementId, type SectionId, sectionIds } from "../page-ids.ts";
import { checkLink, checkStageNumbers, regionMistyped } from "./navigation.ts";
import { linkTarget, parseLink, regionPath } from "../syntax.ts";
import { videoKeys } from "./videos.ts";
import type { Valid } from "../../validate/index.ts";
import type * as Spec from "../../validate/spec-types.ts";
import { byCodeUnit } from "../../order.ts";

/**
 * Rich sections: the products they show are sold there, their links lead somewhere, their tabs
 * point at sections of the same page, their stages exist, their images exist (as do the
 * catalogue's and the organisation's).
 */
export function checkSections(cx: LinkContext): void {
  const { specs, report, regions, checkRegion, checkProduct, checkCampaign, noteProductUse } = cx;
  const { catalogue, pages } = specs;
  // The catalogue and artwork.yaml make the image keys: when either failed to load (its own
  // error says why), a key not made is no mistake of the file naming it.
  const keysKnown = catalogue !== undefined && specs.artwork !== undefined;
  const campaignUses = new Map<string, { campaign: string; location: Location }[]>();
  const checkImage = (key: string | undefined, location: Location, campaign?: string) => {
    if (key === undefined || !keysKnown) return;
    if (cx.images.has(key)) cx.imagesNamed.add(key);
    else report("missing-image", { key, suggestion: closest(key, cx.images.keys()) }, location);
    if (campaign && specs.campaigns.has(campaign))
      campaignUses.set(key, [...(campaignUses.get(key) ?? []), { campaign, location }]);
  };
  if (specs.organisation) checkImage(specs.organisation.data.logo, at(specs.organisation, ["logo"]));
  for (const [, campaign] of specs.campaigns)
    for (const [code, entries] of Object.entries(campaign.data.promotion ?? {}))
      entries.forEach((entry, i) =>
        checkImage(
          entry.homeBanner?.image,
          at(campaign, ["promotion", code, i, "homeBanner", "image"]),
          campaign.spec.name,
        ),
      );
  const mistaken = cx.mistakenLandings;
  let videos: ReadonlySet<string> | undefined;
  for (const [pageId, content] of specs.content) {
    const written = Object.keys(content.data.sections ?? {});
    const unbuilt = sectionsOutsidePage(cx, pageId, content);
    for (const [code, sections] of Object.entries(content.data.sections ?? {})) {
      if (!checkRegion(code, at(content, ["sections", code], true), written)) continue;
      const region = regions.get(code);
      if (!region || unbuilt.has(code)) continue;
      // A page that names the wrong campaign (landing-campaign-mistaken) numbers its stages by another.
      const pageCampaign = mistaken.has(pageId) ? undefined : findPage(pages?.data.pages ?? {}, pageId)?.campaign;
      const page: PageSections = { content, pageId, region: code, given: sectionIds(code, sections) };
      const ids = idsOfPage(cx, page);
      checkIdsUnique(cx, page, pageCampaign);
      const pagePath = regionPath(region.prefix, pageId);
      const anchors: AnchorUse[] = [];
      /** A link to an #anchor of this same page must name a section (or product group) it has. */
      const checkAnchor = (text: string, where: PathSegment[]) => {
        const parsed = parseLink(text);
        if (parsed.kind !== "internal" || !parsed.anchor) return;
        const target = linkTarget(parsed, region.prefix);
        if ((parsed.path === "" && !parsed.absolute) || target === pagePath)
          anchors.push({ anchor: parsed.anchor, link: text, where });
      };
      sections.forEach((section, i) => {
        const path: PathSegment[] = ["sections", code, i];
        const show = (productId: string, where: PathSegment[]) => {
          const canonical = checkProduct(productId, at(content, where));
          noteProductUse(canonical, code, `page ${pageId} shows it there`, at(content, where));
          return canonical;
        };
        // A list of products shows each once: an item copied and its product left is a second card
        // of the first (an alias and the product it names are one product).
        const showOnce = () => {
          const listed = new Set<string>();
          return (productId: string, where: PathSegment[]) => {
            const canonical = show(productId, where);
            if (canonical && listed.has(canonical))
              report("product-listed-twice", { product: productId, canonical }, at(content, where));
            if (canonical) listed.add(canonical);
            return canonical;
          };
        };
        const campaignId = section.campaign ?? pageCampaign;
        if (section.campaign) checkCampaign(section.campaign, at(content, [...path, "campaign"]));
        if (campaignId && specs.campaigns.has(campaignId))
          checkStageNumbers(cx, campaignId, section.stage, content, path);
        if ("image" in section) checkImage(section.image, at(content, [...path, "image"]), campaignId);
        switch (section.type) {
          case "preview": {
            const showInPreview = showOnce();
            const shown = section.products.map((p, j) => ({
              product: showInPreview(p, [...path, "products", j]),
              location: at(content, [...path, "products", j]),
            }));
            checkOffered(cx, campaignId, code, shown);
            break;
          }
          case "products":
            section.groups.forEach((g, j) => {
              const showInGroup = showOnce();
              g.items.forEach((item, k) => showInGroup(item.product, [...path, "groups", j, "items", k, "product"]));
            });
            break;
          case "cards":
            section.items.forEach((item, j) => {
              const product = item.product && show(item.product, [...path, "items", j, "product"]);
              if (product) checkCardIsItsProduct(cx, content, [...path, "items", j], item, product);
              if (item.link) checkLink(cx, region, content, [...path, "items", j, "link"], item.link);
              checkImage(item.image, at(content, [...path, "items", j, "image"]), campaignId);
            });
            break;
          case "comparison": {
            const showInChart = showOnce();
            section.products.forEach((p, j) => showInChart(p, [...path, "products", j]));
            break;
          }
          case "offers":
            section.items.forEach((item, j) => {
              if (item.link) checkLink(cx, region, content, [...path, "items", j, "link"], item.link);
              if (item.link) checkAnchor(item.link, [...path, "items", j, "link"]);
              checkImage(item.image, at(content, [...path, "items", j, "image"]), campaignId);
            });
            break;
          case "quotes":
            section.items.forEach((item, j) => checkImage(item.icon, at(content, [...path, "items", j, "icon"])));
            break;
          case "feature":
            if (section.video && !(videos ??= videoKeys()).has(section.video))
              report(
                "missing-video",
                { key: section.video, suggestion: closest(section.video, videos) },
                at(content, [...path, "video"]),
              );
            break;
          case "gallery":
            section.images.forEach((key, j) => checkImage(key, at(content, [...path, "images", j])));
            break;
          case "tabs":
            checkTabs(cx, content, path, section.items, anchors);
            break;
          case "booking":
            if (sellsNoProduct(cx, pageId))
              report(
                "page-missing-subject",
                { page: pageId, template: "booking section", field: "product" },
                at(content, [...path, "type"]),
              );
            break;
          case "banner":
          case "promo":
            if (section.link) checkLink(cx, region, content, [...path, "link"], section.link);
            if (section.link) checkAnchor(section.link, [...path, "link"]);
            break;
        }
      });
      reportBrokenAnchors(cx, page, ids, anchors);
    }
  }
  reportImagesOfOtherCampaigns(cx, campaignUses);
}

/**
 * The regions a content file writes sections for where its page is not (pages.yaml): never built,
 * so nothing in them is judged (their links would count against the page's regions), and said
 * once for the file (navigation.ts, reportLinksElsewhere).
 */
function sectionsOutsidePage(cx: LinkContext, pageId: string, content: Valid<Spec.PageContent>): Set<string> {
  const page = cx.specs.pages ? findPage(cx.specs.pages.data.pages, pageId) : undefined;
  if (!page) return new Set();
  const pageIn = pageRegions(page, [...cx.regions.keys()]);
  // (A region the page's list names mistyped is that error's: its sections are judged as ever.)
  const unbuilt = Object.keys(content.data.sections ?? {}).filter(
    (code) => cx.regions.has(code) && !pageIn.includes(code) && !regionMistyped(cx, page, code),
  );
  if (unbuilt.length > 0)
    cx.unbuiltSections.set(pageId, {
      regions: unbuilt,
      pageRegions: pageIn,
      location: at(content, ["sections", unbuilt[0]!], true),
    });
  return new Set(unbuilt);
}

/** A page's tabs: each leads to a section of the page (noted in `anchors`), and to its own. */
function checkTabs(
  cx: LinkContext,
  content: Valid<unknown>,
  path: PathSegment[],
  items: readonly { label: string; link: string }[],
  anchors: AnchorUse[],
): void {
  // A tab copied and its link left shows one section twice.
  const tabFor = new Map<string, string>();
  items.forEach((item, j) => {
    const where: PathSegment[] = [...path, "items", j, "link"];
    anchors.push({ anchor: item.link.slice(1), link: item.link, where });
    const other = tabFor.get(item.link);
    if (other !== undefined)
      cx.report("tab-duplicate-link", { label: item.label, other, link: item.link }, at(content, where));
    else tabFor.set(item.link, item.label);
  });
}

/**
 * A product's card is that product's in its words and picture too: a card copied from the Elite
 * Optimus Prime's, its product changed and its title or image left, shows the Elite's name or
 * picture beside the Grimlock's price and link. A bundle's card may show what the bundle holds.
 */
function checkCardIsItsProduct(
  cx: LinkContext,
  content: Valid<unknown>,
  path: PathSegment[],
  item: { title?: string; image?: string },
  product: string,
): void {
  const catalogue = cx.specs.catalogue?.data.products ?? {};
  const related = (other: string) =>
    [catalogue[product]?.bundle, catalogue[other]?.bundle].some((held) =>
      held?.some((id) => [product, other].includes(cx.canonicalProduct(id) ?? id)),
    );
  const named =
    item.title && !cx.productNames.names(item.title, product)
      ? cx.productNames.otherNamed(item.title, product)
      : undefined;
  if (named && !related(named.product))
    cx.report(
      "card-other-product",
      { product, other: named.product, field: "title", value: named.written },
      at(content, [...path, "title"]),
    );
  const drawnFor =
    item.image && catalogue[product]?.image !== item.image
      ? Object.keys(catalogue).find((id) => !catalogue[id]!.aliasOf && catalogue[id]!.image === item.image)
      : undefined;
  if (drawnFor && drawnFor !== product && !related(drawnFor))
    cx.report(
      "card-other-product",
      { product, other: drawnFor, field: "image", value: item.image! },
      at(content, [...path, "image"]),
    );
}

/**
 * A picture drawn in one campaign's colours (artwork.yaml `campaign:`) shown for another's: a
 * Christmas-green banner on the Black Friday page (a warning: the page is built). When no use is
 * its campaign's, the drawing names the wrong campaign: one warning there, not one per use.
 */
function reportImagesOfOtherCampaigns(
  cx: LinkContext,
  uses: ReadonlyMap<string, readonly { campaign: string; location: Location }[]>,
): void {
  const artwork = cx.specs.artwork;
  if (!artwork) return;
  // Campaigns drawn alike (a campaign copied for next year, its art kept) show the same picture.
  const artOf = (id: string) => JSON.stringify(cx.specs.campaigns.get(id)?.data.art ?? null);
  // The uses shown for another campaign than the one they are drawn for, by the two campaigns.
  type Use = { campaign: string; location: Location };
  const pairs = new Map<
    string,
    { drawnFor: string; campaign: string; keys: string[]; uses: Use[]; onlyFor: boolean }
  >();
  for (const [key, list] of uses) {
    const drawnFor = artwork.data.images[key]?.campaign;
    // A campaign that does not exist (renamed, removed) has its own error.
    if (!drawnFor || !cx.specs.campaigns.has(drawnFor)) continue;
    const others = list.filter((use) => use.campaign !== drawnFor && artOf(use.campaign) !== artOf(drawnFor));
    if (others.length === 0) continue;
    const onlyFor = others.length === list.length && new Set(others.map((use) => use.campaign)).size === 1;
    for (const use of others) {
      const pair = `${drawnFor}\n${use.campaign}`;
      const misused = pairs.get(pair) ?? { drawnFor, campaign: use.campaign, keys: [], uses: [], onlyFor: true };
      pairs.set(pair, misused);
      if (!misused.keys.includes(key)) misused.keys.push(key);
      misused.uses.push(use);
      misused.onlyFor &&= onlyFor;
    }
  }
  for (const { drawnFor, campaign, keys, uses: shown, onlyFor } of pairs.values()) {
    const [key] = keys;
    if (keys.length === 1 && onlyFor)
      // No use is its campaign's: the drawing names the wrong one.
      cx.report(
        "image-other-campaign",
        { key: key!, drawnFor, campaign, uses: shown.length },
        at(artwork, ["images", key!, "campaign"]),
      );
    else {
      // A page given another campaign (next year's) shows the last one's pictures: one warning,
      // whose hint makes them all right at once, at the first place in reading order.
      const [first] = [...shown].sort(
        (a, b) => byCodeUnit(a.location.file, b.location.file) || a.location.offset - b.location.offset,
      );
      cx.report(
        "image-other-campaign",
        { key: key!, drawnFor, campaign, ...(shown.length > 1 ? { more: shown.length - 1, keys } : {}) },
        first!.location,
      );
    }
  }
}

/**
 * The products a campaign's preview shows ("prices for every stage") have the campaign's offers in
 * the region: else the preview shows no price for them at any stage. One warning for the preview.
 */
function checkOffered(
  cx: LinkContext,
  campaignId: string | undefined,
  region: string,
  shown: readonly { product: string | undefined; location: Location }[],
): void {
  const campaign = campaignId ? cx.specs.campaigns.get(campaignId)?.data : undefined;
  if (!campaign?.regions.includes(region)) return;
  const offers = regionEntry(campaign.offers, region, Object.keys(cx.specs.site?.data.regions ?? {}));
  const offered = Object.keys(offers ?? {}).map((id) => cx.canonicalProduct(id));
  // A product the preview cannot show (unknown, or twice) has its own diagnostic.
  const [first, ...others] = shown.filter(
    (p): p is { product: string; location: Location } => p.product !== undefined && !offered.includes(p.product),
  );
  if (first)
    cx.report(
      "preview-without-offer",
      {
        product: first.product,
        campaign: campaignId!,
        region,
        ...(others.length > 0 ? { others: others.map((o) => o.product) } : {}),
      },
      first.location,
    );
}

/** A page's sections in one region, as the id rules read them. */
interface PageSections {
  content: Valid<Spec.PageContent>;
  pageId: string;
  region: string;
  /** sectionIds of its sections, listed once for the rules that read them. */
  given: SectionId[];
}

/** A link or tab to an #anchor of its own page, and where it is written. */
interface AnchorUse {
  anchor: string;
  link: string;
  where: PathSegment[];
}

/**
 * The #anchors of a page's links and tabs that name no id it has: each a broken-anchor where it
 * is written; or, when several name one id the page lacks and a section's id comes closest to it
 * with nothing linking to it (deals renamed Deals), one renamed-definition at that id.
 */
function reportBrokenAnchors(
  cx: LinkContext,
  page: PageSections,
  ids: ReadonlySet<string>,
  uses: readonly AnchorUse[],
): void {
  const { content, pageId, region } = page;
  const linked = new Set(uses.map((u) => u.anchor));
  const unlinked = new Map(page.given.filter((e) => !linked.has(e.id)).map((e) => [e.id, e.path]));
  const broken = new Map<string, AnchorUse[]>();
  for (const u of uses) if (!ids.has(u.anchor)) broken.set(u.anchor, [...(broken.get(u.anchor) ?? []), u]);
  const elementIds = [...ids].filter(isElementId);
  for (const [anchor, named] of broken) {
    // The links to an id mistyped into one its schema refuses ('9deals') follow from that id's own error.
    if (!isElementId(closest(anchor, ids) ?? anchor)) continue;
    const renamed = named.length >= 2 ? closest(anchor, unlinked.keys()) : undefined;
    if (renamed) {
      cx.report(
        "renamed-definition",
        { kind: "section id", defined: renamed, used: anchor, uses: named.length, files: [content.spec.source.path] },
        at(content, unlinked.get(renamed)!),
      );
      unlinked.delete(renamed);
    } else
      for (const u of named)
        cx.report(
          "broken-anchor",
          { link: u.link, page: pageId, region, suggestion: closest(anchor, elementIds) },
          at(content, u.where),
        );
  }
}

/**
 * A page's scrollTo names an element it has, in every region that carries it: else the page opens
 * at its top, and nothing says why. One error for the regions where it has none.
 */
export function checkScrollTargets(cx: LinkContext): void {
  const pages = cx.specs.pages;
  if (!pages) return;
  const missing = new Map<string, { id: string; regions: string[]; suggestion?: string }>();
  for (const route of cx.routes) {
    if (!route.scrollTo || !route.template || route.childrenOnly) continue;
    const content = cx.specs.content.get(route.page);
    if (!content) continue;
    const given = sectionIds(route.region, content.data.sections?.[route.region] ?? []);
    const ids = idsOfPage(cx, { pageId: route.page, given });
    if (ids.has(route.scrollTo)) continue;
    const found =
      missing.get(route.page) ??
      missing
        .set(route.page, { id: route.scrollTo, regions: [], suggestion: closest(route.scrollTo, ids) })
        .get(route.page)!;
    found.regions.push(route.region);
  }
  for (const [page, { id, regions, suggestion }] of missing)
    cx.report(
      "broken-anchor",
      { link: `scrollTo: ${id}`, page, region: regions.join(", "), suggestion },
      at(pages, [...pageYamlPath(page), "scrollTo"]),
    );
}

/**
 * No two sections (or product groups) shown at once on a page have one id: a link or a tab to it
 * would lead to the first. Sections for different stages of one campaign never show together,
 * and may share an id (Black Friday's special offers, one block for stages 1-2, one for 3).
 */
function checkIdsUnique(cx: LinkContext, page: PageSections, pageCampaign: string | undefined): void {
  type Shown = { campaign: string | undefined; stage: readonly number[] | undefined };
  // Every page's own ids (main, header) are there at all times.
  const given = new Map<string, Shown[]>(pageAnchors.map((id) => [id, [{ campaign: undefined, stage: undefined }]]));
  const together = (a: readonly number[] | undefined, b: readonly number[] | undefined) =>
    !a || !b || a.some((n) => b.includes(n));
  for (const { id, path, section } of page.given) {
    const campaign = section.campaign ?? pageCampaign;
    const before: Shown[] = given.get(id) ?? given.set(id, []).get(id)!;
    if (before.some((b) => b.campaign !== campaign || together(b.stage, section.stage)))
      cx.report("duplicate-id", { id, page: page.pageId, region: page.region }, at(page.content, path));
    before.push({ campaign, stage: section.stage });
  }
}

/**
 * Whether the page of a booking section names no product for it to sell (unknown when pages.yaml
 * failed to load or does not list the page). A product page without its product is one error at
 * the page (routes.ts), not also one per region's booking section.
 */
function sellsNoProduct(cx: LinkContext, pageId: string): boolean {
  const pages = cx.specs.pages;
  const page = pages && !cx.unlistedContent.has(pageId) ? findPage(pages.data.pages, pageId) : undefined;
  return page !== undefined && !page.product && page.template !== "product";
}
