/**
 * Test data and MSW handlers for the organisation screens (orgs, token-auth). Test-only: no page imports it.
 */
import type { PortalPlugin, SessionStore } from '@core';
import type { OrganizationAccessData, OrganizationListItem, Portal } from '@contract/v1/index';
import { message } from 'antd';
import { http, HttpResponse } from 'msw';
import { useLocation } from 'react-router-dom';
import { server } from '../../../tests/msw/server';
import authPlugin from '../index';

export const API = 'http://localhost';

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
    http.get(`${API}/v1/portal`, () => HttpResponse.json({ data: { portal: portals }, msg: '' })),
    http.get(`${API}/v1/organization-list`, () =>
      HttpResponse.json({ data: { organizationList: organizations }, msg: '' }),
    ),
  );
}

export function accessHandler(data: OrganizationAccessData = accessData()): Recorded {
  const recorded: Recorded = { bodies: [], count: 0 };
  server.use(
    http.post(`${API}/v1/organization/access`, async ({ request }) => {
      recorded.count += 1;
      recorded.bodies.push(await request.json());
      return HttpResponse.json({ data, msg: '' });
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

/** Stand-ins for the pages the auth screens lead to (owned by other plugins). */
export const destinationsPlugin: PortalPlugin = {
  id: 'test-destinations',
  routes: () =>
    ['/dashboard', '/user/security', '/billing/history'].map((path) => ({
      id: `test-destinations.${path.replace(/\W+/g, '-')}`,
      path,
      layout: 'public' as const,
      load: async () => ({ default: () => <Landed name="landed" /> }),
    })),
};

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

/** antd's toasts live outside the rendered tree: clear them so one test's message cannot satisfy the next. */
export function clearToasts() {
  message.destroy();
}
