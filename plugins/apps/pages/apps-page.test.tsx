// Static antd toasts render nothing under React 19 without the patch (the app entry imports it first too).
import '@ant-design/v5-patch-for-react-19';
import type { OrganizationSummary, SessionStore } from '@core';
import type { AppListItem } from '@contract/v1/index';
import { act, screen, waitFor, within } from '@testing-library/react';
import { delay, HttpResponse } from 'msw';
import { answerGate } from '../../../tests/msw/answer-gate';
import { server } from '../../../tests/msw/server';
import { renderWithPortal } from '../../../tests/render-with-portal';
import { stubAuthPlugin } from '../../../tests/stub-auth-plugin';
import appsPlugin from '../index';
import { endpoints } from '@contract/v1/endpoints';
import { onEndpoint } from '../../../tests/msw/endpoint-handlers';

const app = (overrides: Partial<AppListItem> & Pick<AppListItem, 'id' | 'title'>): AppListItem => ({
  description: `${overrides.title} description`,
  referenceLink: `https://docs.example/${overrides.id}`,
  canLaunch: true,
  thirdParty: false,
  ssoIntegrationCompleted: false,
  appUrl: `https://${overrides.id}.example`,
  portalName: null,
  portalKey: null,
  tabName: overrides.id,
  ...overrides,
});

const REDACT = app({
  id: 'redact',
  title: 'AI Redaction',
  description: 'Find and remove sensitive information from documents with AI.',
  portalName: 'Kreano Redact',
  portalKey: 'kreanoRedact',
});
const EXCHANGE = app({
  id: 'exchange',
  title: 'Document Exchange',
  canLaunch: false,
  portalKey: 'dataExchange',
});
const CLOUD = app({
  id: 'cloud',
  title: 'CloudDrive Sync',
  thirdParty: true,
  ssoIntegrationCompleted: true,
  appUrl: 'https://clouddrive.example',
});
const LEDGER = app({
  id: 'ledger',
  title: 'LedgerBooks',
  thirdParty: true,
  canLaunch: false,
  appUrl: 'https://ledgerbooks.example',
});
const CATALOGUE = [REDACT, EXCHANGE, CLOUD, LEDGER];

const organization = (id: string, name: string, role: string): OrganizationSummary => ({
  organizationId: id,
  organizationName: name,
  accountType: 'business',
  role,
  enabled: true,
  portals: { kreanoAccount: { hasAccess: true } },
});

function inOrganization(role: string) {
  return (session: SessionStore) => {
    session.logIn({ accessToken: 'user-token', refreshToken: 'r' });
    session.setOrganizations([
      organization('org-1', 'Acme Pty Ltd', role),
      organization('org-2', 'Globex', 'member'),
    ]);
    session.selectOrganization(
      { organizationId: 'org-1', role },
      { accessToken: 'token-org-1', refreshToken: 'r1' },
    );
  };
}

/** GET /v1/apps answering per calling organisation token; counts the calls. */
function appList(
  byToken: Record<string, AppListItem[] | (() => AppListItem[])> = { 'token-org-1': CATALOGUE },
) {
  const calls: string[] = [];
  server.use(
    onEndpoint(endpoints.apps, ({ request }) => {
      const token = request.headers.get('authorization')?.replace('Bearer ', '') ?? '';
      calls.push(token);
      const answer = byToken[token];
      if (!answer) return HttpResponse.json({ msg: 'unexpected token', code: 'TEST' }, { status: 400 });
      return HttpResponse.json({
        data: typeof answer === 'function' ? answer() : answer,
        msg: 'Apps fetched successfully',
      });
    }),
  );
  return calls;
}

async function renderDashboard(role = 'owner', options: { url?: string; language?: string } = {}) {
  const view = await renderWithPortal({
    plugins: [stubAuthPlugin, appsPlugin],
    url: options.url ?? '/dashboard/apps',
    language: options.language,
    config: { appTabPrefix: 'kreano-' },
    session: inOrganization(role),
  });
  // The first render of a file imports the app layout (antd's Layout and Menu) cold, which is slow on two shared cores.
  await screen.findByRole(
    'heading',
    {
      level: 1,
      name: /Document Collaboration Apps|Applications de collaboration documentaire|تطبيقات التعاون على المستندات/,
    },
    { timeout: 20_000 },
  );
  return view;
}

