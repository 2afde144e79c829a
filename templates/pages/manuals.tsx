// Manuals: one table per product series with name, size and update time.
import type { PageData } from "../../compiler/compile/route-data.ts";
import "./manuals.css";

export function ManualsPage({ page }: { page: Extract<PageData, { template: "manuals" }> }) {
  return (
    <section className="manuals">
      <h1>{page.title}</h1>
      {page.groups.map((group) => (
        <section key={group.series} className="manual-series" data-series={group.series}>
          <h2>{group.label}</h2>
          <table>
            <thead>
              <tr>
                <th scope="col">{page.labels.name}</th>
                <th scope="col">{page.labels.size}</th>
                <th scope="col">{page.labels.updated}</th>
              </tr>
            </thead>
            <tbody>
              {group.files.map((f) => (
                <tr key={f.name}>
                  <td>
                    <a href={f.href} download>
                      {f.name}
                    </a>
                  </td>
                  <td>{f.size}</td>
                  <td>
                    <time dateTime={f.date}>{f.date}</time>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ))}
    </section>
  );
}
