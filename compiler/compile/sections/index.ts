// The rich sections of campaign, home and product pages, one builder per kind, for one region as
// the time stage resolved it. What every kind shares happens here: the embargo (a section gated
// by stages that are not live is left out), filling placeholders with the section's campaign's
// figures, and dropping links to anchors of sections the page does not show. Every price shown is
// the price in force (the product's card), so no two parts of a page disagree.

import type { RegionModel, RouteModel } from "../../link/model.ts";
import type * as Spec from "../../validate/spec-types.ts";
import type { CompileContext } from "../context.ts";
import type { Link, SectionData } from "../route-data.ts";
import { bannerSection } from "./banner.ts";
import { benefitsSection } from "./benefits.ts";
import { bookingSection } from "./booking.ts";
import { cardsSection } from "./cards.ts";
import { communitySection } from "./community.ts";
import { comparisonSection } from "./comparison.ts";
import { ecosystemSection } from "./ecosystem.ts";
import { faqSection } from "./faq.ts";
import { featureSection } from "./feature.ts";
import { gallerySection } from "./gallery.ts";
import { luckyDrawSection } from "./lucky-draw.ts";
import { moreSurprisesSection } from "./more-surprises.ts";
import { offersSection } from "./offers.ts";
import type { SectionBuilder, SectionKind } from "./place.ts";
import { previewSection } from "./preview.ts";
import { productsSection } from "./products.ts";
import { promoSection } from "./promo.ts";
import { quotesSection } from "./quotes.ts";
import { subscribeSection } from "./subscribe.ts";
import { tabsSection } from "./tabs.ts";
import { termsSection } from "./terms.ts";
import { timelineSection } from "./timeline.ts";
import { voiceCommandsSection } from "./voice-commands.ts";

const builders: { [K in SectionKind]: SectionBuilder<K> } = {
  banner: bannerSection,
  subscribe: subscribeSection,
  benefits: benefitsSection,
  timeline: timelineSection,
  preview: previewSection,
  products: productsSection,
  offers: offersSection,
  "lucky-draw": luckyDrawSection,
  tabs: tabsSection,
  terms: termsSection,
  promo: promoSection,
  cards: cardsSection,
  ecosystem: ecosystemSection,
  quotes: quotesSection,
  feature: featureSection,
  gallery: gallerySection,
  "voice-commands": voiceCommandsSection,
  comparison: comparisonSection,
  faq: faqSection,
  booking: bookingSection,
  community: communitySection,
  "more-surprises": moreSurprisesSection,
};

/** The sections a page shows in a region: `leading` ones (a home's promotion banners), then its own. */
export function pageSections(
  cx: CompileContext,
  route: RouteModel,
  region: RegionModel,
  leading: readonly Spec.RichSection[] = [],
): SectionData[] {
  const written = cx.pageContent(route)?.sections?.[region.code] ?? [];
  const inForce = cx.time.region(region.code);
  const shown: SectionData[] = [];
  for (const section of leading.length ? [...leading, ...written] : written) {
    const campaign = section.campaign ?? route.campaign;
    const live = campaign ? inForce.live(campaign) : null;
    // Embargo: a section gated by stages shows only while one of them is live.
    if (section.stage && (!live || !section.stage.includes(live.number))) continue;
    const filled = cx.fillAll(region, section, campaign);
    const build = builders[filled.type] as SectionBuilder<SectionKind>;
    // The first section's image loads first, but on a product page, which opens with its product.
    const first = shown.length === 0 && route.template !== "product";
    const built = build(filled, { cx, route, region, inForce, campaign, live, first });
    if (built) shown.push(built);
  }
  return withoutDanglingAnchors(shown, route.path);
}

/**
 * A link to an anchor of this page whose section is not shown (not live yet, say) would lead
 * nowhere: the button goes, as a link to an unreleased page does.
 */
function withoutDanglingAnchors(sections: SectionData[], pagePath: string): SectionData[] {
  const ids = new Set(sections.flatMap((s) => [s.id, ...(s.type === "products" ? s.groups.map((g) => g.id) : [])]));
  const dangling = (link: Link | null) => {
    if (!link || link.external) return false;
    const [path, anchor] = link.href.split("#");
    return anchor !== undefined && (path === "" || path === pagePath) && !ids.has(anchor);
  };
  return sections.map((s) => {
    switch (s.type) {
      case "banner":
        return dangling(s.link) ? { ...s, link: null } : s;
      case "promo":
        return dangling(s.button) ? { ...s, button: null } : s;
      case "offers":
        return { ...s, items: s.items.map((i) => (dangling(i.button) ? { ...i, button: null } : i)) };
      case "tabs":
        return { ...s, items: s.items.filter((i) => !dangling({ ...i, href: pagePath + i.href })) };
      default:
        return s;
    }
  });
}
