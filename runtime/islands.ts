// Hydrates the islands inside a part of the page. React's client and each island's code are
// separate chunks, loaded only when a page has an island.
import { islands, type IslandName } from "../templates/islands/index.ts";

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
      const props = JSON.parse(element.dataset.props ?? "{}") as Record<string, unknown>;
      element.dataset.hydrated = "true";
      hydrate(element, module.default as never, props);
    }),
  );
}
