// A built page's images: a photograph (specs/images/<key>.jpg) is served as <picture> with AVIF
// and WebP sources and a JPEG fallback, every width of its srcset is a file of that width in the
// output; drawn art is one SVG; og:image is a 1200 x 630 JPEG; an image no page shows is not copied.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { buildInto } from "../support/build.ts";
import { materialize } from "../support/fixtures.ts";

const NOW = "2025-05-01T12:00+08:00";
let out = "";
const cleanups: (() => void)[] = [];

beforeAll(async () => {
  const fixture = materialize("base");
  cleanups.push(fixture.cleanup);
  const specs = join(fixture.root, "specs");
  // A photograph of the product replaces its drawing; an artwork entry no page names stays out.
  mkdirSync(join(specs, "images"));
  await sharp({ create: { width: 1000, height: 750, channels: 3, background: "#e6b800" } })
    .jpeg()
    .toFile(join(specs, "images", "flagship-bumblebee.jpg"));
  const artwork = readFileSync(join(specs, "artwork.yaml"), "utf8");
  writeFileSync(join(specs, "artwork.yaml"), `${artwork}  never-shown: { view: backdrop }\n`);
  const built = await buildInto(specs, NOW);
  cleanups.push(built.cleanup);
  expect(built.result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  out = join(built.out, "site");
}, 120_000);

afterAll(() => {
  for (const cleanup of cleanups) cleanup();
});

const page = () => readFileSync(join(out, "us", "flagship-bumblebee", "index.html"), "utf8");
const attr = (tag: string, name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(tag)?.[1] ?? null;

describe("a photograph on a built page", () => {
  test("is a <picture> whose every srcset width exists in AVIF, WebP and the JPEG fallback", async () => {
    const picture = /<picture>.*?<\/picture>/s.exec(page())?.[0];
    expect(picture).toBeDefined();
    const sources = [...picture!.matchAll(/<source [^>]*>/g)].map((m) => m[0]);
    expect(sources.map((s) => attr(s, "type"))).toEqual(["image/avif", "image/webp"]);
    const img = /<img [^>]*>/.exec(picture!)![0];
    const sets = [
      ...sources.map((s) => attr(s, "srcSet") ?? attr(s, "srcset")),
      attr(img, "srcSet") ?? attr(img, "srcset"),
    ];
    const formats = ["avif", "webp", "jpeg"];
    for (const [i, set] of sets.entries()) {
      const entries = set!.split(", ").map((e) => e.split(" ") as [string, string]);
      expect(entries.map(([, w]) => w)).toEqual(["400w", "640w", "800w", "1000w"]);
      for (const [url, w] of entries) {
        const file = join(out, url);
        expect(existsSync(file), url).toBe(true);
        const meta = await sharp(file).metadata();
        expect(meta.format === "heif" ? "avif" : meta.format, url).toBe(formats[i]);
        expect(meta.width).toBe(Number.parseInt(w, 10));
        expect(meta.height).toBe((Number.parseInt(w, 10) * 3) / 4);
      }
    }
    // The box is reserved before it loads, and the product's name is its alt text.
    expect(attr(img, "width")).toBe("1000");
    expect(attr(img, "height")).toBe("750");
    expect(attr(img, "alt")).toBe("Flagship Bumblebee");
    expect(attr(img, "sizes")).toBe("(min-width: 1024px) 600px, 100vw");
    // The product's picture opens its page: loaded at once, with high priority.
    expect(attr(img, "loading")).toBe("eager");
    expect(attr(img, "fetchpriority") ?? attr(img, "fetchPriority")).toBe("high");
  });

  test("og:image is a 1200 x 630 JPEG", async () => {
    const url = /<meta property="og:image" content="([^"]+)"/.exec(page())![1]!;
    expect(url).toMatch(/\.jpg$/);
    const meta = await sharp(join(out, new URL(url).pathname)).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 1200, 630]);
  });
});

// Every file of images/ is kept by browsers for ever (server/security-headers.ts HASHED_FOLDERS).
test("only images a page shows are in the output, each named by its content hash", () => {
  const files = readdirSync(join(out, "images"));
  expect(files.some((f) => f.startsWith("never-shown."))).toBe(false);
  expect(files.filter((f) => f.startsWith("flagship-bumblebee.")).length).toBeGreaterThan(0);
  for (const f of files) expect(f, f).toMatch(/^[\w-]+(\.share)?\.[\w-]{10}(-\d+)?\.(svg|avif|webp|jpg|png)$/);
});
