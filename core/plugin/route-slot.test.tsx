import '@ant-design/v5-patch-for-react-19';
import { screen, within } from '@testing-library/react';
import { renderWithPortal } from '../../tests/render-with-portal';
import { stubAuthPlugin } from '../../tests/stub-auth-plugin';
import type { SessionStore } from '../session/session-store';
import type { PortalPlugin } from './plugin-types';
import { RouteSlot } from './route-slot';

function HostPage() {
  return <RouteSlot name="user-area" label="Your account" />;
}

/** Owns the area and renders the slot; its own two pages attach to it. */
const host: PortalPlugin = {
  id: 'host',
  roleRules: { 'host.admins': { anyOf: ['owner', 'admin'] } },
  routes: () => [
    {
      id: 'host.details',
      path: '/me/details',
      layout: 'app',
      attachTo: { slot: 'user-area', labelKey: 'Details', order: 10 },
      load: async () => ({ default: HostPage }),
    },
    {
      id: 'host.security',
      path: '/me/security',
      layout: 'app',
      attachTo: { slot: 'user-area', labelKey: 'Security', order: 20 },
      load: async () => ({ default: HostPage }),
    },
  ],
};

/** Another plugin adding two pages to the host's area without importing it; one only for admins. */
const guest: PortalPlugin = {
  id: 'guest',
  roleRules: { 'guest.admins': { anyOf: ['owner', 'admin'] } },
  routes: () => [
    {
      id: 'guest.log',
      path: '/me/log',
      layout: 'app',
      attachTo: { slot: 'user-area', labelKey: 'Activity', order: 15 },
      load: async () => ({ default: HostPage }),
    },
    {
      id: 'guest.audit',
      path: '/me/audit',
      layout: 'app',
      access: 'guest.admins',
      attachTo: { slot: 'user-area', labelKey: 'Audit', order: 30 },
      load: async () => ({ default: HostPage }),
    },
  ],
};

function signedIn(role: string) {
  return (session: SessionStore) => {
    session.logIn({ accessToken: 'a', refreshToken: 'r' });
    session.setOrganizations([
      {
        organizationId: 'org-1',
        organizationName: 'Acme',
        accountType: 'business',
        role,
        enabled: true,
        portals: { kreanoAccount: { hasAccess: true } },
      },
    ]);
    session.selectOrganization({ organizationId: 'org-1', role }, { accessToken: 'a2', refreshToken: 'r2' });
  };
}

async function tabs(role: string, plugins: PortalPlugin[] = [host, guest], config?: Record<string, unknown>) {
  await renderWithPortal({
    plugins: [stubAuthPlugin, ...plugins],
    url: '/me/details',
    session: signedIn(role),
    config,
  });
  const nav = await screen.findByRole('navigation', { name: 'Your account' });
  return within(nav)
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);
}

describe('RouteSlot', () => {
  it("shows every plugin's attached pages in order, with paths from the registry", async () => {
    expect(await tabs('owner')).toEqual([
      ['Details', '/me/details'],
      ['Activity', '/me/log'],
      ['Security', '/me/security'],
      ['Audit', '/me/audit'],
    ]);
  });

  it('hides a page whose role rule denies the user', async () => {
    expect((await tabs('member')).map(([label]) => label)).toEqual(['Details', 'Activity', 'Security']);
  });

  it('follows a path moved in config', async () => {
    const moved = await tabs('member', [host, guest], {
      plugins: { guest: { routes: { 'guest.log': { path: '/me/history' } } } },
    });
    expect(moved).toContainEqual(['Activity', '/me/history']);
  });

  it('marks the current page', async () => {
    await renderWithPortal({
      plugins: [stubAuthPlugin, host, guest],
      url: '/me/log',
      session: signedIn('member'),
    });
    const nav = await screen.findByRole('navigation', { name: 'Your account' });
    expect(within(nav).getByRole('link', { name: 'Activity' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Details' })).not.toHaveAttribute('aria-current');
  });
});
