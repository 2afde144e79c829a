// A gallery whose pictures open full screen on click (the site's Dialog, modal), and close with
// its button, Escape or a click beside the picture; focus goes back to the thumbnail.
import { useRef, useState } from "react";
import { openDialog } from "../../runtime/dialogs.ts";
import { Dialog } from "../parts/Dialog.tsx";

export interface GalleryProps {
  images: string[];
  labels: { open: string; close: string };
}

export default function Gallery({ images, labels }: GalleryProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [current, setCurrent] = useState<string | null>(null);
  const open = (image: string, thumb: HTMLElement) => {
    setCurrent(image);
    if (dialog.current) openDialog(dialog.current, thumb);
  };
  return (
    <>
      <ul className="gallery-grid">
        {images.map((image) => (
          <li key={image}>
            <button
              type="button"
              className="gallery-thumb"
              onClick={(event) => open(image, event.currentTarget)}
              aria-label={`${labels.open}: ${image}`}
            >
              <img src={`/images/${image}.svg`} alt="" width={320} height={240} loading="lazy" />
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
        {current ? <img src={`/images/${current}.svg`} alt="" width={1280} height={960} /> : null}
      </Dialog>
    </>
  );
}
