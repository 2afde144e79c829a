// The build the server has deployed (DESIGN "Time": a countdown at zero never reloads in a
// loop). A page is static: it keeps the stage that was live when it was built until a newer
// build is deployed, so reloading it at zero brings the same page back. Instead, a countdown at
// zero asks the server, with backoff, for /build.json ({now, nextChange} of the deployed build,
// written by site build beside the pages, never cached) and reloads the page once a build as of
// the countdown's end or later is there: at most once per build, remembered in sessionStorage.

interface DeployedBuild {
  /** The instant the deployed build shows (ISO). */
  now: string;
  nextChange: string | null;
}

export const BUILD_INFO_PATH = "/build.json";
const RELOADED_KEY = "reloadedForBuild";

/** Milliseconds before asking again after `attempt` answers that changed nothing: 2 s, doubling, at most 60 s. */
export function backoffDelay(attempt: number, first = 2_000, max = 60_000): number {
  return Math.min(max, first * 2 ** attempt);
}

async function fetchDeployedBuild(fetcher: typeof fetch = fetch): Promise<DeployedBuild | null> {
  try {
    const response = await fetcher(BUILD_INFO_PATH, { cache: "no-store", headers: { accept: "application/json" } });
    if (!response.ok) return null;
    const build = (await response.json()) as Partial<DeployedBuild>;
    return typeof build.now === "string" && !Number.isNaN(Date.parse(build.now))
      ? { now: build.now, nextChange: build.nextChange ?? null }
      : null;
  } catch {
    return null;
  }
}

export interface WatchOptions {
  fetch?: typeof fetch;
  /** sessionStorage; null where the browser refuses it (then the page never reloads by itself). */
  storage: Storage | null;
  reload: () => void;
  setTimeout?: (run: () => void, ms: number) => unknown;
  clearTimeout?: (timer: unknown) => void;
}

/**
 * Asks for the deployed build now, then after 2, 4, 8 ... 60 s, and reloads the page when that
 * build is as of `endsAt` or later and the page was not already reloaded for it. Returns a stop.
 */
export function reloadWhenDeployed(endsAt: number, options: WatchOptions): () => void {
  const later = options.setTimeout ?? ((run, ms) => setTimeout(run, ms));
  const cancel = options.clearTimeout ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>));
  let stopped = false;
  let attempt = 0;
  let timer: unknown;
  const ask = async () => {
    const build = await fetchDeployedBuild(options.fetch);
    if (stopped) return;
    if (build && Date.parse(build.now) >= endsAt && rememberedNow(options.storage, RELOADED_KEY, build.now))
      return options.reload();
    timer = later(() => void ask(), backoffDelay(attempt++));
  };
  void ask();
  return () => {
    stopped = true;
    cancel(timer);
  };
}

/**
 * Whether the page may reload for `value` (a build, a deployed entry): true the first time, when
 * it is now remembered under `key`; false when it was already, or cannot be remembered (then the
 * page never reloads by itself: a loop is worse than a stale page).
 */
function rememberedNow(storage: Storage | null, key: string, value: string): boolean {
  try {
    if (!storage || storage.getItem(key) === value) return false;
    storage.setItem(key, value);
    return storage.getItem(key) === value;
  } catch {
    return false;
  }
}

/** sessionStorage when the browser allows it. */
export function sessionStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

const CODE_RELOAD_KEY = "reloadedForCode";

export interface CodeCheck {
  /** The address of this page: as the server sends it now, it names the deployed code's entry. */
  url: string;
  /** This page's entry script as its HTML names it (the src of its module script). */
  entry: string | null;
  fetch?: typeof fetch;
  /** sessionStorage; null where the browser refuses it (then the page never reloads by itself). */
  storage: Storage | null;
  reload: () => void;
}

/** The src of the first module script of an HTML text: the entry of the runtime it loads. */
function entryOf(html: string): string | null {
  return /<script type="module" src="([^"]+)"/.exec(html)?.[1] ?? null;
}

/**
 * Code this page asked for and could not load (an island's chunk): when a deploy since the page
 * loaded has replaced its code, the chunks it names are gone and will never load. Then the page
 * as the server sends it now names another entry script, and the page is loaded again, once for
 * that entry (remembered in sessionStorage, so never a loop). Resolves true when it reloads;
 * false when the code is the same (a dropped connection: the caller tries again later) or the
 * server cannot say.
 */
export async function reloadIfCodeReplaced(check: CodeCheck): Promise<boolean> {
  if (!check.entry) return false;
  let deployed: string | null;
  try {
    const response = await (check.fetch ?? fetch)(check.url, { cache: "no-store", headers: { accept: "text/html" } });
    deployed = entryOf(await response.text());
  } catch {
    return false;
  }
  if (!deployed || deployed === check.entry || !rememberedNow(check.storage, CODE_RELOAD_KEY, deployed)) return false;
  check.reload();
  return true;
}
