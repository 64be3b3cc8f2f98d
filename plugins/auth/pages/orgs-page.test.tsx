import '@ant-design/v5-patch-for-react-19';
import { screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { server } from '../../../tests/msw/server';
import { renderWithPortal } from '../../../tests/render-with-portal';
import authPlugin from '../index';
import {
  ACME,
  API,
  PERSONAL,
  accessData,
  accessHandler,
  clearToasts,
  destinationsPlugin,
  directoryHandlers,
  loggedIn,
  organization,
  type Recorded,
} from '../testing/orgs-fixtures';

const plugins = [authPlugin, destinationsPlugin];
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

function openOrgs(url = '/orgs', extra: Parameters<typeof loggedIn>[0] = {}) {
  return renderWithPortal({ plugins, url, session: loggedIn(extra) });
}

function recordPatch(
  path: string,
  response: () => Response = () => HttpResponse.json({ data: null, msg: 'Done' }),
): Recorded {
  const recorded: Recorded = { bodies: [], count: 0 };
  server.use(
    http.patch(`${API}${path}`, async ({ request }) => {
      recorded.count += 1;
      recorded.bodies.push(await request.json());
      return response();
    }),
  );
  return recorded;
}

afterEach(clearToasts);

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
      http.get(`${API}/v1/portal`, async () => {
        started.push('portal');
        await bothStarted();
        return HttpResponse.json({
          data: { portal: [{ id: 'portal-account', name: 'Account', key: 'kreanoAccount' }] },
          msg: '',
        });
      }),
      http.get(`${API}/v1/organization-list`, async () => {
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
    const access = accessHandler(accessData({ logo: 'https://cdn.example/logo.png' }));
    const { router, session } = await openOrgs();

    await waitFor(() => expect(session.isOrgSelected).toBe(true));
    expect(router.state.location.pathname).toBe('/orgs');
    expect(access.bodies).toEqual([{ portalId: 'portal-account', orgId: 'org-personal', newPortal: false }]);
    expect(session.organizationId).toBe('org-personal');
    expect(session.role).toBe('owner');
    expect(session.accessToken).toBe('org-access-token');
    expect(session.refreshToken).toBe('org-refresh-token');
    expect(session.logo).toBe('https://cdn.example/logo.png');

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
    const access = accessHandler();
    const { session } = await openOrgs(
      `/orgs?orgId=org-acme&toUrl=${encodeURIComponent('/billing/history?tab=2')}`,
    );

    expect(await screen.findByTestId('landed')).toHaveTextContent('/billing/history?tab=2');
    expect(access.bodies).toEqual([{ portalId: 'portal-account', orgId: 'org-acme', newPortal: false }]);
    expect(session.organizationId).toBe('org-acme');
    expect(session.role).toBe('ADMIN');
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

  it("shows 'Account is disabled. Please contact admin' for a disabled organisation and does not enter it", async () => {
    directoryHandlers([PERSONAL, DISABLED]);
    const access = accessHandler();
    const { user, router, session } = await openOrgs();

    const dormant = await screen.findByRole('button', { name: /Dormant Ltd/ });
    expect(dormant).toHaveTextContent('Disabled');
    await user.click(dormant);

    expect(await screen.findByText('Account is disabled. Please contact admin')).toBeInTheDocument();
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
    const change = recordPatch('/v1/change-password', () =>
      HttpResponse.json({ data: null, msg: 'Password changed successfully' }),
    );
    const { user, router } = await openOrgs('/orgs?orgId=org-acme');

    const dialog = await screen.findByRole('dialog', { name: 'Change your password' });
    expect(
      within(dialog).getByText(
        'Minimum requirements: 7 characters (Uppercase, Lowercase, Number and Special Character)',
      ),
    ).toBeInTheDocument();
    const submit = within(dialog).getByRole('button', { name: 'Change' });
    expect(submit).toBeDisabled();

    await user.type(within(dialog).getByLabelText('Current Password'), 'Old1pass!');
    await user.type(within(dialog).getByLabelText('New Password'), 'Old1pass!');
    expect(
      await within(dialog).findByText('Sorry you have entered current password as a new password'),
    ).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText('New Password'));
    await user.type(within(dialog).getByLabelText('New Password'), 'New1pass!');
    await user.type(within(dialog).getByLabelText('Confirm Password'), 'New1pass?');
    expect(
      await within(dialog).findByText('New Password and Confirm Password should match'),
    ).toBeInTheDocument();
    expect(submit).toBeDisabled();

    await user.clear(within(dialog).getByLabelText('Confirm Password'));
    await user.type(within(dialog).getByLabelText('Confirm Password'), 'New1pass!');
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
    recordPatch('/v1/change-password', () =>
      HttpResponse.json({ msg: 'Current password is incorrect', code: 'BAD_PASSWORD' }, { status: 400 }),
    );
    const { user, router } = await openOrgs('/orgs?orgId=org-acme');

    const dialog = await screen.findByRole('dialog', { name: 'Change your password' });
    await user.type(within(dialog).getByLabelText('Current Password'), 'Wrong1pass');
    await user.type(within(dialog).getByLabelText('New Password'), 'New1pass!');
    await user.type(within(dialog).getByLabelText('Confirm Password'), 'New1pass!');
    const submit = within(dialog).getByRole('button', { name: 'Change' });
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);

    expect(await screen.findByText('Current password is incorrect')).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByLabelText('Current Password')).toHaveValue(''));
    expect(within(dialog).getByLabelText('New Password')).toHaveValue('');
    expect(screen.getByRole('dialog', { name: 'Change your password' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/orgs');
  });

  it('shows the enforced-2FA notice after the password step when the organisation mandates 2FA; Skip enables 2FA and goes to the landing route', async () => {
    directoryHandlers([PERSONAL, ACME]);
    accessHandler(accessData({ passwordResetRequired: true, twoFactorEnabledInOrg: true }));
    recordPatch('/v1/change-password');
    const config = recordPatch('/v1/two-factor/config');
    const { user, session } = await openOrgs(
      `/orgs?orgId=org-acme&toUrl=${encodeURIComponent('/billing/history')}`,
    );

    const dialog = await screen.findByRole('dialog', { name: 'Change your password' });
    await user.type(within(dialog).getByLabelText('Current Password'), 'Old1pass');
    await user.type(within(dialog).getByLabelText('New Password'), 'New1pass!');
    await user.type(within(dialog).getByLabelText('Confirm Password'), 'New1pass!');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Change' })).toBeEnabled());
    await user.click(within(dialog).getByRole('button', { name: 'Change' }));

    const notice = await screen.findByRole('dialog', { name: 'Two-factor authentication required' });
    expect(session.twoFactorEnabledInOrg).toBe(true);
    await user.click(within(notice).getByRole('button', { name: 'Skip' }));

    // Skip goes to the landing route, not to toUrl (spec §4).
    expect(await screen.findByTestId('landed')).toHaveTextContent('/dashboard');
    expect(config.bodies).toEqual([{ enable: true }]);
    expect(session.twoFactorEnabled).toBe(true);
  });

  it('Proceed on the enforced-2FA notice also enables 2FA and opens /user/security', async () => {
    directoryHandlers([PERSONAL, ACME]);
    accessHandler(accessData({ twoFactorEnabledInOrg: true }));
    const config = recordPatch('/v1/two-factor/config');
    const { user } = await openOrgs('/orgs?orgId=org-acme');

    const notice = await screen.findByRole('dialog', { name: 'Two-factor authentication required' });
    await user.click(within(notice).getByRole('button', { name: 'Proceed' }));

    expect(await screen.findByTestId('landed')).toHaveTextContent('/user/security');
    expect(config.bodies).toEqual([{ enable: true }]);
  });

  it('keeps the 2FA notice when enabling 2FA fails', async () => {
    directoryHandlers([PERSONAL, ACME]);
    accessHandler(accessData({ twoFactorEnabledInOrg: true }));
    recordPatch('/v1/two-factor/config', () => HttpResponse.json({ msg: 'boom' }, { status: 500 }));
    const { user, router, session } = await openOrgs('/orgs?orgId=org-acme');

    const notice = await screen.findByRole('dialog', { name: 'Two-factor authentication required' });
    await user.click(within(notice).getByRole('button', { name: 'Proceed' }));

    expect(await screen.findByText('Please try again')).toBeInTheDocument();
    await waitFor(() => expect(within(notice).getByRole('button', { name: 'Proceed' })).toBeEnabled());
    expect(router.state.location.pathname).toBe('/orgs');
    expect(session.twoFactorEnabled).toBe(false);
  });

  it('skips the 2FA notice for a user who already has 2FA on', async () => {
    directoryHandlers([PERSONAL, ACME]);
    accessHandler(accessData({ twoFactorEnabledInOrg: true }));
    await openOrgs('/orgs?orgId=org-acme', { twoFactorEnabled: true });

    expect(await screen.findByTestId('landed')).toHaveTextContent('/dashboard');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows the error and goes to login when the organisations fail to load', async () => {
    server.use(
      http.get(`${API}/v1/portal`, () =>
        HttpResponse.json({
          data: { portal: [{ id: 'portal-account', name: 'Account', key: 'kreanoAccount' }] },
          msg: '',
        }),
      ),
      http.get(`${API}/v1/organization-list`, () =>
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
      http.post(`${API}/v1/organization/access`, () =>
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

    expect(await screen.findByRole('heading', { name: "Sélectionnez le compte que vous souhaitez utiliser aujourd'hui" })).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: /Dormant Ltd/ }));
    expect(await screen.findByText("Le compte est désactivé. Veuillez contacter l'administrateur")).toBeInTheDocument();
  });

  it('enters one organisation at a time: the other accounts wait while a token is fetched', async () => {
    directoryHandlers([PERSONAL, ACME]);
    let calls = 0;
    server.use(
      http.post(`${API}/v1/organization/access`, async () => {
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
});
