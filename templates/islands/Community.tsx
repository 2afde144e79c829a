// The community message box ('Community building, stay tuned!') with its confirm button.
import { useRef, useState } from "react";

export default function Community({ message, button }: { message: string; button: string }) {
  const [open, setOpen] = useState(true);
  const box = useRef<HTMLDivElement>(null);
  if (!open) return null;
  const confirm = () => {
    // The button goes with the box: focus moves on to what follows it on the page, where a keyboard
    // or screen reader user was about to go, instead of falling back to the top of the document.
    let next: Element | null | undefined = box.current?.closest("section");
    while (next && !next.nextElementSibling) next = next.parentElement;
    next = next?.nextElementSibling;
    setOpen(false);
    if (next instanceof HTMLElement) {
      if (next.tabIndex < 0 && !next.hasAttribute("tabindex")) next.tabIndex = -1;
      next.focus({ preventScroll: true });
    }
  };
  return (
    <div className="community-box" role="status" ref={box}>
      <p>{message}</p>
      <button type="button" className="button" onClick={confirm}>
        {button}
      </button>
    </div>
  );
}
