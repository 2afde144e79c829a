// A product page: name, price in the region's currency, buy / pre-order / sold-out state,
// payment methods and instalment, highlights and specs. Rich sections come with seed 001 content.
import type { PageData } from "../../compiler/compile/route-data.ts";
import { PaymentMethods } from "../parts/PaymentMethods.tsx";
import { Picture } from "../parts/Picture.tsx";
import { ProductPrice } from "../parts/PriceTag.tsx";
import { Sections } from "../sections/index.tsx";
import { FittedHeading } from "../parts/FittedHeading.tsx";
import "./product.css";

export function ProductPage({ page }: { page: Extract<PageData, { template: "product" }> }) {
  const { product } = page;
  const name = product.name.split("\n");
  // The page's own anchors yield to sections that carry the same id (a rich page's #overview).
  const taken = new Set(page.sections.map((s) => s.id));
  const own = (id: string) => (taken.has(id) ? undefined : id);
  return (
    <article className={`product-page is-${product.availability}`} id={own("banner")}>
      <section className="product-hero" id={own("overview")}>
        <Picture image={page.image} />
        <div className="product-summary">
          <h1>
            {name.map((line, i) => (
              <span key={i} className="name-line">
                {line}
              </span>
            ))}
          </h1>
          <p className="tagline">{page.tagline}</p>
          {product.price ? (
            <p className="product-price">
              <span className="visually-hidden">{page.labels.price} </span>
              <ProductPrice card={product} />
            </p>
          ) : null}
          {page.installment ? <p className="installment">{page.installment}</p> : null}
          {product.availability === "soldOut" || !product.buy ? (
            <span className="button button--large is-disabled" aria-disabled="true" data-state={product.availability}>
              {product.actionLabel}
            </span>
          ) : (
            <a
              className="button button--large"
              href={product.buy}
              target="_blank"
              rel="noopener"
              data-state={product.availability}
            >
              {product.actionLabel}
            </a>
          )}
          <PaymentMethods methods={page.paymentMethods} label={page.labels.paymentMethods} />
        </div>
      </section>
      <section className="product-highlights">
        <ul>
          {page.highlights.map((h, i) => (
            <li key={i}>{h}</li>
          ))}
        </ul>
      </section>
      {page.specs.length ? (
        <section className="product-specs" id={own("specs")}>
          <FittedHeading className="section-title" text={page.labels.specs} />
          <dl>
            {page.specs.map((s, i) => (
              <div key={i} className="spec-row">
                <dt>{s.label}</dt>
                <dd>{s.value}</dd>
              </div>
            ))}
          </dl>
        </section>
      ) : null}
      <Sections sections={page.sections} />
    </article>
  );
}
