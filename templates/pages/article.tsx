// An article (about us, privacy, the news): one readable column of headed sections; a news item
// (a dated section) is set apart as an entry of its own.
import type { PageData } from "../../compiler/compile/route-data.ts";
import { FittedHeading, titleFit } from "../parts/FittedHeading.tsx";
import "./article.css";

export function ArticlePage({ page }: { page: Extract<PageData, { template: "article" }> }) {
  return (
    <article className="article" style={titleFit(page.title)}>
      <FittedHeading as="h1" className="article-title" text={page.title} />
      {page.sections.map((section, i) => (
        <section
          key={i}
          className={section.date ? "article-section article-section--dated" : "article-section"}
          id={section.id ?? undefined}
        >
          {section.heading ? <FittedHeading className="article-heading" text={section.heading} /> : null}
          {section.paragraphs.map((p, j) => (
            <p key={j}>{p}</p>
          ))}
          {section.list.length ? (
            <ul className="article-list">
              {section.list.map((item, j) => (
                <li key={j}>{item}</li>
              ))}
            </ul>
          ) : null}
          {section.links.length ? (
            <ul className="article-links">
              {section.links.map((l, j) => (
                <li key={j}>
                  <a className="link-more" href={l.href} {...(l.external ? { target: "_blank", rel: "noopener" } : {})}>
                    {l.label}
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </section>
      ))}
    </article>
  );
}
