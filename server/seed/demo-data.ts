import { count, sql } from 'drizzle-orm';
import type { PortalKey } from '../../contract/v1/common';
import type { Db } from '../db/database';
import { apps, invitations, memberships, organizationApps, portals, users } from '../db/schema';
import { createOrganization } from '../modules/organizations/organization-queries';
import type { PasswordHasher } from '../security/password-hasher';
import { newId } from '../security/random';
import { seedSsoDemoData, ssoDemoSummary } from './sso-demo-data';

/** Every demo account uses this password (documented in server/README.md). */
export const DEMO_PASSWORD = 'Demo@1234';
/** Base32 secret of totp@example.com: add it to an authenticator app, or compute codes from it in tests. */
export const DEMO_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
export const DEMO_PHONE = '+61400000000';

/** Fixed ids, so documentation and end-to-end tests can name them. */
export const DEMO_IDS = {
  acme: '11111111-1111-4111-8111-000000000001',
  globex: '11111111-1111-4111-8111-000000000002',
  initech: '11111111-1111-4111-8111-000000000003',
  inviteNewUser: '22222222-2222-4222-8222-000000000001',
  inviteExistingUser: '22222222-2222-4222-8222-000000000002',
} as const;

export const DEMO_PORTALS: { key: PortalKey; name: string; url: string }[] = [
  { key: 'kreanoAccount', name: 'Kreano Account', url: '/dashboard' },
  { key: 'kreanoMods', name: 'Kreano Mods', url: 'https://mods.kreano.example' },
  { key: 'kreanoRedact', name: 'Kreano Redact', url: 'https://redact.kreano.example' },
  { key: 'kreanoSign', name: 'Kreano Sign', url: 'https://sign.kreano.example' },
  { key: 'kreanoId', name: 'Kreano ID', url: 'https://id.kreano.example' },
  { key: 'kreanoExtract', name: 'Kreano Extract', url: 'https://extract.kreano.example' },
  { key: 'dataExchange', name: 'Data Exchange', url: 'https://exchange.kreano.example' },
];

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
  { key: 'demo', email: 'demo@example.com', firstName: 'Demo', lastName: 'User', note: 'personal + owner of Acme Pty Ltd + admin of Globex (2FA enforced) + member of disabled Initech' },
  { key: 'totp', email: 'totp@example.com', firstName: 'Tina', lastName: 'Totp', twoFactor: 'totp', note: `authenticator 2FA, secret ${DEMO_TOTP_SECRET}; member of Acme` },
  { key: 'email2fa', email: 'email2fa@example.com', firstName: 'Ethan', lastName: 'Mail', twoFactor: 'email', note: 'email 2FA; member of Globex' },
  { key: 'sms2fa', email: 'sms2fa@example.com', firstName: 'Sam', lastName: 'Mobile', twoFactor: 'sms', note: `mobile 2FA on ${DEMO_PHONE} (codes in the dev mailbox); member of Acme` },
  { key: 'alice', email: 'alice@example.com', firstName: 'Alice', lastName: 'Admin', note: 'admin of Acme' },
  { key: 'bob', email: 'bob@example.com', firstName: 'Bob', lastName: 'Member', note: 'member of Acme; has a pending invitation to Globex' },
  { key: 'carol', email: 'carol@example.com', firstName: 'Carol', lastName: 'Owner', note: 'owner of Globex' },
  { key: 'dave', email: 'dave@example.com', firstName: 'Dave', lastName: 'Disabled', note: 'owner of the disabled Initech' },
  { key: 'unverified', email: 'unverified@example.com', firstName: 'Una', lastName: 'Verified', verified: false, note: 'email not verified yet' },
];

const FIRST_PARTY_APPS = [
  { title: 'AI Redaction', portalKey: 'kreanoRedact', tabName: 'redact', description: 'Find and remove sensitive information from documents with AI.' },
  { title: 'E-Signature', portalKey: 'kreanoSign', tabName: 'sign', description: 'Send, sign and track agreements, with an AI assistant.' },
  { title: 'Developer API', portalKey: 'kreanoMods', tabName: 'mods', description: 'Integrate document workflows into your own products.' },
  { title: 'Identity Verification', portalKey: 'kreanoId', tabName: 'id', description: 'Verify people against official documents and registries.' },
  { title: 'Document Exchange', portalKey: 'dataExchange', tabName: 'exchange', description: 'Exchange documents and data securely with partners.' },
  { title: 'Asset Verification', portalKey: 'kreanoExtract', tabName: 'extract', description: 'Extract and verify data about assets from documents.' },
] as const;

const THIRD_PARTY_APPS = [
  { id: '33333333-3333-4333-8333-000000000001', title: 'CloudDrive Sync', appUrl: 'https://clouddrive.example', description: 'Sync signed documents to your cloud drive.' },
  { id: '33333333-3333-4333-8333-000000000002', title: 'LedgerBooks', appUrl: 'https://ledgerbooks.example', description: 'Send completed invoices to your accounting ledger.' },
];

export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(portals);
  return Number(row?.n ?? 0) === 0;
}

