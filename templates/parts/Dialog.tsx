// The one dialog of the site: a native <dialog> with a heading and a round close button. Static
// pages open it with a DialogOpener; runtime/dialogs.ts gives every dialog the same behaviour
// (opened modal, focus kept inside, Escape or the backdrop closes, focus back to the opener, a
// video stopped on close). Islands render it too and open it with openDialog().
import type { ReactNode, Ref } from "react";
import "./Dialog.css";

export interface DialogProps {
  id: string;
  title: string;
  /** Accessible name of the close button. */
  close: string;
  /** The dialog's kind, for its own layout: dialog--video, dialog--sheet, ... */
  variant?: string;
  /** Keep the heading for screen readers only (a picture or a film speaks for itself). */
  hideTitle?: boolean;
  /** A hydrated island closes it itself (React state), not by the runtime's delegated click. */
  onClose?: () => void;
  ref?: Ref<HTMLDialogElement>;
  children: ReactNode;
}

export function Dialog({ id, title, close, variant, hideTitle, onClose, ref, children }: DialogProps) {
  return (
    <dialog
      ref={ref}
      id={id}
      className={variant ? `dialog dialog--${variant}` : "dialog"}
      aria-labelledby={`${id}-title`}
      onClose={onClose}
    >
      <div className="dialog__panel">
        <div className="dialog__header">
          <h2 id={`${id}-title`} className={hideTitle ? "dialog__title visually-hidden" : "dialog__title"}>
            {title}
          </h2>
          <button type="button" className="dialog__close" data-dialog-close="" aria-label={close} title={close}>
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.25" strokeLinecap="round" />
            </svg>
          </button>
        </div>
        <div className="dialog__body">{children}</div>
      </div>
    </dialog>
  );
}

/** A button that opens the dialog of that id (runtime/dialogs.ts listens for it). */
export function DialogOpener({
  dialog,
  className,
  children,
}: {
  dialog: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <button type="button" className={className} data-dialog-open={dialog} aria-haspopup="dialog">
      {children}
    </button>
  );
}
