// Every island and how the browser loads it: one lazily loaded chunk each. An island named
// <name> lives in <Name>.tsx (bundle.ts finds its chunk by that rule).
export const islands = {
  subscribe: () => import("./Subscribe.tsx"),
  gallery: () => import("./Gallery.tsx"),
  community: () => import("./Community.tsx"),
  login: () => import("./Login.tsx"),
  account: () => import("./Account.tsx"),
  newUserPopup: () => import("./NewUserPopup.tsx"),
} as const;

export type IslandName = keyof typeof islands;
