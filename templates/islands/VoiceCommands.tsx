// A button that opens the list of voice command words, in groups, in a modal dialog.
import { useRef } from "react";

export interface VoiceCommandsProps {
  title: string;
  groups: { title: string; words: string[] }[];
  close: string;
}

export default function VoiceCommands({ title, groups, close }: VoiceCommandsProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  return (
    <>
      <button type="button" className="button" onClick={() => dialog.current?.showModal()}>
        {title}
      </button>
      <dialog ref={dialog} className="voice-dialog" aria-label={title}>
        <h2>{title}</h2>
        {groups.map((g) => (
          <section key={g.title} className="voice-group" data-count={g.words.length}>
            <h3>
              {g.title} <span className="count">({g.words.length})</span>
            </h3>
            <ul>
              {g.words.map((w) => (
                <li key={w}>{w}</li>
              ))}
            </ul>
          </section>
        ))}
        <button type="button" className="dialog-close" onClick={() => dialog.current?.close()}>
          {close}
        </button>
      </dialog>
    </>
  );
}
