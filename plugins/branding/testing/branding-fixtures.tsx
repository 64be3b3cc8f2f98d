/**
 * Test support for the branding plugin's component tests (not shipped: only tests import it). Renders the real host
 * and app layout around the real plugin, inside a business organisation, with HTTP faked by MSW.
 */
// Static antd toasts render nothing under React 19 without the patch (the app entry imports it first too).
import '@ant-design/v5-patch-for-react-19';
import type { SessionStore } from '@core';
import type { PortalBranding } from '@contract/v1/branding';
import type { EndpointRoute } from '@contract/v1/endpoint';
import { endpoints } from '@contract/v1/endpoints';
import { PORTAL_KEYS } from '@contract/v1/constants';
import { screen } from '@testing-library/react';
import { HttpResponse, type JsonBodyType } from 'msw';
import { onEndpoint } from '../../../tests/msw/endpoint-handlers';
import { server } from '../../../tests/msw/server';
import { renderWithPortal } from '../../../tests/render-with-portal';
import { stubAuthPlugin } from '../../../tests/stub-auth-plugin';
import brandingPlugin from '../index';

export const ORG_ID = 'org-1';

const NAMES: Record<string, string> = {
  kreanoAccount: 'Kreano Account',
  kreanoMods: 'Kreano Mods',
  kreanoRedact: 'Kreano Redact',
  kreanoSign: 'Kreano Sign',
  kreanoId: 'Kreano ID',
  kreanoExtract: 'Kreano Extract',
  dataExchange: 'Data Exchange',
};

/** Every portal of the catalogue with the product defaults, `patch` laid over the account portal. */
export function portals(patch: Partial<PortalBranding> = {}): PortalBranding[] {
  return PORTAL_KEYS.map((key) => ({
    portalId: `portal-${key}`,
    portalKey: key,
    portalName: NAMES[key]!,
    primaryColor: null,
    secondaryColor: null,
    textColor: null,
    logo: null,
    darkLogo: null,
    updatedAt: null,
    ...(key === 'kreanoAccount' ? patch : {}),
  }));
}

/** Logged in and inside Acme with `role`, as the app layout's guards require. */
/** Signed in and inside Acme with `role`; `permissions` are what entering it answered (unknown: the role's defaults). */
function inOrganization(role: string, permissions?: string[]) {
  return (session: SessionStore): void => {
    session.logIn({ accessToken: 'access', refreshToken: 'refresh' });
    session.setOrganizations([
      {
        organizationId: ORG_ID,
        organizationName: 'Acme Pty Ltd',
        accountType: 'business',
        role,
        enabled: true,
        portals: { kreanoAccount: { hasAccess: true } },
      },
    ]);
    session.selectOrganization(
      { organizationId: ORG_ID, role, permissions },
      { accessToken: 'org-access', refreshToken: 'org-refresh' },
    );
  };
}

export interface Recorded {
  bodies: any[];
  queries: Record<string, string>[];
  count: number;
}

/** Answers one endpoint with `data` (or a function of the request) and records what the portal sent. */
export function answer(
  route: EndpointRoute,
  data: JsonBodyType | ((request: { body: any; query: Record<string, string> }) => JsonBodyType),
  options: { msg?: string; status?: number } = {},
): Recorded {
  const recorded: Recorded = { bodies: [], queries: [], count: 0 };
  server.use(
    onEndpoint(route, async ({ request }) => {
      recorded.count += 1;
      const text = await request.text();
      const body: unknown = text ? JSON.parse(text) : undefined;
      const query = Object.fromEntries(new URL(request.url).searchParams);
      recorded.bodies.push(body);
      recorded.queries.push(query);
      if (options.status && options.status >= 400) {
        return HttpResponse.json({ msg: options.msg ?? 'Refused', code: 'TEST' }, { status: options.status });
      }
      const value = typeof data === 'function' ? data({ body, query }) : data;
      return HttpResponse.json({ data: value, msg: options.msg ?? '' });
    }),
  );
  return recorded;
}

/** GET /v1/branding answering `list`. */
export function savedBranding(list: PortalBranding[] = portals()): Recorded {
  return answer(endpoints.branding, { portals: list });
}

export async function renderBranding(
  url = '/branding',
  options: { role?: string; permissions?: string[]; language?: string; heading?: boolean } = {},
) {
  const view = await renderWithPortal({
    plugins: [stubAuthPlugin, brandingPlugin],
    url,
    language: options.language,
    session: inOrganization(options.role ?? 'owner', options.permissions),
  });
  // The first render of a file imports the app layout (ProLayout) cold, which is slow on two shared cores.
  if (options.heading !== false) await screen.findByRole('heading', { level: 1 }, { timeout: 60_000 });
  return view;
}

/** A file whose bytes are a 1 × 1 PNG, as a person would pick it. */
export function pngFile(name = 'logo.png'): File {
  const bytes = Uint8Array.from(
    atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='),
    (c) => c.charCodeAt(0),
  );
  return new File([bytes], name, { type: 'image/png' });
}
