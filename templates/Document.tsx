// The whole HTML document of a route: head data, the layout around the page, and the assets.
// The shared sheet's first rules: tokens, then the base; the header's and footer's follow.
import "./tokens.css";
import "./base.css";
import type { ReactNode } from "react";
import { FAVICON_URL, jsonForScript } from "./markup.ts";
import type { HeadData, LayoutData, RouteInfo } from "../compiler/compile/route-data.ts";
import { Footer } from "./parts/Footer.tsx";
import { Header } from "./parts/Header.tsx";

export interface Assets {
  /** URL of the runtime entry (module script). */
  script: string;
  /** URLs of the page's stylesheets, in cascade order (compiler/bundle/styles.ts). */
  styles: readonly string[];
}

export interface DocumentProps {
  route: RouteInfo;
  head: HeadData;
  layout: LayoutData;
  assets: Assets;
  /** Header and footer rendered elsewhere (render.tsx renders them once per region and splices them in). */
  layoutParts?: { header: ReactNode; footer: ReactNode };
  children: ReactNode;
}

export function Document({ route, head, layout, assets, layoutParts, children }: DocumentProps) {
  return (
    <html lang={route.lang} data-region={route.region} data-page={route.page}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{head.title}</title>
        <meta name="description" content={head.description} />
        {head.keywords.length ? <meta name="keywords" content={head.keywords.join(", ")} /> : null}
        {head.robots ? <meta name="robots" content={head.robots} /> : null}
        <link rel="canonical" href={head.canonical} />
        {head.alternates.map((a) => (
          <link key={a.hreflang} rel="alternate" hrefLang={a.hreflang} href={a.href} />
        ))}
        {head.feeds.map((f) => (
          <link key={f.href} rel="alternate" type="application/atom+xml" title={f.title} href={f.href} />
        ))}
        <meta property="og:type" content={head.social.type} />
        <meta property="og:site_name" content={head.social.siteName} />
        <meta property="og:title" content={head.social.title} />
        <meta property="og:description" content={head.social.description} />
        <meta property="og:url" content={head.social.url} />
        <meta property="og:image" content={head.social.image} />
        <meta property="og:image:alt" content={head.social.imageAlt} />
        <meta property="og:locale" content={head.social.locale} />
        {head.social.localeAlternates.map((l) => (
          <meta key={l} property="og:locale:alternate" content={l} />
        ))}
        <meta name="twitter:card" content="summary_large_image" />
        <meta name="twitter:title" content={head.social.title} />
        <meta name="twitter:description" content={head.social.description} />
        <meta name="twitter:image" content={head.social.image} />
        <meta name="twitter:image:alt" content={head.social.imageAlt} />
        <link rel="icon" href={FAVICON_URL} type="image/svg+xml" />
        {assets.styles.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
        <noscript>
          <style>{".site-nav{display:block!important}.nav-toggle{display:none!important}"}</style>
        </noscript>
        <script type="module" src={assets.script} />
        {head.jsonLd.map((block, i) => (
          <script key={i} type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonForScript(block) }} />
        ))}
      </head>
      <body>
        <a className="skip-link" href="#main">
          {layout.ui.skipToContent}
        </a>
        {layoutParts ? layoutParts.header : <Header layout={layout} />}
        <main
          id="main"
          data-template={route.template}
          data-scroll-to={route.scrollTo ?? undefined}
          data-window-end={route.windowEnd ?? undefined}
        >
          {children}
        </main>
        {layoutParts ? layoutParts.footer : <Footer layout={layout} />}
      </body>
    </html>
  );
}
