// Where the local account service keeps accounts and newsletter sign-ups: one append-only log
// per data folder, one JSON line per change, replayed on read. `site dev` and `site preview`
// started in the same folder share it: each change is one O_APPEND write made under a lock
// file, after reading what the other server appended, so neither loses the other's writes and
// an address is never registered twice. Nothing is ever rewritten or copied, so a killed write
// leaves at most one torn last line (skipped on replay), never a stray copy of the hashes.
// The files are created readable by their owner only: they hold password hashes.

import { hostname } from "node:os";
import { chmod, mkdir, open, readFile, stat, unlink, type FileHandle } from "node:fs/promises";
import { join } from "node:path";

const ACCOUNT_LOG = "account-log.jsonl";
const LEGACY_ACCOUNTS = "accounts.json";
const LEGACY_SUBSCRIPTIONS = "subscriptions.json";
const FILE_MODE = 0o600;

/** An account: never the password, only its salted scrypt hash. */
export interface AccountRecord {
  id: string;
  email: string;
  hash: string;
  salt: string;
  created_at: string;
  nickname: string;
}

/** A newsletter sign-up. */
export interface SubscriptionRecord {
  email: string;
  region: string;
  at: string;
}

type Entry =
  | ({ kind: "account" } & AccountRecord)
  | ({ kind: "subscription" } & SubscriptionRecord)
  | { kind: "migrated"; from: string[]; at: string };

export interface AccountStoreOptions {
  /** How long to wait for another server's write before giving up; default 10 s. */
  lockTimeoutMs?: number;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const ACCOUNT_FIELDS = ["id", "email", "hash", "salt", "created_at", "nickname"] as const;
const SUBSCRIPTION_FIELDS = ["email", "region", "at"] as const;
const hasStrings = (value: Record<string, unknown>, fields: readonly string[]) =>
  fields.every((f) => typeof value[f] === "string");
const pick = <K extends string>(value: Record<string, unknown>, fields: readonly K[]) =>
  Object.fromEntries(fields.map((f) => [f, value[f]])) as Record<K, string>;

/** E-mail addresses are compared without case: nobody means two accounts by Ann@ and ann@. */
export const emailKey = (email: string) => email.toLowerCase();
const subscriptionKey = (email: string, region: string) => `${emailKey(email)}\n${region}`;

function parseEntry(line: string): Entry | undefined {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return undefined;
  }
  if (!isObject(value)) return undefined;
  if (value.kind === "account" && hasStrings(value, ACCOUNT_FIELDS))
    return { kind: "account", ...pick(value, ACCOUNT_FIELDS) };
  if (value.kind === "subscription" && hasStrings(value, SUBSCRIPTION_FIELDS))
    return { kind: "subscription", ...pick(value, SUBSCRIPTION_FIELDS) };
  if (value.kind === "migrated") return { kind: "migrated", from: [], at: "" };
  return undefined;
}

/** The JSON files of earlier versions: a broken one is refused (and never overwritten), as they always were. */
function parseLegacyAccounts(text: string): AccountRecord[] {
  const parsed: unknown = JSON.parse(text);
  const users = isObject(parsed) ? parsed.users : undefined;
  if (!Array.isArray(users) || !users.every((u) => isObject(u) && hasStrings(u, ACCOUNT_FIELDS))) {
    throw new Error("does not hold {users: [...]} with the fields of an account");
  }
  return users.map((u) => pick(u as Record<string, unknown>, ACCOUNT_FIELDS));
}

function parseLegacySubscriptions(text: string): SubscriptionRecord[] {
  const parsed: unknown = JSON.parse(text);
  if (!Array.isArray(parsed) || !parsed.every((s) => isObject(s) && hasStrings(s, SUBSCRIPTION_FIELDS))) {
    throw new Error("is not a list of {email, region, at}");
  }
  return parsed.map((s) => pick(s as Record<string, unknown>, SUBSCRIPTION_FIELDS));
}

