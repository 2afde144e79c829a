// A comparison chart; each product's availability (Out of Stock) comes from the catalogue. The
// table scrolls sideways inside its frame on a screen too narrow for it, never the page; the frame
// takes focus, so a keyboard can scroll it too.
import type { SectionData } from "../../compiler/compile/route-data.ts";
import { Picture } from "../parts/Picture.tsx";
import "./Comparison.css";

export function Comparison({ section: s }: { section: Extract<SectionData, { type: "comparison" }> }) {
  return (
    <section className="section comparison" id={s.id ?? undefined} data-section="comparison">
      <h2 className="comparison-title">{s.title}</h2>
      <section
        className="comparison-frame"
        aria-label={s.title}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a frame that scrolls must take focus so the keyboard can scroll it (axe scrollable-region-focusable)
        tabIndex={0}
      >
        <table className="comparison-table">
          <thead>
            <tr>
              <td />
              {s.products.map((p) => (
                <th key={p.id} scope="col" className="comparison-product">
                  <Picture image={p.image} className="comparison-image" alt="" />
                  <span className="comparison-name">{p.name.replace(/\n/g, " ")}</span>{" "}
                  <span className={`availability is-${p.availability}`}>{p.actionLabel}</span>
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
    </section>
  );
}
