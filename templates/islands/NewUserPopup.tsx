// The invitation to a first-time visitor to subscribe (the region's newUserPopupSubscribe texts),
// once per browser. It never stands between a shopper and what they came to buy: it is not
// modal (the page stays usable), it sits at the bottom of the screen (a sheet on a phone, a card
// at the corner on wider screens), and on a product page it waits until the shopper has scrolled
// past the price and the buy button, and steps aside whenever they are in view again.
import { useEffect, useRef, useState } from "react";
import type { SubscribeTexts } from "../../compiler/compile/route-data.ts";
import { openDialog } from "../../runtime/dialogs.ts";
import { Dialog } from "../parts/Dialog.tsx";
import Subscribe from "./Subscribe.tsx";
import { rememberSeen, seenBefore } from "./first-visit.ts";
import "./NewUserPopup.css";

export interface NewUserPopupProps {
  texts: SubscribeTexts;
  close: string;
}

/** The price and the buy button of a product page (templates/pages/product.tsx). */
const BUY_AREA = ".product-summary";

export default function NewUserPopup({ texts, close }: NewUserPopupProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [buyAreaInView, setBuyAreaInView] = useState(false);
  useEffect(() => {
    if (seenBefore()) return;
    const show = () => {
      if (!dialog.current || dialog.current.open) return;
      rememberSeen();
      // Not modal, and focus stays where the shopper is (show() would move it into the dialog).
      const before = document.activeElement;
      openDialog(dialog.current, null, { modal: false });
      if (before instanceof HTMLElement && before !== document.body) before.focus({ preventScroll: true });
      else (document.activeElement as HTMLElement | null)?.blur();
    };
    const buyArea = document.querySelector(BUY_AREA);
    if (!buyArea) return show();
    const observer = new IntersectionObserver(([entry]) => {
      if (!entry) return;
      setBuyAreaInView(entry.isIntersecting);
      // Once scrolled past (above the screen), the shopper has seen the price.
      if (!entry.isIntersecting && entry.boundingClientRect.bottom <= 0) show();
    });
    observer.observe(buyArea);
    return () => observer.disconnect();
  }, []);
  return (
    <div className={buyAreaInView ? "new-user-popup is-tucked" : "new-user-popup"} inert={buyAreaInView}>
      <Dialog ref={dialog} id="new-user-popup" title={texts.title} close={close} variant="sheet">
        <p className="new-user-popup__describe">{texts.describe}</p>
        <Subscribe texts={texts} id="new-user-popup-email" />
      </Dialog>
    </div>
  );
}
