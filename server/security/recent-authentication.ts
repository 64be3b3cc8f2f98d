import { eq } from 'drizzle-orm';
import { REAUTH_REQUIRED } from '../../contract/v1/security-codes';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { forbidden } from '../http/errors';
import type { MessageKey } from '../i18n/message';
import { sessions } from '../modules/sessions/schema';
import type { AuthContext } from '../modules/sessions/session-service';

export const RECENT_AUTH_MESSAGES = {
  required: 'reauth.required',
} satisfies Record<string, MessageKey>;

/**
 * Recent authentication (docs/two-factor.md#recent-authentication): an access token alone must not be enough to
 * take over an account's second factor, recovery address or phone. The time a login last proved a password or a
 * second factor lives on the login's root session row (`sessions.authenticated_at` where id = family_id), on the
 * server: the login itself, `POST /v1/reauth` and a password change set it, and every organisation session of the
 * login shares it. Sensitive changes call {@link require} first.
 * @example
 * await recentAuth.require(request.auth); // 403 REAUTH_REQUIRED when older than REAUTH_WINDOW
 */
export class RecentAuthentication {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    /** REAUTH_WINDOW: 300 s by default. */
    readonly windowSeconds: number,
  ) {}

  /** Throws 403 `REAUTH_REQUIRED` unless the login proved a password or second factor within the window. */
  async require(auth: AuthContext): Promise<void> {
    const [row] = await this.db
      .select({ authenticatedAt: sessions.authenticatedAt })
      .from(sessions)
      .where(eq(sessions.id, auth.familyId));
    const provenAt = row?.authenticatedAt?.getTime();
    if (provenAt === undefined || this.clock.now().getTime() - provenAt > this.windowSeconds * 1000) {
      throw forbidden(RECENT_AUTH_MESSAGES.required, REAUTH_REQUIRED);
    }
  }

  /** The user just proved a password or a second factor on this login. */
  async proven(auth: AuthContext): Promise<void> {
    await this.db
      .update(sessions)
      .set({ authenticatedAt: this.clock.now() })
      .where(eq(sessions.id, auth.familyId));
  }
}
