// A product drawn as what it is: a transforming robot in its catalogue colours, with the features
// of its silhouette (a car's doors and wheels, a truck's windows and stacks, a dinosaur's crown
// and tail, a space ranger's helmet and wings), and the vehicle it becomes. Each figure is an SVG
// group in its own frame: the robot 400 x 520 with its feet at the bottom, the vehicle 520 x 260.

import type { ProductArt } from "../../link/model.ts";
import { shade } from "./colour.ts";

interface Tones {
  body: string;
  light: string;
  dark: string;
  trim: string;
  trimLight: string;
  glow: string;
  id: string;
}

function tones(art: ProductArt, id: string): Tones {
  const { body, trim, glow } = art.palette;
  return { body, light: shade(body, 0.35), dark: shade(body, -0.3), trim, trimLight: shade(trim, 0.25), glow, id };
}

/** The gradients a figure's shapes fill with; ids are prefixed so that two figures can share a picture. */
function defs(t: Tones): string {
  return `<defs><linearGradient id="${t.id}b" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${t.light}"/><stop offset=".55" stop-color="${t.body}"/><stop offset="1" stop-color="${t.dark}"/></linearGradient><linearGradient id="${t.id}t" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${t.trimLight}"/><stop offset="1" stop-color="${t.trim}"/></linearGradient><radialGradient id="${t.id}g"><stop offset="0" stop-color="#fff"/><stop offset=".35" stop-color="${t.glow}"/><stop offset="1" stop-color="${t.glow}" stop-opacity="0"/></radialGradient></defs>`;
}

const mirrored = (g: string) => `${g}<g transform="translate(400 0) scale(-1 1)">${g}</g>`;

/** One side of the limbs (the other is its mirror image). */
function limbs(t: Tones, s: ProductArt["silhouette"]): string {
  const B = `url(#${t.id}b)`;
  const T = `url(#${t.id}t)`;
  const wheel =
    s === "car" || s === "truck" || s === "rover"
      ? `<circle cx="96" cy="176" r="26" fill="#111827"/><circle cx="96" cy="176" r="12" fill="${t.trimLight}"/>`
      : "";
  const cannon = s === "tank" ? `<rect x="40" y="270" width="40" height="120" rx="8" fill="${T}"/>` : "";
  return mirrored(
    `<rect x="150" y="300" width="42" height="100" rx="8" fill="${T}"/>` +
      `<path d="M140 392h58l-6 108h-46z" fill="${B}" stroke="${t.dark}" stroke-width="3"/>` +
      `<rect x="128" y="494" width="74" height="26" rx="8" fill="${T}"/>` +
      `<rect x="96" y="170" width="34" height="92" rx="10" fill="${T}"/>` +
      `<path d="M80 250h52l-6 84H86z" fill="${B}" stroke="${t.dark}" stroke-width="3"/>` +
      `<rect x="88" y="330" width="36" height="30" rx="8" fill="${T}"/>` +
      `<path d="M76 138h66l-8 56H84z" fill="${B}" stroke="${t.dark}" stroke-width="3"/>` +
      wheel +
      cannon,
  );
}

