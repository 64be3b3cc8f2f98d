import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { launchTokens } from './schema';
import { newId, newOpaqueToken, sha256 } from '../../security/random';

/** Long enough for a browser tab to open and call back, short enough that a leaked URL is useless. */
export const LAUNCH_TOKEN_TTL_SECONDS = 60;

export type LaunchAudience = 'portal' | 'third-party';
export type LaunchTokenRow = typeof launchTokens.$inferSelect;

export interface LaunchGrant {
  audience: LaunchAudience;
  userId: string;
  /** The session that launched: the hand-over dies with it. */
  sessionId: string;
  organizationId: string;
  appId: string;
  portalKey: string | null;
}

/**
 * The tokens a launch puts in a URL. They travel through browser history and the receiving site's logs, so they
 * carry no authority of their own: random, stored hashed, single use, about a minute long, bound to one audience
 * (and for partners to one app), traded by the receiver through the API.
 */
export class LaunchTokens {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async issue(grant: LaunchGrant): Promise<string> {
    const raw = newOpaqueToken();
    const now = this.clock.now();
    await this.db.insert(launchTokens).values({
      id: newId(),
      tokenHash: sha256(raw),
      ...grant,
      expiresAt: new Date(now.getTime() + LAUNCH_TOKEN_TTL_SECONDS * 1000),
      createdAt: now,
    });
    return raw;
  }

  /**
   * Spends the token: one conditional UPDATE, so two simultaneous presentations cannot both succeed.
   * Null when unknown, spent, expired, or meant for another audience or app.
   */
  async redeem(raw: string, audience: LaunchAudience, appId?: string): Promise<LaunchTokenRow | null> {
    const now = this.clock.now();
    const [row] = await this.db
      .update(launchTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(launchTokens.tokenHash, sha256(raw)),
          eq(launchTokens.audience, audience),
          appId === undefined ? undefined : eq(launchTokens.appId, appId),
          isNull(launchTokens.usedAt),
          gt(launchTokens.expiresAt, now),
        ),
      )
      .returning();
    return row ?? null;
  }
}
