// Header: logo, navigation with drop-downs, region switcher, account and shop. Drop-downs open
// on hover and keyboard focus (CSS). On narrow screens the navigation folds behind the menu
// button (CSS; the runtime opens it); without JavaScript it simply stays open. A function of the
// layout data alone: render.tsx renders it once per region.
import type { LayoutData, NavEntry } from "../../compiler/compile/route-data.ts";
import { PriceTag } from "./PriceTag.tsx";

const hiddenClasses = (entry: NavEntry) => entry.hidden.map((place) => `hidden-${place}`).join(" ");

function NavLink({ entry }: { entry: NavEntry }) {
  const content = (
    <>
      {entry.icon ? <span className={`icon icon-${entry.icon}`} aria-hidden="true" /> : null}
      <span className="nav-label">{entry.label}</span>
      {entry.tag ? (
        <span className="tag" style={{ backgroundColor: entry.tag.color }}>
          {entry.tag.label}
        </span>
      ) : null}
    </>
  );
  if (!entry.href) return <span className="nav-parent">{content}</span>;
  return (
    <a href={entry.href} {...(entry.external ? { target: "_blank", rel: "noopener" } : {})}>
      {content}
      {entry.product?.price ? (
        <PriceTag price={entry.product.price} className="nav-price" of={entry.product.id} />
      ) : null}
    </a>
  );
}

function NavItems({ entries, level }: { entries: NavEntry[]; level: number }) {
  return (
    <ul className={level === 0 ? "nav-list" : "nav-sublist"}>
      {entries
        .filter((e) => !e.hidden.includes("header"))
        .map((entry, i) => (
          <li key={i} className={`nav-item ${hiddenClasses(entry)}`.trim()}>
            <NavLink entry={entry} />
            {entry.children.length ? <NavItems entries={entry.children} level={level + 1} /> : null}
          </li>
        ))}
    </ul>
  );
}

export function Header({ layout }: { layout: LayoutData }) {
  return (
    <header className="site-header" id="header">
      {layout.textBanner ? (
        <a className={`text-banner bg-${layout.textBanner.bg}`} href={layout.textBanner.href}>
          {layout.textBanner.label}
        </a>
      ) : null}
      <div className="header-bar">
        <a className="logo" href={layout.homeHref}>
          {layout.brand}
        </a>
        <button type="button" className="nav-toggle" aria-expanded="false" aria-controls="site-nav">
          {layout.ui.menu}
        </button>
        <nav id="site-nav" className="site-nav" aria-label={layout.ui.menu}>
          <NavItems entries={layout.navigation} level={0} />
        </nav>
        <div className="header-actions">
          {layout.chooseRegionHref ? (
            <a className="region-switch" href={layout.chooseRegionHref} title={layout.ui.chooseRegion}>
              <span className="icon icon-globe" aria-hidden="true" />
              <span className="region-label">{layout.regionLabel}</span>
            </a>
          ) : null}
          <a href={layout.account.href}>{layout.account.label}</a>
          {layout.shop ? (
            <a className="button" href={layout.shop.href} target="_blank" rel="noopener">
              {layout.shop.label}
            </a>
          ) : null}
        </div>
      </div>
    </header>
  );
}
