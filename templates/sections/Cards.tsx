import type { SectionData } from "../../compiler/compile/route-data.ts";
import { ProductPrice } from "../parts/PriceTag.tsx";

export function Cards({ section: s }: { section: Extract<SectionData, { type: "cards" }> }) {
  return (
    <section className="section cards" id={s.id ?? undefined} data-section="cards">
      {s.title ? <h2>{s.title}</h2> : null}
      <ul className="card-list">
        {s.items.map((c, i) => (
          <li key={i} className="card">
            {c.image ? <img src={`/images/${c.image}.svg`} alt="" width={320} height={240} loading="lazy" /> : null}
            <h3>{c.title}</h3>
            {c.subtitle ? <p>{c.subtitle}</p> : null}
            {c.product ? <ProductPrice card={c.product} /> : null}
            <div className="card-actions">
              {c.href ? (
                <a className="link-more" href={c.href}>
                  {s.learnMore}
                  <span className="visually-hidden"> {c.title}</span>
                </a>
              ) : null}
              {c.product?.buy && c.product.availability !== "soldOut" ? (
                <a className="button" href={c.product.buy} target="_blank" rel="noopener">
                  {c.product.actionLabel}
                  <span className="visually-hidden"> {c.title}</span>
                </a>
              ) : null}
            </div>
            {c.copyright ? <p className="copyright-line">{c.copyright}</p> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
