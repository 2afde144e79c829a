// Pre-order: the early-bird block while the early-bird price is in force, the price-recovery
// block after it; the price is the product's price in force, as everywhere else on the page.
import type { SectionData } from "../../compiler/compile/route-data.ts";
import { FittedHeading } from "../parts/FittedHeading.tsx";
import { PriceTag } from "../parts/PriceTag.tsx";
import "./Booking.css";

export function Booking({ section: s }: { section: Extract<SectionData, { type: "booking" }> }) {
  return (
    <section
      className={`section booking is-${s.phase}`}
      id={s.id ?? undefined}
      data-section="booking"
      data-phase={s.phase}
    >
      <div className="booking-offer">
        <FittedHeading className="booking-title" text={s.title} />
        <p className="booking-prices">
          {s.price ? <PriceTag price={s.price} className="price booking-price" of={s.productId} /> : null}{" "}
          {s.phase === "early-bird" && s.listPrice ? (
            <del className="list-price">
              <PriceTag price={s.listPrice} />
            </del>
          ) : null}{" "}
          {s.save ? <span className="saving">{s.save}</span> : null}
        </p>
        <p className="booking-note">{s.note}</p>
        {s.buy ? (
          <a className="button button--large booking-buy" href={s.buy.href} target="_blank" rel="noopener">
            {s.buy.label}
          </a>
        ) : null}
        {s.tips ? <p className="booking-tips">{s.tips}</p> : null}
      </div>
      {s.list.length ? (
        <ol className="booking-list">
          {s.list.map((l, i) => (
            <li key={i} className="booking-step">
              <span className="booking-period">{l.period}</span> <span className="booking-detail">{l.detail}</span>
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}
