import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { UpdateUserBody, UserInfo } from '../../../contract/v1/user';
import { users } from '../../db/schema';
import { unauthorized } from '../../http/errors';
import type { Services } from '../../services';
import type { AuthContext } from '../sessions/session-service';
import { findUserById, normaliseEmail, toUserInfo, twoFactorEnforcedForUser } from './user-queries';

export const USER_MESSAGES = { fetched: 'User details fetched successfully', updated: 'Profile updated successfully' };

/** GET and PATCH /v1/user (spec §2.7, §7.2). */
export class UserService {
  constructor(private readonly s: Services) {}

  async profile(auth: AuthContext): Promise<UserInfo> {
    const user = await findUserById(this.s.db, auth.userId);
    if (!user) throw unauthorized();
    return toUserInfo(user, await twoFactorEnforcedForUser(this.s.db, user.id));
  }

  async update(auth: AuthContext, body: UpdateUserBody, request: FastifyRequest): Promise<UserInfo> {
    const { db, clock } = this.s;
    const user = await findUserById(db, auth.userId);
    if (!user) throw unauthorized();
    const changes: Partial<typeof users.$inferInsert> = { updatedAt: clock.now() };
    if (body.firstName !== undefined) changes.firstName = body.firstName;
    if (body.lastName !== undefined) changes.lastName = body.lastName;
    if (body.recovery_mail !== undefined) changes.recoveryMail = normaliseEmail(body.recovery_mail);
    const phoneChanged = body.phoneNumber !== undefined && body.phoneNumber !== user.phoneNumber;
    if (phoneChanged) {
      changes.phoneNumber = body.phoneNumber;
      if (user.otpEnabled || user.otpSetupCompleted) {
        // A new number has not proven it receives the codes: mobile 2FA must be set up again (spec §2.7).
        changes.otpEnabled = false;
        changes.otpSetupCompleted = false;
        if (!user.totpEnabled && !user.emailTwoFactorEnabled) changes.twoFactorEnabled = false;
      }
    }
    await db.update(users).set(changes).where(eq(users.id, user.id));
    await this.s.audit.record(request, {
      event: 'profile.updated',
      userId: user.id,
      organizationId: auth.organizationId,
      details: { fields: Object.keys(body) },
    });
    if (phoneChanged && user.otpEnabled) {
      await this.s.audit.record(request, { event: 'two-factor.changed', userId: user.id, details: { method: 'otp', change: 'reset-by-phone-change' } });
    }
    return this.profile(auth);
  }
}
