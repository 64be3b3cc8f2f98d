import { and, asc, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { PortalKey } from '../../../contract/v1/common';
import type {
  AppConfigBody,
  AppLaunchData,
  AppListItem,
  AppSsoData,
  AppStatusBody,
  LaunchTokenData,
  SsoExchangeBody,
  SsoIdentity,
} from '../../../contract/v1/apps';
import { apps, organizationApps } from './schema';
import { memberships, organizationPortals, organizations, portals } from '../organizations/schema';
import { sessions } from '../sessions/schema';
import { users } from '../users/schema';
import { badRequest, forbidden, notFound, preconditionFailed } from '../../http/errors';
import type { Services } from '../../services';
import { ORGANIZATION_MESSAGES } from '../organizations/organization-service';
import type { AuthContext } from '../sessions/session-service';
import { AppUrls } from './app-urls';
import { LAUNCH_TOKEN_TTL_SECONDS, LaunchTokens, type LaunchTokenRow } from './launch-tokens';
import type { MessageKey } from '../../i18n/message';

export const APP_MESSAGES = {
  list: 'apps.list',
  launched: 'apps.launched',
  ssoIssued: 'apps.ssoIssued',
  enabled: 'apps.enabled',
  disabled: 'apps.disabled',
  configured: 'apps.configured',
  exchanged: 'apps.exchanged',
  notFound: 'apps.notFound',
  organizationRequired: 'apps.organizationRequired',
  notSwitchable: 'apps.notSwitchable',
  opensWithSso: 'apps.opensWithSso',
  opensInPortal: 'apps.opensInPortal',
  appDisabled: 'apps.appDisabled',
  ssoNotConfigured: 'apps.ssoNotConfigured',
  launchTokenInvalid: 'apps.launchTokenInvalid',
} satisfies Record<string, MessageKey>;

type OrganizationRow = typeof organizations.$inferSelect;
interface AppRow {
  app: typeof apps.$inferSelect;
  portal: typeof portals.$inferSelect | null;
  hasAccess: boolean | null;
  orgApp: typeof organizationApps.$inferSelect | null;
}

/** The shared services AppService uses. */
export type AppServiceNeeds = Pick<Services, 'audit' | 'clock' | 'config' | 'db' | 'links' | 'sessions'>;

/** The app dashboard and launcher (docs/apps-and-sso.md App launch, docs/organisation-selection.md, docs/api-contract.md). */
export class AppService {
  private readonly urls: AppUrls;
  private readonly launchTokens: LaunchTokens;

  constructor(private readonly s: AppServiceNeeds) {
    this.urls = new AppUrls(s.links, s.config.devRoutes);
    this.launchTokens = new LaunchTokens(s.db, s.clock);
  }

  async list(auth: AuthContext): Promise<AppListItem[]> {
    const { org } = await this.activeMembership(auth);
    return (await this.appRows(org.id)).map((row) => this.toItem(row));
  }

  async launch(auth: AuthContext, appId: string, request: FastifyRequest): Promise<AppLaunchData> {
    const { org } = await this.activeMembership(auth);
    const row = await this.appRow(org.id, appId);
    if (row.app.thirdParty) throw badRequest(APP_MESSAGES.opensWithSso, 'APP_IS_THIRD_PARTY');
    if (!row.portal || !row.hasAccess)
      throw forbidden(ORGANIZATION_MESSAGES.noPortalAccess, 'NO_PORTAL_ACCESS');
    const token = await this.launchTokens.issue({
      audience: 'portal',
      userId: auth.userId,
      sessionId: auth.sessionId,
      organizationId: org.id,
      appId,
      portalKey: row.portal.key,
    });
    await this.s.audit.record(request, {
      event: 'app.launch',
      userId: auth.userId,
      organizationId: org.id,
      details: { appId, portal: row.portal.key },
    });
    return {
      token,
      portalUrl: this.urls.portal(row.portal),
      portalId: row.portal.id,
      orgId: org.id,
      expiresIn: LAUNCH_TOKEN_TTL_SECONDS,
    };
  }

  async ssoToken(auth: AuthContext, appId: string, request: FastifyRequest): Promise<AppSsoData> {
    const { org } = await this.activeMembership(auth);
    const row = await this.appRow(org.id, appId);
    if (!row.app.thirdParty) throw badRequest(APP_MESSAGES.opensInPortal, 'APP_IS_FIRST_PARTY');
    if (!row.orgApp?.enabled) throw forbidden(APP_MESSAGES.appDisabled, 'APP_DISABLED');
    if (!row.orgApp.ssoIntegrationCompleted)
      throw preconditionFailed(APP_MESSAGES.ssoNotConfigured, 'SSO_NOT_CONFIGURED');
    const token = await this.launchTokens.issue({
      audience: 'third-party',
      userId: auth.userId,
      sessionId: auth.sessionId,
      organizationId: org.id,
      appId,
      portalKey: null,
    });
    await this.s.audit.record(request, {
      event: 'app.sso',
      userId: auth.userId,
      organizationId: org.id,
      details: { appId },
    });
    return { token, url: this.urls.ssoEntry(row.app) };
  }

  /** The router checked `apps.manage` against the caller's current role (docs/access-control.md). */
  async setStatus(auth: AuthContext, body: AppStatusBody, request: FastifyRequest): Promise<AppListItem> {
    const { org } = await this.activeMembership(auth);
    const row = await this.appRow(org.id, body.appId);
    if (!row.app.thirdParty) throw badRequest(APP_MESSAGES.notSwitchable, 'APP_NOT_SWITCHABLE');
    await this.s.db
      .insert(organizationApps)
      .values({ organizationId: org.id, appId: body.appId, enabled: body.enabled })
      .onConflictDoUpdate({
        target: [organizationApps.organizationId, organizationApps.appId],
        set: { enabled: body.enabled },
      });
    await this.s.audit.record(request, {
      event: 'app.status-changed',
      userId: auth.userId,
      organizationId: org.id,
      details: { appId: body.appId, enabled: body.enabled },
    });
    return this.toItem(await this.appRow(org.id, body.appId));
  }

  /** The router checked `apps.manage`, like setStatus. */
  async setConfig(auth: AuthContext, body: AppConfigBody, request: FastifyRequest): Promise<AppListItem> {
    const { org } = await this.activeMembership(auth);
    const row = await this.appRow(org.id, body.appId);
    if (!row.app.thirdParty) throw badRequest(APP_MESSAGES.notSwitchable, 'APP_NOT_SWITCHABLE');
    await this.s.db
      .insert(organizationApps)
      .values({
        organizationId: org.id,
        appId: body.appId,
        ssoIntegrationCompleted: body.ssoIntegrationCompleted,
      })
      .onConflictDoUpdate({
        target: [organizationApps.organizationId, organizationApps.appId],
        set: { ssoIntegrationCompleted: body.ssoIntegrationCompleted },
      });
    await this.s.audit.record(request, {
      event: 'app.config-changed',
      userId: auth.userId,
      organizationId: org.id,
      details: { appId: body.appId, ssoIntegrationCompleted: body.ssoIntegrationCompleted },
    });
    return this.toItem(await this.appRow(org.id, body.appId));
  }

  /** POST /v1/token: the receiving portal's own session, a child of the launching login. */
  async exchangeLaunchToken(raw: string, request: FastifyRequest): Promise<LaunchTokenData> {
    const grant = await this.launchTokens.redeem(raw, 'portal');
    const live = grant && (await this.stillAllowed(grant));
    if (!grant || !live || !grant.portalKey)
      throw badRequest(APP_MESSAGES.launchTokenInvalid, 'LAUNCH_TOKEN_INVALID');
    const [portal] = await this.s.db.select().from(portals).where(eq(portals.key, grant.portalKey));
    const [access] = portal
      ? await this.s.db
          .select({ hasAccess: organizationPortals.hasAccess })
          .from(organizationPortals)
          .where(
            and(
              eq(organizationPortals.organizationId, grant.organizationId),
              eq(organizationPortals.portalId, portal.id),
            ),
          )
      : [];
    if (!portal || !access?.hasAccess)
      throw badRequest(APP_MESSAGES.launchTokenInvalid, 'LAUNCH_TOKEN_INVALID');
    const pair = await this.s.sessions.startOrganizationSession(
      {
        userId: grant.userId,
        sessionId: live.session.id,
        familyId: live.session.familyId,
        organizationId: grant.organizationId,
        role: live.role,
        portal: grant.portalKey,
      },
      { organizationId: grant.organizationId, role: live.role, portalKey: portal.key },
    );
    await this.s.audit.record(request, {
      event: 'app.launch-token-exchanged',
      userId: grant.userId,
      organizationId: grant.organizationId,
      details: { appId: grant.appId, portal: portal.key },
    });
    return { ...pair, orgId: grant.organizationId, portalId: portal.id, portalKey: portal.key as PortalKey };
  }

  /** POST /v1/app/sso/exchange: who arrived at the partner, and nothing that opens this API. */
  async exchangeSsoToken(body: SsoExchangeBody, request: FastifyRequest): Promise<SsoIdentity> {
    const grant = await this.launchTokens.redeem(body.token, 'third-party', body.appId);
    const live = grant && (await this.stillAllowed(grant));
    const row = grant && live ? await this.appRow(grant.organizationId, grant.appId).catch(() => null) : null;
    if (!grant || !live || !row?.orgApp?.enabled)
      throw badRequest(APP_MESSAGES.launchTokenInvalid, 'LAUNCH_TOKEN_INVALID');
    await this.s.audit.record(request, {
      event: 'app.sso-token-exchanged',
      userId: grant.userId,
      organizationId: grant.organizationId,
      details: { appId: grant.appId },
    });
    return {
      appId: grant.appId,
      user: {
        id: live.user.id,
        email: live.user.email,
        firstName: live.user.firstName,
        lastName: live.user.lastName,
      },
      organization: { id: live.org.id, name: live.org.name },
      role: live.role,
    };
  }

  /** The launching session is still live, the user enabled and still a member of the enabled organisation. */
  private async stillAllowed(grant: LaunchTokenRow) {
    const [row] = await this.s.db
      .select({ session: sessions, user: users, org: organizations, role: memberships.role })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .innerJoin(
        memberships,
        and(eq(memberships.userId, sessions.userId), eq(memberships.organizationId, grant.organizationId)),
      )
      .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
      .where(eq(sessions.id, grant.sessionId));
    if (
      !row ||
      row.session.userId !== grant.userId ||
      row.session.revokedAt ||
      row.user.disabled ||
      !row.org.enabled
    )
      return null;
    if (row.session.expiresAt.getTime() <= this.s.clock.now().getTime()) return null;
    return row;
  }

  /**
   * The organisation the caller's token is scoped to, read again from the database: a role or the organisation
   * may have changed since the token was issued.
   */
  private async activeMembership(auth: AuthContext): Promise<{ org: OrganizationRow; role: string }> {
    if (!auth.organizationId) throw forbidden(APP_MESSAGES.organizationRequired, 'ORGANIZATION_REQUIRED');
    const [row] = await this.s.db
      .select({ org: organizations, role: memberships.role })
      .from(memberships)
      .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
      .where(and(eq(memberships.organizationId, auth.organizationId), eq(memberships.userId, auth.userId)));
    if (!row) throw forbidden(APP_MESSAGES.organizationRequired, 'ORGANIZATION_REQUIRED');
    if (!row.org.enabled) throw forbidden(ORGANIZATION_MESSAGES.disabled, 'ORGANIZATION_DISABLED');
    return row;
  }

  private appRows(organizationId: string, appId?: string): Promise<AppRow[]> {
    return this.s.db
      .select({
        app: apps,
        portal: portals,
        hasAccess: organizationPortals.hasAccess,
        orgApp: organizationApps,
      })
      .from(apps)
      .leftJoin(portals, eq(portals.key, apps.portalKey))
      .leftJoin(
        organizationPortals,
        and(
          eq(organizationPortals.portalId, portals.id),
          eq(organizationPortals.organizationId, organizationId),
        ),
      )
      .leftJoin(
        organizationApps,
        and(eq(organizationApps.appId, apps.id), eq(organizationApps.organizationId, organizationId)),
      )
      .where(appId === undefined ? undefined : eq(apps.id, appId))
      .orderBy(asc(apps.sortOrder), asc(apps.title));
  }

  private async appRow(organizationId: string, appId: string): Promise<AppRow> {
    const [row] = await this.appRows(organizationId, appId);
    if (!row) throw notFound(APP_MESSAGES.notFound, 'APP_NOT_FOUND');
    return row;
  }

  private toItem({ app, portal, hasAccess, orgApp }: AppRow): AppListItem {
    return {
      id: app.id,
      title: app.title,
      description: app.description,
      referenceLink: app.referenceLink,
      canLaunch: app.thirdParty ? Boolean(orgApp?.enabled) : Boolean(portal && hasAccess),
      thirdParty: app.thirdParty,
      ssoIntegrationCompleted: app.thirdParty && Boolean(orgApp?.ssoIntegrationCompleted),
      appUrl: app.thirdParty
        ? this.urls.thirdParty(app)
        : portal
          ? this.urls.portal(portal)
          : this.s.links.resolve(app.appUrl),
      portalName: portal?.name ?? null,
      portalKey: (portal?.key as PortalKey | undefined) ?? null,
      tabName: app.tabName,
    };
  }
}
