// What every dialog of the site does (templates/parts/Dialog.tsx renders them). Pages are static
// HTML, replaced on navigation, so the handlers are delegated from the document:
// - a `data-dialog-open="<id>"` button opens the dialog of that id, modal;
// - `data-dialog-close`, Escape or a click on the backdrop closes it;
// - while a modal dialog is open, Tab and Shift+Tab go round its own controls only;
// - on close, focus goes back to what opened it, and a video in it stops;
// - a video dialog plays its clip when it opens; `data-video-replay` starts it again and
//   `data-video-fullscreen` shows it full screen.
// Islands open their dialogs with openDialog and get the same behaviour.

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), video[controls], [tabindex]:not([tabindex="-1"])';

/** Where focus goes back to when a dialog closes. */
const openers = new WeakMap<HTMLDialogElement, HTMLElement>();

/**
 * Opens a dialog: modal (the page behind is inert) unless `modal` is false, as for an invitation
 * that must not stand between a shopper and the page. `opener` gets focus back on close.
 */
export function openDialog(dialog: HTMLDialogElement, opener?: Element | null, { modal = true } = {}): void {
  if (dialog.open) return;
  const from = opener ?? document.activeElement;
  if (from instanceof HTMLElement && from !== document.body) openers.set(dialog, from);
  if (modal) dialog.showModal();
  else dialog.show();
  const video = dialog.querySelector<HTMLVideoElement>("video[data-autoplay]");
  if (video) play(video, true);
}

function play(video: HTMLVideoElement, fromStart: boolean): void {
  if (fromStart) video.currentTime = 0;
  // A browser that refuses to play without a gesture leaves the controls to the shopper.
  void video.play().catch(() => undefined);
}

function fullScreen(video: HTMLVideoElement): void {
  const ios = video as HTMLVideoElement & { webkitEnterFullscreen?: () => void };
  if (video.requestFullscreen) void video.requestFullscreen().catch(() => ios.webkitEnterFullscreen?.());
  else ios.webkitEnterFullscreen?.();
}

const visible = (el: HTMLElement) => el.getClientRects().length > 0;

/** Keeps Tab inside the open modal dialog: from its last control to its first, and back. */
function trapTab(event: KeyboardEvent): void {
  const dialog = document.querySelector<HTMLDialogElement>("dialog[open]:modal");
  if (!dialog) return;
  const controls = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(visible);
  if (!controls.length) return;
  const first = controls[0]!;
  const last = controls[controls.length - 1]!;
  const active = document.activeElement;
  const inside = active instanceof Node && dialog.contains(active);
  if (!inside || (event.shiftKey ? active === first : active === last)) {
    event.preventDefault();
    (event.shiftKey ? last : first).focus();
  }
}

function onClick(event: MouseEvent): void {
  const target = event.target as Element | null;
  if (!target?.closest) return;
  // A click on the backdrop lands on the <dialog> itself: its panel fills it.
  if (target instanceof HTMLDialogElement && target.open) {
    target.close();
    return;
  }
  const opener = target.closest<HTMLElement>("[data-dialog-open]");
  if (opener) {
    const dialog = document.getElementById(opener.dataset.dialogOpen ?? "");
    if (dialog instanceof HTMLDialogElement) openDialog(dialog, opener);
    return;
  }
  const dialog = target.closest("dialog");
  if (!dialog) return;
  if (target.closest("[data-dialog-close]")) {
    dialog.close();
    return;
  }
  const video = dialog.querySelector("video");
  if (!video) return;
  if (target.closest("[data-video-replay]")) play(video, true);
  else if (target.closest("[data-video-fullscreen]")) fullScreen(video);
}

function onKeydown(event: KeyboardEvent): void {
  if (event.key === "Tab") {
    trapTab(event);
    return;
  }
  // A modal dialog closes on Escape by itself; a non-modal one (the new-user invitation) here.
  if (event.key === "Escape" && !document.querySelector("dialog[open]:modal")) {
    const open = [...document.querySelectorAll<HTMLDialogElement>("dialog[open]")].pop();
    open?.close();
  }
}

/** 'close' does not bubble: caught on its way down to the dialog. */
function onClose(event: Event): void {
  const dialog = event.target;
  if (!(dialog instanceof HTMLDialogElement)) return;
  dialog.querySelectorAll("video").forEach((video) => video.pause());
  const opener = openers.get(dialog);
  openers.delete(dialog);
  if (opener?.isConnected) opener.focus();
}

/** Installs the delegated handlers, once for the document's lifetime. */
export function installDialogs(): void {
  document.addEventListener("click", onClick);
  document.addEventListener("keydown", onKeydown);
  document.addEventListener("close", onClose, true);
}
