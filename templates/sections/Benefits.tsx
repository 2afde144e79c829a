// The shop's promises in a strip: an icon (drawn inline) over each label.
import type { SectionData } from "../../compiler/compile/route-data.ts";
import type { CSSProperties } from "react";
import { Breakable } from "../parts/Breakable.tsx";
import { widestWordEm } from "../parts/word-width.ts";
import { BenefitIcon } from "./BenefitIcon.tsx";
import "./Benefits.css";

/**
 * The widest word of the labels as --label-em, for the grid's columns (Benefits.css). An address
 * breaks after its @ (Breakable), so its two halves count as words.
 */
function labelFit(labels: string[]): CSSProperties {
  const em = Math.max(0, ...labels.map((label) => widestWordEm(label.replaceAll("@", "@ "))));
  return { "--label-em": em } as CSSProperties;
}

export function Benefits({ section: s }: { section: Extract<SectionData, { type: "benefits" }> }) {
  return (
    <section className="section benefits" id={s.id ?? undefined} data-section="benefits">
      <ul className="benefits-list" style={labelFit(s.items.map((b) => b.label))}>
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
