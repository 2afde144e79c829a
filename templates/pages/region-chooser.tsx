// Choose your region: the heading in all six languages and the countries to pick from.
import type { PageData } from "../../compiler/compile/route-data.ts";
import "./region-chooser.css";

export function RegionChooserPage({ page }: { page: Extract<PageData, { template: "region-chooser" }> }) {
  const [first, ...others] = page.headings;
  return (
    <section className="region-chooser">
      {first ? (
        <hgroup className="region-chooser__heading" lang={first.language}>
          <h1>{first.title}</h1>
          <p>{first.description}</p>
        </hgroup>
      ) : null}
      <ul className="region-options">
        {page.options.map((o) => (
          <li key={`${o.country}-${o.region}`}>
            <a className="region-option" href={o.href} data-country={o.country} data-region={o.region}>
              <span className="country-code" aria-hidden="true">
                {o.country}
              </span>{" "}
              <span className="region-option__label">{o.label}</span>
            </a>
          </li>
        ))}
      </ul>
      <ul className="region-headings">
        {others.map((h) => (
          <li key={h.language} lang={h.language}>
            <strong>{h.title}</strong> <span>{h.description}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
