import type { Price } from "../../compiler/route-data.ts";

export function PriceTag({ price, className = "price" }: { price: Price; className?: string }) {
  return (
    <span className={className} data-currency={price.currency}>
      {price.text}
    </span>
  );
}
