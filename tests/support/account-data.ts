// What the local account service keeps in its data folder, read straight from the files (not
// through the service), so a test sees what a restart or a second server would see: the
// append-only log, and the JSON files of older versions where they still exist.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

export const ACCOUNT_LOG = "account-log.jsonl";

export interface KeptAccount {
  id: string;
  email: string;
  hash: string;
  salt: string;
  created_at: string;
  nickname: string;
}
export interface KeptSubscription {
  email: string;
  region: string;
  at: string;
}

const readJson = (path: string): unknown => (existsSync(path) ? JSON.parse(readFileSync(path, "utf8")) : undefined);

export function keptData(dir: string): { accounts: KeptAccount[]; subscriptions: KeptSubscription[] } {
  const accounts: KeptAccount[] = [];
  const subscriptions: KeptSubscription[] = [];
  const addAccount = (a: KeptAccount) => {
    if (!accounts.some((b) => b.id === a.id || b.email.toLowerCase() === a.email.toLowerCase())) accounts.push(a);
  };
  const addSubscription = (s: KeptSubscription) => {
    if (!subscriptions.some((t) => t.email.toLowerCase() === s.email.toLowerCase() && t.region === s.region))
      subscriptions.push(s);
  };
  const log = join(dir, ACCOUNT_LOG);
  if (existsSync(log)) {
    for (const line of readFileSync(log, "utf8").split("\n")) {
      let entry: { kind?: string } & Record<string, unknown>;
      try {
        entry = JSON.parse(line) as typeof entry;
      } catch {
        continue;
      }
      const { kind, ...record } = entry;
      if (kind === "account") addAccount(record as unknown as KeptAccount);
      if (kind === "subscription") addSubscription(record as unknown as KeptSubscription);
    }
  }
  ((readJson(join(dir, "accounts.json")) as { users?: KeptAccount[] } | undefined)?.users ?? []).forEach(addAccount);
  ((readJson(join(dir, "subscriptions.json")) as KeptSubscription[] | undefined) ?? []).forEach(addSubscription);
  return { accounts, subscriptions };
}
