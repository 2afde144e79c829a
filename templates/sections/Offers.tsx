import type { SectionData } from "../../compiler/compile/route-data.ts";
import { Picture } from "../parts/Picture.tsx";
import "./Offers.css";

export function Offers({ section: s }: { section: Extract<SectionData, { type: "offers" }> }) {
  return (
    <section className="section offers" id={s.id ?? undefined} data-section="offers">
      {s.title ? <h2 className="offers-title">{s.title}</h2> : null}
      <ul className="offer-list">
        {s.items.map((o, i) => (
          <li key={i} className="offer">
            {o.image ? <Picture image={o.image} className="offer-image" /> : null}
            <h3 className="offer-title">{o.title}</h3>
            <p className="offer-content">{o.content}</p>
            {o.button ? (
              <a
                className="button offer-button"
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
