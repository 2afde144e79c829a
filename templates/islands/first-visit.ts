// Whether this browser has been invited to subscribe before (seed 000's storage key): the
// invitation shows once, and the runtime loads its code only for a visitor not yet invited.

const SEEN_KEY = "newUserPopupSeen";

export function seenBefore(): boolean {
  try {
    return localStorage.getItem(SEEN_KEY) === "1";
  } catch {
    return true; // No storage: do not pester on every page.
  }
}

export function rememberSeen(): void {
  try {
    localStorage.setItem(SEEN_KEY, "1");
  } catch {
    // Nothing to remember it in.
  }
}
