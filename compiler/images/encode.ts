// Encoding with sharp: every width a page uses, as AVIF, WebP and a PNG or JPEG fallback, and the
// share cards as JPEG. Results are cached by the source's content hash, width and format in the
// compiler's cache folder, so a rebuild encodes only what it has not encoded before.

import { readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { cacheDir, writeCacheFile } from "../cache.ts";
import type { ImageSource } from "./sources.ts";

export type Format = "svg" | "avif" | "webp" | "png" | "jpeg";

export interface EncodeJob {
  /** Where the file is served: /images/<key>.<hash>-<width>.<ext>. */
  url: string;
  source: ImageSource;
  format: Format;
  /** The width to encode; the source's own for SVG. */
  width: number;
  /** The height, when the picture is cut to it (a share card); else from the width. */
  height?: number;
}

export const extensionOf: Record<Format, string> = { svg: "svg", avif: "avif", webp: "webp", png: "png", jpeg: "jpg" };

/** Cached results are kept per file; this many are kept in all. */
const CACHE_KEEP = 5000;

/** Encodes every job (cache first); the files by their URL. */
export async function encodeImages(jobs: Iterable<EncodeJob>): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  const queue = [...jobs];
  const worker = async () => {
    for (let job = queue.shift(); job; job = queue.shift()) files.set(job.url, await encodeCached(job));
  };
  // sharp runs each encode on its own threads; a few at once keep every core busy.
  await Promise.all(Array.from({ length: Math.max(2, availableParallelism()) }, worker));
  return files;
}

function cacheFile(job: EncodeJob): URL {
  return new URL(`image-${job.source.hash}-${job.width}x${job.height ?? 0}.${extensionOf[job.format]}`, cacheDir);
}

async function encodeCached(job: EncodeJob): Promise<Buffer> {
  if (job.format === "svg") return job.source.bytes;
  const file = cacheFile(job);
  try {
    return readFileSync(file);
  } catch {
    const bytes = await encode(job);
    writeCacheFile(file, bytes, CACHE_KEEP);
    return bytes;
  }
}

// sharp takes a fifth of a second to load: only a build with an image not in the cache loads it.
let sharpLoaded: Promise<typeof import("sharp")> | undefined;

/** One file: the source resized to the job's width (never enlarged) in the job's format. */
async function encode(job: EncodeJob): Promise<Buffer> {
  const { default: sharp } = await (sharpLoaded ??= import("sharp"));
  // SVG is drawn at the density that gives the width wanted, so vectors stay sharp.
  const density =
    job.source.kind === "svg" ? Math.min(2400, Math.ceil((72 * job.width) / job.source.width)) : undefined;
  let image = sharp(job.source.bytes, density ? { density } : {}).resize({
    width: job.width,
    ...(job.height ? { height: job.height, fit: "cover" as const } : {}),
    // A share card must be 1200 x 630 whatever the photograph's size; nothing else is enlarged.
    withoutEnlargement: job.source.kind === "raster" && !job.height,
  });
  switch (job.format) {
    case "avif":
      image = image.avif({ quality: 55, effort: 3 });
      break;
    case "webp":
      image = image.webp({ quality: 78 });
      break;
    case "png":
      image = image.png({ palette: true, compressionLevel: 9 });
      break;
    default:
      image = image.flatten({ background: "#ffffff" }).jpeg({ quality: 80, mozjpeg: true });
  }
  return image.toBuffer();
}
