// A gallery whose pictures open full screen on click (a modal <dialog>), and close with the
// button or Escape.
import { useRef, useState } from "react";

export interface GalleryProps {
  images: string[];
  labels: { open: string; close: string };
}

export default function Gallery({ images, labels }: GalleryProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [current, setCurrent] = useState<string | null>(null);
  const open = (image: string) => {
    setCurrent(image);
    dialog.current?.showModal();
  };
  return (
    <>
      <ul className="gallery-grid">
        {images.map((image) => (
          <li key={image}>
            <button
              type="button"
              className="gallery-thumb"
              onClick={() => open(image)}
              aria-label={`${labels.open}: ${image}`}
            >
              <img src={`/images/${image}.svg`} alt="" width={320} height={240} loading="lazy" />
            </button>
          </li>
        ))}
      </ul>
      <dialog ref={dialog} className="gallery-dialog" onClose={() => setCurrent(null)}>
        {current ? <img src={`/images/${current}.svg`} alt="" width={1280} height={960} /> : null}
        <button type="button" className="dialog-close" onClick={() => dialog.current?.close()}>
          {labels.close}
        </button>
      </dialog>
    </>
  );
}
