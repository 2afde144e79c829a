// Stage images: what an image key a spec names becomes on a page. compile asks for each image in
// the slot it fills (`picture`), gets the markup's data (URLs with the source's content hash,
// srcset, sizes, width and height, alt) and the stage notes every file that page needs; the build
// then encodes only those (encode.ts, cached), so only images in use reach the output.
//
// Drawn art stays SVG on the page: a drawing of flat shapes is a few kilobytes, sharp at every
// width and density, where AVIF of the same at five widths would weigh more and blur its edges.
// Picture files (photographs) go through sharp: AVIF and WebP at every width of their slot, and a
// JPEG (PNG if transparent) fallback. Share previews accept no SVG: og:image is a 1200 x 630 JPEG.

import type { SiteModel } from "../link/model.ts";
import { type EncodeJob, extensionOf, type Format } from "./encode.ts";
import { imageSource, type ImageSource, shareSource } from "./sources.ts";
import { type Breakpoints, heightAt, type Slot, sizesFor, srcset, widthsFor } from "./srcset.ts";

export { encodeImages, type EncodeJob } from "./encode.ts";
export type { Slot } from "./srcset.ts";

/** An image as a page shows it: what <picture> and <img> need, nothing to compute in a template. */
export interface Picture {
  /** The image key the spec names. */
  key: string;
  /** The SVG, or the fallback at its middle width. */
  src: string;
  /** The fallback's widths; null for SVG. */
  srcset: string | null;
  sizes: string | null;
  /** Better formats first (AVIF, WebP); none for SVG. */
  sources: { type: string; srcset: string }[];
  /** The source's size in pixels: the box the page reserves before it loads. */
  width: number;
  height: number;
  /** Empty for a picture that only decorates (the text beside it says what it shows). */
  alt: string;
  /** The first hero of a page: loaded at once, with high priority; every other image is lazy. */
  priority: boolean;
}

const MODERN: Format[] = ["avif", "webp"];
const MIME: Record<Format, string> = {
  svg: "image/svg+xml",
  avif: "image/avif",
  webp: "image/webp",
  png: "image/png",
  jpeg: "image/jpeg",
};

/** What a picture of an image in a slot is, whatever its alt text and priority. */
type PictureFiles = Omit<Picture, "key" | "alt" | "priority">;

/** A picture or share card handed out: what compile notes of a route, to hand it out again. */
export type ImageUse = { kind: "picture"; key: string; slot: Slot } | { kind: "share"; key: string };

/** The images of one build: pictures handed to compile, and the files they need. */
export class Images {
  readonly #model: SiteModel;
  readonly #breakpoints: Breakpoints;
  readonly #jobs = new Map<string, EncodeJob>();
  readonly #pictures = new Map<string, PictureFiles | null>();
  readonly #used: ((use: ImageUse) => void) | undefined;

  constructor(model: SiteModel, used?: (use: ImageUse) => void) {
    this.#model = model;
    this.#used = used;
    const layout = model.specs.constants?.data.layout;
    this.#breakpoints = { ipad: layout?.ipad ?? 768, window: layout?.window ?? 1024 };
  }

  /** The picture of an image key in a slot; null for a key the model lacks (link reported it). */
  picture(key: string, slot: Slot, alt: string, priority = false): Picture | null {
    // A large site shows each image in each slot on many pages: its files and srcsets are made once.
    this.#used?.({ kind: "picture", key, slot });
    const id = `${slot}|${key}`;
    let files = this.#pictures.get(id);
    if (files === undefined) this.#pictures.set(id, (files = this.#files(key, slot)));
    if (!files) return null;
    const { width, height, src, srcset, sizes, sources } = files;
    return { key, width, height, alt, priority, src, srcset, sizes, sources };
  }

  #files(key: string, slot: Slot): PictureFiles | null {
    const source = imageSource(this.#model, key);
    if (!source) return null;
    const { width, height } = source;
    if (source.kind === "svg")
      return { width, height, src: this.#need(source, "svg", source.width), srcset: null, sizes: null, sources: [] };
    const widths = widthsFor(slot, source.width);
    const fallback: Format = source.alpha ? "png" : "jpeg";
    const set = (format: Format) => srcset(widths.map((w) => ({ url: this.#need(source, format, w), width: w })));
    return {
      width,
      height,
      src: this.#need(source, fallback, widths[Math.floor((widths.length - 1) / 2)]!),
      srcset: set(fallback),
      sizes: sizesFor(slot, this.#breakpoints),
      sources: MODERN.map((format) => ({ type: MIME[format], srcset: set(format) })),
    };
  }

  /** The site path of a key's 1200 x 630 JPEG share card (og:image), or null. */
  share(key: string): string | null {
    this.#used?.({ kind: "share", key });
    const source = shareSource(this.#model, key);
    if (!source) return null;
    const url = `/images/${source.key}.${source.hash}.jpg`;
    this.#jobs.set(url, { url, source, format: "jpeg", width: 1200, height: 630 });
    return url;
  }

  /** Every file the pictures handed out so far need, by URL. */
  jobs(): EncodeJob[] {
    return [...this.#jobs.values()];
  }

  #need(source: ImageSource, format: Format, width: number): string {
    const url =
      format === "svg"
        ? `/images/${source.key}.${source.hash}.svg`
        : `/images/${source.key}.${source.hash}-${width}.${extensionOf[format]}`;
    if (!this.#jobs.has(url))
      this.#jobs.set(url, {
        url,
        source,
        format,
        width,
        ...(format === "svg" ? {} : { height: heightAt(width, source.width, source.height) }),
      });
    return url;
  }
}
