// Message toasts (3 s) and notifications (4.5 s, 24 px from the edge, 384 px wide), seed 000 §9,
// each kind in a live region that is on the page before its first message: a region made together
// with its message is not announced by every screen reader. base.css draws them.
import type * as Spec from "../compiler/validate/spec-types.ts";

/** The page's live region of this id, made when it has none (a navigation swaps the body whole). */
function liveRegion(id: "site-toasts" | "site-notifications"): HTMLElement {
  let element = document.getElementById(id);
  if (!element) {
    element = document.createElement("div");
    element.id = id;
    element.setAttribute("role", "status");
    element.setAttribute("aria-live", "polite");
    document.body.append(element);
  }
  return element;
}

export function createToasts(constants: Spec.SystemConstants) {
  const notifications = () => {
    const region = liveRegion("site-notifications");
    region.style.setProperty("--notification-offset", `${constants.notification.offset}px`);
    region.style.setProperty("--notification-width", `${constants.notification.width}px`);
    return region;
  };
  const show = (region: HTMLElement, item: HTMLElement, text: string, ms: number) => {
    item.textContent = text;
    region.append(item);
    setTimeout(() => item.remove(), ms);
  };
  return {
    /** Puts the live regions on the page shown now: at the first load and after each navigation. */
    mount() {
      liveRegion("site-toasts");
      notifications();
    },
    toast(text: string) {
      if (!text) return;
      const item = document.createElement("div");
      item.className = "toast";
      show(liveRegion("site-toasts"), item, text, constants.toast.durationMs);
    },
    notify(text: string) {
      if (!text) return;
      const item = document.createElement("div");
      item.className = "notification";
      show(notifications(), item, text, constants.notification.durationMs);
    },
  };
}