/** Empties every table of the application schema (npm run seed); the schema and the migration history stay. */
export async function resetDatabase(db: Db): Promise<void> {
  // Listed from the catalogue, so tables added by later migrations are emptied too.
  const result = await db.execute(sql`select tablename from pg_tables where schemaname = current_schema()`);
  const names = (result as unknown as { rows: { tablename: string }[] }).rows.map((row) => `"${row.tablename.replace(/"/g, '""')}"`);
  if (names.length > 0) await db.execute(sql.raw(`TRUNCATE TABLE ${names.join(', ')} CASCADE`));
}

/** The demo world of server/README.md. */
export async function seedDemoData(db: Db, hasher: PasswordHasher, now: Date): Promise<void> {
  await db.insert(portals).values(DEMO_PORTALS.map((p, i) => ({ id: newId(), ...p, sortOrder: i })));
  const passwordHash = await hasher.hash(DEMO_PASSWORD);
  const ids: Record<string, string> = {};
  for (const u of DEMO_USERS) {
    const id = newId();
    ids[u.key] = id;
    await db.insert(users).values({
      id,
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
    await createOrganization(db, { name: `${u.firstName} ${u.lastName}`, accountType: 'personal', ownerId: id, now });
  }
  await createOrganization(db, {
    id: DEMO_IDS.acme,
    name: 'Acme Pty Ltd',
    accountType: 'business',
    ownerId: ids.demo,
    now,
    // Lets the portal show the access denial of spec §6.
    withoutPortals: ['dataExchange'],
    branding: { primaryColor: '#0b1f44', secondaryColor: '#f5a623', textColor: '#ffffff' },
  });
  await createOrganization(db, { id: DEMO_IDS.globex, name: 'Globex', accountType: 'business', ownerId: ids.carol, now, enforceTwoFactor: true });
  await createOrganization(db, { id: DEMO_IDS.initech, name: 'Initech', accountType: 'business', ownerId: ids.dave, now, enabled: false });
  const member = (organizationId: string, userKey: string, role: string) => ({ organizationId, userId: ids[userKey], role, createdAt: now });
  await db.insert(memberships).values([
    member(DEMO_IDS.acme, 'totp', 'member'),
    member(DEMO_IDS.acme, 'sms2fa', 'member'),
    member(DEMO_IDS.acme, 'alice', 'admin'),
    member(DEMO_IDS.acme, 'bob', 'member'),
    member(DEMO_IDS.globex, 'demo', 'admin'),
    member(DEMO_IDS.globex, 'email2fa', 'member'),
    member(DEMO_IDS.initech, 'demo', 'member'),
  ]);
  const inAMonth = new Date(now.getTime() + 30 * 24 * 3600_000);
  await db.insert(invitations).values([
    { id: DEMO_IDS.inviteNewUser, organizationId: DEMO_IDS.acme, email: 'new@example.com', role: 'member', invitedBy: ids.demo, expiresAt: inAMonth, createdAt: now },
    { id: DEMO_IDS.inviteExistingUser, organizationId: DEMO_IDS.globex, email: 'bob@example.com', role: 'admin', invitedBy: ids.carol, expiresAt: inAMonth, createdAt: now },
  ]);
  await db.insert(apps).values([
    ...FIRST_PARTY_APPS.map((app, i) => {
      const portal = DEMO_PORTALS.find((p) => p.key === app.portalKey);
      return {
        id: newId(),
        title: app.title,
        description: app.description,
        referenceLink: `https://docs.kreano.example/${app.tabName}`,
        appUrl: portal?.url ?? '/',
        portalKey: app.portalKey,
        tabName: app.tabName,
        thirdParty: false,
        sortOrder: i,
      };
    }),
    ...THIRD_PARTY_APPS.map((app, i) => ({
      ...app,
      referenceLink: `${app.appUrl}/about`,
      portalKey: null,
      tabName: app.title.toLowerCase().replace(/\s+/g, '-'),
      thirdParty: true,
      sortOrder: FIRST_PARTY_APPS.length + i,
    })),
  ]);
  await db.insert(organizationApps).values([
    { organizationId: DEMO_IDS.acme, appId: THIRD_PARTY_APPS[0].id, enabled: true, ssoIntegrationCompleted: true },
    { organizationId: DEMO_IDS.acme, appId: THIRD_PARTY_APPS[1].id, enabled: false, ssoIntegrationCompleted: false },
  ]);
  await seedSsoDemoData(db, hasher, DEMO_PASSWORD, now);
}

export function demoLoginSummary(publicUrl: string): string {
  const lines = DEMO_USERS.map((u) => `  ${u.email.padEnd(24)} ${u.note}`);
  return [
    `Demo logins (password ${DEMO_PASSWORD} for all):`,
    ...lines,
    `Pending invitations: ${publicUrl}/invite?orgId=${DEMO_IDS.acme}&invitationId=${DEMO_IDS.inviteNewUser} (new@example.com)`,
    `                     ${publicUrl}/invite?orgId=${DEMO_IDS.globex}&invitationId=${DEMO_IDS.inviteExistingUser} (bob@example.com)`,
    ssoDemoSummary(publicUrl),
  ].join('\n');
}
