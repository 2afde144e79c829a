// The source of each image: the SVG drawn from its data, or the bytes of its picture file, with
// its content hash and its size in pixels. Made once per key and model (site dev rebuilds reuse it).

import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import type { ImageModel, SiteModel } from "../link/model.ts";
import { draw, shareCard } from "./art/index.ts";
import { byCodeUnit } from "../order.ts";

/** Bumped when the encoders' settings change, so that every URL (and cache entry) changes too. */
const PIPELINE_VERSION = "2";

export interface ImageSource {
  key: string;
  /** svg: drawn art, shown as it is; raster: a picture file, encoded to every width it needs. */
  kind: "svg" | "raster";
  bytes: Buffer;
  /** Of the source's bytes and the pipeline's version: the part of every URL of the image. */
  hash: string;
  width: number;
  height: number;
  /** A raster with transparency falls back to PNG, one without to JPEG. */
  alpha: boolean;
}

export const contentHash = (bytes: Uint8Array | string): string =>
  createHash("sha256").update(PIPELINE_VERSION).update(bytes).digest("base64url").slice(0, 10);

const sourcesOf = new WeakMap<ReadonlyMap<string, ImageModel>, Map<string, ImageSource | null>>();

/** The source of an image key, or null when the model has no such image (link has said so). */
export function imageSource(model: SiteModel, key: string): ImageSource | null {
  let sources = sourcesOf.get(model.images);
  if (!sources) sourcesOf.set(model.images, (sources = new Map()));
  if (!sources.has(key)) {
    const aside = madeAside.get(model.images);
    sources.set(key, aside?.has(key) ? aside.get(key)! : makeSource(model, key));
  }
  return sources.get(key)!;
}

function makeSource(model: SiteModel, key: string): ImageSource | null {
  const image = model.images.get(key);
  if (!image) return null;
  if (image.picture) {
    const bytes = readFileSync(image.picture);
    const size = pictureSize(bytes);
    if (size) return { key, kind: "raster", bytes, hash: contentHash(bytes), ...size };
  }
  const drawing = draw(image, model.name);
  const bytes = Buffer.from(drawing.svg);
  return {
    key,
    kind: "svg",
    bytes,
    hash: contentHash(bytes),
    width: drawing.width,
    height: drawing.height,
    alpha: true,
  };
}

/**
 * The content hash of every image source made so far for the model's images, by key: what the
 * pages compiled from it took of the picture files on disk (their URLs and sizes).
 */
export function sourceHashes(model: SiteModel): [string, string][] {
  return [...(sourcesOf.get(model.images) ?? [])]
    .map(([key, source]): [string, string] => [key, source?.hash ?? "-"])
    .sort(([a], [b]) => byCodeUnit(a, b));
}

/**
 * The content hashes the sources of these image keys have now, made aside: the sources of the
 * model stay those its pages used (sourceHashes).
 */
export function currentHashes(model: SiteModel, keys: readonly string[]): [string, string][] {
  const made = sourcesOf.get(model.images);
  let aside = madeAside.get(model.images);
  if (!aside) madeAside.set(model.images, (aside = new Map()));
  return keys.map((key) => {
    let source = made?.get(key) ?? aside.get(key);
    if (source === undefined) aside.set(key, (source = makeSource(model, key)));
    return [key, source?.hash ?? "-"];
  });
}

/** Sources made for currentHashes, taken by imageSource when a page first uses them. */
const madeAside = new WeakMap<ReadonlyMap<string, ImageModel>, Map<string, ImageSource | null>>();

const shareSourcesOf = new WeakMap<ReadonlyMap<string, ImageModel>, Map<string, ImageSource | null>>();

/**
 * The 1200 x 630 share card of an image, as SVG: the images stage rasterises it. Drawn once per
 * key and model: every page of a product names its card (at 10,000 routes, drawing it for each
 * page was a fifth of compile).
 */
export function shareSource(model: SiteModel, key: string): ImageSource | null {
  let sources = shareSourcesOf.get(model.images);
  if (!sources) shareSourcesOf.set(model.images, (sources = new Map()));
  if (!sources.has(key)) sources.set(key, makeShareSource(model, key));
  return sources.get(key)!;
}

function makeShareSource(model: SiteModel, key: string): ImageSource | null {
  const image = model.images.get(key);
  if (!image) return null;
  const picture = image.picture ? imageSource(model, key) : null;
  if (picture?.kind === "raster") return { ...picture, key: `${key}.share` };
  const card = shareCard(image, model.name);
  const bytes = Buffer.from(card.svg);
  return { key: `${key}.share`, kind: "svg", bytes, hash: contentHash(bytes), width: 1200, height: 630, alpha: false };
}

/** Width, height and transparency of a PNG or JPEG from its header; null for anything else. */
export function pictureSize(bytes: Buffer): { width: number; height: number; alpha: boolean } | null {
  if (bytes.length > 26 && bytes.readUInt32BE(0) === 0x89504e47) {
    // IHDR: width and height at 16 and 20; colour types 4 and 6 carry alpha, a tRNS chunk may too.
    const colourType = bytes[25]!;
    const alpha = colourType === 4 || colourType === 6 || bytes.includes("tRNS");
    return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20), alpha };
  }
  if (bytes.length > 4 && bytes[0] === 0xff && bytes[1] === 0xd8) {
    let at = 2;
    while (at + 9 < bytes.length && bytes[at] === 0xff) {
      const marker = bytes[at + 1]!;
      const length = bytes.readUInt16BE(at + 2);
      // Start of frame (SOF0-15 but DHT, JPG and DAC): height, then width.
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
        return { height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7), alpha: false };
      at += 2 + length;
    }
  }
  return null;
}
