// The campaign's stages with their dates, and the 'Ends in' countdown of the live stage (it ticks
// from the server's time, not the visitor's clock: runtime/countdown.ts).
import type { SectionData } from "../../compiler/compile/route-data.ts";
import { Countdown } from "../parts/Countdown.tsx";
import "./Timeline.css";

export function Timeline({ section: s }: { section: Extract<SectionData, { type: "timeline" }> }) {
  return (
    <section className="section timeline" id={s.id ?? undefined} data-section="timeline">
      {s.title ? <h2 className="timeline-title">{s.title}</h2> : null}
      <ol className="timeline-stages">
        {s.stages.map((stage) => (
          <li
            key={stage.number}
            className={`timeline-stage is-${stage.state}`}
            data-stage={stage.number}
            aria-current={stage.state === "live" ? "step" : undefined}
          >
            <span className="timeline-stage__marker" aria-hidden="true">
              {stage.number}
            </span>{" "}
            <strong className="timeline-stage__name">{stage.name}</strong>{" "}
            <span className="timeline-stage__dates">
              {stage.start}
              {stage.end && stage.end !== stage.start ? ` – ${stage.end}` : ""}
            </span>{" "}
            <span className="timeline-stage__state">{s.stateLabels[stage.state]}</span>
          </li>
        ))}
      </ol>
      {s.countdown ? <Countdown {...s.countdown} /> : null}
    </section>
  );
}
