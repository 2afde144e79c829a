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
  const readScoped = (key: (typeof KEYS)[number]): unknown => {
    try {
      const all = JSON.parse(storage?.getItem(key) ?? "{}") as Record<string, unknown>;
      return all[scope] ?? null;
    } catch {
      return null;
    }
  };
  const writeScoped = (key: (typeof KEYS)[number], value: unknown) => {
    if (!storage) return;
    let all: Record<string, unknown> = {};
    try {
      all = JSON.parse(storage.getItem(key) ?? "{}") as Record<string, unknown>;
    } catch {
      all = {};
    }
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
