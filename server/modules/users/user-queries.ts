import { and, eq } from 'drizzle-orm';
import type { UserInfo } from '../../../contract/v1/user';
import type { Db } from '../../db/database';
import { memberships, organizations } from '../organizations/schema';
import { users } from './schema';

export type UserRow = typeof users.$inferSelect;

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(users.email, normaliseEmail(email)));
  return user;
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user;
}

/** True when an enabled organisation the user belongs to forces 2FA on its members (docs/organisation-selection.md). */
export async function twoFactorEnforcedForUser(db: Db, userId: string): Promise<boolean> {
  const rows = await db
    .select({ id: organizations.id })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(
      and(
        eq(memberships.userId, userId),
        eq(organizations.enforceTwoFactor, true),
        eq(organizations.enabled, true),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export function toUserInfo(user: UserRow, twoFactorEnabledInOrg: boolean): UserInfo {
  return {
    name: { first: user.firstName, last: user.lastName },
    email: user.email,
    phone: { phoneNumber: user.phoneNumber },
    recovery_mail: user.recoveryMail,
    registeredOn: user.createdAt.toISOString(),
    userId: user.id,
    isSSORegistration: user.isSsoRegistration,
    twoFactorEnabledInOrg,
    twoFactorAuthentication: {
      enabled: user.twoFactorEnabled,
      // Email 2FA is always configured (docs/sign-in-and-accounts.md).
      email: { setupCompleted: true, enabled: user.emailTwoFactorEnabled },
      otp: { setupCompleted: user.otpSetupCompleted, enabled: user.otpEnabled },
      totp: { setupCompleted: user.totpSetupCompleted, enabled: user.totpEnabled },
    },
  };
}
