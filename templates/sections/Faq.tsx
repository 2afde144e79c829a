// Questions and answers: collapsible without JavaScript (<details>).
import type { SectionData } from "../../compiler/compile/route-data.ts";

export function Faq({ section: s }: { section: Extract<SectionData, { type: "faq" }> }) {
  return (
    <section className="section faq" id={s.id ?? undefined} data-section="faq">
      {s.title ? <h2>{s.title}</h2> : null}
      {s.items.map((item, i) => (
        <details key={i} className="collapse">
          <summary>{item.question}</summary>
          {item.answer.map((p, j) => (
            <p key={j}>{p}</p>
          ))}
        </details>
      ))}
    </section>
  );
}
