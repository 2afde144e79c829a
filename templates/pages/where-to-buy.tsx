// Where to buy: a card per dealer with its badge, its addresses and the way to its shop.
import type { PageData } from "../../compiler/compile/route-data.ts";
import { FiguresWhole } from "../parts/Breakable.tsx";
import { Picture } from "../parts/Picture.tsx";
import { FittedHeading } from "../parts/FittedHeading.tsx";
import "./where-to-buy.css";

export function WhereToBuyPage({ page }: { page: Extract<PageData, { template: "where-to-buy" }> }) {
  return (
    <section className="where-to-buy">
      <FittedHeading as="h1" className="where-to-buy-title" text={page.title} />
      <ul className="dealer-list" id="dealers">
        {page.dealers.map((d, i) => (
          <li key={i} className="dealer">
            {d.img ? <Picture image={d.img} className="dealer-image" /> : null}
            <h2 className="dealer-name">{d.title}</h2>
            <address className="dealer-address">
              <span className="visually-hidden">{page.labels.address}: </span>
              {d.address.map((line, j) => (
                <span key={j} className="address-line">
                  <FiguresWhole text={line} />
                </span>
              ))}
            </address>
            <a className="button button--secondary dealer-link" href={d.href} target="_blank" rel="noopener">
              {page.labels.visitStore}
              <span className="visually-hidden"> {d.title}</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
