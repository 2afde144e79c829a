// The drawings: an image of the model (link/images.ts) becomes an SVG made from its data alone,
// so that the same specs always give the same bytes (and the same content hash). No drawing holds
// text but a logo's name and a badge's initials: what a banner says is the page's HTML.

import type { ArtView, ImageModel, ProductArt } from "../../link/model.ts";
import { backdrop, hashOf, seeded, stage } from "./backdrop.ts";
import { mix, shade } from "./colour.ts";
import { badge, emblem, icon, logo, mark } from "./icons.ts";
import { robotFigure, vehicleFigure } from "./robot.ts";

export interface Drawing {
  svg: string;
  width: number;
  height: number;
}

const SIZES: Record<ArtView, [number, number]> = {
  portrait: [800, 600],
  hero: [1600, 900],
  vehicle: [800, 600],
  detail: [800, 600],
  blueprint: [800, 600],
  app: [800, 600],
  chip: [800, 600],
  scene: [1200, 675],
  accessories: [800, 600],
  versus: [800, 600],
  backdrop: [1600, 900],
  gift: [800, 600],
  draw: [800, 600],
  membership: [800, 600],
  offer: [800, 600],
  logo: [300, 56],
  favicon: [64, 64],
  support: [800, 600],
  news: [800, 600],
  warranty: [800, 600],
  download: [800, 600],
  store: [800, 600],
  badge: [96, 96],
  icon: [48, 48],
  mini: [48, 48],
};

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The SVG of an image; `brand` is the company's name, for its logo. */
export function draw(image: ImageModel, brand: string): Drawing {
  const [width, height] = SIZES[image.view];
  const body = content(image, width, height, brand);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">${body}</svg>`;
  return { svg, width, height };
}

/**
 * The picture a shared link shows, 1200 x 630: the image centred on its own ground. Share
 * previews take no SVG: the images stage rasterises this.
 */
export function shareCard(image: ImageModel, brand: string): Drawing {
  const W = 1200;
  const H = 630;
  // A product is shown as on its key visual (robot and vehicle); a backdrop is drawn to the size.
  const direct = image.products.length ? { ...image, view: "hero" as const } : image.view === "backdrop" ? image : null;
  if (direct) {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}">${content(direct, W, H, brand)}</svg>`;
    return { svg, width: W, height: H };
  }
  const inner = draw(image, brand);
  const scale = Math.min(W / inner.width, H / inner.height);
  const w = inner.width * scale;
  const h = inner.height * scale;
  const ground = image.view === "backdrop" || image.view === "hero" ? image.palette.background : "#eef1f6";
  const nested = inner.svg.replace(
    /^<svg [^>]*>/,
    `<svg x="${(W - w) / 2}" y="${(H - h) / 2}" width="${w}" height="${h}" viewBox="0 0 ${inner.width} ${inner.height}">`,
  );
  return {
    svg: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}"><rect width="${W}" height="${H}" fill="${ground}"/>${nested}</svg>`,
    width: W,
    height: H,
  };
}

function content(image: ImageModel, w: number, h: number, brand: string): string {
  const [subject, other] = image.products;
  switch (image.view) {
    case "backdrop":
      return backdrop(image, w, h);
    case "logo":
      return logo(image, escapeXml(brand));
    case "favicon":
      return mark(image);
    case "badge":
      return badge(image);
    case "icon":
    case "mini":
      return icon(image);
    case "gift":
    case "draw":
      return emblem(image, image.item ?? "gift");
    case "membership":
    case "offer":
    case "support":
    case "news":
    case "warranty":
    case "download":
    case "store":
      return emblem(image, image.view);
  }
  return productView(image, subject, other, w, h);
}

/** A robot standing in the frame: `height` of the frame tall, centred on x, feet on `floor`. */
function placeRobot(art: ProductArt, id: string, x: number, floor: number, height: number, flip = false): string {
  const s = height / 520;
  const flipped = flip ? ` translate(400 0) scale(-1 1)` : "";
  return `<g transform="translate(${x - 200 * s} ${floor - 520 * s}) scale(${s})${flipped}">${robotFigure(art, id)}</g>`;
}

