// "More surprises": a campaign page's teaser that more deals and gifts are on the way.
import type { SectionData } from "../../compiler/compile/route-data.ts";
import "./MoreSurprises.css";

export function MoreSurprises({ section: s }: { section: Extract<SectionData, { type: "more-surprises" }> }) {
  return (
    <section className="section more-surprises" id={s.id ?? undefined} data-section="more-surprises">
      <p className="more-surprises-describe">{s.describe}</p>
      {s.subDescribe ? <p className="more-surprises-sub">{s.subDescribe}</p> : null}
    </section>
  );
}
