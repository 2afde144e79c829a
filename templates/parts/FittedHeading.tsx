// A heading of spec text, set no larger than lets its widest word fit its line, where a word longer
// than the line would otherwise be cut in two (German on a phone: Datenschutzerklärung,
// Weihnachtsangebote). It writes the widest word's width in em as --word-em; the heading's rule
// divides its column's width by it (container units): base.css for the pages' titles (main is the
// container), Banner.css for a banner's, Terms.css and Booking.css for the terms' and the pre-order's
// (their column is the container).
// A page whose title is fitted writes the title's as --title-em on its root (titleFit), so that
// its sections' headings stay smaller than the title (base.css).
import type { CSSProperties } from "react";
import { FiguresWhole } from "./Breakable.tsx";
import { widestWordEm } from "./word-width.ts";

/**
 * `text`'s widest word in em, where it is wide enough to need fitting: under 6 em a word fits any
 * column the site has at any title size.
 */
function longWordEm(text: string): number | undefined {
  const em = widestWordEm(text);
  return em < 6 ? undefined : em;
}

/** The style that lets a heading's rule fit its widest word; none where every word is short. */
function wordFit(text: string): CSSProperties | undefined {
  const em = longWordEm(text);
  return em === undefined ? undefined : ({ "--word-em": em } as CSSProperties);
}

/** For the root of a page titled `title`: the style that keeps its headings below the fitted title. */
export function titleFit(title: string): CSSProperties | undefined {
  const em = longWordEm(title);
  return em === undefined ? undefined : ({ "--title-em": em } as CSSProperties);
}

/** `<h1>` or `<h2>` (`as`) holding `text`, its size fitted to its widest word. */
export function FittedHeading({
  as: Tag = "h2",
  className,
  text,
}: {
  as?: "h1" | "h2";
  className?: string;
  text: string;
}) {
  return (
    <Tag className={className} style={wordFit(text)}>
      <FiguresWhole text={text} />
    </Tag>
  );
}
