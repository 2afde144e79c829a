// Every island and how the browser loads it: one lazily loaded chunk each.
export const islands = {
  subscribe: () => import("./Subscribe.tsx"),
} as const;

export type IslandName = keyof typeof islands;
