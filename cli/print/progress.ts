// The progress line of a long build stage, for people at a terminal: counts, redrawn in place,
// shown only once a stage has run for a second (most take far less) and never when the output
// is a file or a pipe, where it would be noise.

export interface ProgressOutput {
  isTTY?: boolean;
  write(text: string): unknown;
}

const SHOW_AFTER_MS = 1000;
const REDRAW_EVERY_MS = 100;

export function createProgress(out: ProgressOutput, now: () => number = () => performance.now()) {
  let stage: string | null = null;
  let startedAt = 0;
  let drawnAt = -Infinity;
  let shown = false;
  const clear = () => {
    if (shown) out.write("\r\x1b[K");
    shown = false;
  };
  return {
    /** A stage reports how far it has come. */
    update(name: string, done: number, total: number): void {
      if (!out.isTTY) return;
      const t = now();
      if (name !== stage) [stage, startedAt, drawnAt] = [name, t, -Infinity];
      if (t - startedAt < SHOW_AFTER_MS || (t - drawnAt < REDRAW_EVERY_MS && done < total)) return;
      out.write(`\r\x1b[K${name.padEnd(8)} ${done.toLocaleString("en-US")} / ${total.toLocaleString("en-US")} pages`);
      [drawnAt, shown] = [t, true];
    },
    /** The stage is over: its line makes way for the stage's summary. */
    done(): void {
      clear();
      stage = null;
    },
  };
}
