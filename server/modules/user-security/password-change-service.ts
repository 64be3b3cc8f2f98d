import { and, eq, isNull, ne } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { ChangePasswordBody } from '../../../contract/v1/user-security';
import { sessions, users } from '../../db/schema';
import { badRequest, fieldError, tooManyRequests, unauthorized } from '../../http/errors';
import { COMMON_PASSWORD_MESSAGE } from '../../security/password-policy';
import type { Services } from '../../services';
import type { AuthContext } from '../sessions/session-service';
import { findUserById } from '../users/user-queries';

export const PASSWORD_CHANGE_MESSAGES = {
  changed: 'Password changed successfully',
  wrongCurrent: 'Current password is incorrect',
  sameAsCurrent: 'Sorry you have entered current password as a new password',
  throttled: 'Too many wrong passwords. Please try again later',
};

/** Wrong current passwords per user before the form is refused for a while: a stolen session must not guess freely. */
export const MAX_WRONG_CURRENT = 5;
const WRONG_CURRENT_WINDOW_MS = 15 * 60_000;
const BUCKET = 'change-password';

/** PATCH /v1/change-password (spec §2.8): proves the current password, then ends every other login of the user. */
export class PasswordChangeService {
  constructor(private readonly s: Services) {}

  async change(auth: AuthContext, body: ChangePasswordBody, request: FastifyRequest): Promise<{ data: null; msg: string }> {
    const { db, clock, hasher, throttle, audit } = this.s;
    const user = await findUserById(db, auth.userId);
    if (!user) throw unauthorized();
    if ((await throttle.count(BUCKET, user.id, WRONG_CURRENT_WINDOW_MS)) >= MAX_WRONG_CURRENT) {
      throw tooManyRequests(PASSWORD_CHANGE_MESSAGES.throttled, WRONG_CURRENT_WINDOW_MS / 1000, 'PASSWORD_CHANGE_THROTTLED');
    }
    if (!(await hasher.verify(user.passwordHash, body.currentPassword))) {
      await throttle.record(BUCKET, user.id);
      await audit.record(request, { event: 'password.change-failed', userId: user.id, email: user.email, details: { reason: 'current-password' } });
      throw fieldError('currentPassword', PASSWORD_CHANGE_MESSAGES.wrongCurrent, 'CURRENT_PASSWORD_INVALID');
    }
    if (body.newPassword === body.currentPassword) {
      throw badRequest(PASSWORD_CHANGE_MESSAGES.sameAsCurrent, 'PASSWORD_UNCHANGED', [
        { field: 'newPassword', msg: PASSWORD_CHANGE_MESSAGES.sameAsCurrent },
      ]);
    }
    if (this.s.commonPasswords.isCommon(body.newPassword)) {
      throw fieldError('newPassword', COMMON_PASSWORD_MESSAGE, 'PASSWORD_TOO_COMMON');
    }
    const now = clock.now();
    await db
      .update(users)
      .set({ passwordHash: await hasher.hash(body.newPassword), passwordResetRequired: false, updatedAt: now })
      .where(eq(users.id, user.id));
    await throttle.clear(BUCKET, user.id);
    // Whoever else knew the old password keeps no session; the login that changed it goes on.
    await db
      .update(sessions)
      .set({ revokedAt: now, revokeReason: 'password-changed' })
      .where(and(eq(sessions.userId, user.id), ne(sessions.familyId, auth.familyId), isNull(sessions.revokedAt)));
    await audit.record(request, { event: 'password.changed', userId: user.id, organizationId: auth.organizationId, email: user.email });
    return { data: null, msg: PASSWORD_CHANGE_MESSAGES.changed };
  }
}
