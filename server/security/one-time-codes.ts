import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import { minutes, seconds, type Clock } from '../clock';
import type { Db } from '../db/database';
import { oneTimeCodes } from '../db/schema';
import { badRequest, tooManyRequests } from '../http/errors';
import { hmac, newId, newSixDigitCode, safeEqual } from './random';
import { message, type Message } from '../i18n/message';

export const CODE_TTL_MS = minutes(10);
export const RESEND_WAIT_MS = seconds(60);
export const MAX_WRONG_TRIES = 5;

export const CODE_MESSAGES = {
  invalid: 'codes.invalid',
  expired: 'codes.expired',
  locked: 'codes.locked',
  wait: (seconds: number) => message('codes.wait', { seconds }),
} satisfies Record<string, Message | ((seconds: number) => Message)>;

/** Email and SMS codes: 6 digits, 10 minutes, single use, 5 wrong tries, one per 60 s (docs/limits-and-timing.md). */
export class OneTimeCodes {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly pepper: Uint8Array,
  ) {}

  private digest(purpose: string, code: string) {
    return hmac(this.pepper, `${purpose}:${code}`);
  }

  /**
   * Issues a code, refusing with 429 inside the resend wait. Earlier codes for the same purpose stop working.
   * `resendScope` (a prefix of `purpose`) widens both to every purpose it starts: a login code is bound to its login
   * (`login-email:<challenge id>`), yet a new login must neither skip the 60 s wait nor leave an older code usable.
   */
  async issue(
    userId: string,
    purpose: string,
    { resendScope }: { resendScope?: string } = {},
  ): Promise<string> {
    const now = this.clock.now();
    const samePurpose =
      resendScope && purpose.startsWith(resendScope)
        ? sql`starts_with(${oneTimeCodes.purpose}, ${resendScope})`
        : eq(oneTimeCodes.purpose, purpose);
    const [latest] = await this.db
      .select({ createdAt: oneTimeCodes.createdAt })
      .from(oneTimeCodes)
      .where(and(eq(oneTimeCodes.userId, userId), samePurpose))
      .orderBy(desc(oneTimeCodes.createdAt))
      .limit(1);
    if (latest) {
      const waitMs = latest.createdAt.getTime() + RESEND_WAIT_MS - now.getTime();
      if (waitMs > 0) {
        const wait = Math.ceil(waitMs / 1000);
        throw tooManyRequests(CODE_MESSAGES.wait(wait), wait, 'OTP_RESEND_TOO_SOON');
      }
    }
    await this.db
      .update(oneTimeCodes)
      .set({ consumedAt: now })
      .where(and(eq(oneTimeCodes.userId, userId), samePurpose, isNull(oneTimeCodes.consumedAt)));
    const code = newSixDigitCode();
    await this.db.insert(oneTimeCodes).values({
      id: newId(),
      userId,
      purpose,
      codeHash: this.digest(purpose, code),
      expiresAt: new Date(now.getTime() + CODE_TTL_MS),
      createdAt: now,
    });
    return code;
  }

  /**
   * Takes back the code just issued for `purpose` when it could not be delivered: it never counted as sent, so it
   * holds no resend wait and cannot be used.
   */
  async withdraw(userId: string, purpose: string): Promise<void> {
    await this.db
      .delete(oneTimeCodes)
      .where(and(eq(oneTimeCodes.userId, userId), eq(oneTimeCodes.purpose, purpose), isNull(oneTimeCodes.consumedAt)));
  }

  /** Consumes the code or throws the reason it cannot be used. */
  async consume(userId: string, purpose: string, code: string): Promise<void> {
    const now = this.clock.now();
    const [current] = await this.db
      .select()
      .from(oneTimeCodes)
      .where(
        and(
          eq(oneTimeCodes.userId, userId),
          eq(oneTimeCodes.purpose, purpose),
          isNull(oneTimeCodes.consumedAt),
        ),
      )
      .orderBy(desc(oneTimeCodes.createdAt))
      .limit(1);
    if (!current) throw badRequest(CODE_MESSAGES.invalid, 'OTP_INVALID');
    if (current.failedAttempts >= MAX_WRONG_TRIES)
      throw tooManyRequests(CODE_MESSAGES.locked, 60, 'OTP_LOCKED');
    if (current.expiresAt.getTime() <= now.getTime()) throw badRequest(CODE_MESSAGES.expired, 'OTP_EXPIRED');
    // The try is counted before the comparison, in one statement: parallel guesses never compare more than 5 times.
    const [tried] = await this.db
      .update(oneTimeCodes)
      .set({ failedAttempts: sql`${oneTimeCodes.failedAttempts} + 1` })
      .where(
        and(
          eq(oneTimeCodes.id, current.id),
          isNull(oneTimeCodes.consumedAt),
          lt(oneTimeCodes.failedAttempts, MAX_WRONG_TRIES),
        ),
      )
      .returning({ failedAttempts: oneTimeCodes.failedAttempts });
    if (!tried) throw tooManyRequests(CODE_MESSAGES.locked, 60, 'OTP_LOCKED');
    if (!safeEqual(current.codeHash, this.digest(purpose, code))) {
      if (tried.failedAttempts >= MAX_WRONG_TRIES)
        throw tooManyRequests(CODE_MESSAGES.locked, 60, 'OTP_LOCKED');
      throw badRequest(CODE_MESSAGES.invalid, 'OTP_INVALID');
    }
    // Conditional: of two simultaneous submissions of the right code only one wins. The right code was no wrong try.
    const consumed = await this.db
      .update(oneTimeCodes)
      .set({ consumedAt: now, failedAttempts: sql`${oneTimeCodes.failedAttempts} - 1` })
      .where(and(eq(oneTimeCodes.id, current.id), isNull(oneTimeCodes.consumedAt)))
      .returning({ id: oneTimeCodes.id });
    if (consumed.length === 0) throw badRequest(CODE_MESSAGES.invalid, 'OTP_INVALID');
  }
}
