import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { minutes, seconds, type Clock } from '../clock';
import type { Db } from '../db/database';
import { oneTimeCodes } from '../db/schema';
import { badRequest, tooManyRequests } from '../http/errors';
import { hmac, newId, newSixDigitCode, safeEqual } from './random';

export const CODE_TTL_MS = minutes(10);
export const RESEND_WAIT_MS = seconds(60);
export const MAX_WRONG_TRIES = 5;

export const CODE_MESSAGES = {
  invalid: 'Invalid verification code',
  expired: 'Verification code has expired. Please request a new one',
  locked: 'Too many wrong codes. Please request a new one',
  wait: (s: number) => `Please wait ${s} seconds before requesting a new code`,
};

/** Email and SMS codes: 6 digits, 10 minutes, single use, 5 wrong tries, one per 60 s (spec §9). */
export class OneTimeCodes {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly pepper: Uint8Array,
  ) {}

  private digest(purpose: string, code: string) {
    return hmac(this.pepper, `${purpose}:${code}`);
  }

  /** Issues a code, refusing with 429 inside the resend wait. Earlier codes for the same purpose stop working. */
  async issue(userId: string, purpose: string): Promise<string> {
    const now = this.clock.now();
    const [latest] = await this.db
      .select({ createdAt: oneTimeCodes.createdAt })
      .from(oneTimeCodes)
      .where(and(eq(oneTimeCodes.userId, userId), eq(oneTimeCodes.purpose, purpose)))
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
      .where(and(eq(oneTimeCodes.userId, userId), eq(oneTimeCodes.purpose, purpose), isNull(oneTimeCodes.consumedAt)));
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

  /** Consumes the code or throws the reason it cannot be used. */
  async consume(userId: string, purpose: string, code: string): Promise<void> {
    const now = this.clock.now();
    const [current] = await this.db
      .select()
      .from(oneTimeCodes)
      .where(and(eq(oneTimeCodes.userId, userId), eq(oneTimeCodes.purpose, purpose), isNull(oneTimeCodes.consumedAt)))
      .orderBy(desc(oneTimeCodes.createdAt))
      .limit(1);
    if (!current) throw badRequest(CODE_MESSAGES.invalid, 'OTP_INVALID');
    if (current.failedAttempts >= MAX_WRONG_TRIES) throw tooManyRequests(CODE_MESSAGES.locked, 60, 'OTP_LOCKED');
    if (current.expiresAt.getTime() <= now.getTime()) throw badRequest(CODE_MESSAGES.expired, 'OTP_EXPIRED');
    if (!safeEqual(current.codeHash, this.digest(purpose, code))) {
      const [row] = await this.db
        .update(oneTimeCodes)
        .set({ failedAttempts: sql`${oneTimeCodes.failedAttempts} + 1` })
        .where(eq(oneTimeCodes.id, current.id))
        .returning({ failedAttempts: oneTimeCodes.failedAttempts });
      if ((row?.failedAttempts ?? MAX_WRONG_TRIES) >= MAX_WRONG_TRIES) {
        throw tooManyRequests(CODE_MESSAGES.locked, 60, 'OTP_LOCKED');
      }
      throw badRequest(CODE_MESSAGES.invalid, 'OTP_INVALID');
    }
    // Conditional: of two simultaneous submissions of the right code only one wins.
    const consumed = await this.db
      .update(oneTimeCodes)
      .set({ consumedAt: now })
      .where(and(eq(oneTimeCodes.id, current.id), isNull(oneTimeCodes.consumedAt)))
      .returning({ id: oneTimeCodes.id });
    if (consumed.length === 0) throw badRequest(CODE_MESSAGES.invalid, 'OTP_INVALID');
  }
}
