import { screen, waitFor } from '@testing-library/react';
import { arrivedAt, endpoint, renderAuth } from '../testing/render-auth';
import { endpoints } from '@contract/v1/endpoints';
import { expectInFormOnly, watchToasts } from '../../../tests/form-message';

const VERIFIED = {
  twoFactorEnabled: false,
  email: { id: 'ada@example.com', verified: true },
  accessToken: 'access-1',
  refreshToken: 'refresh-1',
  logo: 'https://cdn.example.com/logo.png',
  twoFactorEnabledInOrg: true,
};

async function fillLogin(
  user: Awaited<ReturnType<typeof renderAuth>>['user'],
  email = 'ada@example.com',
  password = 'Secret#1',
) {
  await user.type(await screen.findByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
}

// Named 'Log in', and 'Logging in…' while the request runs.
const submit = () => screen.getByRole('button', { name: /^Log in$|Logging in…/ });

describe('login page', { timeout: 60_000 }, () => {
  it('shows the labelled form with links to sign-up and forgot-password', async () => {
    await renderAuth('/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/sign-up');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  it('keeps Log in disabled until the form is valid, with the spec messages', async () => {
    const { user } = await renderAuth('/login');
    const email = await screen.findByLabelText('Email');
    expect(submit()).toBeDisabled();

    await user.type(email, 'ada');
    expect(await screen.findByText('Invalid email format')).toBeInTheDocument();
    await user.clear(email);
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    await user.type(email, 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'x');
    await user.clear(screen.getByLabelText('Password'));
    expect(await screen.findByText('Password is required')).toBeInTheDocument();
    expect(submit()).toBeDisabled();

    // Login accepts any existing password: no strength rules here.
    await user.type(screen.getByLabelText('Password'), 'x');
    await waitFor(() => expect(submit()).toBeEnabled());
  });

  it('verified: sends email and password without a captcha field (provider none), logs in, clears the directory and opens orgs after 0.5 s', async () => {
    const login = endpoint(endpoints.login, { data: VERIFIED, msg: 'Login successful' });
    const { user, session } = await renderAuth('/login', {
      session: (s) => {
        s.setOrganizations([
          {
            organizationId: 'old',
            organizationName: 'Previous user',
            accountType: 'personal',
            role: 'owner',
            enabled: true,
            portals: {},
          },
        ]);
        s.setPortals([{ id: 'p', name: 'Old portal' }]);
      },
    });
    await fillLogin(user);
    await waitFor(() => expect(submit()).toBeEnabled());
    await user.click(submit());

    await waitFor(() => expect(session.isUserLoggedIn).toBe(true));
    const loggedInAt = Date.now();
    expect(login.bodies).toEqual([{ email: 'ada@example.com', password: 'Secret#1' }]);
    expect(session.accessToken).toBe('access-1');
    expect(session.refreshToken).toBe('refresh-1');
    expect(session.logo).toBe('https://cdn.example.com/logo.png');
    expect(session.twoFactorEnabledInOrg).toBe(true);
    expect(session.isOrgSelected).toBe(false);
    expect(session.organizations).toEqual([]);
    expect(session.portals).toEqual([]);
    // No second submit while waiting for the organisation screen.
    expect(submit()).toBeDisabled();

    const arrived = await arrivedAt();
    expect(Date.now() - loggedInAt).toBeGreaterThanOrEqual(400);
    expect(arrived).toMatchObject({ routeId: 'auth.orgs', pathname: '/orgs', search: '' });
  });

  it('keeps toUrl for the organisation screen', async () => {
    endpoint(endpoints.login, { data: VERIFIED });
    const { user } = await renderAuth('/login?toUrl=%2Fbilling%2Fhistory%3Ftab%3D2');
    await fillLogin(user);
    await waitFor(() => expect(submit()).toBeEnabled());
    await user.click(submit());
    const arrived = await arrivedAt();
    expect(arrived.pathname).toBe('/orgs');
    expect(new URLSearchParams(arrived.search).get('toUrl')).toBe('/billing/history?tab=2');
  });

  it('drops a toUrl that would leave the portal', async () => {
    endpoint(endpoints.login, { data: VERIFIED });
    const { user } = await renderAuth('/login?toUrl=https%3A%2F%2Fevil.example%2F');
    await fillLogin(user);
    await waitFor(() => expect(submit()).toBeEnabled());
    await user.click(submit());
    expect(await arrivedAt()).toMatchObject({ pathname: '/orgs', search: '' });
  });

  it('2FA: goes to security-verification with tokenId, methods, email and toUrl in navigation state, without tokens', async () => {
    const twoFactorConfigInfo = {
      authenticator: { show: true, label: 'Authenticator app' },
      email: { show: true, label: 'Email (ada@example.com)' },
      mobile: { show: false, label: 'Mobile' },
    };
    endpoint(endpoints.login, {
      data: {
        twoFactorEnabled: true,
        tokenId: 'challenge-7',
        twoFactorConfigInfo,
        email: { id: 'ada@example.com', verified: true },
        logo: null,
        twoFactorEnabledInOrg: false,
      },
      msg: 'Please complete two-factor authentication',
    });
    const { user, session } = await renderAuth('/login?toUrl=%2Fuser%2Fsecurity');
    await fillLogin(user);
    await waitFor(() => expect(submit()).toBeEnabled());
    await user.click(submit());

    const arrived = await arrivedAt();
    expect(arrived).toMatchObject({
      routeId: 'auth.security-verification',
      pathname: '/security-verification',
      search: '',
      state: {
        tokenId: 'challenge-7',
        twoFactorConfigInfo,
        email: 'ada@example.com',
        toUrl: '/user/security',
      },
    });
    expect(session.isUserLoggedIn).toBe(false);
    expect(session.accessToken).toBeNull();
    expect(session.twoFactorEnabled).toBe(true);
    expect(session.twoFactorConfigInfo).toEqual(twoFactorConfigInfo);
  });

  it('unverified: goes to email-confirmation with the address and shows the server message', async () => {
    endpoint(endpoints.login, {
      data: {
        twoFactorEnabled: false,
        email: { id: 'ada@example.com', verified: false },
        logo: null,
        twoFactorEnabledInOrg: false,
      },
      msg: 'Please verify your email address to continue',
    });
    const { user, session } = await renderAuth('/login');
    await fillLogin(user);
    await waitFor(() => expect(submit()).toBeEnabled());
    await user.click(submit());

    expect(await screen.findByText('Please verify your email address to continue')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Check your email' })).toBeInTheDocument();
    expect(screen.getByText('We have sent a verification link to ada@example.com.')).toBeInTheDocument();
    expect(session.isUserLoggedIn).toBe(false);
  });

  it.each([
    [400, 'Invalid email or password', 'Invalid email or password'],
    [500, 'stack trace the user must not see', 'Please try again'],
  ])(
    'after a %i shows the catalogue message, keeps the email and clears the password',
    async (status, serverMsg, shown) => {
      const toasts = watchToasts();
      const login = endpoint(endpoints.login, { status, msg: serverMsg });
      const { user, router, session } = await renderAuth('/login');
      await fillLogin(user);
      await waitFor(() => expect(submit()).toBeEnabled());
      await user.click(submit());

      // In the form, under the heading, and not as a toast over the page (#39 item 3).
      await expectInFormOnly(shown, toasts);
      expect(screen.queryByText('stack trace the user must not see')).not.toBeInTheDocument();
      expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
      await waitFor(() => expect(screen.getByLabelText('Password')).toHaveValue(''));
      expect(submit()).toBeDisabled();
      expect(router.state.location.pathname).toBe('/login');
      expect(session.isUserLoggedIn).toBe(false);
      expect(login.bodies).toHaveLength(1);
    },
  );

  it('sends one request however often Log in is pressed while it runs', async () => {
    const login = endpoint(endpoints.login, {
      status: 400,
      msg: 'Invalid email or password',
      delayMs: 300,
    });
    const { user } = await renderAuth('/login');
    await fillLogin(user);
    await waitFor(() => expect(submit()).toBeEnabled());
    await user.click(submit());
    await user.click(submit());
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Invalid email or password')).toBeInTheDocument();
    expect(login.bodies).toHaveLength(1);
  });

  it('is usable with the keyboard alone: Tab through the fields and submit with Enter', async () => {
    const login = endpoint(endpoints.login, { status: 400, msg: 'Invalid email or password' });
    const { user } = await renderAuth('/login');
    expect(await screen.findByLabelText('Email')).toHaveFocus();
    await user.keyboard('ada@example.com');
    await user.tab();
    expect(screen.getByLabelText('Password')).toHaveFocus();
    await user.keyboard('Secret#1');
    await waitFor(() => expect(submit()).toBeEnabled());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(login.bodies).toEqual([{ email: 'ada@example.com', password: 'Secret#1' }]));
  });
});

describe('login page with a real captcha provider', { timeout: 60_000 }, () => {
  afterEach(() => {
    document.head.querySelectorAll('script').forEach((s) => s.remove());
    delete window.grecaptcha;
  });

  it('loads reCAPTCHA only when configured and sends a fresh token with every attempt', async () => {
    const login = endpoint(endpoints.login, { status: 400, msg: 'Invalid email or password' });
    const tokens = ['captcha-token-1', 'captcha-token-2'];
    const { user } = await renderAuth('/login', {
      config: { captcha: { provider: 'recaptcha', siteKey: 'site-123' } },
    });
    let script: HTMLScriptElement | null = null;
    await waitFor(() => {
      script = document.querySelector('script[src^="https://www.google.com/recaptcha/api.js"]');
      expect(script).not.toBeNull();
    });
    expect(script!.src).toContain('render=site-123');
    window.grecaptcha = { ready: (callback) => callback(), execute: async () => tokens.shift()! };
    script!.dispatchEvent(new Event('load'));

    await fillLogin(user);
    await waitFor(() => expect(submit()).toBeEnabled());
    await user.click(submit());
    await screen.findByText('Invalid email or password');
    await user.type(screen.getByLabelText('Password'), 'Secret#2');
    await waitFor(() => expect(submit()).toBeEnabled());
    await user.click(submit());
    await waitFor(() => expect(login.bodies).toHaveLength(2));
    expect(login.bodies.map((b) => b.captcha)).toEqual(['captcha-token-1', 'captcha-token-2']);
  });

  it("says 'Please try again.' and sends nothing when the captcha fails", async () => {
    const login = endpoint(endpoints.login, { data: VERIFIED });
    const { user, router } = await renderAuth('/login', {
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
    await fillLogin(user);
    await waitFor(() => expect(submit()).toBeEnabled());
    await user.click(submit());

    expect(await screen.findByText('Please try again.')).toBeInTheDocument();
    expect(login.bodies).toHaveLength(0);
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    await waitFor(() => expect(submit()).toBeEnabled());
    expect(router.state.location.pathname).toBe('/login');
  });

  it('never loads a captcha script with the none provider', async () => {
    await renderAuth('/login');
    await screen.findByLabelText('Email');
    expect(document.querySelector('script[src*="recaptcha"], script[src*="turnstile"]')).toBeNull();
  });
});
