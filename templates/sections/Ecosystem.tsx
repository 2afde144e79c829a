import type { SectionData } from "../../compiler/compile/route-data.ts";
import { FittedHeading } from "../parts/FittedHeading.tsx";
import "./Ecosystem.css";

export function Ecosystem({ section: s }: { section: Extract<SectionData, { type: "ecosystem" }> }) {
  return (
    <section className="section ecosystem" id={s.id ?? undefined} data-section="ecosystem">
      <FittedHeading className="section-title" text={s.title} />
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
