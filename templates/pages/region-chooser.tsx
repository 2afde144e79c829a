// Choose your region: the heading in all six languages and the countries to pick from.
import type { PageData } from "../../compiler/compile/route-data.ts";
import "./region-chooser.css";

export function RegionChooserPage({ page }: { page: Extract<PageData, { template: "region-chooser" }> }) {
  const [first, ...others] = page.headings;
  return (
    <section className="region-chooser">
      {first ? (
        <hgroup lang={first.language}>
          <h1>{first.title}</h1>
          <p>{first.description}</p>
        </hgroup>
      ) : null}
      <ul className="region-headings">
        {others.map((h) => (
          <li key={h.language} lang={h.language}>
            <strong>{h.title}</strong> <span>{h.description}</span>
          </li>
        ))}
      </ul>
      <ul className="region-options">
        {page.options.map((o) => (
          <li key={`${o.country}-${o.region}`}>
            <a href={o.href} data-country={o.country} data-region={o.region}>
              <span className="country-code">{o.country}</span> {o.label}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
