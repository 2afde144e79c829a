// Texts for narrow boxes: where a line may break, and where it must not.
// - An e-mail address is kept whole on a line of its own when it fits there, and broken after its
//   @ when it does not ("support@" over "mechanova.com"), not wherever the box ends
//   ("support@mechano" over "va.com"), as the box's overflow-wrap would.
// - A number of hyphenated parts (a Japanese block number, 4-9-12; a postcode, 〒556-0005) is
//   never split: Japanese may break between any two characters, which left "4-9-" over "12".
import { Fragment, type ReactNode } from "react";
import "./Breakable.css";

// Each starts only where its word or number does (the lookbehinds): tried from every character
// of a long word, either took seconds on a word of 40,000 letters.
/** An e-mail address, as a word of a text. */
const EMAIL = /((?<!\S)\S+@\S+)/;
/** A number of hyphenated parts, with the postcode mark before it if there is one. */
const FIGURE_RUN = /((?:〒\s?)?(?<!\d)\d+(?:[-‐－]\d+)+)/;

/** The text with each match of `pattern` (one group: split keeps it, at the odd places) drawn by `draw`. */
function withMatches(text: string, pattern: RegExp, draw: (match: string) => ReactNode): ReactNode[] {
  return text.split(pattern).map((part, i) => <Fragment key={i}>{i % 2 === 0 ? part : draw(part)}</Fragment>);
}

export function Breakable({ text }: { text: string }) {
  return withMatches(text, EMAIL, (email) => {
    const at = email.indexOf("@");
    return (
      <span className="email-address">
        {email.slice(0, at + 1)}
        <wbr />
        {email.slice(at + 1)}
      </span>
    );
  });
}

export function FiguresWhole({ text }: { text: string }) {
  return withMatches(text, FIGURE_RUN, (figures) => <span className="figure-run">{figures}</span>);
}
