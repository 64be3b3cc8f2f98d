import '@ant-design/v5-patch-for-react-19';
import { screen, waitFor, within } from '@testing-library/react';
import { delay, HttpResponse } from 'msw';
import { server } from '../../../tests/msw/server';
import { renderWithPortal } from '../../../tests/render-with-portal';
import authPlugin from '../index';
import {
  ACME,
  PERSONAL,
  accessData,
  accessHandler,
  destinations,
  directoryHandlers,
  enforcingAccessHandler,
  loggedIn,
  organization,
  shippedPluginWithStubPages,
  type Recorded,
} from '../testing/orgs-fixtures';
import { endpoints } from '@contract/v1/endpoints';
import { onEndpoint } from '../../../tests/msw/endpoint-handlers';
import type { EndpointRoute } from '@contract/v1/endpoint';
import { expectNoToast, watchToasts } from '../../../tests/form-message';

// The deployment of the product: the two-factor plugin provides the security settings (here a stand-in page at
// /user/security) and the change-password dialog (real) that an organisation's password-reset request opens.
const twoFactor = await shippedPluginWithStubPages('two-factor');
const plugins = [authPlugin, destinations(['/dashboard', '/billing/history']), twoFactor];
// A deployment without the two-factor plugin.
const withoutTwoFactor = [authPlugin, destinations(['/dashboard', '/billing/history'])];
const DISABLED = organization({
  organizationId: 'org-off',
  organizationName: 'Dormant Ltd',
  accountType: 'business',
  enabled: false,
});
const NO_ACCESS = organization({
  organizationId: 'org-elsewhere',
  organizationName: 'Elsewhere Inc',
  accountType: 'business',
  portals: { kreanoAccount: { hasAccess: false }, kreanoSign: { hasAccess: true } },
});

function openOrgs(
  url = '/orgs',
  extra: Parameters<typeof loggedIn>[0] = {},
  options: { config?: Record<string, unknown> } = {},
) {
  return renderWithPortal({ plugins, url, session: loggedIn(extra), ...options });
}

function recordPatch(
  route: EndpointRoute,
  response: () => Response = () => HttpResponse.json({ data: null, msg: 'Done' }),
): Recorded {
  const recorded: Recorded = { bodies: [], count: 0 };
  server.use(
    onEndpoint(route, async ({ request }) => {
      recorded.count += 1;
      recorded.bodies.push(await request.json());
      return response();
    }),
  );
  return recorded;
}

