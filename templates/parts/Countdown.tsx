// 'Ends in' countdown of the live stage, as the server renders it: four tiles with no figures,
// since the server has no clock to show. runtime/countdown.ts makes it tick in the browser from
// the server's time, with no React: four numbers a second need no component on the client, and so
// a campaign page loads no React at first (templates/islands/hydration.ts).
import type { SectionData } from "../../compiler/compile/route-data.ts";
import "./Countdown.css";

export type CountdownData = NonNullable<Extract<SectionData, { type: "timeline" }>["countdown"]>;

export function Countdown({ endsAt, labels }: CountdownData) {
  return (
    <div className="countdown" role="timer" aria-live="off" data-countdown={endsAt} data-ended={labels.ended}>
      <span className="countdown-title">{labels.title}</span>{" "}
      <span className="countdown-units">
        {[labels.days, labels.hours, labels.minutes, labels.seconds].map((label) => (
          <span key={label} className="countdown-unit">
            <span className="countdown-value">--</span> <span className="countdown-label">{label}</span>{" "}
          </span>
        ))}
      </span>
    </div>
  );
}
