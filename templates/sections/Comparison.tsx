// A comparison chart; each product's availability (Out of Stock) comes from the catalogue.
import type { SectionData } from "../../compiler/compile/route-data.ts";

export function Comparison({ section: s }: { section: Extract<SectionData, { type: "comparison" }> }) {
  return (
    <section className="section comparison" id={s.id ?? undefined} data-section="comparison">
      <h2>{s.title}</h2>
      <table>
        <thead>
          <tr>
            <td />
            {s.products.map((p) => (
              <th key={p.id} scope="col">
                {p.name.replace(/\n/g, " ")}
                <span className={`availability is-${p.availability}`}> {p.actionLabel}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {s.rows.map((row, i) => (
            <tr key={i}>
              <th scope="row">{row.label}</th>
              {row.values.map((v, j) => (
                <td key={j}>{v}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
