import type { Price, ProductCard } from "../../compiler/compile/route-data.ts";
import "./PriceTag.css";

/** A price; `of` marks it as the price in force of that product, which every part of a page agrees on. */
export function PriceTag({ price, className = "price", of }: { price: Price; className?: string; of?: string }) {
  return (
    <span className={className} data-currency={price.currency} data-price-of={of}>
      {price.text}
    </span>
  );
}

/** A product's price in force, with its list price struck through while a sale price applies. */
export function ProductPrice({ card, className }: { card: ProductCard; className?: string }) {
  if (!card.price) return null;
  return (
    <span className="price-block">
      <PriceTag price={card.price} className={className} of={card.id} />
      {card.listPrice ? (
        <>
          {" "}
          <del className="list-price">
            <PriceTag price={card.listPrice} />
          </del>
        </>
      ) : null}
    </span>
  );
}
