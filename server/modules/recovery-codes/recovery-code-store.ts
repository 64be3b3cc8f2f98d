import { randomInt } from 'node:crypto';
import { and, count, eq, isNull, max } from 'drizzle-orm';
import { RECOVERY_CODE_COUNT, RECOVERY_CODE_LENGTH } from '../../../contract/v1/recovery-code-format';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { hmac, newId } from '../../security/random';
import { users } from '../users/schema';
import { recoveryCodes } from './schema';

/** Crockford's base32: no i, l, o or u, so a code read off paper is not mistaken (docs/recovery-codes.md). */
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
/** What people write for the letters left out: they read as the digits they look like. */
const LOOK_ALIKES: Record<string, string> = { i: '1', l: '1', o: '0' };

/** A code as typed, as it was made: lower case, no hyphen or spaces, look-alike letters read as digits. */
export function normaliseRecoveryCode(typed: string): string {
  return typed
    .toLowerCase()
    .replace(/[\s-]/g, '')
    .replace(/[ilo]/g, (letter) => LOOK_ALIKES[letter] ?? letter);
}

/** A new code, `k7m2p-x9qdw`: 10 characters of 32 from the CSPRNG, 50 bits. */
function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < RECOVERY_CODE_LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return `${code.slice(0, RECOVERY_CODE_LENGTH / 2)}-${code.slice(RECOVERY_CODE_LENGTH / 2)}`;
}

export interface RecoveryCodeCounts {
  total: number;
  remaining: number;
  createdAt: Date | null;
}

/**
 * The recovery codes of each user: a set of ten made at once (the previous set deleted in the same transaction),
 * and each code accepted once.
 *
 * Hashing: a keyed HMAC-SHA-256, not argon2 like passwords. A slow hash protects low-entropy secrets people choose;
 * these codes are 50 random bits each, made by the server, so a leaked table cannot be searched for them in any
 * useful time without the key (the server's signing secret, kept out of the database), and the login can check a
 * code with one indexed lookup instead of ten slow hashes. The user id is in the hashed text, so one code value is
 * never valid for another account. Guesses are limited like the other second-step codes (LoginLimits).
 * @example
 * const { codes } = await store.replace(userId); // shown once
 * const used = await store.consume(userId, 'K7M2P X9QDW'); // null: wrong or already used
 */
export class RecoveryCodeStore {
  private readonly key: Uint8Array;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    signingKey: Uint8Array,
  ) {
    // A key of its own, derived from the signing secret: a code's hash is never a valid signature of anything else.
    this.key = Buffer.from(hmac(signingKey, 'recovery-codes'), 'base64url');
  }

  private digest(userId: string, normalised: string): string {
    return hmac(this.key, `${userId}:${normalised}`);
  }

  async counts(userId: string): Promise<RecoveryCodeCounts> {
    const [row] = await this.db
      .select({
        total: count(),
        used: count(recoveryCodes.usedAt),
        createdAt: max(recoveryCodes.createdAt),
      })
      .from(recoveryCodes)
      .where(eq(recoveryCodes.userId, userId));
    // count(*) is a number on PGlite and a string on node-postgres.
    const total = Number(row?.total ?? 0);
    const used = Number(row?.used ?? 0);
    return { total, remaining: total - used, createdAt: row?.createdAt ? new Date(row.createdAt) : null };
  }

  /**
   * Makes a new set of ten and returns the codes (the only time they exist outside the user's hands). The user's
   * row is locked first, so two requests at once end with one set, not twenty codes.
   */
  async replace(userId: string): Promise<{ codes: string[]; createdAt: Date }> {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    const createdAt = this.clock.now();
    await this.db.transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
      await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
      await tx.insert(recoveryCodes).values(
        codes.map((code) => ({
          id: newId(),
          userId,
          codeHash: this.digest(userId, normaliseRecoveryCode(code)),
          createdAt,
        })),
      );
    });
    return { codes, createdAt };
  }

  /**
   * Uses a code up, in one conditional statement: of any number of parallel requests with the same code, on one
   * instance or several, exactly one gets its id back. Null when the code is wrong or was used.
   */
  async consume(userId: string, typed: string): Promise<string | null> {
    const [row] = await this.db
      .update(recoveryCodes)
      .set({ usedAt: this.clock.now() })
      .where(
        and(
          eq(recoveryCodes.userId, userId),
          eq(recoveryCodes.codeHash, this.digest(userId, normaliseRecoveryCode(typed))),
          isNull(recoveryCodes.usedAt),
        ),
      )
      .returning({ id: recoveryCodes.id });
    return row?.id ?? null;
  }

  /** The code was taken but the login it was for had meanwhile completed another way: it is the user's again. */
  async giveBack(codeId: string): Promise<void> {
    await this.db.update(recoveryCodes).set({ usedAt: null }).where(eq(recoveryCodes.id, codeId));
  }
}
