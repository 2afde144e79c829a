import type { SectionData } from "../../compiler/compile/route-data.ts";
import "./Promo.css";

export function Promo({ section: s }: { section: Extract<SectionData, { type: "promo" }> }) {
  return (
    <section className="section promo" id={s.id ?? undefined} data-section="promo">
      {s.image ? <img src={`/images/${s.image}.svg`} alt="" width={480} height={320} loading="lazy" /> : null}
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
