import { and, eq, gt, lt, ne } from 'drizzle-orm';
import { minutes } from '../../clock';
import { tooManyRequests } from '../../http/errors';
import { message } from '../../i18n/message';
import type { Services } from '../../services';
import type { Limit, ThrottleSlot } from '../../security/throttle';
import { knownLoginAddresses } from './schema';

/** Wrong second-factor codes per account before the second step locks (server/README.md, Security). */
export const SECOND_FACTOR_LIMIT: Limit = { limit: 5, windowMs: minutes(15) };
/** How long the second step stays locked after the failure that reached the limit. */
export const SECOND_FACTOR_LOCK_MS = minutes(15);
/** How long a right password from an address keeps that (address, account) pair past the address's failure budget. */
export const KNOWN_ADDRESS_TTL_MS = 30 * 24 * 3600_000;

const BUCKETS = {
  email: 'login-email',
  knownSource: 'login-email-known-address',
  ip: 'login-ip',
  secondFactor: 'second-factor',
} as const;

/** A reserved password check: the slots stay taken when the password is wrong. */
export interface PasswordCheck {
  /** The password was right: it was no failure, so the slots go back and the account's count of failures ends. */
  passed(): Promise<void>;
}

export type Reservation = { ok: true; check: PasswordCheck } | { ok: false; retryAfterSeconds: number };

export type LoginLimitsNeeds = Pick<Services, 'clock' | 'config' | 'db' | 'throttle'>;

/**
 * The guess limits of login (issue 17 items 6 and 7; the numbers are in server/README.md, Security):
 * - a password check takes a slot of the account's budget (10 failures per 15 minutes, by email, known or not) and of
 *   the client address's (100), before the hash, in one statement each, so parallel requests and several
 *   instances never check more than the limit;
 * - an address past its budget is refused, except for accounts that signed in with their right password from it in
 *   the last 30 days: an attacker behind an office's NAT throttles himself, not his colleagues;
 * - failures count per account and source: an address the account signed in from has a budget of its own for it
 *   (10 per 15 minutes), so nobody can lock the owner out of it from elsewhere, and guesses from it are capped all
 *   the same; a completed password reset ends the account's count;
 * - wrong second-factor codes are counted per account (5 per 15 minutes), whatever the login they were typed in,
 *   then the second step locks for 15 minutes.
 */
export class LoginLimits {
  constructor(private readonly s: LoginLimitsNeeds) {}

  private get passwordLimit() {
    const { maxFailuresPerEmail, maxFailuresPerIp, windowSeconds } = this.s.config.loginThrottle;
    const windowMs = windowSeconds * 1000;
    return { email: { limit: maxFailuresPerEmail, windowMs }, ip: { limit: maxFailuresPerIp, windowMs } };
  }

  /** Reserves one password check for this email from this address, or says how long to wait. */
  async reservePasswordCheck(email: string, ip: string, userId: string | undefined): Promise<Reservation> {
    const { throttle } = this.s;
    const limits = this.passwordLimit;
    // Asked for unknown addresses too (with no account id), so both do the same work before the password check.
    const known = await this.isKnownAddress(userId ?? '', ip);
    // Failures count per account and source: from an address the account signed in from, against that pair's own
    // budget; from anywhere else, against the account's. Failures from elsewhere never lock the owner out of the
    // address they sign in from, and guesses from that address are capped all the same.
    const [bucket, key] = known ? [BUCKETS.knownSource, `${email} ${ip}`] : [BUCKETS.email, email];
    const byAccount = await throttle.take(bucket, key, limits.email);
    if (!byAccount.ok) return byAccount;
    const byIp = await throttle.take(BUCKETS.ip, ip, limits.ip);
    if (!byIp.ok && !known) {
      await throttle.giveBack(byAccount.slot);
      return byIp;
    }
    const ipSlot = byIp.ok ? byIp.slot : undefined;
    return {
      ok: true,
      check: {
        // The right password: the address's slot goes back and the count it was checked against ends. From a known
        // address that is the pair's only: the owner signing in does not reopen the account to the guesses elsewhere.
        passed: () => throttle.clear(bucket, key, ipSlot),
      },
    };
  }

