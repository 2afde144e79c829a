// A part of a page that runs in the browser. The server renders it to HTML inside a marked
// element with its props; the runtime loads the island's chunk and hydrates that element only.
// Everything outside islands stays static HTML and ships no JavaScript.
import type { ComponentType } from "react";
import type { islands, IslandName } from "../islands/index.ts";

type PropsOf<N extends IslandName> = (typeof islands)[N] extends () => Promise<{ default: ComponentType<infer P> }>
  ? P
  : never;

export function Island<N extends IslandName>({
  name,
  component: Component,
  props,
}: {
  name: N;
  component: ComponentType<PropsOf<N>>;
  props: PropsOf<N>;
}) {
  return (
    <div data-island={name} data-props={JSON.stringify(props)}>
      <Component {...(props as PropsOf<N> & object)} />
    </div>
  );
}
