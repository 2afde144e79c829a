// A banner composed from its spec: the headline, the offer, the live stage's dates and the call to
// action are page text set over the artwork, in the campaign's colours (its palette, as custom
// properties); a banner without a campaign takes the night colours of the brand.
import type { CSSProperties } from "react";
import type { SectionData } from "../../compiler/compile/route-data.ts";
import { Picture } from "../parts/Picture.tsx";
import "./Banner.css";

type BannerData = Extract<SectionData, { type: "banner" }>;

function paletteStyle(palette: BannerData["palette"]): CSSProperties | undefined {
  if (!palette) return undefined;
  return {
    "--banner-bg": palette.background,
    "--banner-primary": palette.primary,
    "--banner-accent": palette.accent,
  } as CSSProperties;
}

/**
 * How wide the title's widest word is, in em: the title is set no larger than lets that word fit
 * its line (Banner.css), where it would otherwise be cut in two (Weihnachtsangebote on a phone).
 * A Latin letter is counted 0.68 em, the widest of the faces the title may be set in (Linux's
 * system-ui, DejaVu Sans, draws Weihnachtsangebote at 0.64 em a letter; narrower faces leave room);
 * a Korean syllable 1 em, its words breaking only between them; Chinese and Japanese break
 * between any two characters, so none of theirs is a word.
 */
function widestWordEm(text: string): number {
  let widest = 0;
  for (const word of text.split(/[\s\-‐–—/]+|[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u)) {
    let em = 0;
    for (const char of word) em += /\p{Script=Hangul}/u.test(char) ? 1 : 0.68;
    widest = Math.max(widest, em);
  }
  return Math.round(widest * 10) / 10;
}

export function Banner({ section: s }: { section: BannerData }) {
  const tone = s.palette?.primaryIsLight ? " banner--light-primary" : "";
  return (
    <section
      className={`section banner${tone}${s.view ? ` view-${s.view}` : ""}`}
      id={s.id ?? undefined}
      data-section="banner"
      style={paletteStyle(s.palette)}
    >
      {s.image ? <Picture image={s.image} className="banner-image" /> : null}
      <div className="banner-text">
        {s.dates ? <p className="banner-dates">{s.dates}</p> : null}
        <h2 className="banner-title" style={{ "--title-word-em": widestWordEm(s.title) } as CSSProperties}>
          {s.title}
        </h2>
        {s.discount ? <p className="banner-discount">{s.discount}</p> : null}
        {s.discountDescribe ? <p className="banner-discount-describe">{s.discountDescribe}</p> : null}
        {s.text ? <p className="banner-note">{s.text}</p> : null}
        {s.link ? (
          <a
            className="button banner-cta"
            href={s.link.href}
            {...(s.link.external ? { target: "_blank", rel: "noopener" } : {})}
          >
            {s.link.label}
          </a>
        ) : null}
      </div>
    </section>
  );
}