function placeVehicle(art: ProductArt, id: string, x: number, floor: number, width: number, flip = false): string {
  const s = width / 520;
  const flipped = flip ? ` translate(520 0) scale(-1 1)` : "";
  return `<g transform="translate(${x - 260 * s} ${floor - 250 * s}) scale(${s})${flipped}">${vehicleFigure(art, id)}</g>`;
}

function productView(
  image: ImageModel,
  art: ProductArt | undefined,
  other: ProductArt | undefined,
  w: number,
  h: number,
) {
  const subject = art ?? {
    palette: { body: image.palette.primary, trim: image.palette.background, glow: image.palette.accent },
    silhouette: "agent" as const,
  };
  const v = image.variant;
  const flip = v % 2 === 0;
  const dark = image.view !== "portrait" && image.view !== "vehicle" && image.view !== "versus" ? true : v >= 3;
  const ground = stage(image.palette, subject.palette.glow, w, h, dark);
  const floor = h * 0.84;
  switch (image.view) {
    case "hero":
      return (
        backdrop(
          { ...image, palette: { ...image.palette, primary: subject.palette.body, accent: subject.palette.glow } },
          w,
          h,
        ) +
        placeVehicle(subject, "v", w * 0.5, floor, w * 0.34, flip) +
        placeRobot(subject, "r", w * 0.76, floor + 10, h * 0.82, flip)
      );
    case "vehicle":
      return ground + placeVehicle(subject, "v", w / 2, floor, w * 0.72, flip);
    case "versus":
      return (
        ground +
        placeRobot(subject, "a", w * 0.3, floor, h * 0.72) +
        placeRobot(other ?? subject, "b", w * 0.72, floor, h * 0.6, true)
      );
    case "detail":
      // The head and shoulders, close.
      return `${ground}<g transform="translate(${w / 2 - 400 * 1.1} ${-40}) scale(2.2)${flip ? " translate(400 0) scale(-1 1)" : ""}">${robotFigure(subject, "r")}</g>`;
    case "scene":
      return (
        ground +
        spotlights(subject.palette.glow, w, h) +
        placeRobot(subject, "r", w * (flip ? 0.62 : 0.4), floor, h * 0.7, flip)
      );
    case "blueprint":
      return blueprint(subject, w, h, flip);
    case "chip":
      return circuit(image, subject, w, h);
    case "app":
      return ground + phone(subject, w, h, flip);
    case "accessories":
      return ground + accessories(subject, image, w, h);
    default:
      return (
        ground + (other ? pair(subject, other, w, h, floor) : placeRobot(subject, "r", w / 2, floor, h * 0.74, flip))
      );
  }
}

/** A bundle: the robot on its display base, or two products side by side. */
function pair(a: ProductArt, b: ProductArt, w: number, h: number, floor: number): string {
  if (b.silhouette === "display-base")
    return placeRobot(b, "b", w / 2, floor + 10, h * 0.5) + placeRobot(a, "a", w / 2, floor - h * 0.12, h * 0.62);
  return placeRobot(a, "a", w * 0.32, floor, h * 0.7) + placeRobot(b, "b", w * 0.7, floor, h * 0.62, true);
}

function spotlights(glow: string, w: number, h: number): string {
  return `<path d="M${w * 0.2} 0L${w * 0.1} ${h * 0.84}h${w * 0.3}z" fill="${glow}" opacity=".08"/><path d="M${w * 0.8} 0L${w * 0.6} ${h * 0.84}h${w * 0.3}z" fill="${glow}" opacity=".08"/>`;
}

/** The technical drawing: the robot as white lines on blue, with dimension lines. */
function blueprint(art: ProductArt, w: number, h: number, flip: boolean): string {
  const paper = "#0c2a4d";
  const line = "#dbeafe";
  const lines = {
    palette: { body: paper, trim: shade(paper, 0.12), glow: art.palette.glow },
    silhouette: art.silhouette,
  };
  const grid = Array.from({ length: 16 }, (_, i) => `M${i * 50} 0V${h}M0 ${i * 50}H${w}`).join("");
  return (
    `<rect width="${w}" height="${h}" fill="${paper}"/><path d="${grid}" stroke="${line}" stroke-width=".6" opacity=".18"/>` +
    `<g stroke="${line}" stroke-width="1.2">` +
    `<g opacity=".9">${placeRobot(lines, "b", w * 0.36, h * 0.9, h * 0.78, flip)}</g>` +
    `<path d="M${w * 0.12} ${h * 0.12}V${h * 0.9}M${w * 0.1} ${h * 0.12}h${w * 0.04}M${w * 0.1} ${h * 0.9}h${w * 0.04}" fill="none"/></g>` +
    `<g opacity=".85">${placeVehicle(lines, "w", w * 0.76, h * 0.62, w * 0.36, flip)}</g>` +
    `<path d="M${w * 0.58} ${h * 0.7}H${w * 0.94}M${w * 0.58} ${h * 0.68}v${h * 0.04}M${w * 0.94} ${h * 0.68}v${h * 0.04}" stroke="${line}" stroke-width="1.2"/>`
  );
}

