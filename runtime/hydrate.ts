// React's client, in a chunk of its own: loaded only by pages that have an island.
import { createElement, type ComponentType } from "react";
import { hydrateRoot } from "react-dom/client";

export function hydrate(
  element: HTMLElement,
  component: ComponentType<Record<string, unknown>>,
  props: Record<string, unknown>,
) {
  return hydrateRoot(element, createElement(component, props));
}
