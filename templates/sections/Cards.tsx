// A grid of cards: products (with their price and the shop's button) or pages, each with its
// picture, title and a line about it.
import type { SectionData } from "../../compiler/compile/route-data.ts";
import { Picture } from "../parts/Picture.tsx";
import { ProductPrice } from "../parts/PriceTag.tsx";
import { FittedHeading } from "../parts/FittedHeading.tsx";
import "../parts/ProductCard.css";
import "./Cards.css";

export function Cards({ section: s }: { section: Extract<SectionData, { type: "cards" }> }) {
  return (
    <section className="section cards" id={s.id ?? undefined} data-section="cards">
      {s.title ? <FittedHeading className="section-title" text={s.title} /> : null}
      <ul className="card-grid">
        {s.items.map((c, i) => (
          <li key={i} className={`product-card${c.product ? ` is-${c.product.availability}` : ""}`}>
            {c.image ? (
              <div className="product-card__media">
                <Picture image={c.image} />
                {c.product && c.product.availability !== "buy" ? (
                  <span className="badge badge--state">{c.product.actionLabel}</span>
                ) : null}
              </div>
            ) : null}
            <div className="product-card__body">
              <h3 className="product-card__name">{c.title}</h3>
              {c.subtitle ? <p className="card__subtitle">{c.subtitle}</p> : null}
              {c.product ? <ProductPrice card={c.product} /> : null}
              <div className="card-actions">
                {c.href ? (
                  <a className="link-more" href={c.href}>
                    {s.learnMore}
                    <span className="visually-hidden"> {c.title}</span>
                  </a>
                ) : null}
                {c.product?.buy && c.product.availability !== "soldOut" ? (
                  <a className="button button--small" href={c.product.buy} target="_blank" rel="noopener">
                    {c.product.actionLabel}
                    <span className="visually-hidden"> {c.title}</span>
                  </a>
                ) : null}
              </div>
              {c.copyright ? <p className="copyright-line">{c.copyright}</p> : null}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
