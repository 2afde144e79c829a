import type { SectionData } from "../../compiler/compile/route-data.ts";
import { FittedHeading } from "../parts/FittedHeading.tsx";
import "./Terms.css";

export function Terms({ section: s }: { section: Extract<SectionData, { type: "terms" }> }) {
  return (
    <section className="section terms" id={s.id ?? undefined} data-section="terms">
      <FittedHeading text={s.title} />
      {s.paragraphs.map((p, i) => (
        <p key={i}>{p}</p>
      ))}
    </section>
  );
}
