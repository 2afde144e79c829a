// Client-side navigation between prerendered pages: run the target route's prefetch list (the
// server's time among it), fetch the target's HTML, swap the page and its head, report the page
// view, scroll, and hydrate the new page's islands. Anything it
// cannot do in place becomes a full page load: another site, a region that always loads from
// the server (cn), an unknown path, a failed chunk.
import type { PrefetchRequest, RegionData, RegionInfo, RouteEntry, SharedData } from "./generated-types.ts";
import { endedWindows, serverClock, windowVerdict } from "./clock.ts";
import { regionOfPath } from "./region.ts";
import { createScrollMemory } from "./scroll-memory.ts";

export interface RouterOptions {
  shared: SharedData;
  region: string;
  loadRegion: (code: string) => Promise<RegionData> | undefined;
  /**
   * Runs a route's prefetch list in a region (runtime/prefetch.ts): its API requests are kept for
   * the page's islands; resolves with the server's time, null when it does not answer.
   */
  prefetch: (region: string, list: readonly PrefetchRequest[]) => Promise<number | null>;
  storage: Storage | null;
  /** Called with the new <main> after a swap; rejects when an island's chunk fails to load. */
  onPage: (main: HTMLElement) => Promise<void>;
}

/**
 * Head elements a page owns; they are replaced on navigation. The OpenGraph and Twitter card tags
 * too: a link shared, or a page read by a tool, after a client-side navigation names this page.
 */
const MANAGED_HEAD = [
  'meta[name="description"]',
  'meta[name="keywords"]',
  'meta[name="robots"]',
  'meta[property^="og:"]',
  'meta[name^="twitter:"]',
  'link[rel="canonical"]',
  'link[rel="alternate"]',
  'script[type="application/ld+json"]',
].join(", ");

/**
 * The page at url, parsed; null when it cannot be swapped in: the server did not answer with
 * HTML, or sent it elsewhere (a window over at the server's time: its page would show under this
 * address), or the page has no <main>, or it comes from another build, which needs its own runtime.
 */
async function fetchPage(url: URL): Promise<Document | null> {
  let html: string;
  try {
    const response = await fetch(url.pathname + url.search, { headers: { accept: "text/html" } });
    if (!response.ok || response.redirected) return null;
    if (!(response.headers.get("content-type") ?? "").includes("text/html")) return null;
    html = await response.text();
  } catch {
    return null;
  }
  const next = new DOMParser().parseFromString(html, "text/html");
  const nextScript = next.querySelector<HTMLScriptElement>('script[type="module"][src]')?.getAttribute("src");
  const ownScript = document.querySelector<HTMLScriptElement>('script[type="module"][src]')?.getAttribute("src");
  return next.querySelector("main") && nextScript === ownScript ? next : null;
}

const STYLESHEET = 'link[rel="stylesheet"]';

/**
 * Links the next page's stylesheets that this one lacks (each page links its own,
 * compiler/bundle/styles.ts), and resolves once they have loaded or failed, so the swapped page
 * never shows unstyled.
 */
function loadStylesheets(next: Document): Promise<unknown> {
  const have = new Set([...document.querySelectorAll<HTMLLinkElement>(STYLESHEET)].map((l) => l.getAttribute("href")));
  const added = [...next.querySelectorAll<HTMLLinkElement>(STYLESHEET)]
    .filter((l) => !have.has(l.getAttribute("href")))
    .map((l) => {
      const link = document.importNode(l, true);
      const loaded = new Promise((done) => {
        link.addEventListener("load", done, { once: true });
        link.addEventListener("error", done, { once: true });
      });
      document.head.append(link);
      return loaded;
    });
  return Promise.all(added);
}

/** Drops the stylesheets the page now shown does not link. */
function dropStylesheets(next: Document): void {
  const keep = new Set([...next.querySelectorAll<HTMLLinkElement>(STYLESHEET)].map((l) => l.getAttribute("href")));
  document.querySelectorAll<HTMLLinkElement>(STYLESHEET).forEach((l) => {
    if (!keep.has(l.getAttribute("href"))) l.remove();
  });
}

/** Puts the next page in place of this one: its title, the head elements a page owns, the root's attributes, its body. */
function swapDocument(next: Document): void {
  document.title = next.title;
  document.head.querySelectorAll(MANAGED_HEAD).forEach((el) => el.remove());
  next.head.querySelectorAll(MANAGED_HEAD).forEach((el) => document.head.append(document.importNode(el, true)));
  const root = document.documentElement;
  for (const attribute of ["lang", "data-region", "data-page"]) {
    const value = next.documentElement.getAttribute(attribute);
    if (value === null) root.removeAttribute(attribute);
    else root.setAttribute(attribute, value);
  }
  document.body.replaceWith(document.importNode(next.body, true));
  dropStylesheets(next);
}

/**
 * Says the page swapped in to screen readers by its title, as they say a page loaded: the region
 * goes in with the new body, and is filled a moment later, so that it is heard as a change.
 */
function announcePage(): void {
  const region = document.createElement("div");
  region.className = "visually-hidden";
  region.setAttribute("aria-live", "assertive");
  region.setAttribute("aria-atomic", "true");
  document.body.append(region);
  setTimeout(() => (region.textContent = document.title), 100);
}

