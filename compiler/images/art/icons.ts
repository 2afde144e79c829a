// Glyphs on a 24-unit grid: the benefits' icons, the gifts, and the company's pictures (support,
// news, warranty, download, store), drawn large in the brand's or campaign's palette.

import type { ImageModel } from "../../link/model.ts";
import { mix, shade } from "./colour.ts";

/** Stroked outlines, 24 x 24. */
const GLYPHS: Record<string, string> = {
  "price-guarantee": "M3 12V3h9l9 9-9 9zM7.5 7.5h.01M9 13l2 2 4-4",
  "membership-benefit": "M12 2.5l2.9 6 6.6.9-4.8 4.6 1.2 6.5L12 17.4l-5.9 3.1 1.2-6.5-4.8-4.6 6.6-.9z",
  "customer-support": "M4 15v-3a8 8 0 0 1 16 0v3M4 14h3v6H4zM17 14h3v6h-3zM20 20c0 1.5-2 2-5 2",
  "enjoy-sooner": "M2 6h20v13H2zM2 10.5h20M6 15h4",
  "free-shipping": "M1 6h13v10H1zM14 9h4.5l3.5 4v3h-8zM5.5 19.5a2 2 0 1 0 0-.1M17.5 19.5a2 2 0 1 0 0-.1",
  "exchange-policy": "M4 11a8 8 0 0 1 14-5l2 2M20 3v5h-5M20 13a8 8 0 0 1-14 5l-2-2M4 21v-5h5",
  clothing: "M8 3L3 6l2 4.5 3-1V21h8V9.5l3 1L21 6l-5-3c-1 2.2-7 2.2-8 0z",
  insulatedCup: "M6 4h12M7 4l1 17h8l1-17M7.5 9h9",
  hat: "M3 16a9 8 0 0 1 18 0zM3 16h20M12 8V6",
  cap: "M3 16a9 8 0 0 1 18 0zM3 16h20M12 8V6",
  tshirt: "M8 3L3 6l2 4.5 3-1V21h8V9.5l3 1L21 6l-5-3c-1 2.2-7 2.2-8 0z",
  mug: "M5 6h11v13a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2zM16 9h2a3 3 0 0 1 0 6h-2",
  bottle: "M10 2h4v3l2 3v13a1 1 0 0 1-1 1H9a1 1 0 0 1-1-1V8l2-3zM8 12h8",
  books: "M4 4h5v17H4zM9 4h5v17H9zM15 5l4-1 3 16-4 1z",
  gift: "M3 9h18v4H3zM5 13h14v8H5zM12 9v12M12 9c-2-5-7-5-6-2s6 2 6 2c2-5 7-5 6-2s-6 2-6 2",
  support: "M4 15v-3a8 8 0 0 1 16 0v3M4 14h3v6H4zM17 14h3v6h-3z",
  news: "M3 4h15v16H5a2 2 0 0 1-2-2zM18 8h3v10a2 2 0 0 1-2 2M7 8h7M7 12h7M7 16h4",
  warranty: "M12 2l8 3v6c0 5-3.5 9-8 11-4.5-2-8-6-8-11V5zM8.5 12l2.5 2.5 4.5-5",
  download: "M12 3v12M7 10l5 5 5-5M4 17v4h16v-4",
  store: "M3 9l2-5h14l2 5M3 9h18v2a3 3 0 0 1-6 0 3 3 0 0 1-6 0 3 3 0 0 1-6 0zM5 13v8h14v-8M10 21v-5h4v5",
  membership: "M2 5h20v14H2zM2 9h20M6 14h5M15 14l1.2 2.4 2.6.4-1.9 1.8.5 2.6",
  offer: "M3 12V3h9l9 9-9 9zM7.5 7.5h.01M9 16l6-6M9.5 10.5h.01M14.5 15.5h.01",
  draw: "M3 7h18v4a2 2 0 0 0 0 4v4H3v-4a2 2 0 0 0 0-4zM9 7v12",
  robot: "M7 8h10v9H7zM12 8V4M12 3.5h.01M4 12h3M17 12h3M10 12h.01M14 12h.01M10 15h4",
};

