// 'Ends in' countdown of the live stage. It ticks from the server's time (runtime/clock.ts), not
// the visitor's clock; at zero the stage has changed, and the page is loaded again for it.
import { useEffect, useState } from "react";
import { serverClock } from "../../runtime/clock.ts";

export interface CountdownProps {
  /** Epoch ms at which the live stage ends. */
  endsAt: number;
  labels: { title: string; days: string; hours: string; minutes: string; seconds: string };
}

export function remaining(ms: number) {
  const total = Math.max(0, Math.floor(ms / 1000));
  return { days: Math.floor(total / 86400), hours: Math.floor((total % 86400) / 3600), minutes: Math.floor((total % 3600) / 60), seconds: total % 60 };
}

export default function Countdown({ endsAt, labels }: CountdownProps) {
  // The server render has no clock to show; the first client render fills it in.
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    // Until the server's time has arrived there is nothing true to show.
    const tick = () => {
      if (!serverClock.synced) return;
      const current = serverClock.now();
      setNow(current);
      if (current >= endsAt) location.reload();
    };
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [endsAt]);
  const left = remaining(now === null ? 0 : endsAt - now);
  const units = [
    [left.days, labels.days],
    [left.hours, labels.hours],
    [left.minutes, labels.minutes],
    [left.seconds, labels.seconds],
  ] as const;
  return (
    <div className="countdown" role="timer" aria-live="off">
      <span className="countdown-title">{labels.title}</span>
      {units.map(([value, label]) => (
        <span key={label} className="countdown-unit">
          <span className="countdown-value">{now === null ? "--" : String(value).padStart(2, "0")}</span> <span className="countdown-label">{label}</span>
        </span>
      ))}
    </div>
  );
}
