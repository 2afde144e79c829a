import type { SectionData } from "../../compiler/compile/route-data.ts";
import { wordFit } from "../parts/word-fit.ts";
import "./Terms.css";

export function Terms({ section: s }: { section: Extract<SectionData, { type: "terms" }> }) {
  return (
    <section className="section terms" id={s.id ?? undefined} data-section="terms">
      <h2 style={wordFit(s.title)}>{s.title}</h2>
      {s.paragraphs.map((p, i) => (
        <p key={i}>{p}</p>
      ))}
    </section>
  );
}
