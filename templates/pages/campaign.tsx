// A campaign page: its sections in the order the spec lists them, as live at build time.
import type { PageData } from "../../compiler/compile/route-data.ts";
import { Sections } from "../sections/index.tsx";

export function CampaignPage({ page }: { page: Extract<PageData, { template: "campaign" }> }) {
  return (
    <article className="campaign" data-campaign={page.campaign}>
      <h1 className="visually-hidden">{page.title}</h1>
      <Sections sections={page.sections} />
    </article>
  );
}
