// Hydrates the islands inside a part of the page. React's client and each island's code are
// separate chunks, loaded only when an island is wanted (templates/islands/hydration.ts): at
// once, when it comes near the screen, or for a first visit only. A client-side navigation swaps
// the whole body: the islands of the page left are unmounted then, so that their timers,
// observers and requests (a countdown asking for build.json at zero) stop with the page.
import type { Root } from "react-dom/client";
import { islands, type IslandName } from "../templates/islands/index.ts";
import { hydration } from "../templates/islands/hydration.ts";
import { seenBefore } from "../templates/islands/first-visit.ts";
import { reloadIfCodeReplaced, sessionStore } from "./deployed-build.ts";

/** The islands of the page shown now. */
let mounted: Root[] = [];
/** Islands whose code is on its way, so that nothing hydrates one twice. */
let hydrating = new WeakMap<HTMLElement, Promise<void>>();
/** Watches the islands that wait for the screen to come near them. */
let nearScreen: IntersectionObserver | undefined;
// About a screen ahead: the code has loaded by the time the shopper reaches the island.
const NEAR = "100% 0px";

export async function hydrateIslands(root: ParentNode): Promise<void> {
  const elements = [...root.querySelectorAll<HTMLElement>("[data-island]:not([data-hydrated])")];
  const now = elements.filter((element) => {
    const when = hydration[element.dataset.island as IslandName];
    if (when === "visible") watchForScreen(element);
    if (when === "firstVisit") return !seenBefore();
    return when === "load";
  });
  await Promise.all(now.map(hydrateIsland));
}

function watchForScreen(element: HTMLElement): void {
  nearScreen ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        nearScreen?.unobserve(entry.target);
        hydrateIsland(entry.target as HTMLElement).catch((error: unknown) => console.error(error));
      }
    },
    { rootMargin: NEAR },
  );
  nearScreen.observe(element);
}

function hydrateIsland(element: HTMLElement): Promise<void> {
  let done = hydrating.get(element);
  if (!done) {
    // Code that could not be loaded is asked for again at the next interaction, rather than the
    // island holding every click for ever; when a deploy has replaced it, the page is loaded anew.
    done = loadAndHydrate(element).catch(async (error: unknown) => {
      hydrating.delete(element);
      if (await reloadForNewCode()) return new Promise<never>(() => {}); // the page is going
      throw error;
    });
    hydrating.set(element, done);
  }
  return done;
}

/** Loads the page again when the server now sends it with other code than this page's (deployed-build.ts). */
function reloadForNewCode(): Promise<boolean> {
  return reloadIfCodeReplaced({
    url: location.href,
    entry: document.querySelector<HTMLScriptElement>('script[type="module"][src]')?.getAttribute("src") ?? null,
    storage: sessionStore(),
    reload: () => location.reload(),
  });
}

async function loadAndHydrate(element: HTMLElement): Promise<void> {
  const load = islands[element.dataset.island as IslandName];
  if (!load) return;
  const [{ hydrate }, module] = await Promise.all([import("./hydrate.ts"), load()]);
  // A navigation while the chunk loaded has taken the element away: nothing to hydrate.
  if (!element.isConnected) return;
  const props = JSON.parse(element.dataset.props ?? "{}") as Record<string, unknown>;
  const root = await hydrate(element, module.default as never, props);
  // The page was left while React took over: the island goes with it.
  if (!element.isConnected) return root.unmount();
  mounted.push(root);
  element.dataset.hydrated = "true";
}

/**
 * A click or a submit inside an island whose code has not arrived (a shopper quicker than the
 * network, or one who reached it without scrolling) is held, not lost, nor sent as a plain form
 * that would reload the page: the island is hydrated at once, and the click or submit made again
 * once React has taken it over (data-hydrated; until then every click there is held the same way).
 */
export function holdEarlyInteractions(): void {
  for (const type of ["click", "submit"] as const)
    document.addEventListener(
      type,
      (event) => {
        const target = event.target as HTMLElement;
        const island = target.closest?.<HTMLElement>("[data-island]:not([data-hydrated])");
        if (!island || !(island.dataset.island! in islands)) return;
        event.preventDefault();
        event.stopPropagation();
        nearScreen?.unobserve(island);
        hydrateIsland(island)
          .then(() => {
            if (!target.isConnected) return;
            if (type === "submit") (target as HTMLFormElement).requestSubmit();
            else target.dispatchEvent(new MouseEvent("click", event));
          })
          .catch((error: unknown) => console.error(error));
      },
      { capture: true },
    );
}

/** Unmounts the islands of the page a navigation has left, and stops waiting for its others. */
export function unmountIslands(): void {
  nearScreen?.disconnect();
  hydrating = new WeakMap();
  const left = mounted;
  mounted = [];
  for (const root of left) root.unmount();
}
