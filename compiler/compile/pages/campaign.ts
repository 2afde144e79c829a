// A campaign's landing page: its rich sections, as the campaign's live stage gates them.

import type { RegionModel, RouteModel } from "../../link/model.ts";
import type { CompileContext } from "../context.ts";
import type { PageOf } from "../route-data.ts";
import { pageSections } from "../sections/index.ts";

export function campaignPage(cx: CompileContext, route: RouteModel, region: RegionModel): PageOf<"campaign"> {
  // link made sure a campaign page names a campaign that exists.
  const campaign = cx.model.specs.campaigns.get(route.campaign!)!.data;
  return {
    template: "campaign",
    title: cx.pageTitle(route, region),
    campaign: campaign.name,
    sections: pageSections(cx, route, region),
  };
}
