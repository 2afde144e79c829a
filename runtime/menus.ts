// The header's menus. CSS opens a drop-down while the pointer is over it or focus is inside it,
// which is all a page without JavaScript has; this adds what CSS cannot: each button's
// aria-expanded says what shows, a click or Enter on the button toggles its list, Escape closes it
// and gives focus back to its button, and following a link closes the menu it was in. The header
// is static HTML (replaced when a navigation changes region), so every handler is delegated.
//
// An item's classes: `is-open` shows its list whatever the pointer and focus do (a click opened
// it); `is-dismissed` hides it although they are there (a click or Escape closed it). Both are
// dropped once pointer and focus have left the item.

const ITEM = ".site-nav .nav-item.has-menu";

const buttonOf = (item: Element) => item.querySelector<HTMLButtonElement>(":scope > .nav-parent");
const itemOf = (target: EventTarget | null) => (target instanceof Element ? target.closest(ITEM) : null);

/** Whether the item's list shows: the rule of the stylesheet, with hover and focus as given. */
function shows(item: Element, hovered: boolean, focused: boolean): boolean {
  if (item.classList.contains("is-open")) return true;
  return !item.classList.contains("is-dismissed") && (hovered || focused);
}

function sync(item: Element, hovered = item.matches(":hover"), focused = item.matches(":focus-within")): void {
  if (!hovered && !focused) item.classList.remove("is-open", "is-dismissed");
  buttonOf(item)?.setAttribute("aria-expanded", String(shows(item, hovered, focused)));
}

function setShown(item: Element, open: boolean): void {
  item.classList.toggle("is-open", open);
  item.classList.toggle("is-dismissed", !open);
  buttonOf(item)?.setAttribute("aria-expanded", String(open));
}

const syncAll = () => document.querySelectorAll(ITEM).forEach((item) => sync(item));

/** The menu button of narrow layouts and the navigation it folds. */
function setNavOpen(toggle: Element, open: boolean): void {
  toggle.setAttribute("aria-expanded", String(open));
  document.getElementById(toggle.getAttribute("aria-controls") ?? "")?.classList.toggle("is-open", open);
}

export function installMenus(): void {
  // Whether focus was already in the item when the pointer pressed its button: a first press
  // (or tap) opens the list, a press on a focused button toggles it, as Enter does.
  let pressedFocused = false;
  document.addEventListener("pointerdown", (event) => {
    const item = itemOf(event.target);
    pressedFocused = item?.matches(":focus-within") ?? false;
  });

  document.addEventListener("click", (event) => {
    const target = event.target instanceof Element ? event.target : null;
    const toggle = target?.closest(".nav-toggle");
    if (toggle) {
      setNavOpen(toggle, toggle.getAttribute("aria-expanded") !== "true");
      return;
    }
    const button = target?.closest(".site-nav .nav-parent");
    const item = itemOf(button ?? null);
    if (button && item) {
      const keyboard = event.detail === 0;
      const open = button.getAttribute("aria-expanded") === "true";
      setShown(item, keyboard || pressedFocused ? !open : true);
      return;
    }
    // A followed link closes its menu (the page changes under a pointer that has not moved) and
    // the folded navigation of narrow layouts.
    if (target?.closest(".site-nav a[href]")) {
      const within = itemOf(target);
      if (within) setShown(within, false);
      const navToggle = document.querySelector(".nav-toggle");
      if (navToggle) setNavOpen(navToggle, false);
    }
  });

  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape") return;
    const item = itemOf(event.target);
    const button = item && buttonOf(item);
    if (item && button && button.getAttribute("aria-expanded") === "true") {
      setShown(item, false);
      button.focus();
      return;
    }
    // Escape in the open navigation of a narrow layout folds it, back to its button.
    const toggle = document.querySelector<HTMLElement>(".nav-toggle[aria-expanded='true']");
    if (toggle && event.target instanceof Element && event.target.closest("#site-nav")) {
      setNavOpen(toggle, false);
      toggle.focus();
    }
  });

  document.addEventListener("pointerover", (event) => {
    const item = itemOf(event.target);
    if (item) sync(item, true);
  });
  document.addEventListener("pointerout", (event) => {
    const item = itemOf(event.target);
    if (item && !item.contains(event.relatedTarget as Node | null)) sync(item, false);
  });
  // Focus has moved when focusin fires; when it leaves for nothing (a click on the page), only
  // focusout fires, before it has moved.
  document.addEventListener("focusin", syncAll);
  document.addEventListener("focusout", (event) => {
    const item = itemOf(event.target);
    if (item && !item.contains(event.relatedTarget as Node | null)) sync(item, undefined, false);
  });
}
