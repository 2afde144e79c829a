// Footer: navigation columns (entries not hidden in the footer), newsletter sign-up, social
// media, the bottom row of footer links, copyright and company address. A function of the
// layout data alone: render.tsx renders it once per region.
import type { LayoutData } from "../../compiler/compile/route-data.ts";
import NewUserPopup from "../islands/NewUserPopup.tsx";
import Subscribe from "../islands/Subscribe.tsx";
import { Island } from "./Island.tsx";
import { FiguresWhole } from "./Breakable.tsx";
import { widestWordEm } from "./word-width.ts";
import "./Footer.css";

// On a phone the link columns stand two to a row, each (320 px less 2 x 16 px of padding and the
// 24 px gap) / 2 = 132 px wide: 9.4 em of the links' 14 px. A column with a longer word
// (Bedienungsanleitungen) takes the whole row there (Footer.css) rather than cut the word where
// the browser has no dictionary to hyphenate it with.
const HALF_ROW_EM = 9.4;

export function Footer({ layout }: { layout: LayoutData }) {
  const columns = layout.navigation.filter((e) => !e.hidden.includes("footer") && e.children.length > 0);
  return (
    <footer className="site-footer">
      <div className="footer-columns">
        {columns.map((column, i) => {
          const links = column.children.filter((e) => !e.hidden.includes("footer") && e.href);
          const wide = Math.max(0, ...links.map((e) => widestWordEm(e.label))) > HALF_ROW_EM;
          return (
            <section key={i} className={wide ? "footer-column footer-column--wide" : "footer-column"}>
              <h2>{column.label}</h2>
              <ul>
                {links.map((e, j) => (
                  <li key={j}>
                    <a href={e.href} {...(e.external ? { target: "_blank", rel: "noopener" } : {})}>
                      {e.label}
                    </a>
                  </li>
                ))}
              </ul>
            </section>
          );
        })}
        <section className="footer-subscribe">
          <h2>{layout.subscribe.title}</h2>
          <p>{layout.subscribe.describe}</p>
          <Island name="subscribe" component={Subscribe} props={{ texts: layout.subscribe, id: "footer-subscribe" }} />
        </section>
      </div>
      <ul className="footer-media">
        {layout.media.map((m, i) => (
          <li key={i}>
            <a href={m.href} target="_blank" rel="noopener" aria-label={m.label}>
              <span className={`icon icon-${m.icon}`} aria-hidden="true" />
              <span className="media-label">{m.label}</span>
            </a>
          </li>
        ))}
      </ul>
      <nav className="footer-navs" aria-label={layout.brand}>
        <ul>
          {layout.footerNavs.map((n, i) => (
            <li key={i}>
              <a href={n.href}>{n.label}</a>
            </li>
          ))}
        </ul>
      </nav>
      <p className="copyright">{layout.copyright}</p>
      <address className="company-address">
        <FiguresWhole text={layout.companyAddress} />
      </address>
      <Island
        name="newUserPopup"
        component={NewUserPopup}
        props={{ texts: layout.newUserPopup, close: layout.ui.close }}
      />
    </footer>
  );
}
