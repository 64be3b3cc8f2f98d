// Static antd toasts render nothing under React 19 without the patch (the app entry imports it first too).
import '@ant-design/v5-patch-for-react-19';
import type { PortalPlugin } from '@core';
import { endpointPath } from '@contract/v1/endpoint';
import { endpoints } from '@contract/v1/endpoints';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { onEndpoint } from '../../../tests/msw/endpoint-handlers';
import { answer } from '../../../tests/msw/recorded-answers';
import { server } from '../../../tests/msw/server';
import { renderWithPortal } from '../../../tests/render-with-portal';
import { inOrganization } from '../../../tests/signed-in-organization';
import { stubAuthPlugin } from '../../../tests/stub-auth-plugin';
import accountDataPlugin from '../index';

/**
 * "Your data" (issue #36 items 4 and 5, docs/account-settings.md): the page of the account-data plugin with HTTP
 * faked by MSW at the network layer. The page runs outside the app layout (the app layout takes seconds per render in
 * jsdom and none of this depends on it); the end-to-end journey uses the real one.
 */
const withoutAppLayout: PortalPlugin = {
  ...accountDataPlugin,
  routes: (ctx) =>
    (accountDataPlugin.routes?.(ctx) ?? []).map((route) => ({ ...route, layout: 'public' as const })),
};

const READY = {
  id: 'export-1',
  status: 'ready',
  requestedAt: '2030-01-15T09:00:00.000Z',
  readyAt: '2030-01-15T09:00:05.000Z',
  expiresAt: '2030-01-22T09:00:05.000Z',
} as const;

function profile(email = 'jane@example.com') {
  answer(endpoints.user, {
    userInfo: {
      name: { first: 'Jane', last: 'Citizen' },
      email,
      phone: { phoneNumber: '+61412345678' },
      recovery_mail: null,
      registeredOn: '2025-03-04T23:30:00.000Z',
      userId: 'user-1',
      isSSORegistration: false,
      twoFactorEnabledInOrg: false,
      twoFactorAuthentication: {
        enabled: false,
        email: { setupCompleted: true, enabled: true },
        otp: { setupCompleted: false, enabled: false },
        totp: { setupCompleted: false, enabled: false },
      },
    },
  });
}

async function openPage(options: { export?: unknown; owned?: { id: string; name: string }[] } = {}) {
  profile();
  answer(endpoints.dataExport, { export: options.export ?? null });
  answer(endpoints.accountDeletionCheck, { ownedOrganizations: options.owned ?? [] });
  const view = await renderWithPortal({
    session: inOrganization('owner'),
    url: '/user/data',
    plugins: [stubAuthPlugin, withoutAppLayout],
  });
  await screen.findByRole('heading', { level: 1, name: 'Profile' }, { timeout: 20_000 });
  return view;
}

afterEach(() => vi.restoreAllMocks());

describe('your data page', { timeout: 30_000 }, () => {
  it('asks for a copy, says it is being prepared, and offers both files once it is ready', async () => {
    const { user } = await openPage();
    const panel = screen.getByRole('region', { name: 'Download your data' });
    expect(within(panel).getByText(/You can download it for 7 days/)).toBeInTheDocument();
    const request = await within(panel).findByRole('button', { name: 'Prepare a copy of my data' });
    const asked = answer(
      endpoints.requestDataExport,
      { export: { ...READY, status: 'preparing', readyAt: null, expiresAt: null } },
      { msg: 'We are preparing a copy of your data. We will email you when it is ready' },
    );
    answer(endpoints.dataExport, { export: READY });
    await user.click(request);
    expect(await within(panel).findByText(/Your copy is being prepared/)).toBeInTheDocument();
    expect(asked.count).toBe(1);
    // The page asks again while the server prepares the copy.
    expect(
      await within(panel).findByRole('button', { name: 'Download the JSON file' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Download the readable summary' })).toBeInTheDocument();
    expect(within(panel).getByRole('status')).toHaveTextContent(/Your copy of .* is ready/);
  });

  it('downloads a ready copy with the session token, never a token in the link', async () => {
    const { user } = await openPage({ export: READY });
    const requests: Request[] = [];
    server.use(
      onEndpoint(endpoints.dataExportFile, ({ request }) => {
        requests.push(request.clone());
        return new HttpResponse('{"profile":{}}', {
          headers: {
            'content-type': 'application/json; charset=utf-8',
            'content-disposition': 'attachment; filename="account-data-2030-01-15.json"',
          },
        });
      }),
    );
    const createUrl = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:copy');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    await user.click(await screen.findByRole('button', { name: 'Download the JSON file' }));
    await waitFor(() => expect(clicked).toEqual(['account-data-2030-01-15.json']));
    expect(createUrl).toHaveBeenCalledTimes(1);
    const url = new URL(requests[0]!.url);
    expect(url.pathname).toBe(endpointPath(endpoints.dataExportFile, { exportId: 'export-1' }));
    expect([...url.searchParams]).toEqual([['format', 'json']]);
    expect(requests[0]!.headers.get('authorization')).toBe('Bearer org-access');
  });

  it('explains why an owner cannot delete the account yet, with a link to hand each organisation over', async () => {
    await openPage({ owned: [{ id: 'org-9', name: 'Globex' }] });
    const panel = screen.getByRole('region', { name: 'Delete your account' });
    expect(await within(panel).findByText(/You own an organisation/)).toBeInTheDocument();
    const link = within(panel).getByRole('link', { name: 'Transfer the ownership of Globex' });
    expect(link).toHaveAttribute('href', '/orgs?orgId=org-9');
    expect(within(panel).queryByRole('button', { name: 'Delete my account' })).not.toBeInTheDocument();
  });

  it('deletes the account once its address is typed, then shows the sign-in page signed out', async () => {
    const { user, session, router } = await openPage();
    const panel = screen.getByRole('region', { name: 'Delete your account' });
    await user.click(await within(panel).findByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account permanently?' });
    expect(within(dialog).getByText('jane@example.com')).toHaveAttribute('dir', 'ltr');
    const confirm = within(dialog).getByRole('button', { name: 'Delete my account permanently' });
    expect(confirm).toBeDisabled();
    const field = within(dialog).getByLabelText('Type your email address to confirm');
    await user.type(field, 'someone@example.com');
    expect(confirm).toBeDisabled();
    const deleted = answer(endpoints.deleteAccount, null, { msg: 'Your account has been deleted' });
    await user.clear(field);
    await user.type(field, 'Jane@Example.com');
    await waitFor(() => expect(confirm).toBeEnabled());
    await user.click(confirm);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(deleted.bodies).toEqual([{ confirmation: 'Jane@Example.com' }]);
    expect(session.accessToken).toBeNull();
    expect(await screen.findByText('Your account has been deleted')).toBeInTheDocument();
  });

  it('keeps the dialog closed and lists the organisation when the server refuses an owner', async () => {
    const { user } = await openPage();
    const panel = screen.getByRole('region', { name: 'Delete your account' });
    await user.click(await within(panel).findByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account permanently?' });
    answer(endpoints.deleteAccount, null, {
      status: 409,
      code: 'ACCOUNT_OWNS_ORGANIZATIONS',
      msg: 'You own Globex. Transfer the ownership or delete the organisation before deleting your account',
    });
    answer(endpoints.accountDeletionCheck, { ownedOrganizations: [{ id: 'org-9', name: 'Globex' }] });
    await user.type(within(dialog).getByLabelText('Type your email address to confirm'), 'jane@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account permanently' }));
    expect(
      await within(panel).findByRole('link', { name: 'Transfer the ownership of Globex' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
