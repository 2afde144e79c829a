// The session in the browser (seed 000 §3, §4): apptoken, reftoken, userId and userInfo in
// localStorage under exactly those names, scoped by path: the storage scope of the region's
// group (/us, /eu, /cn). localStorage itself has no paths, so each name holds one value per
// scope: {"/us": "...", "/eu": "..."}. Logging out in /us leaves /eu as it was.

const KEYS = ["apptoken", "reftoken", "userId", "userInfo"] as const;

export interface SessionValues {
  apptoken: string | null;
  reftoken: string | null;
  userId: string | null;
  userInfo: Record<string, unknown> | null;
}

export function createSession(storage: Storage | null, scope: string) {
  // A name holds an object of scopes; anything else there (a plain value another site on the
  // origin, or an older version of this one, left under the same name) counts as no session.
  const scopesOf = (key: (typeof KEYS)[number]): Record<string, unknown> => {
    try {
      const all: unknown = JSON.parse(storage?.getItem(key) ?? "{}");
      return all !== null && typeof all === "object" && !Array.isArray(all) ? (all as Record<string, unknown>) : {};
    } catch {
      return {};
    }
  };
  const readScoped = (key: (typeof KEYS)[number]): unknown => scopesOf(key)[scope] ?? null;
  const writeScoped = (key: (typeof KEYS)[number], value: unknown) => {
    if (!storage) return;
    const all = scopesOf(key);
    if (value === null) delete all[scope];
    else all[scope] = value;
    if (Object.keys(all).length === 0) storage.removeItem(key);
    else storage.setItem(key, JSON.stringify(all));
  };
  return {
    read(): SessionValues {
      return {
        apptoken: (readScoped("apptoken") as string | null) ?? null,
        reftoken: (readScoped("reftoken") as string | null) ?? null,
        userId: (readScoped("userId") as string | null) ?? null,
        userInfo: (readScoped("userInfo") as Record<string, unknown> | null) ?? null,
      };
    },
    write(values: Partial<SessionValues>) {
      for (const [key, value] of Object.entries(values)) writeScoped(key as (typeof KEYS)[number], value);
    },
    clear() {
      for (const key of KEYS) writeScoped(key, null);
    },
    get loggedIn() {
      const v = this.read();
      return Boolean(v.apptoken && v.userId);
    },
  };
}

export type Session = ReturnType<typeof createSession>;
