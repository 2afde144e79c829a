// Every image a page shows, from the data the images stage made (compiler/images/): drawn art as
// one SVG, a picture file as <picture> with AVIF and WebP sources and a PNG or JPEG fallback,
// each at the widths its slot uses. Width and height reserve its box, so nothing moves as it
// loads; only the page's first hero loads at once (with high priority), every other image lazily.
import type { Picture as PictureData } from "../../compiler/compile/route-data.ts";
import "./Picture.css";

interface PictureProps {
  image: PictureData;
  /** The <img>'s class, also inside a <picture> (which takes no room of its own). */
  className?: string;
  /** Overrides the image's own alt text: "" where the text beside it already says what it shows. */
  alt?: string;
}

export function Picture({ image, className, alt }: PictureProps) {
  const img = (
    <img
      className={className}
      src={image.src}
      srcSet={image.srcset ?? undefined}
      sizes={image.sizes ?? undefined}
      alt={alt ?? image.alt}
      width={image.width}
      height={image.height}
      loading={image.priority ? "eager" : "lazy"}
      decoding={image.priority ? "sync" : "async"}
      fetchPriority={image.priority ? "high" : undefined}
    />
  );
  if (!image.sources.length) return img;
  return (
    <picture>
      {image.sources.map((s) => (
        <source key={s.type} type={s.type} srcSet={s.srcset} sizes={image.sizes ?? undefined} />
      ))}
      {img}
    </picture>
  );
}
