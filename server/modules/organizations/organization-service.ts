import { and, asc, desc, eq, or, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { PortalKey } from '../../../contract/v1/common';
import { TWO_FACTOR_REQUIRED } from '../../../contract/v1/security-codes';
import type {
  AcceptInvitationBody,
  InvitationCheckData,
  InvitationParams,
  OrganizationAccessBody,
  OrganizationAccessData,
  OrganizationListItem,
  Portal,
} from '../../../contract/v1/organization';
import { memberships, organizationPortals, organizations, portals } from './schema';
import { organizationRoles } from '../organization-acl/schema';
import { grantsOf, membershipRole } from '../../security/access-control';
import { users } from '../users/schema';
import { forbidden, notFound, preconditionFailed } from '../../http/errors';
import type { Services } from '../../services';
import type { AuthContext } from '../sessions/session-service';
import { findUserByEmail } from '../users/user-queries';
import { acceptInvitation, findOpenInvitation } from './organization-queries';
import { kycStatusOf } from '../identity-verification/identity-queries';
import { ACCOUNT_PORTAL_KEY, brandingOf, sessionBranding } from '../branding/branding-queries';
import { portalBranding } from '../branding/schema';
import type { MessageKey } from '../../i18n/message';

export const ORGANIZATION_MESSAGES = {
  list: 'organizations.list',
  portals: 'organizations.portals',
  disabled: 'organizations.disabled',
  noPortalAccess: 'organizations.noPortalAccess',
  portalNotFound: 'organizations.portalNotFound',
  organizationNotFound: 'organizations.organizationNotFound',
  invitationInvalid: 'organizations.invitationInvalid',
  invitationFound: 'organizations.invitationFound',
  invitationAccepted: 'organizations.invitationAccepted',
  signUpFirst: 'organizations.signUpFirst',
  access: 'organizations.access',
  twoFactorRequired: 'organizations.twoFactorRequired',
} satisfies Record<string, MessageKey>;

/** The shared services OrganizationService uses. */
export type OrganizationServiceNeeds = Pick<
  Services,
  'audit' | 'clock' | 'db' | 'gate' | 'links' | 'sessions'
>;

/**
 * The query of GET /v1/organization-list, prepared once so that neither the query builder nor PostgreSQL's planner
 * works on it again (docs/performance.md, "Where the time went"): the user's organisations, each with its
 * account-portal branding (no branding row is the product default) and every portal with the organisation's grant
 * if it has one (`{ [portal key]: hasAccess }`), in one round trip.
 */
function organizationListQuery(db: OrganizationServiceNeeds['db']) {
  return (
    db
      // Only the columns the answer carries: each one more is parsed on every visit (on PGlite, in JavaScript).
      .select({
        org: {
          id: organizations.id,
          name: organizations.name,
          accountType: organizations.accountType,
          enabled: organizations.enabled,
        },
        role: memberships.role,
        roleName: organizationRoles.name,
        branding: {
          primaryColor: portalBranding.primaryColor,
          secondaryColor: portalBranding.secondaryColor,
          textColor: portalBranding.textColor,
          logoId: portalBranding.logoId,
          darkLogoId: portalBranding.darkLogoId,
        },
        access: sql<Record<string, boolean> | null>`(
        select json_object_agg(${portals.key}, coalesce(${organizationPortals.hasAccess}, false))
        from ${portals}
        left join ${organizationPortals}
          on ${organizationPortals.organizationId} = ${memberships.organizationId}
          and ${organizationPortals.portalId} = ${portals.id}
      )`,
      })
      .from(memberships)
      .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
      .leftJoin(organizationRoles, membershipRole)
      .leftJoin(
        portalBranding,
        and(
          eq(portalBranding.organizationId, memberships.organizationId),
          eq(portalBranding.portalKey, ACCOUNT_PORTAL_KEY),
        ),
      )
      .where(eq(memberships.userId, sql.placeholder('userId')))
      // Personal first ('personal' > 'business'), then by name.
      .orderBy(desc(organizations.accountType), asc(organizations.name))
      .prepare('organization_list')
  );
}

/** Organisation selection and entry (docs/organisation-selection.md Organisation selection, Invitation). */
export class OrganizationService {
  /** The organisation list's query, asked on every visit of the portal: prepared once (`organizationListQuery`). */
  private readonly listQuery: ReturnType<typeof organizationListQuery>;

  constructor(private readonly s: OrganizationServiceNeeds) {
    this.listQuery = organizationListQuery(s.db);
  }

  async list(auth: AuthContext): Promise<OrganizationListItem[]> {
    const rows = await this.listQuery.execute({ userId: auth.userId });
    return rows.map(({ org, role, roleName, branding, access }) => {
      const map: Partial<Record<PortalKey, { hasAccess: boolean }>> = {};
      for (const [key, hasAccess] of Object.entries(access ?? {})) map[key as PortalKey] = { hasAccess };
      return {
        organizationId: org.id,
        organizationName: org.name,
        accountType: org.accountType,
        role,
        roleName,
        enabled: org.enabled,
        portals: map,
        // The branding this portal (the account portal) shows for each organisation (docs/branding.md).
        branding: sessionBranding(branding ?? undefined),
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

  async access(
    body: OrganizationAccessBody,
    auth: AuthContext,
    request: FastifyRequest,
  ): Promise<OrganizationAccessData> {
    const { db } = this.s;
    const [membership] = await db
      .select({
        org: organizations,
        role: memberships.role,
        roleName: organizationRoles.name,
        grants: organizationRoles.permissions,
      })
      .from(memberships)
      .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
      .leftJoin(organizationRoles, membershipRole)
      .where(and(eq(memberships.organizationId, body.orgId), eq(memberships.userId, auth.userId)));
    // Not a member looks the same as no such organisation.
    if (!membership) throw notFound(ORGANIZATION_MESSAGES.organizationNotFound, 'ORGANIZATION_NOT_FOUND');
    const { org, role, roleName, grants } = membership;
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
      .where(
        and(eq(organizationPortals.organizationId, org.id), eq(organizationPortals.portalId, portal.id)),
      );
    if (!grant?.hasAccess) throw forbidden(ORGANIZATION_MESSAGES.noPortalAccess, 'NO_PORTAL_ACCESS');
    // The organisation's IP allow-list: no organisation token is issued to an address outside it (docs/access-control.md).
    await this.s.gate.admitAddress(org.id, request.ip, role);
    if (org.enforceTwoFactor)
      await this.requireTwoFactor(auth, org.id, body.enableTwoFactor === true, request);

    const tokens = await this.s.sessions.startOrganizationSession(auth, {
      organizationId: org.id,
      role,
      portalKey: portal.key,
    });
    const [user] = await db
      .select({ passwordResetRequired: users.passwordResetRequired })
      .from(users)
      .where(eq(users.id, auth.userId));
    await this.s.audit.record(request, {
      event: 'organization.access',
      userId: auth.userId,
      organizationId: org.id,
      details: { portal: portal.key, newPortal: body.newPortal ?? false },
    });
    // The entered portal's branding for this organisation; its logo is also the answer's `logo`.
    const branding = await brandingOf(db, org.id, portal.key);
    return {
      ...tokens,
      role,
      roleName,
      permissions: [...grantsOf(role, grants)],
      kycStatus: await kycStatusOf(db, auth.userId, this.s.clock.now()),
      kybStatus: org.accountType === 'business' ? org.kybStatus : 'notSubmitted',
      logo: branding.file,
      branding,
      passwordResetRequired: user?.passwordResetRequired ?? false,
      twoFactorEnabledInOrg: org.enforceTwoFactor,
      regionalConfig: {
        matchDeviceTime: org.matchDeviceTime,
        timeZone: org.timeZone,
        timeFormat: org.timeFormat,
      },
      portalUrl: this.s.links.resolve(portal.url),
    };
  }

  /**
   * An organisation that enforces two-factor authentication gets no token for a user with it off
   * (docs/organisation-selection.md#entering-an-organisation). The user's answer to the portal's notice (Skip or
   * Proceed) is `enableTwoFactor`: email codes always work, so the server switches email 2FA on and lets them in.
   */
  private async requireTwoFactor(
    auth: AuthContext,
    organizationId: string,
    accepted: boolean,
    request: FastifyRequest,
  ): Promise<void> {
    const { db, clock } = this.s;
    const [user] = await db
      .select({ email: users.email, twoFactorEnabled: users.twoFactorEnabled })
      .from(users)
      .where(eq(users.id, auth.userId));
    // A passkey login already proved two factors (docs/passkeys.md): nothing to switch on.
    if (!user || user.twoFactorEnabled || auth.passkey) return;
    if (!accepted) throw forbidden(ORGANIZATION_MESSAGES.twoFactorRequired, TWO_FACTOR_REQUIRED);
    await db
      .update(users)
      .set({ twoFactorEnabled: true, emailTwoFactorEnabled: true, updatedAt: clock.now() })
      .where(eq(users.id, auth.userId));
    await this.s.audit.record(request, {
      event: 'two-factor.changed',
      userId: auth.userId,
      organizationId,
      email: user.email,
      details: { method: 'email', change: 'enabled-for-organization' },
    });
  }

  async checkInvitation(params: InvitationParams): Promise<InvitationCheckData> {
    const invitation = await findOpenInvitation(
      this.s.db,
      params.orgId,
      params.invitationId,
      this.s.clock.now(),
    );
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
