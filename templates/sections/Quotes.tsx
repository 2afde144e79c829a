import type { SectionData } from "../../compiler/compile/route-data.ts";
import { Picture } from "../parts/Picture.tsx";

export function Quotes({ section: s }: { section: Extract<SectionData, { type: "quotes" }> }) {
  return (
    <section className="section quotes" id={s.id ?? undefined} data-section="quotes">
      {s.title ? <h2>{s.title}</h2> : null}
      <ul>
        {s.items.map((q, i) => (
          <li key={i}>
            <figure>
              <blockquote>{q.comment}</blockquote>
              <figcaption>
                {q.icon ? <Picture image={q.icon} className="quote-icon" /> : null} {q.commentator}
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}
