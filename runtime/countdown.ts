// Makes the 'Ends in' countdowns of a page tick (templates/parts/Countdown.tsx renders their tiles
// with no figures). They follow the server's time (clock.ts), never the visitor's clock, and show
// no figure until it has arrived. At zero a countdown shows the stage as ended and never reloads
// on the clock: the page stays as built until a newer build is deployed, and then it reloads once
// (deployed-build.ts). Plain DOM, started with the page: it runs unseen, since the reload must
// come whether or not the shopper has scrolled to it.
import { serverClock } from "./clock.ts";
import { reloadWhenDeployed, sessionStore } from "./deployed-build.ts";

function remaining(ms: number) {
  const total = Math.max(0, Math.floor(ms / 1000));
  return {
    days: Math.floor(total / 86400),
    hours: Math.floor((total % 86400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}

/** Starts every countdown under `root`; returns what stops them all (a navigation leaving the page). */
export function startCountdowns(root: ParentNode): () => void {
  const stops = [...root.querySelectorAll<HTMLElement>("[data-countdown]")].map(startCountdown);
  return () => {
    for (const stop of stops) stop();
  };
}

function startCountdown(element: HTMLElement): () => void {
  const endsAt = Number(element.dataset.countdown);
  const values = [...element.querySelectorAll(".countdown-value")];
  let stopAsking: (() => void) | undefined;
  const tick = () => {
    // Until the server's time has arrived there is nothing true to show.
    if (!serverClock.synced) return;
    const now = serverClock.now();
    if (now >= endsAt) {
      clearInterval(timer);
      showEnded(element);
      stopAsking = reloadWhenDeployed(endsAt, { storage: sessionStore(), reload: () => location.reload() });
      return;
    }
    const left = remaining(endsAt - now);
    [left.days, left.hours, left.minutes, left.seconds].forEach((value, i) => {
      const text = String(value).padStart(2, "0");
      if (values[i] && values[i].textContent !== text) values[i].textContent = text;
    });
  };
  const timer = setInterval(tick, 1000);
  tick();
  return () => {
    clearInterval(timer);
    stopAsking?.();
  };
}

/** The stage as ended: the tiles give way to one line, said once to a screen reader (a status). */
function showEnded(element: HTMLElement): void {
  const title = document.createElement("span");
  title.className = "countdown-title";
  title.textContent = element.dataset.ended ?? "";
  element.className = "countdown is-ended";
  element.setAttribute("role", "status");
  element.removeAttribute("aria-live");
  element.dataset.state = "ended";
  element.replaceChildren(title);
}
