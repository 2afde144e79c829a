// Questions and answers: collapsible without JavaScript (<details>); an answer's height animates
// open and shut in the collapse time of constants.yaml, set on the section from the build.
import type { CSSProperties } from "react";
import type { SectionData } from "../../compiler/compile/route-data.ts";
import "./Faq.css";

export function Faq({ section: s }: { section: Extract<SectionData, { type: "faq" }> }) {
  const timing = { "--collapse-duration": `${s.collapseSeconds}s` } as CSSProperties;
  return (
    <section className="section faq" id={s.id ?? undefined} data-section="faq" style={timing}>
      {s.title ? <h2 className="faq-title">{s.title}</h2> : null}
      <div className="faq-list">
        {s.items.map((item, i) => (
          <details key={i} className="faq-item">
            <summary className="faq-question">{item.question}</summary>
            <div className="faq-answer">
              {item.answer.map((p, j) => (
                <p key={j}>{p}</p>
              ))}
            </div>
          </details>
        ))}
      </div>
    </section>
  );
}
