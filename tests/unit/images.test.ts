// The images stage's derivations: which widths a slot gets, what `sizes` says, the content hash in
// every URL, and a picture's markup data for a photograph and for drawn art.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, test } from "vitest";
import { draw, shareCard } from "../../compiler/images/art/index.ts";
import { Images } from "../../compiler/images/index.ts";
import { contentHash, pictureSize } from "../../compiler/images/sources.ts";
import { sizesFor, srcset, widthsFor } from "../../compiler/images/srcset.ts";
import type { ArtView, ImageModel, ProductArt, SiteModel } from "../../compiler/link/model.ts";
import artworkSchema from "../../schemas/artwork.schema.json" with { type: "json" };
import catalogueSchema from "../../schemas/catalogue.schema.json" with { type: "json" };

const breakpoints = { ipad: 768, window: 1024 };

describe("srcset and sizes", () => {
  test("a slot's widths stop at the source's width, which is offered itself", () => {
    expect(widthsFor("card", 2000)).toEqual([320, 480, 640, 800]);
    expect(widthsFor("card", 800)).toEqual([320, 480, 640, 800]);
    expect(widthsFor("card", 500)).toEqual([320, 480, 500]);
    expect(widthsFor("card", 200)).toEqual([200]);
    expect(widthsFor("hero", 1600)).toEqual([640, 960, 1280, 1600]);
    expect(widthsFor("icon", 96)).toEqual([48, 96]);
  });

  test("sizes follow the layout's breakpoints", () => {
    expect(sizesFor("card", breakpoints)).toBe("(min-width: 1024px) 300px, (min-width: 768px) 33vw, 100vw");
    expect(sizesFor("card", { ipad: 700, window: 1100 })).toBe(
      "(min-width: 1100px) 300px, (min-width: 700px) 33vw, 100vw",
    );
    expect(sizesFor("hero", breakpoints)).toBe("100vw");
    expect(sizesFor("icon", breakpoints)).toBe("48px");
  });

  test("a srcset lists each URL with its width, narrowest first", () => {
    expect(
      srcset([
        { url: "/b.avif", width: 640 },
        { url: "/a.avif", width: 320 },
      ]),
    ).toBe("/a.avif 320w, /b.avif 640w");
  });
});

describe("content hash", () => {
  test("the same bytes give the same hash, any change another", () => {
    const a = Buffer.from("<svg>one</svg>");
    expect(contentHash(a)).toBe(contentHash(Buffer.from("<svg>one</svg>")));
    expect(contentHash(a)).not.toBe(contentHash(Buffer.from("<svg>one!</svg>")));
    expect(contentHash(a)).toMatch(/^[A-Za-z0-9_-]{10}$/);
  });
});

const base: Omit<ImageModel, "key" | "view"> = {
  picture: null,
  products: [],
  palette: { background: "#0b1220", primary: "#f5c518", accent: "#38bdf8" },
  motif: "rays",
  variant: 1,
  item: null,
  label: null,
};
const bumblebee = { palette: { body: "#f5c518", trim: "#1f2937", glow: "#38bdf8" }, silhouette: "car" as const };

function modelOf(images: ImageModel[]): SiteModel {
  return {
    name: "Testbot",
    images: new Map(images.map((i) => [i.key, i])),
    specs: { constants: { data: { layout: breakpoints } } },
  } as unknown as SiteModel;
}

