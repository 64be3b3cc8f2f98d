import { and, eq, isNull, ne } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { ChangePasswordBody } from '../../../contract/v1/user-security';
import { sessions } from '../sessions/schema';
import { users } from '../users/schema';
import { badRequest, fieldError, tooManyRequests, unauthorized } from '../../http/errors';
import type { Services } from '../../services';
import type { AuthContext } from '../sessions/session-service';
import { findUserById } from '../users/user-queries';
import type { MessageKey } from '../../i18n/message';
import { SecurityNotices } from '../../mail/security-notices';

export const PASSWORD_CHANGE_MESSAGES = {
  changed: 'passwordChange.changed',
  wrongCurrent: 'passwordChange.wrongCurrent',
  sameAsCurrent: 'core:validation.newPassword.sameAsCurrent',
  throttled: 'passwordChange.throttled',
} satisfies Record<string, MessageKey>;

/** Wrong current passwords per user before the form is refused for a while: a stolen session must not guess freely. */
export const MAX_WRONG_CURRENT = 5;
const WRONG_CURRENT_WINDOW_MS = 15 * 60_000;
const BUCKET = 'change-password';

/** The shared services PasswordChangeService uses. */
export type PasswordChangeServiceNeeds = Pick<
  Services,
  | 'audit'
  | 'clock'
  | 'passwordRules'
  | 'db'
  | 'hasher'
  | 'i18n'
  | 'links'
  | 'mailer'
  | 'recentAuth'
  | 'throttle'
>;

/**
 * PATCH /v1/change-password (docs/account-settings.md): proves the current password, then ends every other login of
 * the user. The current password is the recent authentication this change needs, so it is never asked twice, and it
 * renews the login's window (docs/two-factor.md#recent-authentication); the account is mailed a security notice.
 */
export class PasswordChangeService {
  private readonly notices: SecurityNotices;

  constructor(private readonly s: PasswordChangeServiceNeeds) {
    this.notices = new SecurityNotices(s);
  }

  async change(
    auth: AuthContext,
    body: ChangePasswordBody,
    request: FastifyRequest,
  ): Promise<{ data: null; msg: string }> {
    const { db, clock, hasher, throttle, audit } = this.s;
    const user = await findUserById(db, auth.userId);
    if (!user) throw unauthorized();
    // The slot is taken before the hash, in one statement: parallel guesses never check more than the limit.
    const slot = await throttle.take(BUCKET, user.id, {
      limit: MAX_WRONG_CURRENT,
      windowMs: WRONG_CURRENT_WINDOW_MS,
    });
    if (!slot.ok) {
      throw tooManyRequests(
        PASSWORD_CHANGE_MESSAGES.throttled,
        slot.retryAfterSeconds,
        'PASSWORD_CHANGE_THROTTLED',
      );
    }
    if (!(await hasher.verify(user.passwordHash, body.currentPassword))) {
      await audit.record(request, {
        event: 'password.change-failed',
        userId: user.id,
        email: user.email,
        details: { reason: 'current-password' },
      });
      throw fieldError('currentPassword', PASSWORD_CHANGE_MESSAGES.wrongCurrent, 'CURRENT_PASSWORD_INVALID');
    }
    // The right current password is no wrong guess, even when the new one is then refused.
    await throttle.giveBack(slot.slot);
    if (body.newPassword === body.currentPassword) {
      throw badRequest(PASSWORD_CHANGE_MESSAGES.sameAsCurrent, 'PASSWORD_UNCHANGED', [
        { field: 'newPassword', msg: PASSWORD_CHANGE_MESSAGES.sameAsCurrent },
      ]);
    }
    this.s.passwordRules.check(body.newPassword, 'newPassword', { secondFactor: user.twoFactorEnabled });
    const now = clock.now();
    await db
      .update(users)
      .set({
        passwordHash: await hasher.hash(body.newPassword),
        passwordResetRequired: false,
        updatedAt: now,
      })
      .where(eq(users.id, user.id));
    await throttle.clear(BUCKET, user.id);
    // Whoever else knew the old password keeps no session; the login that changed it goes on.
    await db
      .update(sessions)
      .set({ revokedAt: now, revokeReason: 'password-changed' })
      .where(
        and(eq(sessions.userId, user.id), ne(sessions.familyId, auth.familyId), isNull(sessions.revokedAt)),
      );
    await this.s.recentAuth.proven(auth);
    await audit.record(request, {
      event: 'password.changed',
      userId: user.id,
      organizationId: auth.organizationId,
      email: user.email,
    });
    this.notices.send(user, 'passwordChanged', request);
    return { data: null, msg: PASSWORD_CHANGE_MESSAGES.changed };
  }
}
