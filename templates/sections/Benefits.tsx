// The shop's promises in a strip: an icon (drawn inline) over each label.
import type { SectionData } from "../../compiler/compile/route-data.ts";
import { Breakable } from "../parts/Breakable.tsx";
import { BenefitIcon } from "./BenefitIcon.tsx";
import "./Benefits.css";

export function Benefits({ section: s }: { section: Extract<SectionData, { type: "benefits" }> }) {
  return (
    <section className="section benefits" id={s.id ?? undefined} data-section="benefits">
      <ul className="benefits-list">
        {s.items.map((b, i) => (
          <li key={i} className="benefits-item" data-icon={b.icon}>
            <span className="benefits-badge">
              <BenefitIcon icon={b.icon} />
            </span>{" "}
            <span className="benefits-label">
              <Breakable text={b.label} />
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