describe("pictures", () => {
  const dir = mkdtempSync(join(tmpdir(), "images-unit-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test("a photograph gets AVIF and WebP sources and a JPEG fallback at every width of its slot", async () => {
    const file = join(dir, "photo.jpg");
    await sharp({ create: { width: 700, height: 525, channels: 3, background: "#c33" } })
      .jpeg()
      .toFile(file);
    const images = new Images(modelOf([{ ...base, key: "photo", view: "portrait", picture: file }]));
    const picture = images.picture("photo", "card", "Flagship Bumblebee")!;
    const hash = contentHash(readFileSync(file));
    expect(picture.width).toBe(700);
    expect(picture.height).toBe(525);
    expect(picture.alt).toBe("Flagship Bumblebee");
    expect(picture.priority).toBe(false);
    expect(picture.sizes).toBe(sizesFor("card", breakpoints));
    expect(picture.sources.map((s) => s.type)).toEqual(["image/avif", "image/webp"]);
    expect(picture.sources[0]!.srcset).toBe(
      `/images/photo.${hash}-320.avif 320w, /images/photo.${hash}-480.avif 480w, /images/photo.${hash}-640.avif 640w, /images/photo.${hash}-700.avif 700w`,
    );
    expect(picture.srcset).toContain(`/images/photo.${hash}-700.jpg 700w`);
    expect(picture.src).toBe(`/images/photo.${hash}-480.jpg`);
    // Every URL handed out is a file to make, and nothing else is.
    expect(
      images
        .jobs()
        .map((j) => j.url)
        .sort(),
    ).toEqual(
      ["avif", "webp", "jpg"]
        .flatMap((ext) => [320, 480, 640, 700].map((w) => `/images/photo.${hash}-${w}.${ext}`))
        .sort(),
    );
  });

  test("a transparent PNG falls back to PNG", async () => {
    const file = join(dir, "badge.png");
    await sharp({ create: { width: 96, height: 96, channels: 4, background: "#0000" } })
      .png()
      .toFile(file);
    expect(pictureSize(readFileSync(file))).toEqual({ width: 96, height: 96, alpha: true });
    const images = new Images(modelOf([{ ...base, key: "badge", view: "badge", picture: file }]));
    expect(images.picture("badge", "badge", "")!.src).toMatch(/\/images\/badge\.[\w-]{10}-48\.png$/);
  });

  test("drawn art stays one SVG, sized by its drawing, and the first hero loads at once", () => {
    const images = new Images(modelOf([{ ...base, key: "bee", view: "portrait", products: [bumblebee] }]));
    const picture = images.picture("bee", "hero", "Flagship Bumblebee", true)!;
    expect(picture).toMatchObject({ width: 800, height: 600, sources: [], srcset: null, priority: true });
    expect(picture.src).toMatch(/^\/images\/bee\.[\w-]{10}\.svg$/);
    expect(images.jobs()).toHaveLength(1);
    // Share previews take no SVG: the share card is a 1200 x 630 JPEG.
    const share = images.share("bee")!;
    expect(share).toMatch(/^\/images\/bee\.share\.[\w-]{10}\.jpg$/);
    expect(images.jobs().find((j) => j.url === share)).toMatchObject({ format: "jpeg", width: 1200, height: 630 });
  });

  test("an unknown key has no picture", () => {
    expect(new Images(modelOf([])).picture("nothing", "card", "")).toBeNull();
  });
});

describe("drawings", () => {
  test("a product is drawn in its catalogue colours, the same on every build, without text", () => {
    const image: ImageModel = { ...base, key: "bee", view: "portrait", products: [bumblebee] };
    const first = draw(image, "Testbot");
    expect(draw(image, "Testbot").svg).toBe(first.svg);
    expect(first.svg).toContain("#f5c518");
    expect(first.svg).toContain("#38bdf8");
    expect(first.svg).not.toContain("<text");
    const megatron = draw(
      { ...image, products: [{ ...bumblebee, palette: { ...bumblebee.palette, body: "#9ca3af" } }] },
      "T",
    );
    expect(megatron.svg).not.toBe(first.svg);
  });

  test("a campaign backdrop takes the campaign's palette and holds no text", () => {
    const palette = { background: "#14532d", primary: "#dc2626", accent: "#fef3c7" };
    const backdrop = draw({ ...base, key: "xmas", view: "backdrop", palette, motif: "snow" }, "T");
    expect(backdrop).toMatchObject({ width: 1600, height: 900 });
    expect(backdrop.svg).toContain("#dc2626");
    expect(backdrop.svg).not.toContain("<text");
  });
});

test("every view of every silhouette, and every share card, is an SVG sharp reads, with no missing number", async () => {
  const views = [...artworkSchema.$defs.image.properties.view.enum, "icon", "mini"] as ArtView[];
  const silhouettes = catalogueSchema.$defs.productArt.properties.silhouette.enum as ProductArt["silhouette"][];
  const items = [null, ...artworkSchema.$defs.image.properties.item.enum, "clothing", "insulatedCup", "hat"];
  for (const view of views)
    for (const silhouette of silhouettes)
      for (const item of items.slice(0, view === "gift" || view === "mini" ? items.length : 1)) {
        const image: ImageModel = {
          ...base,
          key: `${view}-${silhouette}`,
          view,
          item,
          label: "Gadget Weekly",
          variant: 2,
          products: [
            { ...bumblebee, silhouette },
            { ...bumblebee, silhouette: "display-base" },
          ],
        };
        for (const drawing of [draw(image, "Testbot"), shareCard(image, "Testbot")]) {
          expect(drawing.svg, `${view} ${silhouette}`).not.toMatch(/NaN|undefined|null/);
          // Parsing is what can fail; one silhouette per view keeps the unit tier quick.
          if (silhouette !== silhouettes[0]) continue;
          const meta = await sharp(Buffer.from(drawing.svg)).metadata();
          expect([meta.width, meta.height], `${view} ${silhouette}`).toEqual([drawing.width, drawing.height]);
        }
      }
});
