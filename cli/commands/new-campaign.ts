// `site new campaign <id>`: a campaign file to start from, every field explained where it is
// written, that passes `site check` as it is (warning that it shows nothing until its offers or
// promotion are written). Its dates are the coming week, in each region's days.

import type { DateTime } from "luxon";

export interface CampaignSkeleton {
  id: string;
  name: string;
  regions: string[];
  /** The first day of the campaign (its first stage). */
  start: DateTime;
}

const ID = /^[a-z0-9][a-z0-9-]*$/;

/** Why an id cannot name a campaign file, or null. */
export function campaignIdProblem(id: string): string | null {
  return ID.test(id)
    ? null
    : `'${id}' cannot name a campaign: use lowercase letters, digits and dashes (summer-sale-2026)`;
}

export function campaignSkeleton(c: CampaignSkeleton): string {
  const day = (t: DateTime) => t.toISODate()!;
  const first = c.start.startOf("day");
  return `# yaml-language-server: $schema=../../schemas/campaign.schema.json
# ${c.name}: written by \`site new campaign ${c.id}\`. Fill in the stages, prices and entry points,
# then run \`site check\` and \`site check-windows\` to see when each part shows.
name: ${c.name}
regions: [${c.regions.join(", ")}]

# Stages follow each other; a pause between two must be declared (gapBefore: true). A date is that
# day in each region's own zone; an end is the first moment over (half-open). Times with a zone
# or offset are instants: 2026-11-27T09:00 Europe/Paris, or set zone: below and write local times.
# zone: Europe/Paris
stages:
  - name: Early access
    start: ${day(first)}
    end: ${day(first.plus({ days: 3 }))}
  - name: Main sale
    start: ${day(first.plus({ days: 3 }))}
    end: ${day(first.plus({ days: 7 }))}

# Sale prices, per region and product, one per stage (~ where a stage has none); each below the
# product's list price in prices.yaml. They are the price everywhere while their stage is live.
# offers:
#   us:
#     eliteOptimusPrime: [599, 549]

# Where shoppers see the campaign, per region and stage. Give the campaign a page in pages.yaml
# (template: campaign, campaign: ${c.id}) and these lead there; its window comes from the stages.
# Headlines derive their figure: "Up to {upTo}% OFF"; {dates} gives the stage's dates. Terms on
# the page write a stage's period as {stage1Start} to {stage1End}, never as dates of their own.
# promotion:
#   us:
#     - stage: [1, 2]
#       textBanner: { label: "${c.name}: up to {upTo}% off, {dates}", bg: red }
#       menu: { label: ${c.name}, icon: hot }
#       homeBanner: { title: ${c.name}, discount: "Up to {upTo}% OFF", linkText: Shop Now, showDates: true }

# Shop links on its page carry these, so the shop can tell where an order came from.
# buyQuery: { utm_source: mechanova.com, utm_medium: referral, utm_campaign: ${c.id} }
`;
}
