import { PORTAL_KEYS, type PortalKey } from '../../../contract/v1/common';
import { newId } from '../../security/random';
import type { Db } from '../../db/database';
import type { DemoSeed } from '../../seed/demo-seed';
import { DEMO_USERS, demoUserIds } from '../users/seed';
import { createOrganization } from './organization-queries';
import { invitations, memberships, portals } from './schema';

/** Fixed ids, so documentation and end-to-end tests can name them. */
export const DEMO_IDS = {
  acme: '11111111-1111-4111-8111-000000000001',
  globex: '11111111-1111-4111-8111-000000000002',
  initech: '11111111-1111-4111-8111-000000000003',
  inviteNewUser: '22222222-2222-4222-8222-000000000001',
  inviteExistingUser: '22222222-2222-4222-8222-000000000002',
} as const;

const PORTAL_SITES: Record<PortalKey, { name: string; url: string }> = {
  kreanoAccount: { name: 'Kreano Account', url: '/dashboard' },
  kreanoMods: { name: 'Kreano Mods', url: 'https://mods.kreano.example' },
  kreanoRedact: { name: 'Kreano Redact', url: 'https://redact.kreano.example' },
  kreanoSign: { name: 'Kreano Sign', url: 'https://sign.kreano.example' },
  kreanoId: { name: 'Kreano ID', url: 'https://id.kreano.example' },
  kreanoExtract: { name: 'Kreano Extract', url: 'https://extract.kreano.example' },
  dataExchange: { name: 'Data Exchange', url: 'https://exchange.kreano.example' },
};

/**
 * The product family's portals, in the contract's key order (a new key needs its entry here: a type error). They are
 * product catalogue, not demo data: every install has them (`ensurePortalCatalogue`), or no organisation could be
 * given access to any portal. The other portals' URLs are placeholders until a deployment sets its own.
 */
export const DEMO_PORTALS: { key: PortalKey; name: string; url: string }[] = PORTAL_KEYS.map((key) => ({
  key,
  ...PORTAL_SITES[key],
}));

/** Adds the catalogue portals an install lacks (idempotent; runs at every start, before any organisation exists). */
export async function ensurePortalCatalogue(db: Db): Promise<void> {
  await db
    .insert(portals)
    .values(DEMO_PORTALS.map((p, i) => ({ id: newId(), ...p, sortOrder: i })))
    .onConflictDoNothing({ target: portals.key });
}

/** The portals, every demo user's personal account, the three business organisations and two pending invitations. */
export const organizationsSeed: DemoSeed = {
  async run({ db, now }) {
    await ensurePortalCatalogue(db);
    const ids = await demoUserIds(db);
    for (const u of DEMO_USERS) {
      await createOrganization(db, {
        name: `${u.firstName} ${u.lastName}`,
        accountType: 'personal',
        ownerId: ids[u.key],
        now,
      });
    }
    await createOrganization(db, {
      id: DEMO_IDS.acme,
      name: 'Acme Pty Ltd',
      accountType: 'business',
      ownerId: ids.demo,
      now,
      // Lets the portal show its 'no access to this portal' denial.
      withoutPortals: ['dataExchange'],
      branding: { primaryColor: '#0b1f44', secondaryColor: '#f5a623', textColor: '#ffffff' },
    });
    await createOrganization(db, {
      id: DEMO_IDS.globex,
      name: 'Globex',
      accountType: 'business',
      ownerId: ids.carol,
      now,
      enforceTwoFactor: true,
    });
    await createOrganization(db, {
      id: DEMO_IDS.initech,
      name: 'Initech',
      accountType: 'business',
      ownerId: ids.dave,
      now,
      enabled: false,
    });
    const member = (organizationId: string, userKey: string, role: string) => ({
      organizationId,
      userId: ids[userKey],
      role,
      createdAt: now,
    });
    await db
      .insert(memberships)
      .values([
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
      {
        id: DEMO_IDS.inviteNewUser,
        organizationId: DEMO_IDS.acme,
        email: 'new@example.com',
        role: 'member',
        invitedBy: ids.demo,
        expiresAt: inAMonth,
        createdAt: now,
      },
      {
        id: DEMO_IDS.inviteExistingUser,
        organizationId: DEMO_IDS.globex,
        email: 'bob@example.com',
        role: 'admin',
        invitedBy: ids.carol,
        expiresAt: inAMonth,
        createdAt: now,
      },
    ]);
  },
  summary: (publicUrl) =>
    [
      `Pending invitations: ${publicUrl}/invite?orgId=${DEMO_IDS.acme}&invitationId=${DEMO_IDS.inviteNewUser} (new@example.com)`,
      `                     ${publicUrl}/invite?orgId=${DEMO_IDS.globex}&invitationId=${DEMO_IDS.inviteExistingUser} (bob@example.com)`,
    ].join('\n'),
};
