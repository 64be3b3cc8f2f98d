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
import { passkeyPrompt } from '../../../tests/passkey-prompt-double';

// The browser's passkey prompt, replaced at the module boundary (jsdom has no WebAuthn).
vi.mock('@simplewebauthn/browser', () =>
  import('../../../tests/passkey-prompt-double').then((m) => m.browserModule),
);

const plugins = [authWithStubs(['auth.login', 'auth.orgs', 'auth.email-confirmation'])];
const WITH_PASSKEY: TwoFactorConfigInfo = {
  authenticator: { show: true, label: 'Authenticator App' },
  email: { show: true, label: 'Email' },
  mobile: { show: false, label: 'Mobile' },
  passkey: { show: true, label: 'Passkey' },
};
const requestOptions = {
  challenge: 'Y2hhbGxlbmdl',
  allowCredentials: [{ id: 'Y3JlZA', type: 'public-key' }],
};
const assertion = {
  id: 'Y3JlZA',
  rawId: 'Y3JlZA',
  type: 'public-key',
  clientExtensionResults: {},
  response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' },
};

async function openVerification() {
  const state: SecurityVerificationState = {
    tokenId: 'token-1',
    twoFactorConfigInfo: WITH_PASSKEY,
    email: 'jane@example.com',
  };
  const view = await renderWithPortal({ plugins, url: '/login' });
  await screen.findByTestId('landed');
  await act(async () => {
    await view.router.navigate('/security-verification', { state });
  });
  return view;
}

function record(route: Parameters<typeof onEndpoint>[0], data: unknown) {
  const bodies: unknown[] = [];
  server.use(
    onEndpoint(route, async ({ request }) => {
      bodies.push(await request.json());
      return HttpResponse.json({ data, msg: '' });
    }),
  );
  return bodies;
}

beforeEach(() => {
  passkeyPrompt.reset();
  passkeyPrompt.answer = async () => assertion;
});

describe('security verification: a passkey as the second step', { timeout: 60_000 }, () => {
  it('offers "Passkey" among the methods and signs in with it, for this login only', async () => {
    const options = record(endpoints.passkeySecondStepOptions, {
      challengeId: 'step-1',
      options: requestOptions,
    });
    const verified = record(endpoints.verifyTwoFactorPasskey, {
      twoFactorEnabled: true,
      email: { id: 'jane@example.com', verified: true },
      accessToken: 'access-2fa',
      refreshToken: 'refresh-2fa',
      logo: null,
      twoFactorEnabledInOrg: true,
    });
    const { user, session } = await openVerification();
    await user.click(await screen.findByRole('radio', { name: 'Passkey' }));
    expect(screen.getByText('Use the passkey of this account when your browser asks.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Use a passkey' }));
    await waitFor(() => expect(session.isUserLoggedIn).toBe(true));
    expect(options).toEqual([{ tokenId: 'token-1' }]);
    expect(passkeyPrompt.calls).toEqual([{ optionsJSON: requestOptions, useBrowserAutofill: false }]);
    expect(verified).toEqual([{ tokenId: 'token-1', challengeId: 'step-1', credential: assertion }]);
    expect(session.accessToken).toBe('access-2fa');
  });

  it('says the device could not use a passkey, and leaves the other methods', async () => {
    record(endpoints.passkeySecondStepOptions, { challengeId: 'step-2', options: requestOptions });
    const verified = record(endpoints.verifyTwoFactorPasskey, null);
    passkeyPrompt.answer = async () => {
      throw new DOMException('No credentials.', 'InvalidStateError');
    };
    const { user } = await openVerification();
    await user.click(await screen.findByRole('radio', { name: 'Passkey' }));
    await user.click(screen.getByRole('button', { name: 'Use a passkey' }));
    expect(
      await screen.findByText('Your browser or device could not use a passkey. Choose another method.'),
    ).toBeInTheDocument();
    expect(verified).toEqual([]);
    expect(screen.getByRole('radio', { name: 'Authenticator app' })).toBeEnabled();
  });
});
