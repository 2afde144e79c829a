// The home page: its hero, every product the region sells on a page of its own, and its rich
// sections with the banners of live campaigns first.

import type { RegionModel, RouteModel } from "../../link/model.ts";
import type * as Spec from "../../validate/spec-types.ts";
import type { CompileContext } from "../context.ts";
import type { PageOf, ProductCard } from "../route-data.ts";
import { pageSections } from "../sections/index.ts";

export function homePage(cx: CompileContext, route: RouteModel, region: RegionModel): PageOf<"home"> {
  const hero = cx.pageContent(route)?.hero?.[region.language];
  const products = [...cx.productPages(region).keys()]
    .map((productId) => cx.productCard(region, productId))
    .filter((c): c is ProductCard => c !== null);
  return {
    template: "home",
    hero: {
      title: cx.fill(region, hero?.title ?? cx.pageTitle(route, region)),
      subtitle: hero?.subtitle ? cx.fill(region, hero.subtitle) : null,
    },
    products,
    learnMore: region.settings.labels.learnMore,
    sections: pageSections(cx, route, region, promotionBanners(cx, region)),
  };
}

/** The home's promotion banners of live campaigns, as banner sections of their campaign. */
function promotionBanners(cx: CompileContext, region: RegionModel): Spec.RichSection[] {
  return cx.time
    .region(region.code)
    .promotions.filter((p) => p.entry.homeBanner)
    .map(({ campaign, stage, link, entry }) => ({
      type: "banner",
      id: `promotion-${campaign}`,
      campaign,
      stage: [stage.number],
      link,
      ...entry.homeBanner!,
    }));
}
