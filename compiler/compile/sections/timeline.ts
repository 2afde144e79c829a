// A campaign's stages in the region, each over, live or upcoming, and a countdown to the end of
// the live one.

import type { StageAt } from "../../time/index.ts";
import type { SectionOf, StageInfo } from "../route-data.ts";
import type { SectionPlace, WrittenSection } from "./place.ts";

export function timelineSection(
  section: WrittenSection<"timeline">,
  { cx, region, inForce, campaign, live }: SectionPlace,
): SectionOf<"timeline"> | null {
  if (!campaign) return null;
  return {
    type: "timeline",
    id: section.id ?? null,
    title: section.title ?? null,
    stages: inForce.stages(campaign).map(stageInfo),
    stateLabels: {
      over: cx.message(region.language, "ui.timeline.over"),
      live: cx.message(region.language, "ui.timeline.live"),
      upcoming: cx.message(region.language, "ui.timeline.upcoming"),
    },
    countdown: live?.end ? { endsAt: live.end.toMillis(), labels: region.settings.countdown } : null,
  };
}

function stageInfo(s: StageAt): StageInfo {
  return { number: s.number, name: s.name, start: s.startDate, end: s.endDate, state: s.state };
}
