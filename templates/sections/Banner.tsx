// A banner composed from its spec: the headline, the offer, the live stage's dates and the call to
// action are page text set over the artwork, in the campaign's colours (its palette, as custom
// properties); a banner without a campaign takes the night colours of the brand.
import type { CSSProperties } from "react";
import type { SectionData } from "../../compiler/compile/route-data.ts";
import { Picture } from "../parts/Picture.tsx";
import { FittedHeading } from "../parts/FittedHeading.tsx";
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
        <FittedHeading className="banner-title" text={s.title} />
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
