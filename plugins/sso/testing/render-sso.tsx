/**
 * Test support for the sso plugin's component tests (not shipped: only tests import it).
 * Renders the real host around the real sso plugin. The auth screens the flow hands over to are stand-ins with
 * the auth plugin's id and route ids (a plugin must not import another), showing where the user arrived.
 */
// Static antd toasts render nothing under React 19 without the patch (the app entry imports it first too).
import '@ant-design/v5-patch-for-react-19';
import type { PortalPlugin } from '@core';
import { screen } from '@testing-library/react';
import { HttpResponse, type JsonBodyType } from 'msw';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { server } from '../../../tests/msw/server';
import { renderWithPortal, type RenderPortalOptions } from '../../../tests/render-with-portal';
import { ExternalNavigation } from '../api/external-navigation';
import ssoPlugin from '../index';
import type { EndpointRoute } from '@contract/v1/endpoint';
import { onEndpoint } from '../../../tests/msw/endpoint-handlers';

function Arrived({ routeId }: { routeId: string }) {
  const location = useLocation();
  return (
    <pre data-testid="arrived" data-route={routeId}>
      {JSON.stringify({
        pathname: location.pathname,
        search: location.search,
        state: location.state ?? null,
      })}
    </pre>
  );
}

/** `/test/open-sso-login?email=…` opens `/sso-login` with the email in navigation state, as the landing does. */
function OpenSsoLogin() {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const email = new URLSearchParams(location.search).get('email');
    navigate('/sso-login', { replace: true, state: email ? { email } : null });
  }, [location, navigate]);
  return null;
}

const stub = (routeId: string) => async () => ({ default: () => <Arrived routeId={routeId} /> });

/** The auth plugin's routes the SSO flow uses, by their real ids and paths. */
export const authStandIn: PortalPlugin = {
  id: 'auth',
  routes: () => [
    { id: 'auth.login', path: '/login', layout: 'auth', provides: 'sign-in', load: stub('auth.login') },
    {
      id: 'auth.orgs',
      path: '/orgs',
      layout: 'auth',
      provides: 'account-selection',
      guards: ['authenticated'],
      load: stub('auth.orgs'),
    },
    {
      id: 'auth.security-verification',
      path: '/security-verification',
      layout: 'auth',
      load: stub('auth.security-verification'),
    },
    {
      id: 'auth.email-confirmation',
      path: '/email-confirmation',
      layout: 'auth',
      load: stub('auth.email-confirmation'),
    },
    {
      id: 'auth.test-open-sso-login',
      path: '/test/open-sso-login',
      layout: 'public',
      load: async () => ({ default: OpenSsoLogin }),
    },
  ],
};

/** Where the user was sent outside the portal, in order. */
export interface ExternalVisits {
  urls: string[];
}

export async function renderSso(url: string, options: Omit<RenderPortalOptions, 'plugins'> = {}) {
  const external: ExternalVisits = { urls: [] };
  const plugin: PortalPlugin = {
    ...ssoPlugin,
    bindings: (bind, ctx) => {
      ssoPlugin.bindings?.(bind, ctx);
      bind.constant(ExternalNavigation, { assign: (to: string) => external.urls.push(to) });
    },
  };
  const view = await renderWithPortal({ ...options, url, plugins: [authStandIn, plugin] });
  return { ...view, external };
}

/** Where a stand-in screen was reached, once it renders. */
export async function arrivedAt(): Promise<{
  routeId: string;
  pathname: string;
  search: string;
  state: any;
}> {
  const element = await screen.findByTestId('arrived');
  return { routeId: element.dataset.route!, ...JSON.parse(element.textContent ?? '{}') };
}

/**
 * An endpoint of the contract's table answering `{ data, msg }` (or an error, with optional per-field `errors`), recording each JSON body
 * and the Authorization header. `onRequest` runs when the request arrives (to look at the page at that moment).
 */
export function endpoint(
  route: EndpointRoute,
  answer: {
    status?: number;
    data?: JsonBodyType;
    msg?: string;
    code?: string;
    errors?: { field: string; msg: string }[];
    delayMs?: number;
    onRequest?: () => void;
  } = {},
) {
  const bodies: any[] = [];
  const authorizations: (string | null)[] = [];
  server.use(
    onEndpoint(route, async ({ request }) => {
      answer.onRequest?.();
      authorizations.push(request.headers.get('authorization'));
      bodies.push(route.method === 'GET' ? null : await request.json().catch(() => null));
      if (answer.delayMs) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
      const status = answer.status ?? 200;
      if (status >= 400) {
        return HttpResponse.json(
          {
            msg: answer.msg ?? 'Server error',
            code: answer.code ?? 'TEST',
            ...(answer.errors ? { errors: answer.errors } : {}),
          },
          { status },
        );
      }
      return HttpResponse.json({ data: answer.data ?? null, msg: answer.msg ?? '' }, { status });
    }),
  );
  return { bodies, authorizations };
}

