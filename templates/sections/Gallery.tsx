import type { SectionData } from "../../compiler/compile/route-data.ts";
import GalleryIsland from "../islands/Gallery.tsx";
import { Island } from "../parts/Island.tsx";
import "./Gallery.css";

export function Gallery({ section: s }: { section: Extract<SectionData, { type: "gallery" }> }) {
  return (
    <section className="section gallery" id={s.id ?? undefined} data-section="gallery">
      {s.title ? <h2 className="gallery-title">{s.title}</h2> : null}
      <Island name="gallery" component={GalleryIsland} props={{ images: s.images, labels: s.labels }} />
      {s.tip ? <p className="gallery-tip">{s.tip}</p> : null}
    </section>
  );
}
