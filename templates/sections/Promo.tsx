import type { SectionData } from "../../compiler/compile/route-data.ts";
import { Picture } from "../parts/Picture.tsx";
import "./Promo.css";

export function Promo({ section: s }: { section: Extract<SectionData, { type: "promo" }> }) {
  return (
    <section className="section promo" id={s.id ?? undefined} data-section="promo">
      {s.image ? <Picture image={s.image} /> : null}
      <h2>{s.title}</h2>
      {s.subtitle ? <p className="promo-subtitle">{s.subtitle}</p> : null}
      {s.describe ? <p>{s.describe}</p> : null}
      {s.button ? (
        <a
          className="button"
          href={s.button.href}
          {...(s.button.external ? { target: "_blank", rel: "noopener" } : {})}
        >
          {s.button.label}
        </a>
      ) : null}
    </section>
  );
}
