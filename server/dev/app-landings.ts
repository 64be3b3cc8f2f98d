import { eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import type { LaunchTokenData, SsoIdentity } from '../../contract/v1/apps';
import type { OrganizationListData } from '../../contract/v1/organization';
import type { UserData } from '../../contract/v1/user';
import { endpoints } from '../../contract/v1/endpoints';
import { apps } from '../modules/apps/schema';
import { portals } from '../modules/organizations/schema';
import type { App } from '../http/types';
import { escapeHtml } from '../mail/templates';

export const devPortalLandingPath = (portalKey: string) => `/dev/apps/${encodeURIComponent(portalKey)}`;
export const devThirdPartyLandingPath = (appId: string) => `/dev/third-party/${encodeURIComponent(appId)}`;

interface Fact {
  label: string;
  value: string;
}

function page(status: 'arrived' | 'refused', title: string, lead: string, facts: Fact[] = []): string {
  const list = facts.map((f) => `<dt>${escapeHtml(f.label)}</dt><dd>${escapeHtml(f.value)}</dd>`).join('');
  const colour = status === 'arrived' ? '#1a7f37' : '#b42318';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)} (development landing)</title><style>body{font-family:Poppins,Arial,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;color:#1f2937}.status{color:${colour};font-weight:600}dl{display:grid;grid-template-columns:max-content 1fr;gap:.5rem 1.5rem}dt{color:#555}dd{margin:0}</style></head><body><main><h1>${escapeHtml(title)}</h1><p class="status" role="status">${escapeHtml(lead)}</p>${list ? `<dl>${list}</dl>` : ''}<p><small>Development landing of the reference API: it stands in for the real product and is not served in production.</small></p></main></body></html>`;
}

/**
 * A landing opened by the portal's launcher from another origin (as every real product is) must accept that
 * opener, or the launcher loses the named tab and opens a new one at each launch (docs/apps-and-sso.md).
 */
function landingHeaders(reply: FastifyReply): void {
  reply.type('text/html; charset=utf-8').header('cross-origin-opener-policy', 'unsafe-none');
}

const titleCase = (role: string) => role.replace(/\b\w/g, (c) => c.toUpperCase());

/**
 * Stand-ins for the other products of the family and the two demo partner apps (development only). Each trades its
 * launch token exactly as a real receiver would, through the public API, and shows who, from which organisation,
 * arrived. So launching from the dashboard can be tried, and tested end to end, without the other products.
 */
export function registerAppLandings(app: App): void {
  const api = async <T>(
    method: 'GET' | 'POST',
    url: string,
    options: { body?: object; token?: string } = {},
  ) => {
    const response = await app.inject({
      method,
      url,
      payload: options.body,
      headers: {
        'user-agent': 'development app landing',
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      },
    });
    const json = response.json() as { data: T; msg: string };
    return { ok: response.statusCode === 200, status: response.statusCode, ...json };
  };

  app.get(
    '/dev/apps/:portalKey',
    {
      schema: {
        hide: true,
        params: Type.Object({ portalKey: Type.String({ maxLength: 100 }) }),
        querystring: Type.Object({
          token: Type.Optional(Type.String({ maxLength: 512 })),
          portalId: Type.Optional(Type.String({ maxLength: 200 })),
          orgId: Type.Optional(Type.String({ maxLength: 200 })),
        }),
      },
    },
    async (request, reply) => {
      const { portalKey } = request.params;
      const { token, orgId, portalId } = request.query;
      const [portal] = await app.database.db.select().from(portals).where(eq(portals.key, portalKey));
      landingHeaders(reply);
      if (!portal)
        return reply
          .status(404)
          .send(page('refused', 'Unknown portal', `No portal has the key ${portalKey}.`));
      const refuse = (status: number, lead: string) =>
        reply.status(status).send(page('refused', portal.name, lead));
      if (!token)
        return refuse(400, 'No launch token: open this portal from the app dashboard of the account portal.');

      const exchange = await api<LaunchTokenData>('POST', endpoints.exchangeLaunchToken.path, { body: { token } });
      if (!exchange.ok) return refuse(401, `Launch refused: ${exchange.msg}`);
      const arrived = exchange.data;
      // The query is only a hint; what counts is what the token was issued for.
      if (
        arrived.portalKey !== portal.key ||
        (portalId && portalId !== arrived.portalId) ||
        (orgId && orgId !== arrived.orgId)
      ) {
        return refuse(400, 'Launch refused: the launch token was issued for another portal or organisation.');
      }
      const [profile, organizations] = await Promise.all([
        api<UserData>('GET', endpoints.user.path, { token: arrived.accessToken }),
        api<OrganizationListData>('GET', endpoints.organizationList.path, { token: arrived.accessToken }),
      ]);
      const user = profile.data.userInfo;
      const organization = organizations.data.organizationList.find(
        (o) => o.organizationId === arrived.orgId,
      );
      return reply.send(
        page('arrived', portal.name, 'Launch token exchanged: you are signed in to this portal.', [
          { label: 'User', value: `${user.name.first} ${user.name.last}` },
          { label: 'Email', value: user.email },
          { label: 'Organisation', value: organization?.organizationName ?? arrived.orgId },
          { label: 'Role', value: titleCase(organization?.role ?? '') },
          { label: 'Portal', value: `${portal.name} (${portal.key})` },
        ]),
      );
    },
  );

  app.get(
    '/dev/third-party/:appId',
    {
      schema: {
        hide: true,
        params: Type.Object({ appId: Type.String({ maxLength: 200 }) }),
        querystring: Type.Object({ token: Type.Optional(Type.String({ maxLength: 512 })) }),
      },
    },
    async (request, reply) => {
      const { appId } = request.params;
      const [partner] = await app.database.db
        .select({ id: apps.id, title: apps.title, thirdParty: apps.thirdParty })
        .from(apps)
        .where(eq(apps.id, appId));
      landingHeaders(reply);
      if (!partner?.thirdParty)
        return reply.status(404).send(page('refused', 'Unknown app', 'No partner app has this id.'));
      const { token } = request.query;
      if (!token) {
        return reply.send(
          page(
            'arrived',
            partner.title,
            `Welcome to ${partner.title}. You arrived without single sign-on: sign in with your ${partner.title} account.`,
          ),
        );
      }
      const exchange = await api<SsoIdentity>('POST', endpoints.exchangeSsoToken.path, { body: { token, appId } });
      if (!exchange.ok)
        return reply
          .status(401)
          .send(page('refused', partner.title, `Single sign-on refused: ${exchange.msg}`));
      const identity = exchange.data;
      return reply.send(
        page('arrived', partner.title, 'Single sign-on accepted: you are signed in to this app.', [
          { label: 'User', value: `${identity.user.firstName} ${identity.user.lastName}` },
          { label: 'Email', value: identity.user.email },
          { label: 'Organisation', value: identity.organization.name },
          { label: 'Role', value: titleCase(identity.role) },
        ]),
      );
    },
  );
}
