/**
 * Test support for the auth plugin's component tests (not shipped: only tests import it).
 * Renders the real host around the real auth plugin; screens that are not under test can be
 * replaced by a stub that shows where the user arrived, with the query and the navigation state.
 */
// Static antd toasts render nothing under React 19 without the patch (the app entry imports it first too).
import '@ant-design/v5-patch-for-react-19';
import type { PortalPlugin } from '@core';
import { screen } from '@testing-library/react';
import { HttpResponse, type JsonBodyType } from 'msw';
import { useLocation } from 'react-router-dom';
import { server } from '../../../tests/msw/server';
import { renderWithPortal, type RenderPortalOptions } from '../../../tests/render-with-portal';
import authPlugin from '../index';
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

/** The auth plugin with the named routes' pages swapped for a stub (same id, path and guards). */
export function authPluginWithStubs(stubbed: string[]): PortalPlugin {
  return {
    ...authPlugin,
    routes: (ctx) =>
      (authPlugin.routes?.(ctx) ?? []).map((route) =>
        stubbed.includes(route.id)
          ? { ...route, load: async () => ({ default: () => <Arrived routeId={route.id} /> }) }
          : route,
      ),
  };
}

export interface RenderAuthOptions extends Omit<RenderPortalOptions, 'plugins'> {
  /** Route ids whose real page is replaced by a stub; by default every screen of the other part. */
  stubs?: string[];
}

export const OTHER_SCREENS = [
  'auth.security-verification',
  'auth.orgs',
  'auth.token-auth',
  'auth.two-factor',
];

export async function renderAuth(url: string, options: RenderAuthOptions = {}) {
  const { stubs = OTHER_SCREENS, ...rest } = options;
  return renderWithPortal({ ...rest, url, plugins: [authPluginWithStubs(stubs)] });
}

/** Where a stubbed screen was reached, once it renders. */
export async function arrivedAt(): Promise<{
  routeId: string;
  pathname: string;
  search: string;
  state: any;
}> {
  const element = await screen.findByTestId('arrived');
  return { routeId: element.dataset.route!, ...JSON.parse(element.textContent ?? '{}') };
}

/** An endpoint of the contract's table that answers with `{ data, msg }` (or an error) and records every JSON body it got. */
export function endpoint(
  route: EndpointRoute,
  answer: { status?: number; data?: JsonBodyType; msg?: string; delayMs?: number } = {},
) {
  const bodies: any[] = [];
  const urls: URL[] = [];
  server.use(
    onEndpoint(route, async ({ request }) => {
      urls.push(new URL(request.url));
      bodies.push(route.method === 'GET' ? null : await request.json().catch(() => null));
      if (answer.delayMs) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
      const status = answer.status ?? 200;
      if (status >= 400)
        return HttpResponse.json({ msg: answer.msg ?? 'Server error', code: 'TEST' }, { status });
      return HttpResponse.json({ data: answer.data ?? null, msg: answer.msg ?? '' }, { status });
    }),
  );
  return { bodies, urls };
}

