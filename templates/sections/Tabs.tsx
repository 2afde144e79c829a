// Tabs that jump to sections of the page (#special-offers, #lucky-draw).
import type { SectionData } from "../../compiler/compile/route-data.ts";
import "./Tabs.css";

export function Tabs({ section: s }: { section: Extract<SectionData, { type: "tabs" }> }) {
  return (
    <nav
      className="section page-tabs"
      id={s.id ?? undefined}
      data-section="tabs"
      aria-label={s.items.map((i) => i.label).join(" / ")}
    >
      {s.items.map((t) => (
        <a key={t.href} className="page-tabs__link" href={t.href}>
          {t.label}
        </a>
      ))}
    </nav>
  );
}
