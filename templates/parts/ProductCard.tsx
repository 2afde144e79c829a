// A product as a card: its picture (with a badge while it is not simply on sale), name, price
// and the ways on: the product page and the shop.
import type { ProductCard as Card } from "../../compiler/compile/route-data.ts";
import { Picture } from "./Picture.tsx";
import { ProductPrice } from "./PriceTag.tsx";
import "./ProductCard.css";

export function ProductCard({ card, learnMore }: { card: Card; learnMore: string }) {
  const name = card.name.split("\n");
  return (
    <article className={`product-card is-${card.availability}`}>
      <div className="product-card__media">
        <Picture image={card.image} />
        {card.availability === "buy" ? null : <span className="badge badge--state">{card.actionLabel}</span>}
      </div>
      <div className="product-card__body">
        <h3 className="product-card__name">
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
            <span className="button button--small is-disabled" aria-disabled="true">
              {card.actionLabel}
            </span>
          ) : (
            <a className="button button--small" href={card.buy} target="_blank" rel="noopener">
              {card.actionLabel}
              <span className="visually-hidden"> {name.join(" ")}</span>
            </a>
          )}
        </div>
      </div>
    </article>
  );
}
