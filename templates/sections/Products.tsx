// Product groups with tabs (links to each group). Prices: the live stage's sale price against
// the list price, with the saving, percent off and instalment derived by compile.
import type { SaleItem, SectionData } from "../../compiler/compile/route-data.ts";
import { Picture } from "../parts/Picture.tsx";
import { PaymentMethods } from "../parts/PaymentMethods.tsx";
import { PriceTag } from "../parts/PriceTag.tsx";
import { FittedHeading } from "../parts/FittedHeading.tsx";
import "../parts/ProductCard.css";
import "./Products.css";

function Item({ item, labels }: { item: SaleItem; labels: { buy: string; learnMore: string; soldOut: string } }) {
  const name = item.product.name.replace(/\n/g, " ");
  const soldOut = item.product.availability === "soldOut";
  return (
    <li className={`sale-item is-${item.product.availability}`} data-product={item.product.id}>
      <div className="product-card__media sale-item__media">
        <Picture image={item.product.image} />
        <span className="sale-item__badges">
          {item.identify ? <span className="badge badge--mark">{item.identify}</span> : null}
          {item.product.availability === "buy" ? null : (
            <span className="badge badge--state">{item.product.actionLabel}</span>
          )}
        </span>
      </div>
      <h4 className="sale-item__name">{name}</h4>
      {item.describe ? <p className="sale-item__describe">{item.describe}</p> : null}
      <p className="sale-prices price-block">
        {item.salePrice ? <PriceTag price={item.salePrice} className="price sale-price" of={item.product.id} /> : null}
        {item.listPrice ? (
          item.salePrice ? (
            <>
              {" "}
              <del className="list-price">
                <PriceTag price={item.listPrice} />
              </del>
            </>
          ) : (
            <PriceTag price={item.listPrice} of={item.product.id} />
          )
        ) : null}
      </p>
      {item.save || item.off ? (
        <p className="saving">
          {item.save ? <span className="saving__amount">{item.save}</span> : null}
          {item.save && item.off ? " " : null}
          {item.off ? <span className="off">{item.off}</span> : null}
        </p>
      ) : null}
      {item.installment ? <p className="installment">{item.installment}</p> : null}
      <PaymentMethods methods={item.paymentMethods} />
      {item.extendedWarranty ? <p className="extended-warranty">{item.extendedWarranty}</p> : null}
      {item.gifts.length ? (
        <ul className="gifts">
          {item.gifts.map((g) => (
            <li key={g.key} className="gift">
              <Picture image={g} alt="" />
              <span>{g.alt}</span>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="card-actions">
        {item.learnMore ? (
          <a className="link-more" href={item.learnMore.href}>
            {item.learnMore.label}
            <span className="visually-hidden"> {name}</span>
          </a>
        ) : null}
        {soldOut || !item.buy ? (
          <span className="button button--small is-disabled" aria-disabled="true">
            {soldOut ? labels.soldOut : item.product.actionLabel}
          </span>
        ) : (
          <a className="button button--small" href={item.buy} target="_blank" rel="noopener">
            {item.product.actionLabel}
            <span className="visually-hidden"> {name}</span>
          </a>
        )}
      </div>
    </li>
  );
}

export function Products({ section: s }: { section: Extract<SectionData, { type: "products" }> }) {
  return (
    <section className="section products" id={s.id ?? undefined} data-section="products">
      {s.title ? <FittedHeading className="section-title" text={s.title} /> : null}
      {s.groups.length > 1 ? (
        <nav className="group-tabs" aria-label={s.title ?? undefined}>
          {s.groups.map((g) => (
            <a key={g.id} href={`#${g.id}`}>
              {g.label}
            </a>
          ))}
        </nav>
      ) : null}
      {s.groups.map((g) => (
        <section key={g.id} id={g.id} className="product-group">
          <h3>{g.title ?? g.label}</h3>
          {g.content ? <p>{g.content}</p> : null}
          <ul className="sale-items card-grid">
            {g.items.map((item) => (
              <Item key={item.product.id} item={item} labels={s.labels} />
            ))}
          </ul>
        </section>
      ))}
    </section>
  );
}