/** Chest and head: where the silhouettes differ most. */
function torso(t: Tones, s: ProductArt["silhouette"]): string {
  const B = `url(#${t.id}b)`;
  const T = `url(#${t.id}t)`;
  const chest: Record<ProductArt["silhouette"], string> = {
    car: `<path d="M148 166h48v52h-56z" fill="${t.glow}" opacity=".55"/><path d="M204 166h48l8 52h-56z" fill="${t.glow}" opacity=".55"/><path d="M96 150l-40-70 30-6 40 72z" fill="${B}" stroke="${t.dark}" stroke-width="3"/><path d="M304 150l40-70-30-6-40 72z" fill="${B}" stroke="${t.dark}" stroke-width="3"/>`,
    truck: `<rect x="142" y="164" width="54" height="56" rx="4" fill="${t.glow}" opacity=".6"/><rect x="204" y="164" width="54" height="56" rx="4" fill="${t.glow}" opacity=".6"/><path d="M160 232h80v40h-80z" fill="${t.trimLight}"/><path d="M166 240h68M166 252h68M166 264h68" stroke="${t.dark}" stroke-width="4"/><rect x="84" y="92" width="14" height="60" rx="4" fill="#cbd5e1"/><rect x="302" y="92" width="14" height="60" rx="4" fill="#cbd5e1"/>`,
    tank: `<path d="M150 170h100l-16 48h-68z" fill="${t.trimLight}"/><circle cx="200" cy="194" r="14" fill="url(#${t.id}g)"/><rect x="260" y="110" width="110" height="26" rx="10" fill="${T}"/>`,
    dinosaur: `<path d="M150 160c20-30 80-30 100 0l-14 40h-72z" fill="${t.dark}"/><circle cx="178" cy="176" r="7" fill="${t.glow}"/><path d="M250 280c60 10 110 40 130 90-40-20-90-30-130-40z" fill="${B}" stroke="${t.dark}" stroke-width="3"/>`,
    "space-ranger": `<rect x="158" y="176" width="84" height="60" rx="12" fill="${t.trimLight}"/><circle cx="180" cy="206" r="9" fill="#ef4444"/><circle cx="204" cy="206" r="9" fill="${t.glow}"/><circle cx="228" cy="206" r="9" fill="#3b82f6"/><path d="M122 170L20 120l10 50 92 30z" fill="${B}" stroke="${t.dark}" stroke-width="3"/><path d="M278 170l102-50-10 50-92 30z" fill="${B}" stroke="${t.dark}" stroke-width="3"/>`,
    rover: `<circle cx="200" cy="214" r="30" fill="${t.trimLight}"/><circle cx="200" cy="214" r="16" fill="url(#${t.id}g)"/>`,
    agent: `<path d="M170 170h60l-10 90h-40z" fill="${t.trimLight}"/><path d="M178 190h44" stroke="${t.glow}" stroke-width="6"/>`,
    "display-base": "",
  };
  const head: Record<ProductArt["silhouette"], string> = {
    car: `<path d="M164 62h72l6 66h-84z" fill="${B}" stroke="${t.dark}" stroke-width="3"/><path d="M160 70l-14-34 18 10zM240 70l14-34-18 10z" fill="${T}"/><rect x="176" y="96" width="48" height="26" rx="6" fill="${t.trim}"/>`,
    truck: `<path d="M166 64h68l4 64h-76z" fill="${t.trim}"/><path d="M194 44h12v28h-12z" fill="${t.trimLight}"/><path d="M158 70l-8-34 14 6zM242 70l8-34-14 6z" fill="${t.trimLight}"/><rect x="178" y="104" width="44" height="22" rx="3" fill="#cbd5e1"/>`,
    tank: `<path d="M162 54h76l-6 74h-64z" fill="#cbd5e1" stroke="${t.dark}" stroke-width="3"/><path d="M180 40h40l-6 26h-28z" fill="${t.trim}"/>`,
    dinosaur: `<path d="M164 66h72l4 62h-80z" fill="${B}" stroke="${t.dark}" stroke-width="3"/><path d="M160 66l10-30 14 18 16-26 16 26 14-18 10 30z" fill="${t.trim}"/>`,
    "space-ranger": `<circle cx="200" cy="92" r="46" fill="${t.glow}" opacity=".25" stroke="#e2e8f0" stroke-width="4"/><path d="M170 96c0-24 60-24 60 0v30h-60z" fill="${t.body}"/><path d="M182 70h36v18h-36z" fill="${t.trim}"/>`,
    rover: `<rect x="130" y="36" width="140" height="100" rx="40" fill="${B}" stroke="${t.dark}" stroke-width="3"/><rect x="150" y="66" width="100" height="46" rx="22" fill="#0f172a"/>`,
    agent: `<path d="M170 62h60l6 64h-72z" fill="${B}" stroke="${t.dark}" stroke-width="3"/><path d="M196 40h8v24h-8z" fill="${t.trim}"/>`,
    "display-base": "",
  };
  const eyes =
    s === "rover"
      ? `<circle cx="178" cy="89" r="14" fill="url(#${t.id}g)"/><circle cx="222" cy="89" r="14" fill="url(#${t.id}g)"/>`
      : s === "dinosaur" || s === "agent"
        ? `<rect x="176" y="86" width="48" height="10" rx="5" fill="${t.glow}"/>`
        : `<circle cx="186" cy="90" r="8" fill="url(#${t.id}g)"/><circle cx="214" cy="90" r="8" fill="url(#${t.id}g)"/>`;
  return (
    `<rect x="150" y="270" width="100" height="46" rx="10" fill="${T}"/>` +
    `<path d="M118 146h164l-18 136H136z" fill="${B}" stroke="${t.dark}" stroke-width="3"/>` +
    chest[s] +
    `<rect x="184" y="122" width="32" height="30" fill="${T}"/>` +
    head[s] +
    eyes
  );
}

/** The display base the AI Base is: a pedestal with a lit ring, in the robot frame. */
function pedestal(t: Tones): string {
  return `<ellipse cx="200" cy="470" rx="170" ry="40" fill="url(#${t.id}t)"/><rect x="30" y="400" width="340" height="70" fill="url(#${t.id}b)"/><ellipse cx="200" cy="400" rx="170" ry="40" fill="${t.light}"/><ellipse cx="200" cy="400" rx="130" ry="28" fill="none" stroke="${t.glow}" stroke-width="8"/><ellipse cx="200" cy="400" rx="150" ry="90" fill="url(#${t.id}g)" opacity=".5"/><circle cx="330" cy="440" r="8" fill="${t.glow}"/>`;
}

