// Colour arithmetic for the drawings: lighter and darker shades of a spec's #rrggbb colours.

function channels(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

const hex2 = (v: number) =>
  Math.round(Math.max(0, Math.min(255, v)))
    .toString(16)
    .padStart(2, "0");

/** The colour mixed with white (amount > 0) or black (amount < 0), amount in -1..1. */
export function shade(hex: string, amount: number): string {
  const target = amount > 0 ? 255 : 0;
  const t = Math.abs(amount);
  return `#${channels(hex)
    .map((c) => hex2(c + (target - c) * t))
    .join("")}`;
}

/** Two colours mixed, t of the second. */
export function mix(a: string, b: string, t: number): string {
  const ca = channels(a);
  const cb = channels(b);
  return `#${ca.map((c, i) => hex2(c + (cb[i]! - c) * t)).join("")}`;
}

/** Relative luminance 0..1: whether a ground is dark enough for light shapes. */
export function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
