import { screen, waitFor } from '@testing-library/react';
import { arrivedAt, endpoint, renderSso } from '../testing/render-sso';
import { expectInFormOnly, watchToasts } from '../../../tests/form-message';
import { endpoints } from '@contract/v1/endpoints';

const EMAIL = 'ada@partner.example';
const OPEN = `/test/open-sso-login?email=${encodeURIComponent(EMAIL)}`;
const LOGGED_IN = {
  twoFactorEnabled: false,
  email: { id: EMAIL, verified: true },
  accessToken: 'access-1',
  refreshToken: 'refresh-1',
  logo: null,
  twoFactorEnabledInOrg: false,
};

// 'Log in', and 'Logging in…' while the request runs (see the landing test for the leading 'loading').
const submit = () => screen.getByRole('button', { name: /^(loading)?Log in$|Logging in…/ });

describe('SSO login /sso-login', { timeout: 60_000 }, () => {
  it("'Please enter your credentials' with the read-only email from navigation state; Log in waits for a valid password", async () => {
    const { user } = await renderSso(OPEN);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Please enter your credentials' }),
    ).toBeInTheDocument();
    const email = screen.getByLabelText('Email');
    expect(email).toHaveValue(EMAIL);
    expect(email).toHaveAttribute('readonly');
    await user.type(email, 'other');
    expect(email).toHaveValue(EMAIL);
    expect(submit()).toBeDisabled();

    // The password rules of docs/validation-rules.md apply to the SSO login.
    await user.type(screen.getByLabelText('Password'), 'abc');
    expect(await screen.findByText('Password must be 7 characters at minimum!')).toBeInTheDocument();
    expect(submit()).toBeDisabled();
    await user.clear(screen.getByLabelText('Password'));
    expect(await screen.findByText('Password is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Password'), 'Secret#12');
    await waitFor(() => expect(submit()).toBeEnabled());
  });

  it('under the nist password policy takes any existing password, even one shorter than a new one must be', async () => {
    const login = endpoint(endpoints.login, { data: LOGGED_IN, msg: 'Login successful' });
    const { user } = await renderSso(OPEN, { config: { passwordPolicy: 'nist' } });
    // Chosen with a second factor (8 characters) or under the product rule: the login rule only asks for one.
    await user.type(await screen.findByLabelText('Password'), 'orbit 12');
    expect(screen.queryByText(/Password must/)).not.toBeInTheDocument();
    await waitFor(() => expect(submit()).toBeEnabled());
    await user.click(submit());
    await waitFor(() => expect(login.bodies).toEqual([expect.objectContaining({ password: 'orbit 12' })]));
  });

  it('sends email, password and isSSOLogin; logged in with no organisation; /orgs after 0.5 s', async () => {
    const login = endpoint(endpoints.login, { data: LOGGED_IN, msg: 'Login successful', delayMs: 800 });
    const { user, session } = await renderSso(OPEN);
    await user.type(await screen.findByLabelText('Password'), 'Secret#12');
    await waitFor(() => expect(submit()).toBeEnabled());
    await user.click(submit());
    await waitFor(() => expect(submit()).toHaveTextContent('Logging in…'));
    expect(submit()).toBeDisabled();

    await waitFor(() => expect(session.isUserLoggedIn).toBe(true));
    const loggedInAt = Date.now();
    expect(login.bodies).toEqual([{ email: EMAIL, password: 'Secret#12', isSSOLogin: true }]);
    expect(session.accessToken).toBe('access-1');
    expect(session.isOrgSelected).toBe(false);
    // No second attempt while waiting for the organisation screen.
    expect(submit()).toBeDisabled();
    const arrived = await arrivedAt();
    expect(Date.now() - loggedInAt).toBeGreaterThanOrEqual(400);
    expect(arrived).toMatchObject({ routeId: 'auth.orgs', pathname: '/orgs' });
  });

  it('a wrong password: the server message, the password cleared, the email kept, still here', async () => {
    endpoint(endpoints.login, { status: 400, msg: 'Invalid email or password' });
    const toasts = watchToasts();
    const { user, router } = await renderSso(OPEN);
    await user.type(await screen.findByLabelText('Password'), 'Secret#12');
    await waitFor(() => expect(submit()).toBeEnabled());
    await user.click(submit());
    await expectInFormOnly('Invalid email or password', toasts);
    await waitFor(() => expect(screen.getByLabelText('Password')).toHaveValue(''));
    expect(screen.getByLabelText('Email')).toHaveValue(EMAIL);
    expect(router.state.location.pathname).toBe('/sso-login');
  });

  it('a user with 2FA goes on to the second factor with the challenge in navigation state, without tokens', async () => {
    const twoFactorConfigInfo = { authenticator: { show: true, label: 'Authenticator app' } };
    endpoint(endpoints.login, {
      data: {
        twoFactorEnabled: true,
        tokenId: 'challenge-9',
        twoFactorConfigInfo,
        email: { id: EMAIL, verified: true },
        logo: null,
        twoFactorEnabledInOrg: true,
      },
    });
    const { user, session } = await renderSso(OPEN);
    await user.type(await screen.findByLabelText('Password'), 'Secret#12');
    await waitFor(() => expect(submit()).toBeEnabled());
    await user.click(submit());
    expect(await arrivedAt()).toMatchObject({
      routeId: 'auth.security-verification',
      state: { tokenId: 'challenge-9', twoFactorConfigInfo, email: EMAIL },
    });
    expect(session.isUserLoggedIn).toBe(false);
    expect(session.twoFactorEnabled).toBe(true);
  });

  it('logs out the current session and resets the theme on arrival', async () => {
    const logout = endpoint(endpoints.logout, { data: null });
    const { session, theme } = await renderSso(OPEN, {
      session: (s) => s.logIn({ accessToken: 'previous', refreshToken: 'previous-refresh' }),
    });
    const preset = theme.primary;
    theme.applyBranding({ primaryColor: '#00ff00' });
    await screen.findByRole('heading', { name: 'Please enter your credentials' });
    await waitFor(() => expect(session.isUserLoggedIn).toBe(false));
    expect(logout.authorizations).toEqual(['Bearer previous']);
    expect(theme.primary).toBe(preset);
  });

  it('without an email in navigation state (a reload, a pasted link) goes to /login', async () => {
    await renderSso('/sso-login');
    expect(await arrivedAt()).toMatchObject({ routeId: 'auth.login', pathname: '/login' });
  });

  it('asks the captcha for a fresh token before each attempt', async () => {
    const login = endpoint(endpoints.login, { status: 400, msg: 'Invalid email or password' });
    const tokens = ['captcha-1', 'captcha-2'];
    const { user } = await renderSso(OPEN, {
      config: { captcha: { provider: 'recaptcha', siteKey: 'site-123' } },
    });
    let script: HTMLScriptElement | null = null;
    await waitFor(() => {
      script = document.querySelector('script[src^="https://www.google.com/recaptcha/api.js"]');
      expect(script).not.toBeNull();
    });
    window.grecaptcha = { ready: (callback) => callback(), execute: async () => tokens.shift()! };
    script!.dispatchEvent(new Event('load'));
    try {
      for (const attempt of [1, 2]) {
        await user.type(screen.getByLabelText('Password'), `Secret#1${attempt}`);
        await waitFor(() => expect(submit()).toBeEnabled());
        await user.click(submit());
        await waitFor(() => expect(login.bodies).toHaveLength(attempt));
        await waitFor(() => expect(screen.getByLabelText('Password')).toHaveValue(''));
      }
      expect(login.bodies.map((b) => b.captcha)).toEqual(['captcha-1', 'captcha-2']);
    } finally {
      document.head.querySelectorAll('script').forEach((s) => s.remove());
      delete window.grecaptcha;
    }
  });

  it("a failed captcha says 'Please try again.' and sends nothing", async () => {
    const login = endpoint(endpoints.login, { data: LOGGED_IN });
    const { user } = await renderSso(OPEN, {
      config: { captcha: { provider: 'recaptcha', siteKey: 'site-123' } },
    });
    window.grecaptcha = {
      ready: (callback) => callback(),
      execute: async () => Promise.reject(new Error('blocked')),
    };
    let script: HTMLScriptElement | null = null;
    await waitFor(() => {
      script = document.querySelector('script[src^="https://www.google.com/recaptcha/api.js"]');
      expect(script).not.toBeNull();
    });
    script!.dispatchEvent(new Event('load'));
    try {
      await user.type(screen.getByLabelText('Password'), 'Secret#12');
      await waitFor(() => expect(submit()).toBeEnabled());
      await user.click(submit());
      expect(await screen.findByText('Please try again.')).toBeInTheDocument();
      expect(login.bodies).toHaveLength(0);
    } finally {
      document.head.querySelectorAll('script').forEach((s) => s.remove());
      delete window.grecaptcha;
    }
  });

  it('works from the keyboard: the password has focus, Enter submits', async () => {
    const login = endpoint(endpoints.login, { data: LOGGED_IN });
    const { user } = await renderSso(OPEN);
    await waitFor(() => expect(screen.getByLabelText('Password')).toHaveFocus());
    await user.keyboard('Secret#12');
    await waitFor(() => expect(submit()).toBeEnabled());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(login.bodies).toHaveLength(1));
  });

  it('speaks French', async () => {
    await renderSso(OPEN, { language: 'fr' });
    expect(
      await screen.findByRole('heading', { name: 'Veuillez saisir vos identifiants' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Se connecter' })).toBeDisabled();
  });
});