/** The robot, 400 x 520, feet on y = 520. */
export function robotFigure(art: ProductArt, id: string): string {
  const t = tones(art, id);
  if (art.silhouette === "display-base") return defs(t) + pedestal(t);
  const small = art.silhouette === "rover";
  const body = limbs(t, art.silhouette) + torso(t, art.silhouette);
  // A rover is a small robot: drawn shorter and wider, on wheels.
  return defs(t) + (small ? `<g transform="translate(20 120) scale(.9 .77)">${body}</g>` : body);
}

/** The vehicle the robot becomes, 520 x 260, wheels on y = 250. */
export function vehicleFigure(art: ProductArt, id: string): string {
  const t = tones(art, id);
  const B = `url(#${t.id}b)`;
  const wheels = (xs: number[], r = 36) =>
    xs
      .map(
        (x) =>
          `<circle cx="${x}" cy="${250 - r}" r="${r}" fill="#0f172a"/><circle cx="${x}" cy="${250 - r}" r="${r * 0.5}" fill="${t.trimLight}"/>`,
      )
      .join("");
  const shapes: Record<ProductArt["silhouette"], string> = {
    car: `<path d="M20 190c0-30 20-44 60-48l70-50c30-16 140-16 190 0l70 42c50 6 90 20 90 56v24H20z" fill="${B}" stroke="${t.dark}" stroke-width="3"/><path d="M170 104c30-10 120-10 160 0l40 36H140z" fill="${t.glow}" opacity=".45"/><path d="M20 200h480" stroke="${t.trim}" stroke-width="10"/>${wheels([120, 400])}`,
    truck: `<rect x="300" y="40" width="200" height="170" rx="14" fill="${B}" stroke="${t.dark}" stroke-width="3"/><rect x="420" y="60" width="64" height="60" rx="6" fill="${t.glow}" opacity=".55"/><rect x="300" y="150" width="200" height="30" fill="${t.trim}"/><rect x="320" y="0" width="14" height="60" fill="#cbd5e1"/><rect x="10" y="110" width="280" height="90" rx="6" fill="${t.trim}"/>${wheels([80, 220, 360, 450], 34)}`,
    tank: `<rect x="40" y="150" width="440" height="70" rx="35" fill="#1f2937"/>${wheels([90, 170, 250, 330, 410], 26)}<path d="M80 150l40-60h260l40 60z" fill="${B}" stroke="${t.dark}" stroke-width="3"/><rect x="300" y="96" width="220" height="22" rx="8" fill="url(#${t.id}t)"/>`,
    dinosaur: `<path d="M40 190c40-20 80-60 150-70 40-60 120-100 200-70 40 16 60 50 40 70l-60-6-20 30c30 30 20 60 0 90h-40l10-70-60 10-30 70h-40l10-70c-60 0-120 0-160-10z" fill="${B}" stroke="${t.dark}" stroke-width="3"/><circle cx="400" cy="72" r="8" fill="${t.glow}"/><path d="M330 40l20-30 14 24 16-30 12 30" fill="none" stroke="${t.trim}" stroke-width="8"/>`,
    "space-ranger": `<path d="M30 150l200-60h170c60 0 110 30 110 60s-50 60-110 60H230z" fill="${B}" stroke="${t.dark}" stroke-width="3"/><path d="M360 110c40 0 70 20 70 40h-90z" fill="${t.glow}" opacity=".5"/><path d="M200 150L120 20h60l120 120zM200 170l-80 70h60l120-70z" fill="${t.trim}"/><circle cx="40" cy="160" r="16" fill="url(#${t.id}g)"/>`,
    rover: `<rect x="90" y="90" width="340" height="100" rx="40" fill="${B}" stroke="${t.dark}" stroke-width="3"/><rect x="300" y="110" width="100" height="40" rx="18" fill="#0f172a"/><circle cx="330" cy="130" r="10" fill="${t.glow}"/><circle cx="370" cy="130" r="10" fill="${t.glow}"/>${wheels([130, 260, 390], 44)}`,
    agent: `<ellipse cx="260" cy="140" rx="220" ry="50" fill="${B}" stroke="${t.dark}" stroke-width="3"/><ellipse cx="260" cy="126" rx="90" ry="30" fill="${t.glow}" opacity=".5"/><path d="M60 200h400" stroke="${t.glow}" stroke-width="6" opacity=".6"/>`,
    "display-base": `<ellipse cx="260" cy="210" rx="230" ry="40" fill="url(#${t.id}t)"/><ellipse cx="260" cy="170" rx="230" ry="50" fill="${B}"/><ellipse cx="260" cy="170" rx="170" ry="34" fill="none" stroke="${t.glow}" stroke-width="8"/>`,
  };
  return defs(t) + shapes[art.silhouette];
}
