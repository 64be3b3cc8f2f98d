import '@ant-design/v5-patch-for-react-19';
import { screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { server } from '../../../tests/msw/server';
import { renderWithPortal } from '../../../tests/render-with-portal';
import {
  ACME,
  PERSONAL,
  accessData,
  accessHandler,
  authWithStubs,
  destinationsPlugin,
  directoryHandlers,
  organization,
  type Recorded,
} from '../testing/orgs-fixtures';
import { endpoints } from '@contract/v1/endpoints';
import { onEndpoint } from '../../../tests/msw/endpoint-handlers';

const plugins = [authWithStubs(['auth.login', 'auth.orgs']), destinationsPlugin];

interface Exchange extends Recorded {
  /** The address bar at the moment the exchange reached the server. */
  searchAtRequest: string[];
}

let currentSearch: () => string = () => 'not rendered yet';

function exchangeEndpoint(
  answer: () => Response | Promise<Response> = () =>
    HttpResponse.json({ data: { accessToken: 'launch-access', refreshToken: 'launch-refresh' }, msg: '' }),
): Exchange {
  const recorded: Exchange = { bodies: [], count: 0, searchAtRequest: [] };
  server.use(
    onEndpoint(endpoints.exchangeLaunchToken, async ({ request }) => {
      recorded.count += 1;
      recorded.searchAtRequest.push(currentSearch());
      recorded.bodies.push(await request.json());
      return answer();
    }),
  );
  return recorded;
}

async function openTokenAuth(query: string) {
  const view = await renderWithPortal({ plugins, url: `/token-auth?${query}` });
  currentSearch = () => view.router.state.location.search;
  return view;
}

afterEach(() => {
  currentSearch = () => 'not rendered yet';
});

describe('token-auth page', { timeout: 30000 }, () => {
  it("shows 'Authenticating' and 'Please wait...' while it works", async () => {
    // The exchange never answers: the screen stays as it is.
    const exchange = exchangeEndpoint(() => new Promise<Response>(() => {}));
    await openTokenAuth('token=launch-1&orgId=org-acme');

    expect(await screen.findByRole('heading', { name: 'Authenticating' })).toBeInTheDocument();
    expect(screen.getByText('Please wait...')).toBeInTheDocument();
    // The exchange outlives an unmount on purpose (single-use token): let it reach this test's handler, not the next one's.
    await waitFor(() => expect(exchange.count).toBe(1));
  });

  it('removes the token from the address before any request, keeping the other parameters', async () => {
    const exchange = exchangeEndpoint(() => new Promise<Response>(() => {}));
    const { router } = await openTokenAuth('token=launch-secret&orgId=org-acme&toUrl=%2Fbilling%2Fhistory');

    await waitFor(() => expect(exchange.count).toBe(1));
    expect(exchange.searchAtRequest[0]).not.toContain('launch-secret');
    expect(exchange.searchAtRequest[0]).not.toMatch(/token=/);
    expect(router.state.location.search).toBe('?orgId=org-acme&toUrl=%2Fbilling%2Fhistory');
    // Replaced, not pushed: the entry with the token is gone from the history too.
    expect(router.state.historyAction).toBe('REPLACE');
    expect(exchange.bodies).toEqual([{ token: 'launch-secret' }]);
  });

  it('exchanges the token, enters the organisation and opens toUrl after 200 ms', async () => {
    const exchange = exchangeEndpoint();
    directoryHandlers([PERSONAL, ACME]);
    const access = accessHandler(
      accessData({
        branding: {
          primaryColor: '#116644',
          secondaryColor: null,
          textColor: null,
          file: null,
          darkLogo: null,
        },
      }),
    );
    const { session, theme, router } = await openTokenAuth(
      'token=launch-1&orgId=org-acme&toUrl=%2Fbilling%2Fhistory',
    );

    await waitFor(() => expect(session.isOrgSelected).toBe(true));
    expect(router.state.location.pathname).toBe('/token-auth');
    expect(exchange.bodies).toEqual([{ token: 'launch-1' }]);
    expect(access.bodies).toEqual([{ portalId: 'portal-account', orgId: 'org-acme', newPortal: false }]);
    expect(session.isUserLoggedIn).toBe(true);
    expect(session.organizationId).toBe('org-acme');
    expect(session.accessToken).toBe('org-access-token');
    expect(theme.primary.toLowerCase()).toBe('#116644');

    expect(await screen.findByTestId('landed')).toHaveTextContent('/billing/history');
  });

  it('opens the landing route when toUrl is missing or leaves the portal', async () => {
    exchangeEndpoint();
    directoryHandlers([PERSONAL, ACME]);
    accessHandler();
    await openTokenAuth(`token=launch-1&orgId=org-acme&toUrl=${encodeURIComponent('https://evil.example')}`);

    expect(await screen.findByTestId('landed')).toHaveTextContent('landed /dashboard');
  });

  it("shows the server's message, logs out and goes to login when the token is refused", async () => {
    exchangeEndpoint(() => HttpResponse.json({ msg: 'Link is expired', code: 'EXPIRED' }, { status: 400 }));
    const { router, session } = await openTokenAuth('token=old&orgId=org-acme');

    expect(await screen.findByText('Link is expired')).toBeInTheDocument();
    expect(await screen.findByTestId('landed')).toHaveTextContent('auth.login /login');
    expect(router.state.location.pathname).toBe('/login');
    expect(session.isUserLoggedIn).toBe(false);
  });

  it("says 'Please try again' and goes to login without a token, sending nothing", async () => {
    const exchange = exchangeEndpoint();
    await openTokenAuth('orgId=org-acme');

    expect(await screen.findByText('Please try again')).toBeInTheDocument();
    expect(await screen.findByTestId('landed')).toHaveTextContent('auth.login');
    expect(exchange.count).toBe(0);
  });

  it("goes to login with 'Portal not found' when this deployment's portal is unknown", async () => {
    exchangeEndpoint();
    directoryHandlers([PERSONAL, ACME], [{ id: 'portal-sign', name: 'Sign', key: 'kreanoSign' }]);
    const { session } = await openTokenAuth('token=launch-1&orgId=org-acme');

    expect(await screen.findByText('Portal not found')).toBeInTheDocument();
    expect(await screen.findByTestId('landed')).toHaveTextContent('auth.login');
    expect(session.isUserLoggedIn).toBe(false);
  });

  it('shows the error and goes to login when the organisation token fails', async () => {
    exchangeEndpoint();
    directoryHandlers([PERSONAL, ACME]);
    server.use(
      onEndpoint(endpoints.organizationAccess, () => HttpResponse.json({ msg: 'internal' }, { status: 500 })),
    );
    const { session } = await openTokenAuth('token=launch-1&orgId=org-acme');

    expect(await screen.findByText('Please try again')).toBeInTheDocument();
    expect(await screen.findByTestId('landed')).toHaveTextContent('auth.login');
    expect(session.isUserLoggedIn).toBe(false);
  });

  it('lets the user choose on orgs (keeping toUrl) when the launch names a disabled organisation', async () => {
    exchangeEndpoint();
    directoryHandlers([
      PERSONAL,
      organization({
        organizationId: 'org-off',
        organizationName: 'Dormant Ltd',
        accountType: 'business',
        enabled: false,
      }),
    ]);
    const access = accessHandler();
    const { session } = await openTokenAuth('token=launch-1&orgId=org-off&toUrl=%2Fbilling%2Fhistory');

    expect(await screen.findByText('Account is disabled. Please contact admin')).toBeInTheDocument();
    expect(await screen.findByTestId('landed')).toHaveTextContent(
      'auth.orgs /orgs?toUrl=%2Fbilling%2Fhistory',
    );
    expect(session.isUserLoggedIn).toBe(true);
    expect(access.count).toBe(0);
  });

  it('goes to orgs when the launch names no organisation', async () => {
    exchangeEndpoint();
    const { session } = await openTokenAuth('token=launch-1');

    expect(await screen.findByTestId('landed')).toHaveTextContent('auth.orgs /orgs');
    expect(session.isUserLoggedIn).toBe(true);
  });
});
