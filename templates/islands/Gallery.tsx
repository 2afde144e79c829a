// A gallery whose pictures open full screen on click (the site's Dialog, modal), and close with
// its button, Escape or a click beside the picture; focus goes back to the thumbnail.
import { useRef, useState } from "react";
import { openDialog } from "../../runtime/dialogs.ts";
import type { Picture as PictureData } from "../../compiler/compile/route-data.ts";
import { Dialog } from "../parts/Dialog.tsx";
import { Picture } from "../parts/Picture.tsx";

export interface GalleryProps {
  images: { thumb: PictureData; full: PictureData }[];
  labels: { open: string; close: string };
}

export default function Gallery({ images, labels }: GalleryProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [current, setCurrent] = useState<PictureData | null>(null);
  const open = (image: PictureData, thumb: HTMLElement) => {
    setCurrent(image);
    if (dialog.current) openDialog(dialog.current, thumb);
  };
  return (
    <>
      <ul className="gallery-grid">
        {images.map(({ thumb, full }) => (
          <li key={thumb.key}>
            <button
              type="button"
              className="gallery-thumb"
              onClick={(event) => open(full, event.currentTarget)}
              aria-label={`${labels.open}: ${thumb.alt}`}
            >
              <Picture image={thumb} alt="" />
            </button>
          </li>
        ))}
      </ul>
      <Dialog
        ref={dialog}
        id="gallery-viewer"
        title={labels.open}
        hideTitle
        close={labels.close}
        variant="media"
        onClose={() => setCurrent(null)}
      >
        {current ? <Picture image={current} /> : null}
      </Dialog>
    </>
  );
}
