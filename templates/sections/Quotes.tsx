// Press quotes as a carousel that needs no script: a row of quote cards that scrolls and snaps
// sideways, with previous / next buttons and dots drawn by the browser's own scroll buttons and
// markers (CSS, where supported). Every quote is in the HTML; a screen reader reads a list.
import type { SectionData } from "../../compiler/compile/route-data.ts";
import { Picture } from "../parts/Picture.tsx";
import "./Quotes.css";

export function Quotes({ section: s }: { section: Extract<SectionData, { type: "quotes" }> }) {
  const headingId = s.id ? `${s.id}-title` : undefined;
  return (
    <section
      className="section quotes"
      id={s.id ?? undefined}
      data-section="quotes"
      aria-labelledby={s.title ? headingId : undefined}
    >
      {s.title ? (
        <h2 className="quotes-title" id={headingId}>
          {s.title}
        </h2>
      ) : null}
      <ul
        className="quotes-track"
        data-previous={s.labels.previous}
        data-next={s.labels.next}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a list that scrolls must take focus so the keyboard can scroll it (axe scrollable-region-focusable)
        tabIndex={0}
      >
        {s.items.map((q, i) => (
          <li key={i} className="quote">
            <figure className="quote-figure">
              <blockquote className="quote-text">
                <p>{q.comment}</p>
              </blockquote>
              <figcaption className="quote-source">
                {q.icon ? <Picture image={q.icon} className="quote-icon" /> : null} <cite>{q.commentator}</cite>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}
