import type { SectionData } from "../../compiler/compile/route-data.ts";
import "./Ecosystem.css";
import { wordFit } from "../parts/word-fit.ts";

export function Ecosystem({ section: s }: { section: Extract<SectionData, { type: "ecosystem" }> }) {
  return (
    <section className="section ecosystem" id={s.id ?? undefined} data-section="ecosystem">
      <h2 className="section-title" style={wordFit(s.title)}>
        {s.title}
      </h2>
      <ul>
        {s.items.map((e, i) => (
          <li key={i}>
            <a href={e.href} target="_blank" rel="noopener">
              <strong>{e.title}</strong>
            </a>
            <p>{e.describe}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
