// The thin client. It computes no content: pages arrive as prerendered HTML and islands hydrate
// from the props the server wrote. It adds what a static page cannot do by itself: client-side
// navigation, head updates, the analytics page view, the region store, the layout class, the
// webp check, the scroll animations and the campaign countdowns.

import { regionLoaders } from "site-generated/regions.ts";
import { shared } from "site-generated/shared.ts";
import { holdEarlyInteractions, hydrateIslands, unmountIslands } from "./islands.ts";
import { layoutClassFor } from "./layout.ts";
import { installDialogs } from "./dialogs.ts";
import { installMenus } from "./menus.ts";
import { countryLabel, createRegionStore, regionOfPath, storage } from "./region.ts";
import type { PrefetchRequest, RouteEntry } from "./generated-types.ts";
import { createRouter } from "./router.ts";
import { createApiClient, type ApiClient } from "./api.ts";
import { provideApi, provideKept } from "./api-context.ts";
import { createToasts } from "./toast.ts";
import { endedWindows, fetchServerTime, serverClock, windowVerdict } from "./clock.ts";
import { runPrefetch } from "./prefetch.ts";
import { startCountdowns } from "./countdown.ts";

declare global {
  interface Window {
    dataLayer?: Record<string, unknown>[];
  }
}

const region = regionOfPath(location.pathname, shared);
const regionInfo = shared.regions[region]!;

const store = createRegionStore(region, regionInfo, storage());
document.documentElement.dataset.regionLanguage = store.regionLanguage;

// Picking a country in the region chooser remembers it; the header names it (us: 'Canada - English').
document.addEventListener("click", (event) => {
  const option = (event.target as Element | null)?.closest?.<HTMLElement>("[data-country]");
  if (option?.dataset.country) store.setCountry(option.dataset.country);
});
const showCountry = () => {
  const label = countryLabel(store.region, store.country, shared.countryLabels);
  const switcher = document.querySelector(".region-switch .region-label");
  if (label && switcher) switcher.textContent = label;
};
showCountry();

// Layout class by window width: 'window' (>= 1024), 'ipad' (>= 768), else 'mobile'.
const applyLayoutClass = () => {
  const root = document.documentElement;
  const next = layoutClassFor(window.innerWidth, shared.constants.layout);
  for (const name of ["window", "ipad", "mobile"]) root.classList.toggle(name, name === next);
};
applyLayoutClass();
addEventListener("resize", applyLayoutClass);

// Image-format support, checked once at load (a failure is only logged, seed 000 §8).
const probe = new Image();
probe.onload = () => document.documentElement.classList.add(probe.width > 0 ? "webp" : "no-webp");
probe.onerror = () => {
  document.documentElement.classList.add("no-webp");
  console.info("webp is not supported; using fallback images");
};
probe.src = "data:image/webp;base64,UklGRiIAAABXRUJQVlA4IBYAAAAwAQCdASoBAAEADsD+JaQAA3AAAAAA";

// Elements scrolled into view get an animated class.
const observer = new IntersectionObserver(
  (entries) => {
    for (const entry of entries) {
      if (entry.isIntersecting) {
        entry.target.classList.add("animated");
        observer.unobserve(entry.target);
      }
    }
  },
  { rootMargin: `0px 0px -${shared.constants.scrollFloatOffset}px 0px` },
);
const observeAnimations = (root: ParentNode) =>
  root.querySelectorAll("section, .product-card").forEach((el) => observer.observe(el));
observeAnimations(document);
document.documentElement.style.setProperty("--collapse-duration", `${shared.constants.collapseTransitionSeconds}s`);

// The header's drop-downs and the menu button of narrow layouts (delegated: the header is static HTML).
installMenus();
// Every dialog's behaviour: open, focus kept inside, close, focus back, its video (delegated too).
installDialogs();

window.dataLayer = window.dataLayer ?? [];

const loadRegion = (code: string) => regionLoaders[code as keyof typeof regionLoaders]?.().then((m) => m.region);
const home = regionInfo.prefix || "/";
const here = location.pathname.replace(/\/+$/, "") || "/";

// The API client of each region, made when first needed; islands reach the current region's
// through api-context.ts.
const toasts = createToasts(shared.constants);
toasts.mount();
const clients = new Map<string, ApiClient>();
const clientFor = (code: string): ApiClient => {
  let client = clients.get(code);
  if (client) return client;
  const info = shared.regions[code]!;
  const messages: Record<string, string> = {};
  void loadRegion(code)?.then((data) => Object.assign(messages, data.api));
  client = createApiClient({
    api: shared.api,
    region: { code, prefix: info.prefix, language: info.language, group: info.group, storageScope: info.storageScope },
    messages,
    host: location.hostname,
    // A local preview or dev server answers the account calls itself, on its own origin.
    baseOverride: ["127.0.0.1", "localhost", "[::1]"].includes(location.hostname) ? "" : null,
    fetch: (...args) => fetch(...args),
    storage: storage(),
    toast: toasts.toast,
    navigate: (path) => location.assign(path),
  });
  clients.set(code, client);
  return client;
};
provideApi(clientFor(region), toasts);

/** A route's prefetch list in a region (runtime/prefetch.ts): the server's time and the requests islands take. */
const runRoute = (code: string, list: readonly PrefetchRequest[] = []) =>
  runPrefetch(list, shared.api, clientFor(code), (url) => fetchServerTime(shared, shared.regions[code]!, { url }));

// A route whose window was seen over leaves at once; otherwise the server's clock decides
// (seed 000 §2): before the start or from the end on, the visitor goes to the region home. The
// first load runs the route's prefetch list too: the server's time, and what islands show.
if (endedWindows.has(storage(), here, document.querySelector("main")?.dataset.windowEnd ?? null))
  location.replace(home);
const firstRun = (async () => {
  const entry = (await loadRegion(region)?.catch(() => undefined))?.routes.find((r: RouteEntry) => r.path === here);
  return { entry, run: runRoute(region, entry?.prefetch) };
})();
provideKept(firstRun.then(({ run }) => run.kept));
void firstRun.then(async ({ entry, run }) => {
  const now = await run.now;
  if (now !== null) serverClock.set(now);
  if (!entry?.window || now === null) return;
  const verdict = windowVerdict(entry.window, now);
  if (verdict === "after") endedWindows.remember(storage(), here, entry.window.end);
  if (verdict !== "live") location.replace(home);
});

// A campaign's countdown ticks from the server's time, once firstRun has it.
let stopCountdowns = startCountdowns(document);

const router = createRouter({
  shared,
  region,
  loadRegion,
  prefetch: (code, list) => {
    const run = runRoute(code, list);
    provideKept(run.kept);
    return run.now;
  },
  storage: storage(),
  onPage: () => {
    const next = regionOfPath(location.pathname, shared);
    if (next !== store.region) {
      provideApi(clientFor(next), toasts);
      store.enter(next, shared.regions[next]!);
      document.documentElement.dataset.regionLanguage = store.regionLanguage;
    }
    showCountry();
    // The whole body was swapped: what was observed is gone, and the new footer is to be observed too.
    observer.disconnect();
    observeAnimations(document.body);
    toasts.mount();
    // The whole body was swapped: the islands of the page left stop, and the footer's
    // (newsletter, new-user invitation) are new too.
    unmountIslands();
    stopCountdowns();
    stopCountdowns = startCountdowns(document.body);
    return hydrateIslands(document.body);
  },
});
holdEarlyInteractions();
router.start();
void hydrateIslands(document).catch((error: unknown) => console.error(error));