/** The electronics: a chip in the product's colours on a circuit board. */
function circuit(image: ImageModel, art: ProductArt, w: number, h: number): string {
  const random = seeded(hashOf(image.key));
  const board = shade(art.palette.trim, -0.55);
  const traces = Array.from({ length: 26 }, () => {
    const y = 40 + random() * (h - 80);
    const x = random() < 0.5 ? 0 : w;
    const mid = w / 2 + (x ? 150 : -150);
    return `<path d="M${x} ${y.toFixed(0)}H${mid}L${w / 2 + (x ? 110 : -110)} ${(h / 2 + (y - h / 2) * 0.4).toFixed(0)}" fill="none" stroke="${art.palette.glow}" stroke-width="3" opacity=".45"/><circle cx="${mid}" cy="${y.toFixed(0)}" r="5" fill="${art.palette.glow}" opacity=".7"/>`;
  }).join("");
  return (
    `<rect width="${w}" height="${h}" fill="${board}"/>${traces}` +
    `<rect x="${w / 2 - 110}" y="${h / 2 - 110}" width="220" height="220" rx="18" fill="${mix(board, art.palette.body, 0.2)}" stroke="${art.palette.body}" stroke-width="6"/>` +
    `<rect x="${w / 2 - 70}" y="${h / 2 - 70}" width="140" height="140" rx="10" fill="${art.palette.body}"/>` +
    `<circle cx="${w / 2}" cy="${h / 2}" r="34" fill="${art.palette.glow}" opacity=".85"/>`
  );
}

/** The app: a phone showing the robot, with a control pad beside it. */
function phone(art: ProductArt, w: number, h: number, flip: boolean): string {
  const px = flip ? w * 0.58 : w * 0.22;
  const screen = shade(art.palette.trim, -0.5);
  return (
    `<rect x="${px}" y="${h * 0.1}" width="${w * 0.22}" height="${h * 0.78}" rx="26" fill="#0f172a"/>` +
    `<rect x="${px + 10}" y="${h * 0.1 + 14}" width="${w * 0.22 - 20}" height="${h * 0.78 - 28}" rx="18" fill="${screen}"/>` +
    placeRobot(art, "p", px + w * 0.11, h * 0.66, h * 0.42) +
    `<rect x="${px + 24}" y="${h * 0.72}" width="${w * 0.22 - 48}" height="14" rx="7" fill="${art.palette.glow}"/>` +
    `<g transform="translate(${flip ? w * 0.18 : w * 0.6} ${h * 0.3})"><circle cx="90" cy="90" r="90" fill="${art.palette.body}" opacity=".85"/><circle cx="90" cy="90" r="36" fill="${art.palette.glow}"/><path d="M90 12v30M90 138v30M12 90h30M138 90h30" stroke="#0f172a" stroke-width="10" stroke-linecap="round"/></g>`
  );
}

function accessories(art: ProductArt, image: ImageModel, w: number, h: number): string {
  const random = seeded(hashOf(image.key));
  return Array.from({ length: 5 }, (_, i) => {
    const x = w * (0.14 + i * 0.18);
    const y = h * (0.45 + (random() - 0.5) * 0.2);
    const colour = i % 2 ? art.palette.body : art.palette.trim;
    return `<g transform="rotate(${((random() - 0.5) * 40).toFixed(0)} ${x} ${y})"><rect x="${x - 40}" y="${y - 70}" width="80" height="140" rx="16" fill="${colour}"/><circle cx="${x}" cy="${y - 30}" r="14" fill="${art.palette.glow}"/></g>`;
  }).join("");
}
