// Where each history entry of this document was scrolled to, for Back and Forward to put its page
// there again. Entries are told apart by a key kept in their state. By the time popstate fires,
// the entry of the page left is no longer the current one, so its position is the last one a
// scroll event reported.

// crypto.randomUUID is for secure contexts only, and `site preview --host` serves plain http.
const newKey = () => `${Date.now().toString(36)}.${Math.random().toString(36).slice(2)}`;

/** The key of the current history entry, given one if it has none (a first load, an anchor jump). */
function currentKey(): string {
  const state = history.state as { key?: unknown } | null;
  if (typeof state?.key === "string") return state.key;
  const key = newKey();
  history.replaceState({ ...state, key }, "");
  return key;
}

export function createScrollMemory() {
  const positions = new Map<string, number>();
  let lastScrollY = window.scrollY;
  let shownKey = currentKey();
  return {
    listen(): void {
      addEventListener("scroll", () => (lastScrollY = window.scrollY), { passive: true });
    },
    /** Pushes a link's page; the page left keeps its place, after a reload of it too (history.state outlives the document). */
    push(href: string): void {
      positions.set(shownKey, window.scrollY);
      history.replaceState({ ...(history.state as object | null), scrollY: window.scrollY }, "");
      history.pushState({ key: newKey() }, "", href);
    },
    /** On popstate: the current entry is now the one shown; the page left keeps its place when it goes. */
    traversed(leavesPage: boolean): void {
      const left = shownKey;
      shownKey = currentKey();
      if (leavesPage) positions.set(left, lastScrollY);
    },
    /** The current entry's page is being shown: where it was scrolled to, if it was. */
    arrive(): number | undefined {
      shownKey = currentKey();
      const kept = positions.get(shownKey) ?? (history.state as { scrollY?: unknown } | null)?.scrollY;
      return typeof kept === "number" ? kept : undefined;
    },
    /** The router has scrolled the page it swapped in. */
    scrolled(): void {
      lastScrollY = window.scrollY;
    },
  };
}
