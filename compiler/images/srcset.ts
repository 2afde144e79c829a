// Which widths of an image a page offers, and what `sizes` tells the browser: both follow from
// the slot the image fills in the layout (a full-width hero, a card in the product grid, an
// icon) and the layout's breakpoints (constants.yaml `layout`: ipad 768, window 1024).

/** Where an image sits in the layout. */
export type Slot = "hero" | "feature" | "card" | "thumb" | "full" | "icon" | "badge";

/** The layout's breakpoints in CSS pixels (min-width). */
export interface Breakpoints {
  ipad: number;
  window: number;
}

interface SlotRule {
  /** Widths to encode, in CSS pixels at 1x and 2x of the slot's displayed widths. */
  widths: number[];
  sizes(b: Breakpoints): string;
}

// Displayed widths: the container is at most 1200 px; the product grid has one card per row on
// a phone, three from ipad and four from window; a feature image takes half a row on a window.
const SLOTS: Record<Slot, SlotRule> = {
  hero: { widths: [640, 960, 1280, 1920, 2560], sizes: () => "100vw" },
  feature: {
    widths: [400, 640, 800, 1200],
    sizes: (b) => `(min-width: ${b.window}px) 600px, 100vw`,
  },
  card: {
    widths: [320, 480, 640, 800],
    sizes: (b) => `(min-width: ${b.window}px) 300px, (min-width: ${b.ipad}px) 33vw, 100vw`,
  },
  thumb: { widths: [240, 400, 640], sizes: (b) => `(min-width: ${b.ipad}px) 25vw, 50vw` },
  full: { widths: [800, 1280, 1920], sizes: () => "100vw" },
  icon: { widths: [48, 96], sizes: () => "48px" },
  badge: { widths: [48, 96], sizes: () => "48px" },
};

/**
 * The widths to encode of a source `intrinsic` pixels wide for a slot: the slot's widths that
 * the source can fill without being enlarged, and the source's own width when it is smaller
 * than the slot's largest (so the sharpest version a screen can use is there).
 */
export function widthsFor(slot: Slot, intrinsic: number): number[] {
  const fit = SLOTS[slot].widths.filter((w) => w <= intrinsic);
  if (fit.length < SLOTS[slot].widths.length) fit.push(intrinsic);
  return [...new Set(fit)].sort((a, b) => a - b);
}

export function sizesFor(slot: Slot, breakpoints: Breakpoints): string {
  return SLOTS[slot].sizes(breakpoints);
}

/** A srcset attribute: each URL with its width descriptor, narrowest first. */
export function srcset(entries: readonly { url: string; width: number }[]): string {
  return [...entries]
    .sort((a, b) => a.width - b.width)
    .map((e) => `${e.url} ${e.width}w`)
    .join(", ");
}

/** The height of a `width`-wide version of a `w` x `h` source, in whole pixels. */
export function heightAt(width: number, w: number, h: number): number {
  return Math.max(1, Math.round((width * h) / w));
}
