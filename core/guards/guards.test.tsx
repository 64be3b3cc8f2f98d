import { screen, waitFor } from '@testing-library/react';
import fixtureHello from '../../tests/fixtures/plugins/fixture-hello';
import { renderWithPortal } from '../../tests/render-with-portal';
import { stubAuthPlugin } from '../../tests/stub-auth-plugin';
import type { SessionStore } from '../session/session-store';
import type { OrganizationSummary } from '../session/session-types';

const org = (role: string, overrides: Partial<OrganizationSummary> = {}): OrganizationSummary => ({
  organizationId: 'org-1',
  organizationName: 'Acme Pty Ltd',
  accountType: 'business',
  role,
  enabled: true,
  portals: { kreanoAccount: { hasAccess: true } },
  ...overrides,
});

function inOrganization(role: string, overrides: Partial<OrganizationSummary> = {}) {
  return (session: SessionStore) => {
    session.logIn({ accessToken: 'a', refreshToken: 'r' });
    session.setOrganizations([org(role, overrides)]);
    session.selectOrganization({ organizationId: 'org-1', role }, { accessToken: 'a2', refreshToken: 'r2' });
  };
}

const plugins = [stubAuthPlugin, fixtureHello];

describe('guards', () => {
  it('sends a logged-out visitor of a protected page to /login, keeping the wanted URL as toUrl', async () => {
    const { router } = await renderWithPortal({ plugins, url: '/hello?tab=2' });
    expect(await screen.findByTestId('stub-page')).toHaveTextContent('login');
    expect(router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('toUrl')).toBe('/hello?tab=2');
  });

  it('sends a logged-in user without an organisation to /orgs with toUrl', async () => {
    const { router } = await renderWithPortal({
      plugins,
      url: '/hello',
      session: (s) => s.logIn({ accessToken: 'a', refreshToken: 'r' }),
    });
    expect(await screen.findByTestId('stub-page')).toHaveTextContent('orgs');
    expect(router.state.location.pathname).toBe('/orgs');
    expect(new URLSearchParams(router.state.location.search).get('toUrl')).toBe('/hello');
  });

  it('keeps a logged-out visitor away from an authenticated auth-layout route', async () => {
    const { router } = await renderWithPortal({ plugins, url: '/orgs' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('lets an owner in: the fixture page renders with its DI service and its own locale namespace', async () => {
    await renderWithPortal({ plugins, url: '/hello', session: inOrganization('owner') });
    expect(await screen.findByRole('heading', { name: 'Hello from the fixture plugin, world!' })).toBeInTheDocument();
  });

  it('a role rule hides the menu item and blocks the route for a member', async () => {
    await renderWithPortal({ plugins, url: '/hello/secret', session: inOrganization('member') });
    expect(await screen.findByText("You don't have permission to view this page")).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /Fixture hello/ })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Fixture secret/ })).not.toBeInTheDocument();
  });

  it('shows the secret menu item and page to an owner', async () => {
    await renderWithPortal({ plugins, url: '/hello/secret', session: inOrganization('owner') });
    expect(await screen.findByRole('heading', { name: /Hello from the fixture plugin/ })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /Fixture secret/ })).toBeInTheDocument();
  });

  it('denies an organisation without access to this portal', async () => {
    await renderWithPortal({
      plugins,
      url: '/hello',
      session: inOrganization('owner', { portals: { kreanoAccount: { hasAccess: false } } }),
    });
    expect(await screen.findByText("You don't have access to this Portal for this organisation")).toBeInTheDocument();
  });

  it('sends unknown paths to /404', async () => {
    const { router } = await renderWithPortal({ plugins, url: '/no/such/page' });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/404');
  });

  it('a logout in another tab moves this tab to /login', async () => {
    const { router, session } = await renderWithPortal({ plugins, url: '/hello', session: inOrganization('owner') });
    await screen.findByRole('heading', { name: /Hello from the fixture plugin/ });
    window.dispatchEvent(new StorageEvent('storage', { key: 'portal-session', newValue: null }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(session.isUserLoggedIn).toBe(false);
  });
});
