import type { SectionData } from "../../compiler/compile/route-data.ts";

export function Offers({ section: s }: { section: Extract<SectionData, { type: "offers" }> }) {
  return (
    <section className="section offers" id={s.id ?? undefined} data-section="offers">
      {s.title ? <h2>{s.title}</h2> : null}
      <ul className="offer-list">
        {s.items.map((o, i) => (
          <li key={i}>
            {o.image ? <img src={`/images/${o.image}.svg`} alt="" width={320} height={200} loading="lazy" /> : null}
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
