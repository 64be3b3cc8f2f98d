import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { UpdateUserBody, UserInfo } from '../../../contract/v1/user';
import { users } from './schema';
import { unauthorized } from '../../http/errors';
import type { Services } from '../../services';
import type { AuthContext } from '../sessions/session-service';
import { findUserById, normaliseEmail, toUserInfo, twoFactorEnforcedForUser } from './user-queries';
import { toE164 } from './phone-number';
import type { MessageKey } from '../../i18n/message';
import { SecurityNotices } from '../../mail/security-notices';

export const USER_MESSAGES = { fetched: 'user.fetched', updated: 'user.updated' } satisfies Record<
  string,
  MessageKey
>;

/** The shared services UserService uses. */
export type UserServiceNeeds = Pick<Services, 'audit' | 'clock' | 'db' | 'i18n' | 'links' | 'mailer' | 'recentAuth'>;

/**
 * GET and PATCH /v1/user (docs/account-settings.md, docs/api-contract.md). A new recovery address or phone number
 * needs recent authentication and mails the account a security notice (docs/two-factor.md#recent-authentication).
 */
export class UserService {
  private readonly notices: SecurityNotices;

  constructor(private readonly s: UserServiceNeeds) {
    this.notices = new SecurityNotices(s);
  }

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
    const recoveryMail = body.recovery_mail === undefined ? undefined : normaliseEmail(body.recovery_mail);
    const recoveryChanged = recoveryMail !== undefined && recoveryMail !== user.recoveryMail;
    if (recoveryMail !== undefined) changes.recoveryMail = recoveryMail;
    // Stored in E.164 when the number names its country, so the mobile 2FA number and this one compare equal.
    const phoneNumber =
      body.phoneNumber === undefined ? undefined : (toE164(body.phoneNumber) ?? body.phoneNumber);
    const phoneChanged = phoneNumber !== undefined && phoneNumber !== user.phoneNumber;
    // Both are ways back into the account: a stolen access token alone must not change them.
    if (recoveryChanged || phoneChanged) await this.s.recentAuth.require(auth);
    if (phoneChanged) {
      changes.phoneNumber = phoneNumber;
      if (user.otpEnabled || user.otpSetupCompleted) {
        // A new number has not proven it receives the codes: mobile 2FA must be set up again (docs/account-settings.md).
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
    const recipient = { email: user.email, firstName: user.firstName, language: user.language };
    if (recoveryChanged) this.notices.send(recipient, 'recoveryEmailChanged', request);
    if (phoneChanged) this.notices.send(recipient, 'phoneChanged', request);
    if (phoneChanged && user.otpEnabled) {
      await this.s.audit.record(request, {
        event: 'two-factor.changed',
        userId: user.id,
        details: { method: 'otp', change: 'reset-by-phone-change' },
      });
    }
    return this.profile(auth);
  }
}
