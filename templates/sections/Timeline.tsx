// The campaign's stages with their dates, and the 'Ends in' countdown of the live stage (an
// island: it ticks from the server's time, not the visitor's clock).
import type { SectionData } from "../../compiler/compile/route-data.ts";
import Countdown from "../islands/Countdown.tsx";
import { Island } from "../parts/Island.tsx";

export function Timeline({ section: s }: { section: Extract<SectionData, { type: "timeline" }> }) {
  return (
    <section className="section timeline" id={s.id ?? undefined} data-section="timeline">
      {s.title ? <h2>{s.title}</h2> : null}
      <ol className="timeline-stages">
        {s.stages.map((stage) => (
          <li
            key={stage.number}
            className={`stage is-${stage.state}`}
            data-stage={stage.number}
            aria-current={stage.state === "live" ? "step" : undefined}
          >
            <strong>{stage.name}</strong>
            <span className="stage-dates">
              {stage.start}
              {stage.end && stage.end !== stage.start ? ` – ${stage.end}` : ""}
            </span>
          </li>
        ))}
      </ol>
      {s.countdown ? <Island name="countdown" component={Countdown} props={s.countdown} /> : null}
    </section>
  );
}
