// Manuals: one card per product series, its files in a table with name, size and update time.
import type { PageData } from "../../compiler/compile/route-data.ts";
import { FittedHeading, titleFit } from "../parts/FittedHeading.tsx";
import "./manuals.css";

export function ManualsPage({ page }: { page: Extract<PageData, { template: "manuals" }> }) {
  return (
    <section className="manuals" style={titleFit(page.title)}>
      <FittedHeading as="h1" className="manuals-title" text={page.title} />
      <div className="manuals-series-list">
        {page.groups.map((group) => (
          <section key={group.series} className="manual-series" data-series={group.series}>
            <h2 className="manual-series__title">{group.label}</h2>
            <table className="manual-table">
              <thead>
                <tr>
                  <th scope="col">{page.labels.name}</th>
                  <th scope="col" className="manual-size">
                    {page.labels.size}
                  </th>
                  <th scope="col" className="manual-date">
                    {page.labels.updated}
                  </th>
                </tr>
              </thead>
              <tbody>
                {group.files.map((f) => (
                  <tr key={f.name}>
                    <td>
                      <a className="manual-file" href={f.href} download>
                        {f.name}
                      </a>
                      {/* On a phone the size and date columns fold into this line under the name. */}
                      <span className="manual-meta">
                        {f.size} · <time dateTime={f.date}>{f.date}</time>
                      </span>
                    </td>
                    <td className="manual-size">{f.size}</td>
                    <td className="manual-date">
                      <time dateTime={f.date}>{f.date}</time>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        ))}
      </div>
    </section>
  );
}
