// More about a feature, in a dialog a button below its text opens: an introduction and a
// numbered list of named items (Grimlock's four programming modes). The dialog is rendered
// outside the feature's text, so the text's styles (its list's ticks) stay out of it.
import type { SectionData } from "../../compiler/compile/route-data.ts";
import { Dialog, DialogOpener } from "./Dialog.tsx";
import "./FeatureDialog.css";

type More = NonNullable<Extract<SectionData, { type: "feature" }>["dialog"]>;

export function FeatureDialogOpener({ dialog }: { dialog: More }) {
  return (
    <DialogOpener dialog={dialog.id} className="button button--secondary feature-dialog__open">
      {dialog.button}
    </DialogOpener>
  );
}

export function FeatureDialog({ dialog }: { dialog: More }) {
  return (
    <Dialog id={dialog.id} title={dialog.title} close={dialog.close}>
      {dialog.paragraphs.map((p, i) => (
        <p key={i} className="feature-dialog__intro">
          {p}
        </p>
      ))}
      <ol className="feature-dialog__items">
        {dialog.items.map((item) => (
          <li key={item.title} className="feature-dialog__item">
            <h3 className="feature-dialog__name">{item.title}</h3>
            <p className="feature-dialog__text">{item.text}</p>
          </li>
        ))}
      </ol>
    </Dialog>
  );
}
