// 404.html: one page for every unknown path, in Chinese and English (the default region and the
// widest one), with a way home for each.
import "./NotFound.css";
import { FAVICON_URL } from "./markup.ts";

export interface NotFoundProps {
  brand: string;
  /** URLs of its stylesheets (compiler/bundle/styles.ts). */
  styles: readonly string[];
  regions: { lang: string; title: string; text: string; backHome: string; href: string }[];
}

export function NotFoundDocument({ brand, styles, regions }: NotFoundProps) {
  const first = regions[0];
  return (
    <html lang={first?.lang ?? "en"}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{`${regions.map((r) => r.title).join(" / ")} | ${brand}`}</title>
        <meta name="robots" content="noindex" />
        <link rel="icon" href={FAVICON_URL} type="image/svg+xml" />
        {styles.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
      </head>
      <body>
        <main id="main" className="not-found">
          <p className="not-found__brand">{brand}</p>
          <p className="not-found__code" aria-hidden="true">
            404
          </p>
          <div className="not-found__messages">
            {regions.map((r) => (
              <section key={r.lang} lang={r.lang} className="not-found__message">
                <h1>{r.title}</h1>
                <p>{r.text}</p>
                <a className="button" href={r.href}>
                  {r.backHome}
                </a>
              </section>
            ))}
          </div>
        </main>
      </body>
    </html>
  );
}
