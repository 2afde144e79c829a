// A text for a narrow box that may hold an e-mail address. The address is kept whole on a line
// of its own when it fits there, and broken after its @ when it does not ("support@" over
// "mechanova.com"), not wherever the box ends ("support@mechano" over "va.com"), as the box's
// overflow-wrap would.
import { Fragment } from "react";
import "./Breakable.css";

/** An e-mail address, as a word of a text. */
const ADDRESS = /(\S+@\S+)/;

export function Breakable({ text }: { text: string }) {
  // split with a group keeps the addresses, at the odd places.
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
