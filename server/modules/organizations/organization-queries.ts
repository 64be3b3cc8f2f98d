import { and, eq, getTableColumns, gt } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { invitations, memberships, organizationPortals, organizations, portals } from './schema';
import { newId } from '../../security/random';

export type InvitationRow = typeof invitations.$inferSelect;

/** Creates an organisation with its owner's membership and access to every portal except those excluded. */
export async function createOrganization(
  db: Db,
  input: {
    id?: string;
    name: string;
    accountType: 'personal' | 'business';
    ownerId: string;
    now: Date;
    enabled?: boolean;
    enforceTwoFactor?: boolean;
    withoutPortals?: string[];
    branding?: { primaryColor?: string; secondaryColor?: string; textColor?: string; logo?: string; darkLogo?: string };
  },
): Promise<string> {
  const id = input.id ?? newId();
  await db.insert(organizations).values({
    id,
    name: input.name,
    accountType: input.accountType,
    ownerId: input.ownerId,
    enabled: input.enabled ?? true,
    enforceTwoFactor: input.enforceTwoFactor ?? false,
    ...input.branding,
    createdAt: input.now,
  });
  await db.insert(memberships).values({ organizationId: id, userId: input.ownerId, role: 'owner', createdAt: input.now });
  const allPortals = await db.select({ id: portals.id, key: portals.key }).from(portals);
  if (allPortals.length > 0) {
    await db.insert(organizationPortals).values(
      allPortals.map((portal) => ({ organizationId: id, portalId: portal.id, hasAccess: !input.withoutPortals?.includes(portal.key) })),
    );
  }
  return id;
}

/**
 * A pending, unexpired invitation of that business organisation, or undefined. A personal account has no members,
 * so an invitation into one (left from before invitations were refused there) opens nothing.
 */
export async function findOpenInvitation(db: Db, orgId: string, invitationId: string, now: Date): Promise<InvitationRow | undefined> {
  const [invitation] = await db
    .select(getTableColumns(invitations))
    .from(invitations)
    .innerJoin(organizations, eq(organizations.id, invitations.organizationId))
    .where(
      and(
        eq(invitations.id, invitationId),
        eq(invitations.organizationId, orgId),
        eq(invitations.status, 'pending'),
        gt(invitations.expiresAt, now),
        eq(organizations.accountType, 'business'),
      ),
    );
  return invitation;
}

/** Adds the membership (keeping an existing one) and closes the invitation. */
export async function acceptInvitation(db: Db, invitation: InvitationRow, userId: string, now: Date): Promise<void> {
  await db
    .insert(memberships)
    .values({ organizationId: invitation.organizationId, userId, role: invitation.role, createdAt: now })
    .onConflictDoNothing();
  await db.update(invitations).set({ status: 'accepted', acceptedAt: now }).where(eq(invitations.id, invitation.id));
}
