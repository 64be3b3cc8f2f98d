import '@ant-design/v5-patch-for-react-19';
import type { TwoFactorConfigInfo } from '@contract/v1/auth';
import { endpoints } from '@contract/v1/endpoints';
import { act, screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { onEndpoint } from '../../../tests/msw/endpoint-handlers';
import { server } from '../../../tests/msw/server';
import { renderWithPortal } from '../../../tests/render-with-portal';
import type { SecurityVerificationState } from '../navigation/auth-navigation';
import { authWithStubs } from '../testing/orgs-fixtures';

const plugins = [authWithStubs(['auth.login', 'auth.orgs', 'auth.email-confirmation'])];
const WITH_RECOVERY_CODE: TwoFactorConfigInfo = {
  authenticator: { show: true, label: 'Authenticator App' },
  email: { show: true, label: 'Email' },
  mobile: { show: false, label: 'Mobile' },
  recoveryCode: { show: true, label: 'Recovery code' },
};

async function openVerification(info: TwoFactorConfigInfo = WITH_RECOVERY_CODE) {
  const state: SecurityVerificationState = {
    tokenId: 'token-1',
    twoFactorConfigInfo: info,
    email: 'jane@example.com',
  };
  const view = await renderWithPortal({ plugins, url: '/login' });
  await screen.findByTestId('landed');
  await act(async () => {
    await view.router.navigate('/security-verification', { state });
  });
  return view;
}

function answer(status: number, body: unknown) {
  const bodies: unknown[] = [];
  server.use(
    onEndpoint(endpoints.verifyTwoFactorRecoveryCode, async ({ request }) => {
      bodies.push(await request.json());
      return HttpResponse.json(body as never, { status });
    }),
  );
  return bodies;
}

describe('security verification: a recovery code as the second step', { timeout: 60_000 }, () => {
  it('offers "Recovery code" and signs in with the code as typed, for this login', async () => {
    const sent = answer(200, {
      data: {
        twoFactorEnabled: true,
        email: { id: 'jane@example.com', verified: true },
        accessToken: 'access-recovery',
        refreshToken: 'refresh-recovery',
        logo: null,
        twoFactorEnabledInOrg: false,
      },
      msg: 'Login successful',
    });
    const { user, session } = await openVerification();
    await user.click(await screen.findByRole('radio', { name: 'Recovery code' }));
    await user.click(screen.getByRole('button', { name: 'Proceed' }));
    expect(screen.getByText(/^Use a recovery code: enter one of the codes you saved/)).toBeInTheDocument();
    const field = screen.getByRole('textbox', { name: 'Recovery code' });
    expect(field).toHaveAttribute('dir', 'ltr');
    expect(field).toHaveFocus();
    await user.type(field, 'K7M2P X9QDW');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(session.isUserLoggedIn).toBe(true));
    expect(sent).toEqual([{ tokenId: 'token-1', code: 'K7M2P X9QDW' }]);
    expect(session.accessToken).toBe('access-recovery');
  });

  it('a refused code leaves the user on the screen to try another', async () => {
    const sent = answer(400, {
      msg: 'This recovery code is not valid or was already used',
      code: 'RECOVERY_CODE_INVALID',
    });
    const { user, session } = await openVerification();
    await user.click(await screen.findByRole('radio', { name: 'Recovery code' }));
    await user.click(screen.getByRole('button', { name: 'Proceed' }));
    await user.type(screen.getByRole('textbox', { name: 'Recovery code' }), 'aaaaa-aaaaa');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(
      await screen.findByText('This recovery code is not valid or was already used'),
    ).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(session.isUserLoggedIn).toBe(false);
    expect(screen.getByRole('textbox', { name: 'Recovery code' })).toBeEnabled();
  });

  it('is not offered when the account has no code left', async () => {
    await openVerification({ ...WITH_RECOVERY_CODE, recoveryCode: { show: false, label: 'Recovery code' } });
    await screen.findByRole('radio', { name: 'Authenticator app' });
    expect(screen.queryByRole('radio', { name: 'Recovery code' })).not.toBeInTheDocument();
  });
});
