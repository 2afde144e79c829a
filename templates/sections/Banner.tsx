import type { SectionData } from "../../compiler/compile/route-data.ts";
import { Picture } from "../parts/Picture.tsx";

export function Banner({ section: s }: { section: Extract<SectionData, { type: "banner" }> }) {
  return (
    <section
      className={`section banner${s.view ? ` view-${s.view}` : ""}`}
      id={s.id ?? undefined}
      data-section="banner"
    >
      {s.image ? (
        <Picture image={s.image} className="banner-image" />
      ) : null}
      <div className="banner-text">
        <h2 className="banner-title">{s.title}</h2>
        {s.discount ? <p className="banner-discount">{s.discount}</p> : null}
        {s.discountDescribe ? <p className="banner-discount-describe">{s.discountDescribe}</p> : null}
        {s.dates ? <p className="banner-dates">{s.dates}</p> : null}
        {s.text ? <p>{s.text}</p> : null}
        {s.link ? (
          <a className="button" href={s.link.href} {...(s.link.external ? { target: "_blank", rel: "noopener" } : {})}>
            {s.link.label}
          </a>
        ) : null}
      </div>
    </section>
  );
}
