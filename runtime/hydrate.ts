// React's client, in a chunk of its own: loaded when a page's first island is wanted (islands.ts).
import { createElement, useLayoutEffect, type ComponentType, type ReactNode } from "react";
import { hydrateRoot, type Root } from "react-dom/client";

/** Calls `done` once React has committed the hydration of what it wraps. */
function Hydrated({ done, children }: { done: () => void; children?: ReactNode }) {
  useLayoutEffect(done, [done]);
  return children;
}

/**
 * Hydrates an island; the promise settles once React has taken over its markup. An update
 * before then (a click made again that sets state) would make React discard the server's markup
 * and render the island anew, reporting an error.
 */
export function hydrate(
  element: HTMLElement,
  component: ComponentType<Record<string, unknown>>,
  props: Record<string, unknown>,
): Promise<Root> {
  return new Promise((resolve) => {
    const root = hydrateRoot(
      element,
      createElement(Hydrated, { done: () => resolve(root) }, createElement(component, props)),
    );
  });
}
