/**
 * Test data and MSW handlers for the organisation screens (orgs, token-auth). Test-only: no page imports it.
 */
import type { PortalPlugin, RouteId, SessionStore } from '@core';
import type { OrganizationAccessData, OrganizationListItem, Portal } from '@contract/v1/index';
import { HttpResponse } from 'msw';
import { useLocation } from 'react-router-dom';
import { pluginLoaders } from 'virtual:portal-plugins';
import { server } from '../../../tests/msw/server';
import authPlugin from '../index';
import { endpoints } from '@contract/v1/endpoints';
import { onEndpoint } from '../../../tests/msw/endpoint-handlers';
import { PERMISSIONS } from '@contract/v1/permissions';

export const PORTALS: Portal[] = [
  { id: 'portal-account', name: 'Account', key: 'kreanoAccount' },
  { id: 'portal-sign', name: 'Sign', key: 'kreanoSign' },
];

export function organization(overrides: Partial<OrganizationListItem> = {}): OrganizationListItem {
  return {
    organizationId: 'org-personal',
    organizationName: 'Jane Citizen',
    accountType: 'personal',
    role: 'owner',
    roleName: null,
    enabled: true,
    portals: { kreanoAccount: { hasAccess: true }, kreanoSign: { hasAccess: true } },
    branding: { primaryColor: null, secondaryColor: null, textColor: null, file: null, darkLogo: null },
    ...overrides,
  };
}

export const PERSONAL = organization();
export const ACME = organization({
  organizationId: 'org-acme',
  organizationName: 'Acme Pty Ltd',
  accountType: 'business',
  role: 'ADMIN',
});

export function accessData(overrides: Partial<OrganizationAccessData> = {}): OrganizationAccessData {
  return {
    accessToken: 'org-access-token',
    refreshToken: 'org-refresh-token',
    role: 'owner',
    roleName: null,
    permissions: [...PERMISSIONS],
    kycStatus: 'notSubmitted',
    kybStatus: 'notSubmitted',
    logo: null,
    branding: { primaryColor: null, secondaryColor: null, textColor: null, file: null, darkLogo: null },
    passwordResetRequired: false,
    twoFactorEnabledInOrg: false,
    regionalConfig: {
      matchDeviceTime: false,
      timeZone: 'Australia/Sydney',
      timeFormat: 'DD/MM/YYYY hh:mm A',
    },
    portalUrl: 'http://localhost/dashboard',
    ...overrides,
  };
}

/** Records every call of a handler so a test can assert what was (or was not) sent. */
export interface Recorded {
  bodies: unknown[];
  count: number;
}

export function directoryHandlers(organizations: OrganizationListItem[], portals: Portal[] = PORTALS) {
  server.use(
    onEndpoint(endpoints.portals, () => HttpResponse.json({ data: { portal: portals }, msg: '' })),
    onEndpoint(endpoints.organizationList, () =>
      HttpResponse.json({ data: { organizationList: organizations }, msg: '' }),
    ),
  );
}

export function accessHandler(data: OrganizationAccessData = accessData()): Recorded {
  const recorded: Recorded = { bodies: [], count: 0 };
  server.use(
    onEndpoint(endpoints.organizationAccess, async ({ request }) => {
      recorded.count += 1;
      recorded.bodies.push(await request.json());
      return HttpResponse.json({ data, msg: '' });
    }),
  );
  return recorded;
}

/**
 * An organisation that enforces 2FA, as the server answers a user with 2FA off: 403 TWO_FACTOR_REQUIRED until the
 * request carries the answer to the notice (`enableTwoFactor: true`), then `data`. A `failing` answer replaces the
 * 200 (a server error while switching 2FA on).
 */
export function enforcingAccessHandler(
  data: OrganizationAccessData = accessData({ twoFactorEnabledInOrg: true }),
  failing?: () => Response,
): Recorded {
  const recorded: Recorded = { bodies: [], count: 0 };
  server.use(
    onEndpoint(endpoints.organizationAccess, async ({ request }) => {
      recorded.count += 1;
      const body = (await request.json()) as { enableTwoFactor?: boolean };
      recorded.bodies.push(body);
      if (body.enableTwoFactor !== true)
        return HttpResponse.json(
          { code: 'TWO_FACTOR_REQUIRED', msg: 'This organisation requires two-factor authentication' },
          { status: 403 },
        );
      return failing ? failing() : HttpResponse.json({ data, msg: '' });
    }),
  );
  return recorded;
}

export function loggedIn(extra: Parameters<SessionStore['logIn']>[1] = {}) {
  return (session: SessionStore) =>
    session.logIn({ accessToken: 'user-access-token', refreshToken: 'user-refresh-token' }, extra);
}

function Landed({ name }: { name: string }) {
  const location = useLocation();
  return (
    <p data-testid="landed" data-state={JSON.stringify(location.state ?? null)}>
      {name} {location.pathname}
      {location.search}
    </p>
  );
}

/** Stand-ins for the pages the auth screens lead to (owned by other plugins), at the given paths. */
export function destinations(paths: string[]): PortalPlugin {
  return {
    id: 'test-destinations',
    routes: () =>
      paths.map((path) => ({
        // Stand-ins are reached by path, never linked by id, so their ids need no declaration.
        id: `test-destinations.${path.replace(/\W+/g, '-')}` as RouteId,
        path,
        layout: 'public' as const,
        load: async () => ({ default: () => <Landed name="landed" /> }),
      })),
  };
}

export const destinationsPlugin: PortalPlugin = destinations([
  '/dashboard',
  '/user/security',
  '/billing/history',
]);

/**
 * Another plugin of this build, enabled by id the way a deployment enables it (a plugin never imports another),
 * with every page replaced by a stand-in that shows where the user landed. Its bindings, and the well-known
 * pages and extension points it provides, stay real.
 */
export async function shippedPluginWithStubPages(id: string): Promise<PortalPlugin> {
  const { default: plugin } = await (
    pluginLoaders as Record<string, () => Promise<{ default: PortalPlugin }>>
  )[id]!();
  return {
    ...plugin,
    routes: (ctx) =>
      (plugin.routes?.(ctx) ?? []).map(({ redirectTo: _redirect, ...route }) => ({
        ...route,
        layout: 'public' as const,
        load: async () => ({ default: () => <Landed name="landed" /> }),
      })),
    menu: undefined,
  };
}

/** The auth plugin with some screens (by route id) replaced by the same stub, so a test sees where the user arrived. */
export function authWithStubs(routeIds: string[]): PortalPlugin {
  return {
    ...authPlugin,
    routes: (ctx) =>
      (authPlugin.routes?.(ctx) ?? []).map((route) =>
        routeIds.includes(route.id)
          ? { ...route, load: async () => ({ default: () => <Landed name={route.id} /> }) }
          : route,
      ),
  };
}