export function createRouter({ shared, region, loadRegion, prefetch, storage, onPage }: RouterOptions) {
  let current = region;
  /** The page shown now, without its anchor: moving between its anchors is the browser's to scroll. */
  let shown = location.pathname + location.search;
  const productionOrigins = new Set(Object.values(shared.regions).map((r) => r.origin));

  const fullLoad = (url: URL) => location.assign(url.href);

  const places = createScrollMemory();

  const pageView = () => {
    window.dataLayer!.push({
      event: "virtual_page_view",
      page_path: location.pathname,
      page_title: document.title,
      page_location: location.href,
      region: current,
    });
  };

  const scroll = (url: URL, main: HTMLElement) => {
    // The route's own anchor (flagship-bumblebee: header) unless the link names one.
    const id = url.hash ? decodeURIComponent(url.hash.slice(1)) : main.dataset.scrollTo;
    const target = id ? document.getElementById(id) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  };

  /**
   * Where a page must be loaded from the server instead of swapped in: on the production hosts a
   * region of the sister site opens there, with the domain swapped; a region that always loads
   * from the server (cn), to or from, loads as addressed. null: it may be swapped in.
   */
  const serverLoad = (url: URL, to: RegionInfo): URL | null => {
    if (productionOrigins.has(location.origin) && to.origin !== location.origin)
      return new URL(url.pathname + url.search + url.hash, to.origin);
    return shared.regions[current]!.fullPageLoads || to.fullPageLoads ? url : null;
  };

  /** The route at a path of the region; undefined when unknown, or when the region's data does not load. */
  const knownRoute = async (region: string, url: URL): Promise<RouteEntry | undefined> => {
    let routes: RouteEntry[];
    try {
      routes = (await loadRegion(region))?.routes ?? [];
    } catch {
      return undefined;
    }
    const path = url.pathname.replace(/\/+$/, "") || "/";
    return routes.find((r) => r.path === path);
  };

  /**
   * Whether a route is outside its window at the server's time `now` (null: the server did not
   * answer, and the route is taken as open). A window seen over is remembered: later visits
   * leave at once, whatever the server says.
   */
  const outsideWindow = (entry: RouteEntry, now: number | null): boolean => {
    if (!entry.window) return false;
    const verdict = endedWindows.has(storage, entry.path, entry.window.end)
      ? "after"
      : now === null
        ? "live"
        : windowVerdict(entry.window, now);
    if (verdict === "after") endedWindows.remember(storage, entry.path, entry.window.end);
    return verdict !== "live";
  };

  // The last navigation asked for wins: one still on its way when another begins (a second
  // click, the back button) stops at its next step, so a slower page never lands on top.
  let latest = 0;

  async function navigate(url: URL, push: boolean): Promise<void> {
    const ticket = ++latest;
    const overtaken = () => ticket !== latest;
    const targetRegion = regionOfPath(url.pathname, shared);
    const to = shared.regions[targetRegion]!;
    const fromServer = serverLoad(url, to);
    if (fromServer) return fullLoad(fromServer);
    // Only known routes are swapped in place; the server answers anything else (404, redirects).
    const entry = await knownRoute(targetRegion, url);
    if (overtaken()) return;
    if (!entry) return fullLoad(url);
    if (entry.redirect) return navigate(new URL(entry.redirect + url.search + url.hash, location.href), push);
    // Every navigation runs the route's prefetch list, which asks the server for the time; a route
    // outside its window leads home.
    const now = await prefetch(targetRegion, entry.prefetch ?? []);
    if (now !== null) serverClock.set(now);
    if (overtaken()) return;
    if (outsideWindow(entry, now)) return navigate(new URL(to.prefix || "/", location.href), push);
    const next = await fetchPage(url);
    if (overtaken()) return;
    if (!next) return fullLoad(url);

    await loadStylesheets(next);
    if (overtaken()) return;
    if (push) places.push(url.href);
    // Back or forward to a page that leads elsewhere (a redirect, a window closed since): the
    // address becomes where it led.
    else if (url.href !== location.href) history.replaceState(history.state, "", url.href);
    const position = places.arrive();
    swapDocument(next);
    shown = url.pathname + url.search;
    current = targetRegion;
    const main = document.querySelector("main")!;
    if (!push && position !== undefined) window.scrollTo(0, position);
    else scroll(url, main);
    places.scrolled();
    announcePage();
    pageView();
    try {
      await onPage(main);
    } catch {
      // A page chunk that is missing (404 after a deploy): load the target from the server.
      if (!overtaken()) fullLoad(url);
    }
  }

  const onClick = (event: MouseEvent) => {
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    const anchor = (event.target as Element | null)?.closest?.("a");
    if (!anchor?.href || anchor.target || anchor.hasAttribute("download")) return;
    const url = new URL(anchor.href);
    if (url.origin !== location.origin) return;
    // A link to an anchor on the same page scrolls natively.
    if (url.pathname === location.pathname && url.search === location.search && url.hash) return;
    event.preventDefault();
    void navigate(url, true);
  };

  return {
    start() {
      document.addEventListener("click", onClick);
      places.listen();
      // Chrome fires popstate for a jump to an anchor of the page too, and for Back from one:
      // the page stays, and the browser scrolls it.
      addEventListener("popstate", () => {
        const leavesPage = location.pathname + location.search !== shown;
        places.traversed(leavesPage);
        if (leavesPage) void navigate(new URL(location.href), false);
      });
      // A direct load goes to the route's own anchor too (seed 000 §2), unless the address names
      // one, or the browser is putting a reloaded or revisited page back where it was.
      const main = document.querySelector("main");
      const kind = (performance.getEntriesByType?.("navigation")[0] as PerformanceNavigationTiming | undefined)?.type;
      if (main?.dataset.scrollTo && !location.hash && kind !== "reload" && kind !== "back_forward")
        scroll(new URL(location.href), main);
      pageView();
    },
    navigate: (href: string) => navigate(new URL(href, location.href), true),
  };
}
