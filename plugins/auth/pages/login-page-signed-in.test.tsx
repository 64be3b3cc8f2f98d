import { screen, waitFor } from '@testing-library/react';
import { renderWithPortal } from '../../../tests/render-with-portal';
import type { SessionStore } from '@core';
import { authPluginWithStubs, OTHER_SCREENS } from '../testing/render-auth';

/** Someone already signed in who opens /login (a bookmark, the back button) is not shown the form again (#39 item 7). */
const inAcme = (session: SessionStore) => {
  session.logIn({ accessToken: 'a', refreshToken: 'r' });
  session.setOrganizations([
    {
      organizationId: 'org-1',
      organizationName: 'Acme Pty Ltd',
      accountType: 'business',
      role: 'owner',
      enabled: true,
      portals: { kreanoAccount: { hasAccess: true } },
    },
  ]);
  session.selectOrganization(
    { organizationId: 'org-1', role: 'owner' },
    { accessToken: 'a2', refreshToken: 'r2' },
  );
};

describe('the sign-in page while signed in', { timeout: 60_000 }, () => {
  // The landing page is another plugin's; any path shows where the guard sent the user.
  const plugins = [authPluginWithStubs(OTHER_SCREENS)];

  it('with an organisation chosen, goes to the landing page', async () => {
    const { router } = await renderWithPortal({
      plugins,
      url: '/login',
      config: { landingRoute: '/sign-up' },
      session: inAcme,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-up'));
    expect(screen.queryByRole('button', { name: 'Log in' })).not.toBeInTheDocument();
  });

  it('follows the toUrl of the link', async () => {
    const { router } = await renderWithPortal({
      plugins,
      url: '/login?toUrl=%2Fforgot-password%3Ftab%3D2',
      session: inAcme,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/forgot-password'));
    expect(router.state.location.search).toBe('?tab=2');
  });

  it('still shows the form to a visitor who is not signed in, or signed in without an organisation', async () => {
    const { unmount } = await renderWithPortal({ plugins, url: '/login' });
    expect(await screen.findByLabelText('Password')).toBeInTheDocument();
    unmount();
    await renderWithPortal({
      plugins,
      url: '/login',
      session: (session) => session.logIn({ accessToken: 'a', refreshToken: 'r' }),
    });
    expect(await screen.findByLabelText('Password')).toBeInTheDocument();
  });
});