async function readLegacy<T>(path: string, parse: (text: string) => T[]): Promise<T[] | undefined> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  try {
    return parse(text);
  } catch (error) {
    throw new Error(`${path}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether a process of this machine still runs (EPERM: it runs, as another user). */
function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * A lock is held for one read and one append, milliseconds. One left behind by a process that
 * died, or older than this, is taken over: a server must not wait for ever on a crashed one.
 */
const LOCK_STALE_MS = 30_000;

export class AccountStore {
  readonly logPath: string;
  private readonly lockPath: string;
  private readonly lockTimeoutMs: number;

  private readonly accounts = new Map<string, AccountRecord>();
  private readonly accountsById = new Map<string, AccountRecord>();
  private readonly subscriptions = new Map<string, SubscriptionRecord>();
  private migrated = false;
  /** Bytes of the log replayed so far (always the end of a whole line), and which file they were of. */
  private offset = 0;
  private inode: number | undefined;
  private lines = 0;

  /** Replays run one at a time, so no bytes are applied twice. */
  private replaying: Promise<void> = Promise.resolve();
  /** This process's writers queue here before they contend for the lock file with other processes. */
  private writing: Promise<unknown> = Promise.resolve();
  private ready: Promise<void> | undefined;

  constructor(
    readonly dataDir: string,
    options: AccountStoreOptions = {},
  ) {
    this.logPath = join(dataDir, ACCOUNT_LOG);
    this.lockPath = `${this.logPath}.lock`;
    this.lockTimeoutMs = options.lockTimeoutMs ?? 10_000;
  }

  /** The account of an address, as the log holds it now (another server's writes included). */
  async accountByEmail(email: string): Promise<AccountRecord | undefined> {
    await this.catchUp();
    return this.accounts.get(emailKey(email));
  }

  async accountById(id: string): Promise<AccountRecord | undefined> {
    await this.catchUp();
    return this.accountsById.get(id);
  }

  /** Adds the account unless its address has one; returns the account the address has now. */
  async addAccount(account: AccountRecord): Promise<AccountRecord> {
    return this.underLock(async () => {
      const existing = this.accounts.get(emailKey(account.email));
      if (existing) return existing;
      await this.append([{ kind: "account", ...account }]);
      return this.accounts.get(emailKey(account.email)) ?? account;
    });
  }

  /** Adds the sign-up unless the address already has one for the region. */
  async addSubscription(subscription: SubscriptionRecord): Promise<void> {
    await this.underLock(async () => {
      if (this.subscriptions.has(subscriptionKey(subscription.email, subscription.region))) return;
      await this.append([{ kind: "subscription", ...subscription }]);
    });
  }

  /** Every account and sign-up, in the order they were made. */
  async snapshot(): Promise<{ accounts: AccountRecord[]; subscriptions: SubscriptionRecord[] }> {
    await this.catchUp();
    return { accounts: [...this.accounts.values()], subscriptions: [...this.subscriptions.values()] };
  }

  /** The folder, and the records of an earlier version moved into the log, once; a failure is retried on the next call. */
  private prepare(): Promise<void> {
    if (this.ready) return this.ready;
    const attempt = (async () => {
      await mkdir(this.dataDir, { recursive: true, mode: 0o700 });
      // A log copied in or made under a loose umask: it holds hashes, so it is the owner's alone.
      await chmod(this.logPath, FILE_MODE).catch(() => undefined);
      await this.replay();
      const legacyAccounts = await readLegacy(join(this.dataDir, LEGACY_ACCOUNTS), parseLegacyAccounts);
      const legacySubscriptions = await readLegacy(join(this.dataDir, LEGACY_SUBSCRIPTIONS), parseLegacySubscriptions);
      if (this.migrated || (legacyAccounts === undefined && legacySubscriptions === undefined)) return;
      await this.lockedWrite(async () => {
        if (this.migrated) return;
        // Only what the log does not hold yet: a migration cut short is finished, not doubled.
        const entries: Entry[] = [
          ...(legacyAccounts ?? [])
            .filter((a) => !this.accounts.has(emailKey(a.email)) && !this.accountsById.has(a.id))
            .map((a): Entry => ({ kind: "account", ...a })),
          ...(legacySubscriptions ?? [])
            .filter((s) => !this.subscriptions.has(subscriptionKey(s.email, s.region)))
            .map((s): Entry => ({ kind: "subscription", ...s })),
          {
            kind: "migrated",
            from: [LEGACY_ACCOUNTS, LEGACY_SUBSCRIPTIONS].filter(
              (_, i) => [legacyAccounts, legacySubscriptions][i] !== undefined,
            ),
            at: new Date().toISOString(),
          },
        ];
        await this.append(entries);
      });
      // The old files are left as they are (never rewritten, never deleted), but they hold hashes too.
      for (const name of [LEGACY_ACCOUNTS, LEGACY_SUBSCRIPTIONS])
        await chmod(join(this.dataDir, name), FILE_MODE).catch(() => undefined);
    })();
    this.ready = attempt;
    attempt.catch(() => {
      if (this.ready === attempt) this.ready = undefined;
    });
    return attempt;
  }

  private async catchUp(): Promise<void> {
    await this.prepare();
    await this.replay();
  }

  private underLock<T>(work: () => Promise<T>): Promise<T> {
    return this.prepare().then(() => this.lockedWrite(work));
  }

  /** Applies the lines appended since the last replay, by this server or another. */
  private replay(): Promise<void> {
    const next = this.replaying.catch(() => undefined).then(() => this.readNewLines());
    this.replaying = next;
    return next;
  }

  private reset(): void {
    this.accounts.clear();
    this.accountsById.clear();
    this.subscriptions.clear();
    this.migrated = false;
    this.offset = 0;
    this.lines = 0;
  }

  private async readNewLines(): Promise<void> {
    let file: FileHandle;
    try {
      file = await open(this.logPath, "r");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
      if (this.offset > 0) this.reset();
      return;
    }
    try {
      const { size, ino } = await file.stat();
      // Replaced or cut by hand: read it again from the start.
      if (ino !== this.inode || size < this.offset) {
        this.reset();
        this.inode = ino;
      }
      if (size === this.offset) return;
      const bytes = Buffer.alloc(size - this.offset);
      const { bytesRead } = await file.read(bytes, 0, bytes.length, this.offset);
      // Up to the last newline only: a line still being written is read when it is whole.
      const end = bytes.subarray(0, bytesRead).lastIndexOf(0x0a);
      if (end === -1) return;
      for (const line of bytes.subarray(0, end).toString("utf8").split("\n")) {
        this.lines += 1;
        if (line.trim() === "") continue;
        const entry = parseEntry(line);
        if (entry) this.apply(entry);
        else
          console.error(
            `account service: ${this.logPath} line ${this.lines} is not a record (a write cut short?); skipped`,
          );
      }
      this.offset += end + 1;
    } finally {
      await file.close();
    }
  }

  private apply(entry: Entry): void {
    if (entry.kind === "migrated") {
      this.migrated = true;
    } else if (entry.kind === "account") {
      const { kind: _, ...account } = entry;
      // The first account of an address or id stands; the lock keeps a second from being written.
      if (this.accounts.has(emailKey(account.email)) || this.accountsById.has(account.id)) return;
      this.accounts.set(emailKey(account.email), account);
      this.accountsById.set(account.id, account);
    } else {
      const { kind: _, ...subscription } = entry;
      const key = subscriptionKey(subscription.email, subscription.region);
      if (!this.subscriptions.has(key)) this.subscriptions.set(key, subscription);
    }
  }

  /** Appends whole lines in one write, synced before the caller answers, then replays them. */
  private async append(entries: Entry[]): Promise<void> {
    const file = await open(this.logPath, "a", FILE_MODE);
    try {
      const { size } = await file.stat();
      // Bytes past the last whole line are a write that was killed: end that line, so this one stands alone.
      const prefix = size > this.offset ? "\n" : "";
      await file.writeFile(prefix + entries.map((e) => `${JSON.stringify(e)}\n`).join(""));
      await file.datasync();
    } finally {
      await file.close();
    }
    await this.replay();
  }

  /** Runs `work` holding the lock file, after replaying everything written before it was taken. */
  private lockedWrite<T>(work: () => Promise<T>): Promise<T> {
    const run = this.writing
      .catch(() => undefined)
      .then(async () => {
        const token = await this.acquireLock();
        try {
          await this.replay();
          return await work();
        } finally {
          await this.releaseLock(token);
        }
      });
    this.writing = run;
    return run;
  }

  private async acquireLock(): Promise<string> {
    const token = JSON.stringify({
      pid: process.pid,
      host: hostname(),
      at: Date.now(),
      nonce: Math.random().toString(36).slice(2),
    });
    const deadline = Date.now() + this.lockTimeoutMs;
    for (let attempt = 0; ; attempt++) {
      try {
        const file = await open(this.lockPath, "wx", FILE_MODE);
        try {
          await file.writeFile(token);
        } finally {
          await file.close();
        }
        return token;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      }
      const holder = await this.lockHolder();
      if (holder.stale) {
        await unlink(this.lockPath).catch(() => undefined);
        continue;
      }
      if (Date.now() >= deadline) {
        throw new Error(
          `${this.lockPath} is held by process ${holder.pid ?? "?"}; delete it if no site dev or preview runs in this folder`,
        );
      }
      await sleep(Math.min(50, 2 + attempt * 2) * (0.5 + Math.random()));
    }
  }

  /** Who holds the lock, and whether it can be taken over. */
  private async lockHolder(): Promise<{ pid?: number; stale: boolean }> {
    let text: string;
    let modified: number;
    try {
      [text, modified] = await Promise.all([
        readFile(this.lockPath, "utf8"),
        stat(this.lockPath).then((s) => s.mtimeMs),
      ]);
    } catch {
      // Gone already, or not written yet: try again.
      return { stale: false };
    }
    let holder: { pid?: unknown; host?: unknown } = {};
    try {
      holder = JSON.parse(text) as typeof holder;
    } catch {
      // Created but not written yet, or written by something else: only its age can tell.
    }
    const pid = typeof holder.pid === "number" ? holder.pid : undefined;
    if (Date.now() - modified > LOCK_STALE_MS) return { pid, stale: true };
    // A process id means something only on the machine that wrote it (the folder may be shared).
    if (pid !== undefined && holder.host === hostname() && !processRuns(pid)) return { pid, stale: true };
    return { pid, stale: false };
  }

  private async releaseLock(token: string): Promise<void> {
    // Only our own lock: if it was taken over meanwhile, the file is someone else's now.
    const text = await readFile(this.lockPath, "utf8").catch(() => undefined);
    if (text === token) await unlink(this.lockPath).catch(() => undefined);
  }
}
