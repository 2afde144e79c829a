// The passwords of the local account service: only a salted scrypt hash is kept, and checking a
// login costs one hash whether the address exists or not, so the time of an answer does not tell
// which addresses have accounts.

import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import { promisify } from "node:util";
import type { AccountRecord } from "./store.ts";

const SALT_BYTES = 16;
const HASH_BYTES = 64;

const scryptAsync = promisify(scrypt) as (password: string, salt: Buffer, keylen: number) => Promise<Buffer>;

/**
 * A password's salted scrypt hash (NFC first, so the same password typed on any keyboard
 * matches), computed on libuv's thread pool: a login never stops the server from answering.
 * The parameters are scrypt's defaults, as before, so existing hashes still match.
 */
export function hashPassword(password: string, salt: Buffer): Promise<Buffer> {
  return scryptAsync(password.normalize("NFC"), salt, HASH_BYTES);
}

/**
 * Hashes share libuv's thread pool (4 threads) with file reads: eight logins at once would
 * hold every thread, and the site's pages would wait for them. Two at a time leave the rest
 * to the pages.
 */
const HASHES_AT_ONCE = 2;

/** `run` with at most `limit` calls under way; the others wait their turn, first come first served. */
function atMostAtOnce<A extends unknown[], R>(
  run: (...args: A) => Promise<R>,
  limit: number,
): (...args: A) => Promise<R> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (...args) => {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    else running += 1;
    try {
      return await run(...args);
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}

export class Passwords {
  private readonly hash: (password: string, salt: Buffer) => Promise<Buffer>;
  // An unknown address is hashed too, against a salt of its own, so that refusing it takes the
  // work a wrong password takes.
  private readonly decoySalt = randomBytes(SALT_BYTES);

  /** `hash` is called exactly once per login, decoy included. */
  constructor(hash: (password: string, salt: Buffer) => Promise<Buffer> = hashPassword) {
    this.hash = atMostAtOnce(hash, HASHES_AT_ONCE);
  }

  /** A new password's hash and salt, in hex as an account keeps them. */
  async create(password: string): Promise<{ hash: string; salt: string }> {
    const salt = randomBytes(SALT_BYTES);
    return { hash: (await this.hash(password, salt)).toString("hex"), salt: salt.toString("hex") };
  }

  /** Whether the password is the account's; false, after the same work, when there is no account. */
  async matches(account: AccountRecord | undefined, password: string): Promise<boolean> {
    const actual = await this.hash(password, account ? Buffer.from(account.salt, "hex") : this.decoySalt);
    if (!account) return false;
    const expected = Buffer.from(account.hash, "hex");
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  }
}
