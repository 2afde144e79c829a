import type { SectionData } from "../../compiler/compile/route-data.ts";

export function LuckyDraw({ section: s }: { section: Extract<SectionData, { type: "lucky-draw" }> }) {
  return (
    <section className="section lucky-draw" id={s.id ?? undefined} data-section="lucky-draw">
      {s.image ? <img src={`/images/${s.image}.svg`} alt="" width={480} height={320} loading="lazy" /> : null}
      <h2>{s.title}</h2>
      <p className="lucky-draw-describe">{s.describe}</p>
      {s.paragraphs.map((p, i) => (
        <p key={i}>{p}</p>
      ))}
    </section>
  );
}