function glyph(name: string, colour: string, width = 1.8): string {
  const d = GLYPHS[name] ?? GLYPHS.robot!;
  return `<path d="${d}" fill="none" stroke="${colour}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"/>`;
}

/** A small icon, 48 x 48: a tinted disc and the glyph. */
export function icon(image: ImageModel): string {
  const { primary, background } = image.palette;
  return `<circle cx="24" cy="24" r="23" fill="${mix("#ffffff", primary, 0.22)}"/><g transform="translate(12 12)">${glyph(image.item ?? "robot", shade(background, 0.05), 1.9)}</g>`;
}

/** A picture of one thing (a gift, a member card, support), 800 x 600, in the palette. */
export function emblem(image: ImageModel, name: string): string {
  const { background, primary, accent } = image.palette;
  const tint = mix(background, primary, 0.12);
  return (
    `<defs><radialGradient id="e" cx=".5" cy=".45" r=".7"><stop offset="0" stop-color="${shade(tint, 0.18)}"/><stop offset="1" stop-color="${shade(background, -0.2)}"/></radialGradient></defs>` +
    `<rect width="800" height="600" fill="url(#e)"/>` +
    `<circle cx="400" cy="290" r="200" fill="${primary}" opacity=".14"/>` +
    `<circle cx="640" cy="120" r="46" fill="${accent}" opacity=".35"/><circle cx="150" cy="470" r="30" fill="${primary}" opacity=".35"/>` +
    `<g transform="translate(256 146) scale(12)">${glyph(name, primary, 1.5)}</g>` +
    `<g transform="translate(520 370) scale(4)">${glyph("gift" === name ? "membership-benefit" : "gift", accent, 1.6)}</g>`
  );
}

/** A publication's badge, 96 x 96: its initials on a disc. */
export function badge(image: ImageModel): string {
  const words = (image.label ?? "").split(/\s+/).filter((w) => /^\p{L}/u.test(w));
  // Latin names give their initials; a name in CJK script gives its first character.
  const latin = words.filter((w) => /^[A-Za-z\u00c0-\u024f]/.test(w));
  const initials = latin.length
    ? latin
        .map((w) => w[0]!.toUpperCase())
        .slice(0, 2)
        .join("")
    : [...(words[0] ?? "")].slice(0, 1).join("");
  const { background, primary } = image.palette;
  return `<circle cx="48" cy="48" r="46" fill="${background}"/><circle cx="48" cy="48" r="40" fill="none" stroke="${primary}" stroke-width="3"/><text x="48" y="58" font-family="Georgia, 'Times New Roman', serif" font-size="30" font-weight="700" fill="${primary}" text-anchor="middle">${initials}</text>`;
}

/** The company's mark: a robot's head in the brand colours, 64 x 64. */
export function mark(image: ImageModel, x = 0, y = 0, size = 64): string {
  const { background, primary, accent } = image.palette;
  const s = size / 64;
  return `<g transform="translate(${x} ${y}) scale(${s})"><rect width="64" height="64" rx="14" fill="${background}"/><path d="M16 22h32v26H16z" fill="${primary}"/><path d="M30 10h4v12h-4z" fill="${primary}"/><circle cx="32" cy="9" r="4" fill="${accent}"/><rect x="22" y="30" width="20" height="8" rx="4" fill="${background}"/><circle cx="27" cy="34" r="2.5" fill="${accent}"/><circle cx="37" cy="34" r="2.5" fill="${accent}"/><path d="M10 30h6v10h-6zM48 30h6v10h-6z" fill="${shade(primary, -0.25)}"/></g>`;
}

/** The logo: the mark and the company's name, 300 x 56. */
export function logo(image: ImageModel, name: string): string {
  return `${mark(image, 0, 4, 48)}<text x="58" y="38" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif" font-size="24" font-weight="800" letter-spacing="1.5" fill="${image.palette.background}">${name.toUpperCase()}</text>`;
}
