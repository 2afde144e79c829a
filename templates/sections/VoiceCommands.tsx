// The words a robot understands: a band that names the groups with their counts, and a button
// that opens the full list in a dialog (static HTML: runtime/dialogs.ts opens it).
import type { SectionData } from "../../compiler/compile/route-data.ts";
import { Dialog, DialogOpener } from "../parts/Dialog.tsx";
import "./VoiceCommands.css";

export function VoiceCommands({ section: s }: { section: Extract<SectionData, { type: "voice-commands" }> }) {
  return (
    <section className="section voice-commands" id={s.id ?? undefined} data-section="voice-commands">
      <svg className="voice-commands__icon" viewBox="0 0 24 24" width="40" height="40" aria-hidden="true">
        <rect x="9" y="3" width="6" height="11" rx="3" fill="currentColor" />
        <path d="M6 11a6 6 0 0 0 12 0M12 17v4M8.5 21h7" fill="none" stroke="currentColor" strokeWidth="2" />
      </svg>
      <ul className="voice-commands__summary">
        {s.groups.map((g) => (
          <li key={g.title}>
            {g.title} <span className="voice-commands__count">{g.words.length}</span>
          </li>
        ))}
      </ul>
      <DialogOpener dialog={s.dialogId} className="button">
        {s.title}
      </DialogOpener>
      <Dialog id={s.dialogId} title={s.title} close={s.close} variant="wide">
        {s.groups.map((g) => (
          <section key={g.title} className="voice-commands__group" data-count={g.words.length}>
            <h3 className="voice-commands__group-title">
              {g.title} <span className="voice-commands__count">{g.words.length}</span>
            </h3>
            <ul className="voice-commands__words">
              {g.words.map((w) => (
                <li key={w}>{w}</li>
              ))}
            </ul>
          </section>
        ))}
      </Dialog>
    </section>
  );
}
