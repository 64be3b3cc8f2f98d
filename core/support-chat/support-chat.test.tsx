import { endpoints } from '@contract/v1/endpoints';
import { act, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { onEndpoint } from '../../tests/msw/endpoint-handlers';
import { server } from '../../tests/msw/server';
import { renderWithPortal } from '../../tests/render-with-portal';
import { stubAuthPlugin } from '../../tests/stub-auth-plugin';
import type { SessionStore } from '../session/session-store';

/**
 * The support-chat helper in the real host (docs/support-chat.md), with Crisp's documented globals: the script
 * arrives only once somebody is logged in and the page has painted, the provider is told who is chatting and in
 * which organisation, told again on a switch, and everything leaves the page at logout. e2e/support-chat.spec.ts
 * proves the same with a provider script in Chromium, under the server's Content-Security-Policy.
 */
type CrispWindow = Window & { $crisp?: unknown[][]; CRISP_WEBSITE_ID?: string };
const chatWindow = window as CrispWindow;
const SCRIPT_URL = 'https://chat.example/l.js';

const organizations = [
  { organizationId: 'org-1', organizationName: 'Acme Pty Ltd', accountType: 'business', role: 'owner', enabled: true, portals: {} },
  { organizationId: 'org-2', organizationName: 'Bolt Co', accountType: 'business', role: 'member', enabled: true, portals: {} },
  { organizationId: 'me', organizationName: 'Jane Citizen', accountType: 'personal', role: 'owner', enabled: true, portals: {} },
] as const;

const chatScripts = () => [...document.querySelectorAll('script')].filter((script) => script.src === SCRIPT_URL);

function logInTo(session: SessionStore, organizationId: string) {
  session.logIn({ accessToken: 'access', refreshToken: 'refresh' });
  session.setOrganizations(organizations.map((o) => ({ ...o, branding: null })) as never);
  session.selectOrganization({ organizationId, role: 'owner' }, { accessToken: 'access', refreshToken: 'refresh' });
}

beforeEach(() => {
  server.use(
    onEndpoint(endpoints.user, () =>
      HttpResponse.json({
        data: { userInfo: { name: { first: 'Jane', last: 'Citizen' }, email: 'jane@example.com' } as never },
        msg: '',
      }),
    ),
  );
});
afterEach(() => {
  chatScripts().forEach((script) => script.remove());
  delete chatWindow.$crisp;
});

const config = { supportChat: { provider: 'crisp', siteId: 'site-1', scriptUrl: SCRIPT_URL } };

describe('the support chat', () => {
  it('loads nothing for a visitor, and loads, identifies and follows the organisation once logged in', async () => {
    const { session } = await renderWithPortal({ plugins: [stubAuthPlugin], url: '/login', config });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(chatScripts()).toHaveLength(0);
    expect(chatWindow.$crisp).toBeUndefined();

    act(() => logInTo(session, 'org-1'));
    await waitFor(() => expect(chatScripts()).toHaveLength(1));
    expect(chatWindow.CRISP_WEBSITE_ID).toBe('site-1');
    await waitFor(() =>
      expect(chatWindow.$crisp).toEqual([
        ['set', 'user:email', ['jane@example.com']],
        ['set', 'user:nickname', ['Jane Citizen']],
        ['set', 'user:company', ['Acme Pty Ltd']],
        ['set', 'session:data', [[['organization_id', 'org-1']]]],
      ]),
    );

    act(() => session.selectOrganization({ organizationId: 'org-2', role: 'member' }, { accessToken: 'a2', refreshToken: 'r2' }));
    await waitFor(() => expect(chatWindow.$crisp).toContainEqual(['set', 'user:company', ['Bolt Co']]));
    // The personal account is nobody's company.
    act(() => session.selectOrganization({ organizationId: 'me', role: 'owner' }, { accessToken: 'a3', refreshToken: 'r3' }));
    await waitFor(() => expect(chatWindow.$crisp?.at(-2)).toEqual(['set', 'user:company', ['']]));
    expect(chatScripts()).toHaveLength(1);

    act(() => session.logout());
    await waitFor(() => expect(chatScripts()).toHaveLength(0));
    expect(chatWindow.$crisp).toBeUndefined();
    expect(chatWindow.CRISP_WEBSITE_ID).toBeUndefined();
  });

  it('stays for visitors with showWhenLoggedOut, forgetting who chatted at logout', async () => {
    const { session } = await renderWithPortal({
      plugins: [stubAuthPlugin],
      url: '/login',
      config: { supportChat: { ...config.supportChat, showWhenLoggedOut: true } },
    });
    await waitFor(() => expect(chatScripts()).toHaveLength(1));
    act(() => logInTo(session, 'org-1'));
    await waitFor(() => expect(chatWindow.$crisp).toContainEqual(['set', 'user:email', ['jane@example.com']]));
    act(() => session.logout());
    await waitFor(() => expect(chatWindow.$crisp?.at(-1)).toEqual(['do', 'session:reset']));
    expect(chatScripts()).toHaveLength(1);
  });

  it('is absent when supportChat is not configured', async () => {
    const { session } = await renderWithPortal({ plugins: [stubAuthPlugin], url: '/login' });
    act(() => logInTo(session, 'org-1'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(document.querySelectorAll('script[data-portal-support-chat]')).toHaveLength(0);
  });
});
