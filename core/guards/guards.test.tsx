import { screen, waitFor, within } from '@testing-library/react';
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
    expect(
      await screen.findByRole('heading', { name: 'Hello from the fixture plugin, world!' }),
    ).toBeInTheDocument();
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
    expect(
      await screen.findByText("You don't have access to this Portal for this organisation"),
    ).toBeInTheDocument();
  });

  it('denies an organisation whose portal list does not name this portal (a missing key is no access)', async () => {
    await renderWithPortal({
      plugins,
      url: '/hello',
      session: inOrganization('owner', { portals: { kreanoSign: { hasAccess: true } } }),
    });
    expect(
      await screen.findByText("You don't have access to this Portal for this organisation"),
    ).toBeInTheDocument();
  });

  it('follows a sign-in page and an account-selection page moved by config', async () => {
    const moved = {
      plugins: {
        'stub-auth': {
          routes: { 'stub-auth.login': { path: '/welcome' }, 'stub-auth.orgs': { path: '/accounts' } },
        },
      },
    };
    const out = await renderWithPortal({ plugins, url: '/hello', config: moved });
    expect(await screen.findByTestId('stub-page')).toHaveTextContent('login');
    expect(out.router.state.location.pathname).toBe('/welcome');
    expect(new URLSearchParams(out.router.state.location.search).get('toUrl')).toBe('/hello');
    out.unmount();

    const noOrganisation = await renderWithPortal({
      plugins,
      url: '/hello',
      config: moved,
      session: (s) => s.logIn({ accessToken: 'a', refreshToken: 'r' }),
    });
    expect(await screen.findByTestId('stub-page')).toHaveTextContent('orgs');
    expect(noOrganisation.router.state.location.pathname).toBe('/accounts');
  });

  it('sends a logged-out visitor of the empty path to the sign-in page, with nothing to return to', async () => {
    const { router } = await renderWithPortal({ plugins, url: '/' });
    expect(await screen.findByTestId('stub-page')).toHaveTextContent('login');
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('');
  });

  it('sends a logged-in visitor of the empty path to the landing page', async () => {
    const { router } = await renderWithPortal({
      plugins,
      url: '/',
      config: { landingRoute: '/hello' },
      session: inOrganization('owner'),
    });
    expect(
      await screen.findByRole('heading', { name: 'Hello from the fixture plugin, world!' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/hello');
  });

  it('sends a logged-in user without an organisation from the empty path on to account selection', async () => {
    const { router } = await renderWithPortal({
      plugins,
      url: '/',
      config: { landingRoute: '/hello' },
      session: (s) => s.logIn({ accessToken: 'a', refreshToken: 'r' }),
    });
    expect(await screen.findByTestId('stub-page')).toHaveTextContent('orgs');
    expect(router.state.location.pathname).toBe('/orgs');
    expect(new URLSearchParams(router.state.location.search).get('toUrl')).toBe('/hello');
  });

  it('shows the maintenance page with the support address to anybody', async () => {
    await renderWithPortal({
      plugins,
      url: '/maintenance',
      config: { supportEmail: 'help@acme.example', brandName: 'Acme Docs' },
    });
    expect(await screen.findByRole('heading', { name: "We'll be back soon" })).toBeInTheDocument();
    expect(
      screen.getByText(
        'Acme Docs is undergoing scheduled maintenance. Please try again shortly. Need help? Contact us:',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'help@acme.example' })).toHaveAttribute(
      'href',
      'mailto:help@acme.example',
    );
  });

  it.each(['/maintenance', '/404'])(
    '%s shows the brand, its header and the language switcher',
    async (url) => {
      await renderWithPortal({
        plugins,
        url,
        config: { brandName: 'Acme Docs', i18n: { languages: ['en', 'fr', 'ar'], defaultLanguage: 'en' } },
      });
      const header = await screen.findByRole('banner');
      expect(within(header).getByTestId('portal-brand')).toHaveTextContent('Acme Docs');
      expect(within(header).getByRole('combobox', { name: 'Language' })).toHaveValue('en');
    },
  );

  it('sends unknown paths to /404', async () => {
    const { router } = await renderWithPortal({ plugins, url: '/no/such/page' });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/404');
  });

  it('a logout in another tab moves this tab to /login', async () => {
    const { router, session } = await renderWithPortal({
      plugins,
      url: '/hello',
      session: inOrganization('owner'),
    });
    await screen.findByRole('heading', { name: /Hello from the fixture plugin/ });
    window.dispatchEvent(new StorageEvent('storage', { key: 'portal-session', newValue: null }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(session.isUserLoggedIn).toBe(false);
  });

  it('keeps the page as toUrl when the session ends on its own (expired, idle), not after a Logout', async () => {
    for (const [ending, toUrl] of [
      [(session: SessionStore) => session.logout(), '/hello'],
      [(session: SessionStore) => session.logout({ byUser: true }), null],
    ] as const) {
      const { router, session, unmount } = await renderWithPortal({
        plugins,
        url: '/hello',
        session: inOrganization('owner'),
      });
      await screen.findByRole('heading', { name: /Hello from the fixture plugin/ });
      ending(session);
      await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
      expect(new URLSearchParams(router.state.location.search).get('toUrl')).toBe(toUrl);
      unmount();
    }
  });

  it('a Logout is forgotten at the next login: a later expiry keeps the page as toUrl again', async () => {
    const { router, session } = await renderWithPortal({ plugins, url: '/login' });
    session.logout({ byUser: true });
    inOrganization('owner')(session);
    await router.navigate('/hello');
    await screen.findByRole('heading', { name: /Hello from the fixture plugin/ });
    session.logout();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.search).get('toUrl')).toBe('/hello');
  });
});