  /** A completed password reset: whoever spent the account's failure budget, the new password starts afresh. */
  async passwordReset(email: string): Promise<void> {
    await this.s.throttle.clear(BUCKETS.email, email);
  }

  /** The account signed in from this address with its right password: remember the pair for 30 days. */
  async rememberAddress(userId: string, ip: string): Promise<void> {
    const { db, clock } = this.s;
    const now = clock.now();
    // One statement (docs/performance.md): the pair's upsert, and the account's pairs older than 30 days dropped.
    // The delete leaves this address's row to the upsert: one statement must not write a row twice.
    const expired = db
      .$with('expired_addresses')
      .as(
        db
          .delete(knownLoginAddresses)
          .where(
            and(
              eq(knownLoginAddresses.userId, userId),
              ne(knownLoginAddresses.ip, ip),
              lt(knownLoginAddresses.lastSuccessAt, new Date(now.getTime() - KNOWN_ADDRESS_TTL_MS)),
            ),
          )
          .returning({ ip: knownLoginAddresses.ip }),
      );
    await db
      .with(expired)
      .insert(knownLoginAddresses)
      .values({ userId, ip, lastSuccessAt: now })
      .onConflictDoUpdate({
        target: [knownLoginAddresses.userId, knownLoginAddresses.ip],
        set: { lastSuccessAt: now },
      });
  }

  private async isKnownAddress(userId: string, ip: string): Promise<boolean> {
    const since = new Date(this.s.clock.now().getTime() - KNOWN_ADDRESS_TTL_MS);
    const rows = await this.s.db
      .select({ ip: knownLoginAddresses.ip })
      .from(knownLoginAddresses)
      .where(
        and(
          eq(knownLoginAddresses.userId, userId),
          eq(knownLoginAddresses.ip, ip),
          gt(knownLoginAddresses.lastSuccessAt, since),
        ),
      );
    return rows.length > 0;
  }

  /** Reserves one second-factor guess of the account, or throws the lock's 429. */
  async reserveSecondFactorGuess(userId: string): Promise<ThrottleSlot> {
    const taken = await this.s.throttle.take(BUCKETS.secondFactor, userId, SECOND_FACTOR_LIMIT);
    if (!taken.ok) throw secondFactorLocked(taken.retryAfterSeconds);
    return taken.slot;
  }

  /** Throws the lock's 429 while the account's second step is locked (no code is sent then). */
  async refuseWhileLocked(userId: string): Promise<void> {
    const wait = await this.s.throttle.exhausted(BUCKETS.secondFactor, userId, SECOND_FACTOR_LIMIT);
    if (wait > 0) throw secondFactorLocked(wait);
  }

  /**
   * A reserved guess was wrong. When it was the last one of the budget, the second step locks for 15 minutes from
   * now and this answers true (the caller mails the account); the caller then throws {@link secondFactorLocked}.
   */
  async secondFactorFailed(slot: ThrottleSlot): Promise<boolean> {
    if (slot.count < SECOND_FACTOR_LIMIT.limit) return false;
    await this.s.throttle.holdUntil(slot, new Date(this.s.clock.now().getTime() + SECOND_FACTOR_LOCK_MS));
    return true;
  }

  /** The guess was no guess (a method that is not set up, a used challenge): the slot goes back. */
  async secondFactorNotAGuess(slot: ThrottleSlot): Promise<void> {
    await this.s.throttle.giveBack(slot);
  }

  /** The right code: the account's count of wrong ones ends. */
  async secondFactorPassed(userId: string): Promise<void> {
    await this.s.throttle.clear(BUCKETS.secondFactor, userId);
  }
}

/** 429 with the wait in minutes in the message and in seconds in Retry-After. */
export function secondFactorLocked(seconds: number) {
  return tooManyRequests(
    message('login.secondFactorLocked', { minutes: Math.max(1, Math.ceil(seconds / 60)) }),
    seconds,
    'SECOND_FACTOR_LOCKED',
  );
}