const card = async (title: string) => within(await screen.findByRole('article', { name: title }));

/** What `window.open` handed back: a blank tab the launch later points somewhere. */
function fakeTab() {
  return {
    closed: false,
    opener: {} as unknown,
    location: { href: 'about:blank', replace: vi.fn() },
    close: vi.fn(),
  };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('app dashboard', { timeout: 60_000 }, () => {
  it('opens from /dashboard with its title and one card per app: title, description, Launch, Service online, Learn more', async () => {
    appList();
    const { router } = await renderDashboard('owner', { url: '/dashboard' });
    expect(router.state.location.pathname).toBe('/dashboard/apps');
    expect(
      screen.getByRole('heading', { level: 1, name: 'Document Collaboration Apps' }),
    ).toBeInTheDocument();
    // Role names title-cased (docs/organisation-selection.md).
    expect(screen.getByText('Acme Pty Ltd · Owner')).toBeInTheDocument();

    const redact = await card('AI Redaction');
    expect(redact.getByRole('heading', { level: 2, name: 'AI Redaction' })).toBeInTheDocument();
    expect(
      redact.getByText('Find and remove sensitive information from documents with AI.'),
    ).toBeInTheDocument();
    expect(redact.getByText('Service online')).toBeInTheDocument();
    const learnMore = redact.getByRole('link', { name: 'Learn more' });
    expect(learnMore).toHaveAttribute('href', 'https://docs.example/redact');
    expect(learnMore).toHaveAttribute('target', '_blank');
    expect(learnMore).toHaveAttribute('rel', 'noopener noreferrer');
    expect(redact.getByRole('button', { name: 'Launch' })).toBeEnabled();
    expect(screen.getAllByRole('article')).toHaveLength(4);
    expect(screen.getByRole('link', { name: 'Apps' })).toHaveAttribute('href', '/dashboard/apps');
  });

  it('lays the cards out 3 per row from medium screens, 2 on small and 1 on extra small', async () => {
    appList();
    await renderDashboard();
    await screen.findByRole('article', { name: 'AI Redaction' });
    const cells = screen.getAllByRole('listitem').filter((item) => item.classList.contains('ant-col'));
    expect(cells).toHaveLength(4);
    for (const cell of cells) {
      expect(cell).toHaveClass('ant-col-xs-24', 'ant-col-sm-12', 'ant-col-md-8');
    }
  });

  it('disables Launch of a disabled partner app and tells an owner to enable the service', async () => {
    appList();
    const { user } = await renderDashboard('owner');
    const ledger = await card('LedgerBooks');
    const launch = ledger.getByRole('button', { name: 'Launch' });
    expect(launch).toBeDisabled();
    expect(ledger.getByText('Service disabled')).toBeInTheDocument();
    expect(ledger.queryByText('Service online')).not.toBeInTheDocument();
    const hint = 'This service is disabled. Enable the service to launch this app.';
    expect(launch).toHaveAccessibleDescription(`LedgerBooks ${hint}`);
    await user.hover(launch.parentElement!);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(hint);
  });

  it('says the organisation has no access to a first-party app and who can get it, rather than to enable it', async () => {
    appList();
    const { user } = await renderDashboard('owner');
    const exchange = await card('Document Exchange');
    const launch = exchange.getByRole('button', { name: 'Launch' });
    expect(launch).toBeDisabled();
    expect(exchange.getByText('No access')).toBeInTheDocument();
    expect(exchange.queryByText('Service online')).not.toBeInTheDocument();
    const hint =
      'Your organisation has no access to Document Exchange. Its owner can ask support@example.com for access.';
    expect(launch).toHaveAccessibleDescription(`Document Exchange ${hint}`);
    await user.hover(launch.parentElement!);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(hint);
    expect(exchange.queryByRole('button', { name: /Options for/ })).not.toBeInTheDocument();
  });

  it('tells anyone else to contact the account owner or admin', async () => {
    appList();
    const { user } = await renderDashboard('member');
    const launch = (await card('LedgerBooks')).getByRole('button', { name: 'Launch' });
    expect(launch).toBeDisabled();
    await user.hover(launch.parentElement!);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'This service is disabled. Please contact the account owner or admin to enable it.',
    );
  });

  it('gives the Enable/Disable menu to admins and owners, on third-party cards only', async () => {
    appList();
    await renderDashboard('Admin');
    expect(
      (await card('CloudDrive Sync')).getByRole('button', { name: 'Options for CloudDrive Sync' }),
    ).toBeInTheDocument();
    expect(
      (await card('LedgerBooks')).getByRole('button', { name: 'Options for LedgerBooks' }),
    ).toBeInTheDocument();
    expect((await card('AI Redaction')).queryByRole('button', { name: /Options/ })).not.toBeInTheDocument();
  });

  it('gives a member no menu at all', async () => {
    appList();
    await renderDashboard('member');
    await screen.findByRole('article', { name: 'CloudDrive Sync' });
    expect(screen.queryByRole('button', { name: /Options for/ })).not.toBeInTheDocument();
  });

  it("enables a partner app: 'Processing' while it runs, the server's message, then the reloaded list", async () => {
    let enabled = false;
    const calls = appList({
      'token-org-1': () => [REDACT, EXCHANGE, CLOUD, { ...LEDGER, canLaunch: enabled }],
    });
    const bodies: unknown[] = [];
    let release: () => void = () => {};
    server.use(
      onEndpoint(endpoints.setAppStatus, async ({ request }) => {
        bodies.push(await request.json());
        await new Promise<void>((resolve) => (release = resolve));
        enabled = true;
        return HttpResponse.json({ data: { ...LEDGER, canLaunch: true }, msg: 'App enabled successfully' });
      }),
    );
    const { user } = await renderDashboard('owner');
    const ledger = await card('LedgerBooks');
    await user.click(ledger.getByRole('button', { name: 'Options for LedgerBooks' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Enable' }));

    expect(await ledger.findByRole('button', { name: /Processing/ })).toBeDisabled();
    expect(ledger.getByRole('status')).toHaveTextContent('Processing');
    expect(bodies).toEqual([{ appId: 'ledger', enabled: true }]);
    release();

    expect(await screen.findByText('App enabled successfully')).toBeInTheDocument();
    await waitFor(() => expect(ledger.getByRole('button', { name: 'Launch' })).toBeEnabled());
    expect(ledger.queryByText('Processing')).not.toBeInTheDocument();
    expect(calls).toHaveLength(2);
    await user.click(ledger.getByRole('button', { name: 'Options for LedgerBooks' }));
    expect(await screen.findByRole('menuitem', { name: 'Disable' })).toBeInTheDocument();
  });

  it('keeps the card as it was when the toggle fails, with the error shown once', async () => {
    const calls = appList();
    server.use(
      onEndpoint(endpoints.setAppStatus, () =>
        HttpResponse.json(
          {
            msg: "You don't have permission to do this. Contact the account owner or admin",
            code: 'PERMISSION_DENIED',
          },
          { status: 403 },
        ),
      ),
    );
    const { user } = await renderDashboard('owner');
    const cloud = await card('CloudDrive Sync');
    await user.click(cloud.getByRole('button', { name: 'Options for CloudDrive Sync' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Disable' }));
    expect(
      await screen.findAllByText("You don't have permission to do this. Contact the account owner or admin"),
    ).toHaveLength(1);
    expect(await cloud.findByRole('button', { name: 'Options for CloudDrive Sync' })).toBeInTheDocument();
    expect(cloud.getByRole('button', { name: 'Launch' })).toBeEnabled();
    expect(calls).toHaveLength(1);
  });

  it('launches a first-party app in its named tab, opened during the click, with the launch token, portal id and organisation id', async () => {
    appList();
    const tab = fakeTab();
    const open = vi.spyOn(window, 'open').mockImplementation(() => tab as unknown as Window);
    const bodies: unknown[] = [];
    let release: () => void = () => {};
    server.use(
      onEndpoint(endpoints.launchApp, async ({ request }) => {
        bodies.push(await request.json());
        await new Promise<void>((resolve) => (release = resolve));
        return HttpResponse.json({
          data: {
            token: 'launch-1',
            portalUrl: 'https://redact.example/start',
            portalId: 'portal-9',
            orgId: 'org-1',
            expiresIn: 60,
          },
          msg: 'Launch token issued',
        });
      }),
    );
    const { user } = await renderDashboard();
    const launch = (await card('AI Redaction')).getByRole('button', { name: 'Launch' });
    await user.click(launch);

    // Before the answer: the tab is already open, by name, and the button shows it is working.
    expect(open).toHaveBeenCalledWith('', 'kreano-redact');
    await waitFor(() => expect(bodies).toEqual([{ appId: 'redact' }]));
    await waitFor(() => expect(launch).toHaveClass('ant-btn-loading'));
    expect(tab.location.href).toBe('about:blank');
    release();

    await waitFor(() =>
      expect(tab.location.href).toBe(
        'https://redact.example/start?token=launch-1&portalId=portal-9&orgId=org-1',
      ),
    );
    await waitFor(() => expect(launch).not.toHaveClass('ant-btn-loading'));
    expect(open).toHaveBeenCalledTimes(1);
  });

  it('launches a third-party app with SSO in a new tab cut off from the portal, at url plus token', async () => {
    appList();
    const tab = fakeTab();
    const open = vi.spyOn(window, 'open').mockImplementation(() => tab as unknown as Window);
    const bodies: unknown[] = [];
    server.use(
      onEndpoint(endpoints.appSso, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({
          data: { token: 'sso-1', url: 'https://clouddrive.example/sso?token=' },
          msg: 'ok',
        });
      }),
    );
    const { user } = await renderDashboard();
    await user.click((await card('CloudDrive Sync')).getByRole('button', { name: 'Launch' }));
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(tab.opener).toBeNull();
    await waitFor(() =>
      expect(tab.location.replace).toHaveBeenCalledWith('https://clouddrive.example/sso?token=sso-1'),
    );
    expect(bodies).toEqual([{ appId: 'cloud' }]);
  });

  it('opens a third-party app without SSO at its own URL, with noopener and no call to the server', async () => {
    const calls = appList({ 'token-org-1': [{ ...CLOUD, ssoIntegrationCompleted: false }] });
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const { user } = await renderDashboard();
    await user.click((await card('CloudDrive Sync')).getByRole('button', { name: 'Launch' }));
    expect(open).toHaveBeenCalledWith('https://clouddrive.example', '_blank', 'noopener,noreferrer');
    expect(calls).toHaveLength(1);
  });

  it('shows a failed launch once, closes the blank tab and stops loading', async () => {
    appList();
    const tab = fakeTab();
    vi.spyOn(window, 'open').mockImplementation(() => tab as unknown as Window);
    server.use(
      onEndpoint(endpoints.launchApp, async () => {
        await delay(50);
        return HttpResponse.json(
          { msg: "You don't have access to this Portal for this organisation", code: 'NO_PORTAL_ACCESS' },
          { status: 403 },
        );
      }),
    );
    const { user } = await renderDashboard();
    const launch = (await card('AI Redaction')).getByRole('button', { name: 'Launch' });
    await user.click(launch);
    expect(
      await screen.findAllByText("You don't have access to this Portal for this organisation"),
    ).toHaveLength(1);
    await waitFor(() => expect(tab.close).toHaveBeenCalled());
    await waitFor(() => expect(launch).not.toHaveClass('ant-btn-loading'));
    expect(launch).toBeEnabled();
  });

  it('shows Please try again on a 500 and lets the user try once more', async () => {
    appList();
    const tab = fakeTab();
    const open = vi.spyOn(window, 'open').mockImplementation(() => tab as unknown as Window);
    server.use(
      onEndpoint(endpoints.launchApp, () => HttpResponse.json({ msg: 'boom', code: 'X' }, { status: 500 })),
    );
    const { user } = await renderDashboard();
    const launch = (await card('AI Redaction')).getByRole('button', { name: 'Launch' });
    await user.click(launch);
    expect(await screen.findByText('Please try again')).toBeInTheDocument();
    await waitFor(() => expect(launch).not.toHaveClass('ant-btn-loading'));
    await user.click(launch);
    await waitFor(() => expect(open).toHaveBeenCalledTimes(2));
  });

  it('says so when no app is available to the account', async () => {
    appList({ 'token-org-1': [] });
    await renderDashboard();
    expect(await screen.findByText('No apps are available to this account yet.')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('reloads the list when the active organisation changes', async () => {
    const calls = appList({
      'token-org-1': CATALOGUE,
      'token-org-2': [{ ...CLOUD, canLaunch: false, ssoIntegrationCompleted: false }],
    });
    const { session } = await renderDashboard('owner');
    await screen.findByRole('article', { name: 'AI Redaction' });
    expect(screen.getByRole('button', { name: 'Options for CloudDrive Sync' })).toBeInTheDocument();

    // As the organisation switcher (or another tab) does.
    act(() =>
      session.selectOrganization(
        { organizationId: 'org-2', role: 'member' },
        { accessToken: 'token-org-2', refreshToken: 'r2' },
      ),
    );

    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'AI Redaction' })).not.toBeInTheDocument(),
    );
    const cloud = await card('CloudDrive Sync');
    expect(cloud.getByRole('button', { name: 'Launch' })).toBeDisabled();
    expect(cloud.queryByRole('button', { name: /Options for/ })).not.toBeInTheDocument();
    expect(screen.getByText('Globex · Member')).toBeInTheDocument();
    expect(calls).toEqual(['token-org-1', 'token-org-2']);
  });

  it('opened again, shows the apps it last listed at once and refreshes them when the server answers', async () => {
    let answer = CATALOGUE;
    const gate = answerGate();
    server.use(
      onEndpoint(endpoints.apps, async () => {
        await gate.passed();
        return HttpResponse.json({ data: answer, msg: 'Apps fetched successfully' });
      }),
    );
    const { router } = await renderDashboard();
    await screen.findByRole('article', { name: 'AI Redaction' });
    await act(() => router.navigate('/orgs'));
    expect(router.state.location.pathname).toBe('/orgs');
    await waitFor(() => expect(screen.queryByRole('article')).not.toBeInTheDocument());

    const answerNow = gate.close();
    answer = [REDACT];
    await act(() => router.navigate('/dashboard/apps'));
    // The server has not answered yet: the cards are last visit's, with no loading state in front of them.
    expect(await screen.findAllByRole('article')).toHaveLength(4);
    expect(screen.queryByText('Loading your apps…')).not.toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();

    answerNow();
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
    expect(screen.getByRole('article', { name: 'AI Redaction' })).toBeInTheDocument();
  });

  it('says when the list cannot load, and loads again on Try again', async () => {
    let fail = true;
    server.use(
      onEndpoint(endpoints.apps, () =>
        fail
          ? HttpResponse.json({ msg: 'boom', code: 'X' }, { status: 500 })
          : HttpResponse.json({ data: [REDACT], msg: 'ok' }),
      ),
    );
    const { user } = await renderDashboard();
    expect(await screen.findByText('Your apps could not be loaded.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'AI Redaction' })).toBeInTheDocument();
  });

  it('speaks French', async () => {
    appList();
    await renderDashboard('owner', { language: 'fr' });
    expect(
      screen.getByRole('heading', { level: 1, name: 'Applications de collaboration documentaire' }),
    ).toBeInTheDocument();
    // The product's apps are named and described from the locale files (catalogue.<portalKey>), not the server's English.
    const redact = await card('Caviardage IA');
    expect(
      redact.getByText("Trouvez et supprimez les informations sensibles de vos documents grâce à l'IA."),
    ).toBeInTheDocument();
    expect(redact.getByRole('button', { name: 'Lancer' })).toBeEnabled();
    expect(redact.getByText('Service en ligne')).toBeInTheDocument();
    expect(redact.getByRole('link', { name: 'En savoir plus' })).toBeInTheDocument();
    // A partner app's texts are its own, shown as sent.
    expect((await card('CloudDrive Sync')).getByText('CloudDrive Sync description')).toBeInTheDocument();
  });

  it('isolates every name and description in Arabic, so English text keeps its own order', async () => {
    appList();
    await renderDashboard('owner', { language: 'ar' });
    const redact = await card('التنقيح بالذكاء الاصطناعي');
    const partner = await card('CloudDrive Sync');
    const description = partner.getByText('CloudDrive Sync description');
    // <bdi>: laid out by its own first strong letter, apart from the right-to-left text around it.
    expect(description.tagName).toBe('BDI');
    expect(description).not.toHaveAttribute('dir');
    expect(partner.getByRole('heading', { name: 'CloudDrive Sync' }).querySelector('bdi')).not.toBeNull();
    expect(
      redact.getByText('اعثر على المعلومات الحساسة في المستندات واحذفها باستخدام الذكاء الاصطناعي.').tagName,
    ).toBe('BDI');
  });
});
