import { and, eq, isNull } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { badRequest } from '../../http/errors';
import type { MessageKey } from '../../i18n/message';
import { newId, newOpaqueToken, sha256 } from '../../security/random';
import { actionTokens, type ActionTokenPurpose } from './schema';

export const LINK_EXPIRED_MESSAGE = 'account.linkExpired' satisfies MessageKey;

/**
 * The single-use links sent by mail (email verification, password reset, email change and its undo). The link
 * carries a random token; only its hash is stored, so a database leak hands out no live link. A token is spent in
 * one conditional UPDATE, so two requests with the same link cannot both succeed.
 * @example
 * const { token } = await links.issue(userId, 'verify-email', hours(24));
 * const { userId } = await links.consume(token, 'verify-email'); // 400 'Link is expired' the second time
 */
export class ActionTokens {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /**
   * A new token for `purpose`. By default the user's older open tokens of the same purpose are retired (only the
   * newest link works); `keepOlder` leaves them, for links that must survive a later one (an email change's undo).
   */
  async issue(
    userId: string,
    purpose: ActionTokenPurpose,
    ttlMs: number,
    { keepOlder = false }: { keepOlder?: boolean } = {},
  ): Promise<{ id: string; token: string }> {
    const now = this.clock.now();
    if (!keepOlder) await this.retire(userId, purpose);
    const id = newId();
    const token = newOpaqueToken();
    await this.db.insert(actionTokens).values({
      id,
      userId,
      purpose,
      tokenHash: sha256(token),
      expiresAt: new Date(now.getTime() + ttlMs),
      createdAt: now,
    });
    return { id, token };
  }

  /** Spends a mailed link's token, or throws 400 'Link is expired' (unknown, used, expired or of another kind). */
  async consume(token: string, purpose: ActionTokenPurpose): Promise<{ id: string; userId: string }> {
    const now = this.clock.now();
    const [row] = await this.db
      .update(actionTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(actionTokens.tokenHash, sha256(token)),
          eq(actionTokens.purpose, purpose),
          isNull(actionTokens.usedAt),
        ),
      )
      .returning({ id: actionTokens.id, userId: actionTokens.userId, expiresAt: actionTokens.expiresAt });
    if (!row || row.expiresAt.getTime() <= now.getTime())
      throw badRequest(LINK_EXPIRED_MESSAGE, 'LINK_EXPIRED');
    return { id: row.id, userId: row.userId };
  }

  /** Makes every open token of the user for `purpose` unusable. */
  async retire(userId: string, purpose: ActionTokenPurpose): Promise<void> {
    await this.db
      .update(actionTokens)
      .set({ usedAt: this.clock.now() })
      .where(
        and(eq(actionTokens.userId, userId), eq(actionTokens.purpose, purpose), isNull(actionTokens.usedAt)),
      );
  }
}
