// The prize draw: its artwork beside what can be won and how to take part.
import type { SectionData } from "../../compiler/compile/route-data.ts";
import { Picture } from "../parts/Picture.tsx";
import "./LuckyDraw.css";

export function LuckyDraw({ section: s }: { section: Extract<SectionData, { type: "lucky-draw" }> }) {
  return (
    <section className="section lucky-draw" id={s.id ?? undefined} data-section="lucky-draw">
      {s.image ? <Picture image={s.image} className="lucky-draw-image" /> : null}
      <div className="lucky-draw-body">
        <h2 className="lucky-draw-title">{s.title}</h2>
        <p className="lucky-draw-describe">{s.describe}</p>
        {s.paragraphs.map((p, i) => (
          <p key={i}>{p}</p>
        ))}
      </div>
    </section>
  );
}
