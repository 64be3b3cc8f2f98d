import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { newId } from '../../security/random';
import { DEMO_PASSWORD, type DemoSeed } from '../../seed/demo-seed';
import { users } from './schema';

/** Base32 secret of totp@example.com: add it to an authenticator app, or compute codes from it in tests. */
export const DEMO_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
export const DEMO_PHONE = '+61400000000';

interface DemoUser {
  key: string;
  email: string;
  firstName: string;
  lastName: string;
  verified?: boolean;
  twoFactor?: 'totp' | 'email' | 'sms';
  note: string;
}

export const DEMO_USERS: DemoUser[] = [
  {
    key: 'demo',
    email: 'demo@example.com',
    firstName: 'Demo',
    lastName: 'User',
    note: 'personal + owner of Acme Pty Ltd + admin of Globex (2FA enforced) + member of disabled Initech',
  },
  {
    key: 'totp',
    email: 'totp@example.com',
    firstName: 'Tina',
    lastName: 'Totp',
    twoFactor: 'totp',
    note: `authenticator 2FA, secret ${DEMO_TOTP_SECRET}; member of Acme`,
  },
  {
    key: 'email2fa',
    email: 'email2fa@example.com',
    firstName: 'Ethan',
    lastName: 'Mail',
    twoFactor: 'email',
    note: 'email 2FA; member of Globex',
  },
  {
    key: 'sms2fa',
    email: 'sms2fa@example.com',
    firstName: 'Sam',
    lastName: 'Mobile',
    twoFactor: 'sms',
    note: `mobile 2FA on ${DEMO_PHONE} (codes in the dev mailbox); member of Acme`,
  },
  { key: 'alice', email: 'alice@example.com', firstName: 'Alice', lastName: 'Admin', note: 'admin of Acme' },
  {
    key: 'bob',
    email: 'bob@example.com',
    firstName: 'Bob',
    lastName: 'Member',
    note: 'member of Acme; has a pending invitation to Globex',
  },
  {
    key: 'carol',
    email: 'carol@example.com',
    firstName: 'Carol',
    lastName: 'Owner',
    note: 'owner of Globex',
  },
  {
    key: 'dave',
    email: 'dave@example.com',
    firstName: 'Dave',
    lastName: 'Disabled',
    note: 'owner of the disabled Initech',
  },
  {
    key: 'unverified',
    email: 'unverified@example.com',
    firstName: 'Una',
    lastName: 'Verified',
    verified: false,
    note: 'email not verified yet',
  },
];

/** The ids the seed gave the demo accounts, by their `key` in DEMO_USERS (later modules' seeds build on them). */
export async function demoUserIds(db: Db): Promise<Record<string, string>> {
  const rows = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      inArray(
        users.email,
        DEMO_USERS.map((u) => u.email),
      ),
    );
  const byEmail = new Map(rows.map((row) => [row.email, row.id]));
  return Object.fromEntries(DEMO_USERS.map((u) => [u.key, byEmail.get(u.email) ?? '']));
}

/** The demo accounts, with the two-factor set-up their notes describe. */
export const usersSeed: DemoSeed = {
  async run({ db, hasher, now }) {
    const passwordHash = await hasher.hash(DEMO_PASSWORD);
    for (const u of DEMO_USERS) {
      await db.insert(users).values({
        id: newId(),
        email: u.email,
        passwordHash,
        firstName: u.firstName,
        lastName: u.lastName,
        emailVerifiedAt: u.verified === false ? null : now,
        twoFactorEnabled: Boolean(u.twoFactor),
        totpSecret: u.twoFactor === 'totp' ? DEMO_TOTP_SECRET : null,
        totpEnabled: u.twoFactor === 'totp',
        totpSetupCompleted: u.twoFactor === 'totp',
        phoneNumber: u.twoFactor === 'sms' ? DEMO_PHONE : null,
        otpEnabled: u.twoFactor === 'sms',
        otpSetupCompleted: u.twoFactor === 'sms',
        createdAt: now,
        updatedAt: now,
      });
    }
  },
  summary: () =>
    [
      `Demo logins (password ${DEMO_PASSWORD} for all):`,
      ...DEMO_USERS.map((u) => `  ${u.email.padEnd(24)} ${u.note}`),
    ].join('\n'),
};
