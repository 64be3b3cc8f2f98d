import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { UserSession } from '../../../contract/v1/activity-log';
import { notFound } from '../../http/errors';
import type { MessageKey } from '../../i18n/message';
import { mailLanguage } from '../../i18n/mail-language';
import { mailTemplates } from '../../mail/templates';
import { newId, newOpaqueToken, sha256 } from '../../security/random';
import type { Services } from '../../services';
import { actionTokens } from '../auth/schema';
import { sessions as sessionRows } from '../sessions/schema';
import type { AuthContext } from '../sessions/session-service';
import { users } from '../users/schema';
import { deviceOf } from './device';

export const USER_SESSION_MESSAGES = {
  list: 'activity.sessions',
  ended: 'activity.sessionEnded',
  othersEnded: 'activity.otherSessionsEnded',
  notFound: 'activity.sessionNotFound',
  reported: 'activity.reported',
} satisfies Record<string, MessageKey>;

/** The mailed reset link lives as long as the one of "Forgot password" (server/modules/auth/account-service.ts). */
const RESET_TTL_MS = 3600_000;

export type UserSessionServiceNeeds = Pick<
  Services,
  'db' | 'clock' | 'config' | 'sessions' | 'audit' | 'mailer' | 'links' | 'i18n'
>;

interface LiveLogin {
  id: string;
  ip: string | null;
  user_agent: string | null;
  created_at: string | Date;
  last_seen: string | Date | null;
}

/**
 * The caller's signed-in sessions: one per login (the organisation sessions it opened end with it). Ending one
 * revokes its rows; the `authenticate` hook checks the session on every request and the refresh refuses a revoked
 * one, so its access and refresh tokens stop working at the next call, not at their expiry.
 */
export class UserSessionService {
  constructor(private readonly s: UserSessionServiceNeeds) {}

  /**
   * Logins that are live: not revoked, not past their absolute lifetime, refreshed within the idle timeout (a
   * login whose portal is gone is refused at its next refresh anyway, so it is not shown as signed in).
   */
  private async liveLogins(userId: string): Promise<LiveLogin[]> {
    const now = this.s.clock.now();
    const idleSince = new Date(now.getTime() - this.s.config.sessionIdleSeconds * 1000);
    const result = (await this.s.db.execute(sql`
      select s.id, s.ip, s.user_agent, s.created_at, seen.last_seen
        from sessions s
        cross join lateral (
          select greatest(s.created_at, max(rt.created_at)) as last_seen
            from sessions c join refresh_tokens rt on rt.session_id = c.id
           where c.family_id = s.id
        ) seen
       where s.user_id = ${userId} and s.id = s.family_id and s.revoked_at is null
         and s.expires_at > ${now.toISOString()}::timestamptz
         and coalesce(seen.last_seen, s.created_at) >= ${idleSince.toISOString()}::timestamptz
       order by seen.last_seen desc nulls last, s.created_at desc`)) as unknown as { rows: LiveLogin[] };
    return result.rows;
  }

  async list(auth: AuthContext): Promise<UserSession[]> {
    return (await this.liveLogins(auth.userId)).map((login) => ({
      id: login.id,
      device: deviceOf(login.user_agent),
      ip: login.ip,
      firstSeenAt: new Date(login.created_at).toISOString(),
      lastSeenAt: new Date(login.last_seen ?? login.created_at).toISOString(),
      current: login.id === auth.familyId,
    }));
  }

  /** Ends one of the caller's logins (the current one too: that is signing out here). 404 for anyone else's. */
  async end(auth: AuthContext, sessionId: string, request: FastifyRequest): Promise<void> {
    const [login] = await this.s.db
      .select({ id: sessionRows.id })
      .from(sessionRows)
      .where(
        and(
          eq(sessionRows.id, sessionId),
          eq(sessionRows.familyId, sessionId),
          eq(sessionRows.userId, auth.userId),
          isNull(sessionRows.revokedAt),
        ),
      );
    if (!login) throw notFound(USER_SESSION_MESSAGES.notFound, 'SESSION_NOT_FOUND');
    await this.s.sessions.revokeFamily(login.id, 'ended-by-user');
    await this.s.audit.record(request, {
      event: 'session.ended',
      userId: auth.userId,
      details: { sessionId: login.id, current: login.id === auth.familyId },
    });
  }

  /** Ends every login of the caller but the current one; answers how many ended. */
  async endOthers(auth: AuthContext, request: FastifyRequest): Promise<number> {
    const others = (await this.liveLogins(auth.userId)).filter((login) => login.id !== auth.familyId);
    for (const login of others) await this.s.sessions.revokeFamily(login.id, 'ended-by-user');
    if (others.length > 0) {
      await this.s.audit.record(request, {
        event: 'session.others-ended',
        userId: auth.userId,
        details: { count: others.length },
      });
    }
    return others.length;
  }

  /**
   * "This wasn't me" on a sign-in: every session of the account ends (the reporter's too: they sign in again),
   * the next sign-in must change the password, a reset link is mailed, and the report is recorded.
   */
  async reportNotMe(auth: AuthContext, eventId: string, request: FastifyRequest): Promise<void> {
    const { db, clock } = this.s;
    await this.s.sessions.revokeAllForUser(auth.userId, 'reported-not-me');
    await db.update(users).set({ passwordResetRequired: true }).where(eq(users.id, auth.userId));
    await this.s.audit.record(request, {
      event: 'activity-log.not-me-reported',
      userId: auth.userId,
      details: { eventId },
    });
    const [user] = await db
      .select({ email: users.email, firstName: users.firstName, language: users.language })
      .from(users)
      .where(eq(users.id, auth.userId));
    if (!user) return;
    this.s.mailer.later(async () => {
      const now = clock.now();
      // Only the newest reset link works, as with "Forgot password".
      await db
        .update(actionTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(actionTokens.userId, auth.userId),
            eq(actionTokens.purpose, 'reset-password'),
            isNull(actionTokens.usedAt),
          ),
        );
      const token = newOpaqueToken();
      await db.insert(actionTokens).values({
        id: newId(),
        userId: auth.userId,
        purpose: 'reset-password',
        tokenHash: sha256(token),
        expiresAt: new Date(now.getTime() + RESET_TTL_MS),
        createdAt: now,
      });
      const language = mailLanguage(this.s.i18n, user.language, request);
      await this.s.mailer.send(
        mailTemplates.resetPassword(user.email, user.firstName, this.s.links.resetPassword(token), language),
      );
    }, 'not-me-reset-password');
  }
}
