import { newId } from '../../security/random';
import { DEMO_PASSWORD, type DemoSeed, type SeedContext } from '../../seed/demo-seed';
import { createOrganization } from '../organizations/organization-queries';
import { users } from '../users/schema';
import { ssoApplications } from './schema';
import { generateSharedSecret } from './sso-applications';

/** The demo partner applications, by id (their HS256 secrets are random per seed: only the simulator needs them). */
export const SSO_DEMO_APPS = {
  /** New users must accept terms; existing users go straight in. */
  crm: 'partner-crm',
  /** Every user types their portal password after the partner link. */
  hr: 'partner-hr',
} as const;

/** Accounts that exist only for the SSO journeys, so those tests never disturb the main demo users. */
export const SSO_DEMO_USERS = {
  member: 'sso.member@example.com',
  blocked: 'sso.blocked@example.com',
} as const;

/** Partner applications and the two SSO demo accounts (both with the demo password). */
async function seedSsoDemoData({ db, hasher, now }: SeedContext): Promise<void> {
  const back = (id: string) => `/dev/partner?returned=${id}`;
  await db.insert(ssoApplications).values([
    {
      id: SSO_DEMO_APPS.crm,
      name: 'Partner CRM',
      algorithm: 'HS256',
      verificationKey: generateSharedSecret(),
      redirectUrl: back(SSO_DEMO_APPS.crm),
      requireTerms: true,
      requirePassword: false,
      createdAt: now,
      updatedAt: now,
    },
    {
      id: SSO_DEMO_APPS.hr,
      name: 'Partner HR (password step)',
      algorithm: 'HS256',
      verificationKey: generateSharedSecret(),
      redirectUrl: back(SSO_DEMO_APPS.hr),
      requireTerms: false,
      requirePassword: true,
      createdAt: now,
      updatedAt: now,
    },
  ]);
  const passwordHash = await hasher.hash(DEMO_PASSWORD);
  const accounts = [
    { email: SSO_DEMO_USERS.member, firstName: 'Sophie', lastName: 'Member', disabled: false },
    { email: SSO_DEMO_USERS.blocked, firstName: 'Boris', lastName: 'Blocked', disabled: true },
  ];
  for (const account of accounts) {
    const id = newId();
    await db
      .insert(users)
      .values({ id, ...account, passwordHash, emailVerifiedAt: now, createdAt: now, updatedAt: now });
    await createOrganization(db, {
      name: `${account.firstName} ${account.lastName}`,
      accountType: 'personal',
      ownerId: id,
      now,
    });
  }
}

function ssoDemoSummary(publicUrl: string): string {
  return [
    `Partner SSO simulator: ${publicUrl}/dev/partner (applications ${SSO_DEMO_APPS.crm}, ${SSO_DEMO_APPS.hr})`,
    `  ${SSO_DEMO_USERS.member.padEnd(24)} existing account for SSO journeys`,
    `  ${SSO_DEMO_USERS.blocked.padEnd(24)} blocked account: SSO sends it back to the partner`,
  ].join('\n');
}

export const ssoSeed: DemoSeed = { run: seedSsoDemoData, summary: ssoDemoSummary };
