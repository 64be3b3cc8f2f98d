import { screen, waitFor } from '@testing-library/react';
import { endpoints } from '@contract/v1/endpoints';
import { passkeyPrompt } from '../../../tests/passkey-prompt-double';
import { arrivedAt, endpoint, renderAuth } from '../testing/render-auth';

// The browser's passkey prompt, replaced at the module boundary (jsdom has no WebAuthn).
vi.mock('@simplewebauthn/browser', () =>
  import('../../../tests/passkey-prompt-double').then((m) => m.browserModule),
);

const requestOptions = { challenge: 'Y2hhbGxlbmdl', rpId: 'localhost', userVerification: 'required' };
const assertion = {
  id: 'Y3JlZA',
  rawId: 'Y3JlZA',
  type: 'public-key',
  clientExtensionResults: {},
  response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA', userHandle: 'dQ' },
};
const SIGNED_IN = {
  twoFactorEnabled: false,
  email: { id: 'ada@example.com', verified: true },
  accessToken: 'access-pk',
  refreshToken: 'refresh-pk',
  logo: null,
  twoFactorEnabledInOrg: false,
};

beforeEach(() => {
  passkeyPrompt.reset();
  delete (window as { PublicKeyCredential?: unknown }).PublicKeyCredential;
});

const passkeyButton = () => screen.getByRole('button', { name: 'Sign in with a passkey' });

describe('login page: passkeys', { timeout: 60_000 }, () => {
  it('offers passkeys in the email field and a labelled button, without loading the WebAuthn library', async () => {
    await renderAuth('/login');
    expect(await screen.findByLabelText('Email')).toHaveAttribute('autocomplete', 'username webauthn');
    expect(passkeyButton()).toBeEnabled();
    expect(passkeyPrompt.calls).toEqual([]);
  });

  it('signs in with a passkey and no password, then opens the organisation step', async () => {
    const options = endpoint(endpoints.passkeyLoginOptions, {
      data: { challengeId: 'attempt-1', options: requestOptions },
    });
    const login = endpoint(endpoints.passkeyLogin, { data: SIGNED_IN, msg: 'Login successful' });
    passkeyPrompt.answer = async () => assertion;
    const { user, session } = await renderAuth('/login');
    await user.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));
    await waitFor(() => expect(session.isUserLoggedIn).toBe(true));
    expect(options.bodies).toHaveLength(1);
    expect(passkeyPrompt.calls).toEqual([{ optionsJSON: requestOptions, useBrowserAutofill: false }]);
    expect(login.bodies).toEqual([{ challengeId: 'attempt-1', credential: assertion }]);
    expect(session.accessToken).toBe('access-pk');
    expect((await arrivedAt()).pathname).toBe('/orgs');
  });

  it('says so when the user closes the prompt, and stays on the page', async () => {
    endpoint(endpoints.passkeyLoginOptions, { data: { challengeId: 'attempt-2', options: requestOptions } });
    const login = endpoint(endpoints.passkeyLogin, { data: SIGNED_IN });
    passkeyPrompt.answer = async () => {
      throw new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError');
    };
    const { user } = await renderAuth('/login');
    await user.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));
    expect(await screen.findByText('No passkey was used.')).toBeInTheDocument();
    expect(login.bodies).toEqual([]);
    await waitFor(() => expect(passkeyButton()).toBeEnabled());
  });

  it('waits in the autofill where the browser offers it (conditional mediation), and signs in when one is picked', async () => {
    Object.defineProperty(window, 'PublicKeyCredential', {
      configurable: true,
      value: { isConditionalMediationAvailable: async () => true },
    });
    endpoint(endpoints.passkeyLoginOptions, { data: { challengeId: 'attempt-3', options: requestOptions } });
    const login = endpoint(endpoints.passkeyLogin, { data: SIGNED_IN });
    passkeyPrompt.answer = async () => assertion;
    const { session } = await renderAuth('/login');
    await waitFor(() => expect(session.isUserLoggedIn).toBe(true));
    expect(passkeyPrompt.calls).toEqual([{ optionsJSON: requestOptions, useBrowserAutofill: true }]);
    expect(login.bodies).toEqual([{ challengeId: 'attempt-3', credential: assertion }]);
    expect((await arrivedAt()).pathname).toBe('/orgs');
  });
});
