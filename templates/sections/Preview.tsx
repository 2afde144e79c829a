// Products with their price per stage. A stage that has not started shows 'UNLOCK SOON' and
// '??': its price is not in the page at all (embargo).
import type { SectionData } from "../../compiler/compile/route-data.ts";
import { Picture } from "../parts/Picture.tsx";
import { PriceTag } from "../parts/PriceTag.tsx";
import "./Preview.css";

export function Preview({ section: s }: { section: Extract<SectionData, { type: "preview" }> }) {
  return (
    <section className="section preview" id={s.id ?? undefined} data-section="preview">
      {s.title ? <h2 className="preview-title">{s.title}</h2> : null}
      <ul className="preview-items">
        {s.items.map((item) => (
          <li key={item.product.id} className="preview-item">
            <Picture image={item.product.image} />
            <h3 className="preview-name">{item.product.name.replace(/\n/g, " ")}</h3>
            {item.listPrice ? (
              <del className="list-price">
                <PriceTag price={item.listPrice} />
              </del>
            ) : null}
            <ol className="stage-prices">
              {item.prices.map((p) => (
                <li key={p.stage} className={`stage-price is-${p.state}`} data-stage={p.stage}>
                  <span className="stage-name">{p.name}</span>{" "}
                  {p.text !== null ? (
                    <span className="price">{p.text}</span>
                  ) : p.state === "upcoming" ? (
                    <span className="stage-locked">
                      <span className="price price-hidden">??</span> <span className="unlock-soon">{s.unlockSoon}</span>
                    </span>
                  ) : (
                    <span className="price">–</span>
                  )}
                </li>
              ))}
            </ol>
          </li>
        ))}
      </ul>
    </section>
  );
}
