import type { ProductCard as Card } from "../../compiler/compile/route-data.ts";
import { ProductPrice } from "./PriceTag.tsx";

export function ProductCard({ card, learnMore }: { card: Card; learnMore: string }) {
  const name = card.name.split("\n");
  return (
    <article className={`product-card is-${card.availability}`}>
      <img src={`/images/${card.image}.svg`} alt="" width={320} height={240} loading="lazy" />
      <h3>
        {name.map((line, i) => (
          <span key={i} className="name-line">
            {line}
          </span>
        ))}
      </h3>
      <ProductPrice card={card} />
      <div className="card-actions">
        {card.href ? (
          <a href={card.href} className="link-more">
            {learnMore}
            <span className="visually-hidden"> {name.join(" ")}</span>
          </a>
        ) : null}
        {card.availability === "soldOut" || !card.buy ? (
          <span className="button is-disabled" aria-disabled="true">
            {card.actionLabel}
          </span>
        ) : (
          <a className="button" href={card.buy} target="_blank" rel="noopener">
            {card.actionLabel}
            <span className="visually-hidden"> {name.join(" ")}</span>
          </a>
        )}
      </div>
    </article>
  );
}
