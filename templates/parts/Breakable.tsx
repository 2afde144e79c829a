// Texts for narrow boxes: where a line may break, and where it must not.
// - An e-mail address is kept whole on a line of its own when it fits there, and broken after its
//   @ when it does not ("support@" over "mechanova.com"), not wherever the box ends
//   ("support@mechano" over "va.com"), as the box's overflow-wrap would.
// - A number of hyphenated parts (a Japanese block number, 4-9-12; a postcode, 〒556-0005) is
//   never split: Japanese may break between any two characters, which left "4-9-" over "12".
import { Fragment } from "react";
import "./Breakable.css";

/** An e-mail address, as a word of a text. */
const ADDRESS = /(\S+@\S+)/;
/** A number of hyphenated parts, with the postcode mark before it if there is one. */
const FIGURE_RUN = /((?:〒\s?)?\d+(?:[-‐－]\d+)+)/;

export function Breakable({ text }: { text: string }) {
  // split with a group keeps the matches, at the odd places.
  return text.split(ADDRESS).map((part, i) => {
    if (i % 2 === 0) return <Fragment key={i}>{part}</Fragment>;
    const at = part.indexOf("@");
    return (
      <span key={i} className="address">
        {part.slice(0, at + 1)}
        <wbr />
        {part.slice(at + 1)}
      </span>
    );
  });
}

export function FiguresWhole({ text }: { text: string }) {
  return text.split(FIGURE_RUN).map((part, i) =>
    i % 2 === 0 ? (
      <Fragment key={i}>{part}</Fragment>
    ) : (
      <span key={i} className="figure-run">
        {part}
      </span>
    ),
  );
}
