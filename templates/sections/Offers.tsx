import type { SectionData } from "../../compiler/compile/route-data.ts";
import { Picture } from "../parts/Picture.tsx";

export function Offers({ section: s }: { section: Extract<SectionData, { type: "offers" }> }) {
  return (
    <section className="section offers" id={s.id ?? undefined} data-section="offers">
      {s.title ? <h2>{s.title}</h2> : null}
      <ul className="offer-list">
        {s.items.map((o, i) => (
          <li key={i}>
            {o.image ? <Picture image={o.image} /> : null}
            <h3>{o.title}</h3>
            <p>{o.content}</p>
            {o.button ? (
              <a
                className="button"
                href={o.button.href}
                {...(o.button.external ? { target: "_blank", rel: "noopener" } : {})}
              >
                {o.button.label}
              </a>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
