// Hydrates the islands inside a part of the page. React's client and each island's code are
// separate chunks, loaded only when a page has an island. A client-side navigation swaps the
// whole body: the islands of the page left are unmounted then, so that their timers, observers
// and requests (a countdown asking for build.json at zero) stop with the page.
import type { Root } from "react-dom/client";
import { islands, type IslandName } from "../templates/islands/index.ts";

/** The islands of the page shown now. */
let mounted: Root[] = [];

export async function hydrateIslands(root: ParentNode): Promise<void> {
  const elements = [...root.querySelectorAll<HTMLElement>("[data-island]:not([data-hydrated])")];
  if (elements.length === 0) return;
  const { hydrate } = await import("./hydrate.ts");
  await Promise.all(
    elements.map(async (element) => {
      const name = element.dataset.island as IslandName;
      const load = islands[name];
      if (!load) return;
      const module = await load();
      // A navigation while the chunk loaded has taken the element away: nothing to hydrate.
      if (!element.isConnected) return;
      const props = JSON.parse(element.dataset.props ?? "{}") as Record<string, unknown>;
      element.dataset.hydrated = "true";
      mounted.push(hydrate(element, module.default as never, props));
    }),
  );
}

/** Unmounts the islands of the page a navigation has left. */
export function unmountIslands(): void {
  const left = mounted;
  mounted = [];
  for (const root of left) root.unmount();
}