// Real antd forms in jsdom on two shared cores: a multi-step journey takes seconds.
describe('orgs page', { timeout: 30000 }, () => {
  it('loads portals and organisations in parallel and lists personal and organisation accounts with title-cased roles', async () => {
    const started: string[] = [];
    // Each list answers only once both requests have arrived: sequential loading would never see the second.
    const bothStarted = () =>
      new Promise<void>((resolve, reject) => {
        const deadline = Date.now() + 3000;
        const check = () =>
          started.length === 2
            ? resolve()
            : Date.now() > deadline
              ? reject(new Error('not parallel'))
              : setTimeout(check, 10);
        check();
      });
    server.use(
      onEndpoint(endpoints.portals, async () => {
        started.push('portal');
        await bothStarted();
        return HttpResponse.json({
          data: { portal: [{ id: 'portal-account', name: 'Account', key: 'kreanoAccount' }] },
          msg: '',
        });
      }),
      onEndpoint(endpoints.organizationList, async () => {
        started.push('organizations');
        await bothStarted();
        return HttpResponse.json({ data: { organizationList: [PERSONAL, ACME] }, msg: '' });
      }),
    );
    const { session } = await openOrgs();

    expect(
      await screen.findByRole('heading', { name: 'Select the account you want to use today' }),
    ).toBeInTheDocument();
    const personal = await screen.findByRole('region', { name: 'Personal account' });
    expect(within(personal).getByRole('button', { name: /Jane Citizen/ })).toHaveTextContent('Owner');
    const business = screen.getByRole('region', { name: 'Organisation accounts' });
    expect(within(business).getByRole('button', { name: /Acme Pty Ltd/ })).toHaveTextContent('Admin');
    expect(started.sort()).toEqual(['organizations', 'portal']);
    // Cached for the side menu's switcher and the portal-access guard.
    expect(session.organizations.map((o) => o.organizationId)).toEqual(['org-personal', 'org-acme']);
    expect(session.portals.map((p) => p.id)).toEqual(['portal-account']);
  });

  it('names a custom role by the name its organisation gave it, never by its id', async () => {
    const GLOBEX = organization({
      organizationId: 'org-globex',
      organizationName: 'Globex',
      accountType: 'business',
      role: 'c5ac373e-b8bc-43e9-b821-b0766b5feb8c',
      roleName: 'Bookkeeper',
    });
    directoryHandlers([PERSONAL, ACME, GLOBEX]);
    await openOrgs();
    const business = await screen.findByRole('region', { name: 'Organisation accounts' });
    const globex = within(business).getByRole('button', { name: /Globex/ });
    expect(globex).toHaveTextContent('Bookkeeper');
    expect(globex).not.toHaveTextContent(/c5ac373e/i);
  });

  it("shows 'Portal not found', logs out and goes to login when this deployment's portal is not listed", async () => {
    directoryHandlers([PERSONAL], [{ id: 'portal-sign', name: 'Sign', key: 'kreanoSign' }]);
    const { router, session } = await openOrgs();

    expect(await screen.findByText('Portal not found')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await waitFor(() => expect(session.isUserLoggedIn).toBe(false));
    // Straight to login, not bounced back to /orgs after the next login.
    expect(router.state.location.search).toBe('');
  });

  it('auto-selects a single personal account: organisation token, session, then the landing route after 0.5 s', async () => {
    directoryHandlers([PERSONAL]);
    const regionalConfig = {
      matchDeviceTime: false,
      timeZone: 'Europe/Paris',
      timeFormat: 'YYYY-MM-DD HH:mm',
    };
    const access = accessHandler(accessData({ logo: 'https://cdn.example/logo.png', regionalConfig }));
    const { router, session } = await openOrgs();

    await waitFor(() => expect(session.isOrgSelected).toBe(true));
    expect(router.state.location.pathname).toBe('/orgs');
    expect(access.bodies).toEqual([{ portalId: 'portal-account', orgId: 'org-personal', newPortal: false }]);
    expect(session.organizationId).toBe('org-personal');
    expect(session.role).toBe('owner');
    expect(session.accessToken).toBe('org-access-token');
    expect(session.refreshToken).toBe('org-refresh-token');
    expect(session.logo).toBe('https://cdn.example/logo.png');
    // The organisation's region is kept for dates (time zone, format, match the device).
    expect(session.regionalConfig).toEqual(regionalConfig);

    expect(await screen.findByTestId('landed')).toHaveTextContent('/dashboard');
  });

  it('does not auto-select when the personal account is not alone', async () => {
    directoryHandlers([PERSONAL, ACME]);
    const access = accessHandler();
    const { router } = await openOrgs();

    expect(await screen.findByRole('button', { name: /Acme Pty Ltd/ })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(access.count).toBe(0);
    expect(router.state.location.pathname).toBe('/orgs');
  });

  it('auto-selects the orgId of the query and then goes to toUrl', async () => {
    directoryHandlers([PERSONAL, ACME]);
    // The server's answer is newer than the cached list (ADMIN there): the session takes its role and grants.
    const access = accessHandler(accessData({ role: 'role-auditor', permissions: ['billing.view'] }));
    const { session } = await openOrgs(
      `/orgs?orgId=org-acme&toUrl=${encodeURIComponent('/billing/history?tab=2')}`,
    );

    expect(await screen.findByTestId('landed')).toHaveTextContent('/billing/history?tab=2');
    expect(access.bodies).toEqual([{ portalId: 'portal-account', orgId: 'org-acme', newPortal: false }]);
    expect(session.organizationId).toBe('org-acme');
    expect(session.accessSubject).toMatchObject({ role: 'role-auditor', permissions: ['billing.view'] });
  });

  it('never follows a toUrl that leaves the portal: the landing route instead', async () => {
    directoryHandlers([PERSONAL]);
    accessHandler();
    await openOrgs(`/orgs?toUrl=${encodeURIComponent('https://evil.example/steal')}`);
    expect(await screen.findByTestId('landed')).toHaveTextContent('/dashboard');
  });

  it('enters the organisation the user clicks and applies its branding at once', async () => {
    directoryHandlers([PERSONAL, ACME]);
    const access = accessHandler(
      accessData({
        branding: {
          primaryColor: '#aa3300',
          secondaryColor: '#224466',
          textColor: null,
          file: null,
          darkLogo: null,
        },
      }),
    );
    const { user, session, theme } = await openOrgs();

    await user.click(await screen.findByRole('button', { name: /Acme Pty Ltd/ }));

    await waitFor(() => expect(theme.primary.toLowerCase()).toBe('#aa3300'));
    expect(theme.secondary.toLowerCase()).toBe('#224466');
    expect(session.organizationId).toBe('org-acme');
    expect(access.bodies).toEqual([{ portalId: 'portal-account', orgId: 'org-acme', newPortal: false }]);
    expect(await screen.findByTestId('landed')).toHaveTextContent('/dashboard');
  });

  it("shows 'Account is disabled. Please contact admin' under a disabled organisation and does not enter it", async () => {
    const toasts = watchToasts();
    directoryHandlers([PERSONAL, DISABLED]);
    const access = accessHandler();
    const { user, router, session } = await openOrgs();

    const dormant = await screen.findByRole('button', { name: /Dormant Ltd/ });
    expect(dormant).toHaveTextContent('Disabled');
    // Drawn as out of reach (dashed, muted), unlike the organisations that can be entered (#39 item 10).
    expect(dormant).toHaveClass('auth-orgs__account--refused');
    expect(screen.getByRole('button', { name: /Jane Citizen/ })).not.toHaveClass(
      'auth-orgs__account--refused',
    );
    await user.click(dormant);

    // Beside the row, not in a toast over the brand and the language switcher (#39 item 3).
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent('Account is disabled. Please contact admin');
    expect(notice.closest('li')).toContainElement(dormant);
    expectNoToast('Account is disabled. Please contact admin', toasts);
    expect(access.count).toBe(0);
    expect(session.isOrgSelected).toBe(false);
    expect(router.state.location.pathname).toBe('/orgs');
  });

  it('refuses a disabled organisation named by orgId in the query too', async () => {
    directoryHandlers([PERSONAL, DISABLED]);
    const access = accessHandler();
    const { router } = await openOrgs('/orgs?orgId=org-off');

    expect(await screen.findByText('Account is disabled. Please contact admin')).toBeInTheDocument();
    expect(access.count).toBe(0);
    expect(router.state.location.pathname).toBe('/orgs');
  });

  it("refuses an organisation without access to this portal with the spec's message", async () => {
    directoryHandlers([PERSONAL, NO_ACCESS]);
    const access = accessHandler();
    const { user } = await openOrgs();

    const elsewhere = await screen.findByRole('button', { name: /Elsewhere Inc/ });
    expect(elsewhere).toHaveTextContent('No access');
    await user.click(elsewhere);

    expect(
      await screen.findByText("You don't have access to this Portal for this organisation"),
    ).toBeInTheDocument();
    expect(access.count).toBe(0);
  });

  it('asks for a new password when the organisation requires it, validates it, sends only current and new, then continues', async () => {
    directoryHandlers([PERSONAL, ACME]);
    accessHandler(accessData({ passwordResetRequired: true }));
    const change = recordPatch(endpoints.changePassword, () =>
      HttpResponse.json({ data: null, msg: 'Password changed successfully' }),
    );
    const { user, router } = await openOrgs('/orgs?orgId=org-acme');

    const dialog = await screen.findByRole('dialog', { name: 'Change your password' });
    expect(
      within(dialog).getByText('Your administrator asks you to choose a new password before you continue.'),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        'Minimum requirements: 7 characters (Uppercase, Lowercase, Number and Special Character)',
      ),
    ).toBeInTheDocument();
    // Not dismissable: the organisation is entered only once the password changed.
    expect(within(dialog).queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
    const submit = within(dialog).getByRole('button', { name: 'Change' });
    expect(submit).toBeDisabled();

    await user.type(within(dialog).getByLabelText('New password'), 'New1pass!');
    await user.type(within(dialog).getByLabelText('Confirm password'), 'New1pass?');
    expect(
      await within(dialog).findByText('New Password and Confirm Password should match'),
    ).toBeInTheDocument();
    expect(submit).toBeDisabled();

    // The current password again as the new one: the message, and the form starts again; nothing is sent.
    await user.clear(within(dialog).getByLabelText('New password'));
    await user.clear(within(dialog).getByLabelText('Confirm password'));
    await user.type(within(dialog).getByLabelText('Current password'), 'Old1pass!');
    await user.type(within(dialog).getByLabelText('New password'), 'Old1pass!');
    await user.type(within(dialog).getByLabelText('Confirm password'), 'Old1pass!');
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);
    expect(
      await screen.findByText('Sorry you have entered current password as a new password'),
    ).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByLabelText('Current password')).toHaveValue(''));
    expect(within(dialog).getByLabelText('New password')).toHaveValue('');
    expect(within(dialog).getByLabelText('Confirm password')).toHaveValue('');
    expect(change.count).toBe(0);

    await user.type(within(dialog).getByLabelText('Current password'), 'Old1pass!');
    await user.type(within(dialog).getByLabelText('New password'), 'New1pass!');
    await user.type(within(dialog).getByLabelText('Confirm password'), 'New1pass!');
    await waitFor(() => expect(submit).toBeEnabled());
    // Still on /orgs while the modal is open: nothing navigates before the password changed.
    expect(router.state.location.pathname).toBe('/orgs');
    await user.click(submit);

    expect(await screen.findByText('Password changed successfully')).toBeInTheDocument();
    expect(change.bodies).toEqual([{ currentPassword: 'Old1pass!', newPassword: 'New1pass!' }]);
    expect(await screen.findByTestId('landed')).toHaveTextContent('/dashboard');
  });

  it('keeps the password modal open and clears its secrets when the change fails', async () => {
    directoryHandlers([PERSONAL, ACME]);
    accessHandler(accessData({ passwordResetRequired: true }));
    recordPatch(endpoints.changePassword, () =>
      HttpResponse.json({ msg: 'Current password is incorrect', code: 'BAD_PASSWORD' }, { status: 400 }),
    );
    const { user, router } = await openOrgs('/orgs?orgId=org-acme');

    const dialog = await screen.findByRole('dialog', { name: 'Change your password' });
    await user.type(within(dialog).getByLabelText('Current password'), 'Wrong1pass');
    await user.type(within(dialog).getByLabelText('New password'), 'New1pass!');
    await user.type(within(dialog).getByLabelText('Confirm password'), 'New1pass!');
    const submit = within(dialog).getByRole('button', { name: 'Change' });
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);

    expect(await screen.findByText('Current password is incorrect')).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByLabelText('Current password')).toHaveValue(''));
    expect(within(dialog).getByLabelText('New password')).toHaveValue('');
    expect(screen.getByRole('dialog', { name: 'Change your password' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/orgs');
  });

  it('an organisation that enforces 2FA refuses a user with it off: the notice shows instead of an error, nothing is entered', async () => {
    directoryHandlers([PERSONAL, ACME]);
    const access = enforcingAccessHandler();
    const { router, session } = await openOrgs('/orgs?orgId=org-acme');

    const notice = await screen.findByRole('dialog', { name: 'Two-factor authentication required' });
    expect(within(notice).getByRole('button', { name: 'Skip' })).toBeEnabled();
    expect(within(notice).getByRole('button', { name: 'Proceed' })).toBeEnabled();
    expect(access.bodies).toEqual([{ portalId: 'portal-account', orgId: 'org-acme', newPortal: false }]);
    // The refusal is the notice's cue, not an error to show.
    expect(
      screen.queryByText('This organisation requires two-factor authentication'),
    ).not.toBeInTheDocument();
    expect(session.isOrgSelected).toBe(false);
    expect(router.state.location.pathname).toBe('/orgs');
  });

  it('Skip enters with the answer (the server switches email 2FA on), then the password step, then the landing route', async () => {
    directoryHandlers([PERSONAL, ACME]);
    const access = enforcingAccessHandler(
      accessData({ passwordResetRequired: true, twoFactorEnabledInOrg: true }),
    );
    recordPatch(endpoints.changePassword);
    const { user, session } = await openOrgs(
      `/orgs?orgId=org-acme&toUrl=${encodeURIComponent('/billing/history')}`,
    );

    const notice = await screen.findByRole('dialog', { name: 'Two-factor authentication required' });
    await user.click(within(notice).getByRole('button', { name: 'Skip' }));
    // No token before the answer, so the password step of the entered organisation comes after it.
    const dialog = await screen.findByRole('dialog', { name: 'Change your password' });
    expect(access.bodies).toEqual([
      { portalId: 'portal-account', orgId: 'org-acme', newPortal: false },
      { portalId: 'portal-account', orgId: 'org-acme', newPortal: false, enableTwoFactor: true },
    ]);
    expect(session.twoFactorEnabled).toBe(true);
    expect(session.twoFactorEnabledInOrg).toBe(true);
    await user.type(within(dialog).getByLabelText('Current password'), 'Old1pass');
    await user.type(within(dialog).getByLabelText('New password'), 'New1pass!');
    await user.type(within(dialog).getByLabelText('Confirm password'), 'New1pass!');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Change' })).toBeEnabled());
    await user.click(within(dialog).getByRole('button', { name: 'Change' }));

    // Skip goes to the landing route, not to toUrl (docs/organisation-selection.md).
    expect(await screen.findByTestId('landed')).toHaveTextContent('/dashboard');
    expect(session.isOrgSelected).toBe(true);
  });

  it('Proceed on the enforced-2FA notice also enters with 2FA switched on and opens /user/security', async () => {
    directoryHandlers([PERSONAL, ACME]);
    const access = enforcingAccessHandler();
    const { user, session } = await openOrgs('/orgs?orgId=org-acme');

    const notice = await screen.findByRole('dialog', { name: 'Two-factor authentication required' });
    await user.click(within(notice).getByRole('button', { name: 'Proceed' }));

    expect(await screen.findByTestId('landed')).toHaveTextContent('/user/security');
    expect(access.bodies.at(-1)).toMatchObject({ enableTwoFactor: true });
    expect(session.twoFactorEnabled).toBe(true);
  });

  it('keeps the 2FA notice when entering with 2FA switched on fails', async () => {
    directoryHandlers([PERSONAL, ACME]);
    enforcingAccessHandler(undefined, () => HttpResponse.json({ msg: 'boom' }, { status: 500 }));
    const { user, router, session } = await openOrgs('/orgs?orgId=org-acme');

    const notice = await screen.findByRole('dialog', { name: 'Two-factor authentication required' });
    await user.click(within(notice).getByRole('button', { name: 'Proceed' }));

    expect(await screen.findByText('Please try again')).toBeInTheDocument();
    await waitFor(() => expect(within(notice).getByRole('button', { name: 'Proceed' })).toBeEnabled());
    expect(router.state.location.pathname).toBe('/orgs');
    expect(session.twoFactorEnabled).toBe(false);
    expect(session.isOrgSelected).toBe(false);
  });

  it('shows no notice when the server lets the user in (2FA already on), whatever the session remembers', async () => {
    directoryHandlers([PERSONAL, ACME]);
    accessHandler(accessData({ twoFactorEnabledInOrg: true }));
    // The login said 2FA was off; it was switched on since (another tab): the server's answer decides.
    await openOrgs('/orgs?orgId=org-acme', { twoFactorEnabled: false });

    expect(await screen.findByTestId('landed')).toHaveTextContent('/dashboard');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows the error and goes to login when the organisations fail to load', async () => {
    server.use(
      onEndpoint(endpoints.portals, () =>
        HttpResponse.json({
          data: { portal: [{ id: 'portal-account', name: 'Account', key: 'kreanoAccount' }] },
          msg: '',
        }),
      ),
      onEndpoint(endpoints.organizationList, () =>
        HttpResponse.json({ msg: 'database exploded' }, { status: 500 }),
      ),
    );
    const { router, session } = await openOrgs();

    expect(await screen.findByText('Please try again')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await waitFor(() => expect(session.isUserLoggedIn).toBe(false));
  });

  it("shows the server's message and goes to login when the organisation token is refused", async () => {
    directoryHandlers([PERSONAL, ACME]);
    server.use(
      onEndpoint(endpoints.organizationAccess, () =>
        HttpResponse.json(
          { msg: 'You are no longer a member of this organisation', code: 'FORBIDDEN' },
          { status: 403 },
        ),
      ),
    );
    const { user, router, session } = await openOrgs();

    await user.click(await screen.findByRole('button', { name: /Acme Pty Ltd/ }));

    expect(await screen.findByText('You are no longer a member of this organisation')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await waitFor(() => expect(session.isUserLoggedIn).toBe(false));
    expect(session.isOrgSelected).toBe(false);
  });

  it('speaks French when French is selected', async () => {
    directoryHandlers([PERSONAL, DISABLED]);
    accessHandler();
    const { user } = await renderWithPortal({ plugins, url: '/orgs', session: loggedIn(), language: 'fr' });

    expect(
      await screen.findByRole('heading', {
        name: "Sélectionnez le compte que vous souhaitez utiliser aujourd'hui",
      }),
    ).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: /Dormant Ltd/ }));
    expect(
      await screen.findByText("Le compte est désactivé. Veuillez contacter l'administrateur"),
    ).toBeInTheDocument();
  });

  it('enters one organisation at a time: the other accounts wait while a token is fetched', async () => {
    directoryHandlers([PERSONAL, ACME]);
    let calls = 0;
    server.use(
      onEndpoint(endpoints.organizationAccess, async () => {
        calls += 1;
        await delay(300);
        return HttpResponse.json({ data: accessData(), msg: '' });
      }),
    );
    const { user } = await openOrgs();

    const acme = await screen.findByRole('button', { name: /Acme Pty Ltd/ });
    await user.click(acme);
    await waitFor(() => expect(screen.getByRole('button', { name: /Jane Citizen/ })).toBeDisabled());
    await user.click(acme);

    expect(await screen.findByTestId('landed')).toHaveTextContent('/dashboard');
    expect(calls).toBe(1);
  });

  it('Log out revokes the session on the server, forgets it here and goes to the sign-in page', async () => {
    directoryHandlers([PERSONAL, ACME]);
    let revoked = 0;
    server.use(
      onEndpoint(endpoints.logout, () => {
        revoked += 1;
        return HttpResponse.json({ data: null, msg: '' });
      }),
    );
    const { user, router, session } = await openOrgs();

    await screen.findByRole('button', { name: /Acme Pty Ltd/ });
    await user.click(screen.getByRole('button', { name: 'Log out' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(session.isUserLoggedIn).toBe(false);
    expect(session.accessToken).toBeNull();
    expect(revoked).toBe(1);
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
  });

  it('Log out follows the sign-in page where the deployment moved it', async () => {
    directoryHandlers([PERSONAL, ACME]);
    server.use(onEndpoint(endpoints.logout, () => HttpResponse.json({ data: null, msg: '' })));
    const { user, router } = await openOrgs(
      '/orgs',
      {},
      { config: { plugins: { auth: { routes: { 'auth.login': { path: '/sign-in' } } } } } },
    );

    await screen.findByRole('button', { name: /Acme Pty Ltd/ });
    await user.click(screen.getByRole('button', { name: 'Log out' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
  });

  it('waits 1 s after the choice in auth-layout variant 4, 0.5 s in the others', async () => {
    for (const [variant, expectedMs] of [
      [4, 1000],
      [1, 500],
    ] as const) {
      directoryHandlers([PERSONAL]);
      accessHandler();
      // The exit's timer is read where it is set, not by polling the clock: on a loaded machine a poll can notice
      // the selection late and make the wait look shorter than it was.
      const exitTimers: { ms: number; at: number }[] = [];
      const realSetTimeout = window.setTimeout.bind(window);
      const spy = vi.spyOn(window, 'setTimeout').mockImplementation(((
        handler: TimerHandler,
        ms?: number,
        ...args: unknown[]
      ) => {
        if (ms === 500 || ms === 1000) exitTimers.push({ ms, at: performance.now() });
        return realSetTimeout(handler, ms, ...args);
      }) as typeof window.setTimeout);
      const { router, session, unmount } = await openOrgs(
        '/orgs',
        {},
        { config: { authLayout: { variant } } },
      );
      await waitFor(() => expect(session.isOrgSelected).toBe(true));
      await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'), {
        timeout: 10_000,
        interval: 10,
      });
      const navigatedAt = performance.now();
      spy.mockRestore();
      const exitTimer = exitTimers.at(-1);
      expect(exitTimer?.ms).toBe(expectedMs);
      expect(navigatedAt - exitTimer!.at).toBeGreaterThanOrEqual(expectedMs - 5);
      unmount();
    }
  });

  describe('in a deployment without the two-factor plugin', () => {
    function openWithout(url: string) {
      return renderWithPortal({ plugins: withoutTwoFactor, url, session: loggedIn() });
    }

    it('enters an organisation that asks for a new password without the dialog nobody provides', async () => {
      directoryHandlers([PERSONAL, ACME]);
      accessHandler(accessData({ passwordResetRequired: true }));
      await openWithout('/orgs?orgId=org-acme');
      expect(await screen.findByTestId('landed')).toHaveTextContent('/dashboard');
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });

    it('Proceed on the enforced-2FA notice goes to the landing route, as no plugin provides security settings', async () => {
      directoryHandlers([PERSONAL, ACME]);
      const access = enforcingAccessHandler();
      const { user } = await openWithout('/orgs?orgId=org-acme');
      const notice = await screen.findByRole('dialog', { name: 'Two-factor authentication required' });
      await user.click(within(notice).getByRole('button', { name: 'Proceed' }));
      expect(await screen.findByTestId('landed')).toHaveTextContent('/dashboard');
      expect(access.bodies.at(-1)).toMatchObject({ enableTwoFactor: true });
    });
  });
});
