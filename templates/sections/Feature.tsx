import type { SectionData } from "../../compiler/compile/route-data.ts";
import "./Feature.css";

export function Feature({ section: s }: { section: Extract<SectionData, { type: "feature" }> }) {
  return (
    <section className="section feature" id={s.id ?? undefined} data-section="feature">
      <div className="feature-text">
        <h2>{s.title}</h2>
        {s.paragraphs.map((p, i) => (
          <p key={i}>{p}</p>
        ))}
        {s.list.length ? (
          <ul>
            {s.list.map((item, i) => (
              <li key={i}>{item}</li>
            ))}
          </ul>
        ) : null}
      </div>
      {s.image ? (
        <figure className={s.video ? "feature-media is-video" : "feature-media"}>
          <img src={`/images/${s.image}.svg`} alt="" width={640} height={400} loading="lazy" />
          {s.video ? <figcaption className="watch-video">{s.watchVideo}</figcaption> : null}
        </figure>
      ) : null}
    </section>
  );
}
