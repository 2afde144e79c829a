// When each island's code is loaded and the island hydrated (runtime/islands.ts), and so which
// islands' chunks a page preloads with itself (compiler/render: preloadsFor):
//   load        at once: what a shopper meets first (the login and account forms);
//   visible     when it comes near the screen: the footer's newsletter form, on every page, and
//               a product page's gallery and community box, far down the page;
//   firstVisit  at once, for a visitor not yet invited to subscribe (first-visit.ts), else never.
// A page whose islands all wait (all but the login and account pages, for a returning visitor)
// loads no React at all until the shopper scrolls down to them.
import type { IslandName } from "./index.ts";

export type Hydration = "load" | "visible" | "firstVisit";

export const hydration = {
  subscribe: "visible",
  gallery: "visible",
  community: "visible",
  login: "load",
  account: "load",
  newUserPopup: "firstVisit",
} as const satisfies Record<IslandName, Hydration>;

/** Whether a page with this island loads the island's code with itself. */
export function hydratesAtLoad(name: string): boolean {
  return (hydration as Record<string, Hydration>)[name] === "load";
}
