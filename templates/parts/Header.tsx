// Header: logo, navigation with drop-downs, region switcher, account and shop. Drop-downs open
// on hover and keyboard focus (CSS), and by their buttons (runtime/menus.ts). On narrow screens
// the navigation folds behind the menu button (CSS; the runtime opens it); without JavaScript it
// simply stays open. A function of the layout data alone: render.tsx renders it once per region.
import type { LayoutData, NavEntry } from "../../compiler/compile/route-data.ts";
import { PriceTag } from "./PriceTag.tsx";
import "./icons.css";
import "./Header.css";

const hiddenClasses = (entry: NavEntry) => entry.hidden.map((place) => `hidden-${place}`).join(" ");

function NavContent({ entry }: { entry: NavEntry }) {
  return (
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
}

function NavLink({ entry }: { entry: NavEntry }) {
  return (
    <a href={entry.href} {...(entry.external ? { target: "_blank", rel: "noopener" } : {})}>
      <NavContent entry={entry} />
      {entry.product?.price ? (
        <PriceTag price={entry.product.price} className="nav-price" of={entry.product.id} />
      ) : null}
    </a>
  );
}

/**
 * A drop-down's parent is a button that opens its list (runtime/menus.ts keeps aria-expanded
 * true to what shows; CSS opens it on hover and on focus within, which is all a page without
 * JavaScript needs). A parent that leads somewhere itself keeps its link, and the button beside
 * it carries only the arrow.
 */
function MenuButton({ entry, menuId }: { entry: NavEntry; menuId: string }) {
  return (
    <button
      type="button"
      className="nav-parent"
      aria-expanded="false"
      aria-controls={menuId}
      {...(entry.href ? { "aria-label": entry.label } : {})}
    >
      {entry.href ? null : <NavContent entry={entry} />}
      <span className="nav-chevron" aria-hidden="true" />
    </button>
  );
}

function NavItems({ entries, id }: { entries: NavEntry[]; id?: string }) {
  return (
    <ul className={id ? "nav-sublist" : "nav-list"} id={id}>
      {entries
        .filter((e) => !e.hidden.includes("header"))
        .map((entry, i) => {
          const menuId = `${id ?? "nav-menu"}-${i}`;
          const hasMenu = entry.children.length > 0;
          return (
            <li
              key={i}
              className={`nav-item ${hasMenu ? "has-menu" : ""} ${hiddenClasses(entry)}`.trim().replace(/\s+/g, " ")}
            >
              {entry.href ? <NavLink entry={entry} /> : null}
              {hasMenu ? <MenuButton entry={entry} menuId={menuId} /> : null}
              {hasMenu ? <NavItems entries={entry.children} id={menuId} /> : null}
            </li>
          );
        })}
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
        <button
          type="button"
          className="nav-toggle"
          aria-label={layout.ui.menu}
          aria-expanded="false"
          aria-controls="site-nav"
        >
          <span className="nav-toggle-label">{layout.ui.menu}</span>
        </button>
        <nav id="site-nav" className="site-nav" aria-label={layout.ui.menu}>
          <NavItems entries={layout.navigation} />
        </nav>
        <div className="header-actions">
          {layout.chooseRegionHref ? (
            <a className="region-switch" href={layout.chooseRegionHref} title={layout.ui.chooseRegion}>
              <span className="icon icon-globe" aria-hidden="true" />
              <span className="region-label">{layout.regionLabel}</span>
            </a>
          ) : null}
          <a className="account-link" href={layout.account.href} aria-label={layout.account.label}>
            <span className="icon icon-account" aria-hidden="true" />
            <span className="account-label">{layout.account.label}</span>
          </a>
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
