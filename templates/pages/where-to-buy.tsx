import type { PageData } from "../../compiler/compile/route-data.ts";
import "./where-to-buy.css";

export function WhereToBuyPage({ page }: { page: Extract<PageData, { template: "where-to-buy" }> }) {
  return (
    <section className="where-to-buy">
      <h1>{page.title}</h1>
      <ul className="dealer-list" id="dealers">
        {page.dealers.map((d, i) => (
          <li key={i} className="dealer">
            <h2>{d.title}</h2>
            <address>
              <span className="visually-hidden">{page.labels.address}: </span>
              {d.address.map((line, j) => (
                <span key={j} className="address-line">
                  {line}
                </span>
              ))}
            </address>
            <a className="button" href={d.href} target="_blank" rel="noopener">
              {page.labels.visitStore}
              <span className="visually-hidden"> {d.title}</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
