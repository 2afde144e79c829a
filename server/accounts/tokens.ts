// The tokens of the local account service. They live in memory only, so a restart logs everyone
// out (and nothing else): apptokens with their issue time, any number per user (several browsers
// may be logged in), and one reftoken per user, replaced at each login.

import { randomBytes, timingSafeEqual } from "node:crypto";

const TOKEN_BYTES = 32;

const newToken = () => randomBytes(TOKEN_BYTES).toString("hex");

/** Equal strings without an early exit, so the time taken says nothing about a secret. */
function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export class Tokens {
  private readonly apptokens = new Map<string, { userId: string; issuedAt: number }>();
  private readonly reftokens = new Map<string, string>();

  constructor(
    /** How long an apptoken is valid, in ms. */
    private readonly ttlMs: number,
    private readonly clock: () => number,
  ) {}

  /** A login: a new reftoken for the user, in place of the last one, and an apptoken. */
  logIn(userId: string): { apptoken: string; reftoken: string } {
    const reftoken = newToken();
    this.reftokens.set(userId, reftoken);
    return { apptoken: this.issueApptoken(userId), reftoken };
  }

  issueApptoken(userId: string): string {
    const now = this.clock();
    // Forget expired tokens as new ones are made, so the map does not grow for ever.
    for (const [token, issued] of this.apptokens) if (!this.isFresh(issued.issuedAt, now)) this.apptokens.delete(token);
    const apptoken = newToken();
    this.apptokens.set(apptoken, { userId, issuedAt: now });
    return apptoken;
  }

  /** Whether `given` is the user's reftoken. */
  refreshes(userId: string, given: string): boolean {
    const expected = this.reftokens.get(userId);
    return Boolean(expected && given && sameSecret(given, expected));
  }

  /** The user an apptoken stands for now; undefined when it is unknown or expired. */
  userOf(apptoken: string | undefined): string | undefined {
    const issued = apptoken ? this.apptokens.get(apptoken) : undefined;
    // Valid for [issue, issue + lifetime): half-open, like every window of the site.
    return issued && this.isFresh(issued.issuedAt, this.clock()) ? issued.userId : undefined;
  }

  private isFresh(issuedAt: number, now: number): boolean {
    return now - issuedAt < this.ttlMs;
  }
}
