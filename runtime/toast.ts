// Message toasts (3 s) and notifications (4.5 s, 24 px from the edge, 384 px wide), seed 000 §9.
import type * as Spec from "../compiler/validate/spec-types.ts";

function container(id: string, style: string): HTMLElement {
  let element = document.getElementById(id);
  if (!element) {
    element = document.createElement("div");
    element.id = id;
    element.setAttribute("role", "status");
    element.setAttribute("aria-live", "polite");
    element.style.cssText = style;
    document.body.append(element);
  }
  return element;
}

export function createToasts(constants: Spec.SystemConstants) {
  const show = (host: HTMLElement, className: string, text: string, ms: number) => {
    const item = document.createElement("div");
    item.className = className;
    item.textContent = text;
    host.append(item);
    setTimeout(() => item.remove(), ms);
  };
  return {
    toast(text: string) {
      if (!text) return;
      const host = container(
        "site-toasts",
        "position:fixed;top:24px;left:50%;transform:translateX(-50%);z-index:1000;display:grid;gap:8px",
      );
      show(host, "toast", text, constants.toast.durationMs);
    },
    notify(text: string) {
      const { offset, width, durationMs } = constants.notification;
      const host = container(
        "site-notifications",
        `position:fixed;top:${offset}px;right:${offset}px;width:${width}px;z-index:1000;display:grid;gap:8px`,
      );
      show(host, "notification", text, durationMs);
    },
  };
}
