import { and, asc, desc, eq, or, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { PortalKey } from '../../../contract/v1/common';
import type {
  AcceptInvitationBody,
  Branding,
  InvitationCheckData,
  InvitationParams,
  OrganizationAccessBody,
  OrganizationAccessData,
  OrganizationListItem,
  Portal,
} from '../../../contract/v1/organization';
import { memberships, organizationPortals, organizations, portals, users } from '../../db/schema';
import { forbidden, notFound, preconditionFailed } from '../../http/errors';
import type { Services } from '../../services';
import type { AuthContext } from '../sessions/session-service';
import { findUserByEmail } from '../users/user-queries';
import { acceptInvitation, findOpenInvitation } from './organization-queries';

export const ORGANIZATION_MESSAGES = {
  list: 'Organisations fetched successfully',
  portals: 'Portals fetched successfully',
  disabled: 'Account is disabled. Please contact admin',
  noPortalAccess: "You don't have access to this Portal for this organisation",
  portalNotFound: 'Portal not found',
  organizationNotFound: 'Organisation not found',
  invitationInvalid: 'Invitation is invalid or has expired',
  invitationFound: 'Invitation found',
  invitationAccepted: 'Invitation accepted. Please log in to continue',
  signUpFirst: 'Please sign up to accept this invitation',
  access: 'Access granted',
  refreshed: 'Token refreshed',
};

type OrganizationRow = typeof organizations.$inferSelect;

function branding(org: OrganizationRow): Branding {
  return {
    primaryColor: org.primaryColor,
    secondaryColor: org.secondaryColor,
    textColor: org.textColor,
    file: org.logo,
    darkLogo: org.darkLogo,
  };
}

/** Organisation selection and entry (spec §4 Organisation selection, Invitation). */
export class OrganizationService {
  constructor(private readonly s: Services) {}

  async list(auth: AuthContext): Promise<OrganizationListItem[]> {
    const { db } = this.s;
    const rows = await db
      .select({ org: organizations, role: memberships.role })
      .from(memberships)
      .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
      .where(eq(memberships.userId, auth.userId))
      // Personal first ('personal' > 'business'), then by name.
      .orderBy(desc(organizations.accountType), asc(organizations.name));
    if (rows.length === 0) return [];
    // Every portal for every organisation of the user, with the organisation's grant if it has one.
    const access = await db
      .select({ organizationId: memberships.organizationId, key: portals.key, hasAccess: organizationPortals.hasAccess })
      .from(memberships)
      .innerJoin(portals, sql`true`)
      .leftJoin(
        organizationPortals,
        and(eq(organizationPortals.organizationId, memberships.organizationId), eq(organizationPortals.portalId, portals.id)),
      )
      .where(eq(memberships.userId, auth.userId));
    return rows.map(({ org, role }) => {
      const map: Partial<Record<PortalKey, { hasAccess: boolean }>> = {};
      for (const entry of access) {
        if (entry.organizationId === org.id) map[entry.key as PortalKey] = { hasAccess: entry.hasAccess ?? false };
      }
      return {
        organizationId: org.id,
        organizationName: org.name,
        accountType: org.accountType,
        role,
        enabled: org.enabled,
        portals: map,
        branding: branding(org),
      };
    });
  }

  async portals(accountSettingOnly: boolean): Promise<Portal[]> {
    const rows = await this.s.db
      .select()
      .from(portals)
      .where(accountSettingOnly ? eq(portals.accountSetting, true) : undefined)
      .orderBy(asc(portals.sortOrder));
    return rows.map((row) => ({ id: row.id, name: row.name, key: row.key as PortalKey }));
  }

  async access(body: OrganizationAccessBody, auth: AuthContext, request: FastifyRequest): Promise<OrganizationAccessData> {
    const { db } = this.s;
    const [membership] = await db
      .select({ org: organizations, role: memberships.role })
      .from(memberships)
      .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
      .where(and(eq(memberships.organizationId, body.orgId), eq(memberships.userId, auth.userId)));
    // Not a member looks the same as no such organisation.
    if (!membership) throw notFound(ORGANIZATION_MESSAGES.organizationNotFound, 'ORGANIZATION_NOT_FOUND');
    const { org, role } = membership;
    if (!org.enabled) throw forbidden(ORGANIZATION_MESSAGES.disabled, 'ORGANIZATION_DISABLED');
    // The portal may be named by id (from GET /v1/portal) or by key.
    const [portal] = await db
      .select()
      .from(portals)
      .where(or(eq(portals.id, body.portalId), eq(portals.key, body.portalId)));
    if (!portal) throw notFound(ORGANIZATION_MESSAGES.portalNotFound, 'PORTAL_NOT_FOUND');
    const [grant] = await db
      .select({ hasAccess: organizationPortals.hasAccess })
      .from(organizationPortals)
      .where(and(eq(organizationPortals.organizationId, org.id), eq(organizationPortals.portalId, portal.id)));
    if (!grant?.hasAccess) throw forbidden(ORGANIZATION_MESSAGES.noPortalAccess, 'NO_PORTAL_ACCESS');

    const tokens = await this.s.sessions.startOrganizationSession(auth, { organizationId: org.id, role, portalKey: portal.key });
    const [user] = await db.select({ passwordResetRequired: users.passwordResetRequired }).from(users).where(eq(users.id, auth.userId));
    await this.s.audit.record(request, {
      event: 'organization.access',
      userId: auth.userId,
      organizationId: org.id,
      details: { portal: portal.key, newPortal: body.newPortal ?? false },
    });
    return {
      ...tokens,
      kycStatus: 'notSubmitted',
      kybStatus: org.accountType === 'business' ? org.kybStatus : 'notSubmitted',
      logo: org.logo,
      branding: branding(org),
      passwordResetRequired: user?.passwordResetRequired ?? false,
      twoFactorEnabledInOrg: org.enforceTwoFactor,
      regionalConfig: { matchDeviceTime: org.matchDeviceTime, timeZone: org.timeZone, timeFormat: org.timeFormat },
      portalUrl: this.s.links.resolve(portal.url),
    };
  }

  async checkInvitation(params: InvitationParams): Promise<InvitationCheckData> {
    const invitation = await findOpenInvitation(this.s.db, params.orgId, params.invitationId, this.s.clock.now());
    if (!invitation) throw notFound(ORGANIZATION_MESSAGES.invitationInvalid, 'INVITATION_INVALID');
    const user = await findUserByEmail(this.s.db, invitation.email);
    return { userExists: Boolean(user), email: invitation.email };
  }

  async acceptInvitation(body: AcceptInvitationBody, request: FastifyRequest): Promise<void> {
    const { db, clock } = this.s;
    const now = clock.now();
    const invitation = await findOpenInvitation(db, body.orgId, body.invitationId, now);
    if (!invitation) throw notFound(ORGANIZATION_MESSAGES.invitationInvalid, 'INVITATION_INVALID');
    const user = await findUserByEmail(db, invitation.email);
    if (!user) throw preconditionFailed(ORGANIZATION_MESSAGES.signUpFirst, 'SIGN_UP_REQUIRED');
    await acceptInvitation(db, invitation, user.id, now);
    if (!user.emailVerifiedAt) {
      // The invitation link reached this address.
      await db.update(users).set({ emailVerifiedAt: now, updatedAt: now }).where(eq(users.id, user.id));
    }
    await this.s.audit.record(request, {
      event: 'invitation.accepted',
      userId: user.id,
      organizationId: invitation.organizationId,
      email: user.email,
    });
  }
}
