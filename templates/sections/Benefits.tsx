import type { SectionData } from "../../compiler/compile/route-data.ts";

export function Benefits({ section: s }: { section: Extract<SectionData, { type: "benefits" }> }) {
  return (
    <section className="section benefits" id={s.id ?? undefined} data-section="benefits">
      <ul>
        {s.items.map((b, i) => (
          <li key={i} data-icon={b.icon}>
            <img src={`/images/icon-${b.icon}.svg`} alt="" width={40} height={40} />
            <span>{b.label}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
