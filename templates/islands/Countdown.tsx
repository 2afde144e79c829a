// 'Ends in' countdown of the live stage. It ticks from the server's time (runtime/clock.ts), not
// the visitor's clock. At zero it shows the stage as ended and never reloads on the clock: the
// page stays as built until a newer build is deployed, and then it reloads once
// (runtime/deployed-build.ts).
import { useEffect, useState } from "react";
import { serverClock } from "../../runtime/clock.ts";
import { reloadWhenDeployed, sessionStore } from "../../runtime/deployed-build.ts";
import "./Countdown.css";

export interface CountdownProps {
  /** Epoch ms at which the live stage ends. */
  endsAt: number;
  labels: { title: string; days: string; hours: string; minutes: string; seconds: string; ended: string };
}

export function remaining(ms: number) {
  const total = Math.max(0, Math.floor(ms / 1000));
  return {
    days: Math.floor(total / 86400),
    hours: Math.floor((total % 86400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}

export default function Countdown({ endsAt, labels }: CountdownProps) {
  // The server render has no clock to show; the first client render fills it in.
  const [now, setNow] = useState<number | null>(null);
  const ended = now !== null && now >= endsAt;
  useEffect(() => {
    // Until the server's time has arrived there is nothing true to show.
    const tick = () => {
      if (!serverClock.synced) return;
      const current = serverClock.now();
      setNow(current);
      if (current >= endsAt) clearInterval(timer);
    };
    const timer = setInterval(tick, 1000);
    tick();
    return () => clearInterval(timer);
  }, [endsAt]);
  useEffect(() => {
    if (!ended) return;
    return reloadWhenDeployed(endsAt, { storage: sessionStore(), reload: () => location.reload() });
  }, [ended, endsAt]);
  if (ended) {
    return (
      <div className="countdown is-ended" role="status" data-state="ended">
        <span className="countdown-title">{labels.ended}</span>
      </div>
    );
  }
  const left = remaining(now === null ? 0 : endsAt - now);
  const units = [
    [left.days, labels.days],
    [left.hours, labels.hours],
    [left.minutes, labels.minutes],
    [left.seconds, labels.seconds],
  ] as const;
  return (
    <div className="countdown" role="timer" aria-live="off">
      <span className="countdown-title">{labels.title}</span>{" "}
      <span className="countdown-units">
        {units.map(([value, label]) => (
          <span key={label} className="countdown-unit">
            <span className="countdown-value">{now === null ? "--" : String(value).padStart(2, "0")}</span>{" "}
            <span className="countdown-label">{label}</span>{" "}
          </span>
        ))}
      </span>
    </div>
  );
}
