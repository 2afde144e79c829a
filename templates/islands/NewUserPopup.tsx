// The pop-up that invites a first-time visitor to subscribe (the region's newUserPopupSubscribe
// texts). It opens once per browser, after the page has loaded, and not again once closed.
import { useEffect, useRef } from "react";
import type { SubscribeTexts } from "../../compiler/compile/route-data.ts";
import Subscribe from "./Subscribe.tsx";

export interface NewUserPopupProps {
  texts: SubscribeTexts;
  close: string;
}

const SEEN_KEY = "newUserPopupSeen";

export default function NewUserPopup({ texts, close }: NewUserPopupProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    let seen = true;
    try {
      seen = localStorage.getItem(SEEN_KEY) === "1";
      localStorage.setItem(SEEN_KEY, "1");
    } catch {
      // No storage: do not pester on every page.
    }
    if (!seen) dialog.current?.showModal();
  }, []);
  return (
    <dialog ref={dialog} className="new-user-popup" aria-labelledby="new-user-popup-title">
      <h2 id="new-user-popup-title">{texts.title}</h2>
      <p>{texts.describe}</p>
      <Subscribe texts={texts} id="new-user-popup-email" />
      <button type="button" className="dialog-close" onClick={() => dialog.current?.close()}>
        {close}
      </button>
    </dialog>
  );
}
