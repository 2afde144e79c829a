// Grounds: a campaign's banner backdrop in its palette and motif (light rays, snow, confetti,
// stripes), and the stage a product stands on. Decorative only: the banner's words are HTML.

import type { ImageModel, Palette } from "../../link/model.ts";
import { luminance, mix, shade } from "./colour.ts";

/** A number sequence that is the same on every build (a drawing must not change between builds). */
export function seeded(seed: number): () => number {
  let s = seed * 2654435761;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

export function hashOf(text: string): number {
  let h = 7;
  for (const c of text) h = (h * 31 + c.charCodeAt(0)) % 1000003;
  return h;
}

function motif(image: ImageModel, w: number, h: number): string {
  const { primary, accent } = image.palette;
  const random = seeded(hashOf(image.key) + image.variant);
  switch (image.motif) {
    case "rays": {
      const cx = w * 0.72;
      const cy = h * (image.variant % 2 ? 0.15 : 0.85);
      return Array.from({ length: 14 }, (_, i) => {
        const a = (i / 14) * Math.PI * 2 + random() * 0.1;
        const b = a + 0.09;
        const r = Math.max(w, h) * 1.3;
        return `<path d="M${cx} ${cy}L${cx + r * Math.cos(a)} ${cy + r * Math.sin(a)}L${cx + r * Math.cos(b)} ${cy + r * Math.sin(b)}z" fill="${i % 3 ? primary : accent}" opacity="${i % 3 ? 0.12 : 0.18}"/>`;
      }).join("");
    }
    case "snow":
      return Array.from({ length: 60 }, () => {
        const x = random() * w;
        const y = random() * h;
        const r = 2 + random() * 7;
        return `<circle cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" r="${r.toFixed(1)}" fill="#fff" opacity="${(0.35 + random() * 0.5).toFixed(2)}"/>`;
      }).join("");
    case "confetti":
      return Array.from({ length: 50 }, (_, i) => {
        const x = w * 0.35 + random() * w * 0.65;
        const y = random() * h;
        return `<rect x="${x.toFixed(0)}" y="${y.toFixed(0)}" width="${8 + random() * 14}" height="6" rx="2" transform="rotate(${(random() * 180).toFixed(0)} ${x.toFixed(0)} ${y.toFixed(0)})" fill="${i % 2 ? primary : accent}" opacity=".8"/>`;
      }).join("");
    case "stripes":
      return Array.from({ length: 12 }, (_, i) => {
        const x = w * 0.3 + i * (w / 10);
        return `<path d="M${x} 0h${w / 30}l-${h * 0.6} ${h}h-${w / 30}z" fill="${i % 2 ? primary : accent}" opacity=".16"/>`;
      }).join("");
  }
}

/** A campaign's banner ground: its colours, its motif, two glows on the right, calm on the left for the text. */
export function backdrop(image: ImageModel, w: number, h: number): string {
  const { background, primary, accent } = image.palette;
  const deep = shade(background, -0.35);
  return (
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${deep}"/><stop offset=".6" stop-color="${background}"/><stop offset="1" stop-color="${mix(background, primary, 0.35)}"/></linearGradient>` +
    `<radialGradient id="glow1"><stop offset="0" stop-color="${primary}" stop-opacity=".7"/><stop offset="1" stop-color="${primary}" stop-opacity="0"/></radialGradient>` +
    `<radialGradient id="glow2"><stop offset="0" stop-color="${accent}" stop-opacity=".55"/><stop offset="1" stop-color="${accent}" stop-opacity="0"/></radialGradient>` +
    `<linearGradient id="calm" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${deep}" stop-opacity=".75"/><stop offset=".55" stop-color="${deep}" stop-opacity="0"/></linearGradient></defs>` +
    `<rect width="${w}" height="${h}" fill="url(#bg)"/>` +
    motif(image, w, h) +
    `<circle cx="${w * 0.78}" cy="${h * 0.45}" r="${h * 0.55}" fill="url(#glow1)"/>` +
    `<circle cx="${w * 0.92}" cy="${h * 0.9}" r="${h * 0.35}" fill="url(#glow2)"/>` +
    `<rect width="${w}" height="${h}" fill="url(#calm)"/>`
  );
}

/** The studio a product stands in: a lit ground, a floor and its shadow; light or dark. */
export function stage(palette: Palette, glow: string, w: number, h: number, dark: boolean): string {
  const ground = dark ? shade(palette.background, -0.2) : "#eef1f6";
  const spot = dark ? mix(palette.background, glow, 0.35) : "#ffffff";
  const floor = dark ? shade(palette.background, -0.45) : "#dfe4ec";
  return (
    `<defs><radialGradient id="spot" cx=".5" cy=".42" r=".65"><stop offset="0" stop-color="${spot}"/><stop offset="1" stop-color="${ground}"/></radialGradient></defs>` +
    `<rect width="${w}" height="${h}" fill="url(#spot)"/>` +
    `<rect y="${h * 0.8}" width="${w}" height="${h * 0.2}" fill="${floor}" opacity="${dark ? 0.8 : 0.6}"/>` +
    (dark && luminance(glow) > 0.1
      ? `<path d="M0 ${h * 0.8}H${w}" stroke="${glow}" stroke-width="2" opacity=".5"/>`
      : "") +
    `<ellipse cx="${w / 2}" cy="${h * 0.84}" rx="${w * 0.3}" ry="${h * 0.035}" fill="#000" opacity="${dark ? 0.45 : 0.14}"/>`
  );
}
