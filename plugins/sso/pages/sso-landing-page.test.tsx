import { screen, waitFor, within } from '@testing-library/react';
import { isObservable, when } from 'mobx';
import { arrivedAt, endpoint, renderSso } from '../testing/render-sso';
import { endpoints } from '@contract/v1/endpoints';

const LINK = '/sso?token=partner.jwt.token&applicationId=partner-crm';
const EMAIL = 'ada@partner.example';

const answer = (fields: object) => ({
  showTermsAndConditions: false,
  isBlocked: false,
  existingAccount: true,
  passwordRequired: false,
  email: { id: EMAIL },
  ...fields,
});
const EXISTING = answer({ accessToken: 'access-sso', refreshToken: 'refresh-sso' });
const NEW_USER = answer({ existingAccount: false });

// 'Sign up', 'Signing up…' while the request runs; jsdom never ends antd's loading-icon exit animation, so after a
// request the icon's label ('loading') may still lead the name.
const signUp = () => screen.getByRole('button', { name: /^(loading)?Sign up$|Signing up…/ });

async function choosePassword(
  user: Awaited<ReturnType<typeof renderSso>>['user'],
  password = 'Partner#2024',
  confirm = password,
) {
  const dialog = await screen.findByRole('dialog', { name: 'Welcome!' });
  await user.type(within(dialog).getByLabelText('Password'), password);
  await user.type(within(dialog).getByLabelText('Confirm password'), confirm);
  return dialog;
}

/** A partner token as the portal sees it before the server verifies it: claims readable, signature opaque. */
function partnerToken(claims: { email: string; iat: number }): string {
  const part = (value: object) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${part({ alg: 'HS256' })}.${part(claims)}.signature`;
}
const linkWith = (token: string) => `/sso?token=${token}&applicationId=partner-crm`;
/** The portal's clock during these tests: fixed, so a token's age is what the test says, not what the machine took. */
const NOW = Date.parse('2026-11-28T12:00:00Z');
const secondsAgo = (seconds: number) => NOW / 1000 - seconds;

describe('SSO landing: asking before signing in (login CSRF)', { timeout: 60_000 }, () => {
  beforeEach(() => {
    vi.spyOn(Date, 'now').mockReturnValue(NOW);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('signs in at once with a token just issued, when nobody is signed in here', async () => {
    const login = endpoint(endpoints.ssoLogin, { data: EXISTING });
    await renderSso(linkWith(partnerToken({ email: EMAIL, iat: secondsAgo(2) })));
    await waitFor(() => expect(login.bodies).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Continue' })).not.toBeInTheDocument();
    await arrivedAt();
  });

  it('asks, naming the account, when the token was issued more than 30 s ago; Continue signs in', async () => {
    const login = endpoint(endpoints.ssoLogin, { data: EXISTING });
    const { user } = await renderSso(linkWith(partnerToken({ email: EMAIL, iat: secondsAgo(120) })));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Continue to sign in?' }),
    ).toBeInTheDocument();
    expect(screen.getByText(EMAIL)).toHaveAttribute('dir', 'ltr');
    expect(login.bodies).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(login.bodies).toHaveLength(1));
    expect(await arrivedAt()).toMatchObject({ pathname: '/orgs' });
  });

  it('Cancel spends nothing and changes nothing: whoever is signed in stays', async () => {
    const login = endpoint(endpoints.ssoLogin, { data: EXISTING });
    const logout = endpoint(endpoints.logout, { data: null });
    const { user, session } = await renderSso(linkWith(partnerToken({ email: EMAIL, iat: secondsAgo(1) })), {
      session: (s) => s.logIn({ accessToken: 'mine', refreshToken: 'mine-refresh' }),
    });
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(await arrivedAt()).toMatchObject({ pathname: '/orgs' });
    expect(login.bodies).toHaveLength(0);
    expect(logout.authorizations).toEqual([]);
    expect(session.accessToken).toBe('mine');
  });
});

describe('SSO landing /sso', { timeout: 60_000 }, () => {
  it("shows 'Validating request…' and takes the token out of the address before the request", async () => {
    let searchAtRequest: string | null = null;
    const rendered: { router?: Awaited<ReturnType<typeof renderSso>>['router'] } = {};
    const login = endpoint(endpoints.ssoLogin, {
      data: EXISTING,
      delayMs: 300,
      onRequest: () => (searchAtRequest = rendered.router?.state.location.search ?? 'not rendered'),
    });
    const { router } = await renderSso(LINK);
    rendered.router = router;

    expect(await screen.findByText('Validating request…')).toBeInTheDocument();
    await waitFor(() => expect(login.bodies).toHaveLength(1));
    expect(searchAtRequest).toBe('');
    expect(router.state.location.pathname).toBe('/sso');
    expect(login.bodies).toEqual([{ token: 'partner.jwt.token', applicationId: 'partner-crm' }]);
    expect(await screen.findByText('Registering account...')).toBeInTheDocument();
    await arrivedAt();
    // One request only, despite React's development double effects: the token works once.
    expect(login.bodies).toHaveLength(1);
  });

  it('existing account: stores the tokens (no organisation selected) and opens /orgs after 0.5 s', async () => {
    endpoint(endpoints.ssoLogin, { data: EXISTING });
    const { session } = await renderSso(LINK);
    // The moment of the login itself (a reaction runs as it happens), not when a polling waitFor noticed it: on a
    // busy machine that can be late enough to make the 0.5 s look shorter.
    await when(() => session.isUserLoggedIn);
    const loggedInAt = Date.now();
    expect(session.accessToken).toBe('access-sso');
    expect(session.refreshToken).toBe('refresh-sso');
    expect(session.isOrgSelected).toBe(false);
    const arrived = await arrivedAt();
    expect(Date.now() - loggedInAt).toBeGreaterThanOrEqual(400);
    expect(arrived).toMatchObject({ routeId: 'auth.orgs', pathname: '/orgs', search: '' });
  });

  it('logs out the current session (on the server too) and resets the theme first', async () => {
    const logout = endpoint(endpoints.logout, { data: null });
    const login = endpoint(endpoints.ssoLogin, { data: EXISTING, delayMs: 200 });
    const { session, theme } = await renderSso(LINK, {
      session: (s) => {
        s.logIn({ accessToken: 'previous-access', refreshToken: 'previous-refresh' });
        s.selectOrganization(
          { organizationId: 'acme', role: 'owner' },
          { accessToken: 'org-access', refreshToken: 'org-refresh' },
          'https://cdn.example/acme.png',
        );
      },
    });
    const preset = theme.primary;
    theme.applyBranding({ primaryColor: '#ff0000' });
    expect(theme.primary.toLowerCase()).toBe('#ff0000');

    // Somebody is signed in here: the link asks first (login CSRF), and says that person will be signed out.
    expect(
      await screen.findByText('The account signed in on this browser will be signed out.'),
    ).toBeInTheDocument();
    expect(login.bodies).toHaveLength(0);
    expect(logout.authorizations).toEqual([]);
    screen.getByRole('button', { name: 'Continue' }).click();

    await waitFor(() => expect(login.bodies).toHaveLength(1));
    expect(logout.authorizations).toEqual(['Bearer org-access']);
    expect(theme.primary).toBe(preset);
    // The SSO request itself goes out without the previous user's token.
    await arrivedAt();
    expect(session.accessToken).toBe('access-sso');
    expect(session.isOrgSelected).toBe(false);
    expect(session.organizationId).toBeNull();
    expect(session.logo).toBeNull();
  });

  it('password required: no tokens, and /sso-login after 0.5 s with the email in navigation state', async () => {
    endpoint(endpoints.ssoLogin, { data: answer({ passwordRequired: true }) });
    const { session, router } = await renderSso(LINK);
    expect(await screen.findByRole('heading', { name: 'Please enter your credentials' })).toBeInTheDocument();
    expect(router.state.location).toMatchObject({
      pathname: '/sso-login',
      search: '',
      state: { email: EMAIL },
    });
    // A browser history entry's state is structured-cloned: a MobX proxy there throws in real browsers.
    expect(isObservable(router.state.location.state)).toBe(false);
    expect(screen.getByLabelText('Email')).toHaveValue(EMAIL);
    expect(session.isUserLoggedIn).toBe(false);
  });

  it('blocked: shows the info message, then leaves for the redirect URL; no session', async () => {
    endpoint(endpoints.ssoLogin, {
      data: answer({ isBlocked: true, redirectUrl: 'https://crm.partner.example/home' }),
      msg: 'Your account is blocked. Please contact admin',
    });
    const { external, session, router } = await renderSso(LINK);
    // On the page and as a toast.
    await waitFor(() =>
      expect(screen.getAllByText('Your account is blocked. Please contact admin')).toHaveLength(2),
    );
    expect(screen.getByText('Taking you back to your application…')).toBeInTheDocument();
    expect(external.urls).toEqual([]);
    await waitFor(() => expect(external.urls).toEqual(['https://crm.partner.example/home']), {
      timeout: 4000,
    });
    expect(session.isUserLoggedIn).toBe(false);
    expect(router.state.location.pathname).toBe('/sso');
  });

  it('blocked with a redirect URL that is not http(s): goes to /login instead', async () => {
    endpoint(endpoints.ssoLogin, { data: answer({ isBlocked: true, redirectUrl: 'javascript:alert(1)' }) });
    const { external } = await renderSso(LINK);
    expect(await arrivedAt()).toMatchObject({ routeId: 'auth.login' });
    expect(external.urls).toEqual([]);
  });

  it('new user: the welcome dialog without legal links, Sign up only once the passwords are valid and match, then register and /orgs', async () => {
    const login = endpoint(endpoints.ssoLogin, { data: NEW_USER });
    const register = endpoint(endpoints.ssoRegister, {
      data: EXISTING,
      delayMs: 1500,
      msg: 'Registration successful',
    });
    const { user, session } = await renderSso(LINK);
    const dialog = await screen.findByRole('dialog', { name: 'Welcome!' });
    expect(within(dialog).getByText(EMAIL)).toBeInTheDocument();
    expect(screen.getByText('Registering account...')).toBeInTheDocument();
    expect(within(dialog).queryByRole('link')).toBeNull();
    expect(signUp()).toBeDisabled();

    await user.type(within(dialog).getByLabelText('Password'), 'short');
    expect(await within(dialog).findByText('Password must be 7 characters at minimum!')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Password'));
    await user.type(within(dialog).getByLabelText('Password'), 'Partner#2024');
    await user.type(within(dialog).getByLabelText('Confirm password'), 'Partner#2025');
    expect(await within(dialog).findByText('Password and Confirm Password should match')).toBeInTheDocument();
    expect(signUp()).toBeDisabled();
    await user.clear(within(dialog).getByLabelText('Confirm password'));
    await user.type(within(dialog).getByLabelText('Confirm password'), 'Partner#2024');
    await waitFor(() => expect(signUp()).toBeEnabled());

    await user.click(signUp());
    await waitFor(() => expect(signUp()).toHaveTextContent('Signing up…'));
    expect(signUp()).toBeDisabled();
    await user.click(signUp());

    expect(await arrivedAt()).toMatchObject({ routeId: 'auth.orgs', pathname: '/orgs' });
    expect(register.bodies).toEqual([
      { password: 'Partner#2024', token: 'partner.jwt.token', applicationId: 'partner-crm' },
    ]);
    expect(login.bodies).toHaveLength(1);
    expect(session.accessToken).toBe('access-sso');
    expect(session.isOrgSelected).toBe(false);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('new user of an application that asks for terms: the terms, privacy policy and collection notice links', async () => {
    endpoint(endpoints.ssoLogin, { data: answer({ existingAccount: false, showTermsAndConditions: true }) });
    await renderSso(LINK, {
      config: {
        legalLinks: {
          terms: 'https://legal.example/terms',
          privacy: 'https://legal.example/privacy',
          collectionNotice: 'https://legal.example/notice',
        },
      },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Welcome!' });
    expect(within(dialog).getByRole('link', { name: 'Terms and Conditions' })).toHaveAttribute(
      'href',
      'https://legal.example/terms',
    );
    expect(within(dialog).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      'https://legal.example/privacy',
    );
    expect(within(dialog).getByRole('link', { name: 'Privacy Collection Notice' })).toHaveAttribute(
      'href',
      'https://legal.example/notice',
    );
  });

  it('new user who must also confirm a password afterwards: /sso-login once registered', async () => {
    endpoint(endpoints.ssoLogin, { data: NEW_USER });
    endpoint(endpoints.ssoRegister, { data: answer({ passwordRequired: true }) });
    const { user, router } = await renderSso(LINK);
    await choosePassword(user);
    await waitFor(() => expect(signUp()).toBeEnabled());
    await user.click(signUp());
    expect(await screen.findByRole('heading', { name: 'Please enter your credentials' })).toBeInTheDocument();
    expect(router.state.location.state).toEqual({ email: EMAIL });
  });

  it('a password the server refuses stays in the dialog with the server message, and can be changed', async () => {
    endpoint(endpoints.ssoLogin, { data: NEW_USER });
    const refused = 'This password is too common. Please choose a less predictable password';
    const register = endpoint(endpoints.ssoRegister, {
      status: 400,
      msg: refused,
      code: 'PASSWORD_TOO_COMMON',
      errors: [{ field: 'password', msg: refused }],
    });
    const { user, router } = await renderSso(LINK);
    const dialog = await choosePassword(user, 'Password@1');
    await waitFor(() => expect(signUp()).toBeEnabled());
    await user.click(signUp());

    expect(await within(dialog).findByText(refused)).toBeInTheDocument();
    // Once: under the field, not also as a toast.
    expect(screen.getAllByText(refused)).toHaveLength(1);
    expect(within(dialog).getByLabelText('Password')).toHaveValue('');
    expect(router.state.location.pathname).toBe('/sso');

    endpoint(endpoints.ssoRegister, { data: EXISTING });
    await user.type(within(dialog).getByLabelText('Password'), 'Partner#2024');
    await user.clear(within(dialog).getByLabelText('Confirm password'));
    await user.type(within(dialog).getByLabelText('Confirm password'), 'Partner#2024');
    await waitFor(() => expect(signUp()).toBeEnabled());
    await user.click(signUp());
    expect(await arrivedAt()).toMatchObject({ routeId: 'auth.orgs' });
    expect(register.bodies).toHaveLength(1);
  });

  it('registration fails: shows the error and goes to /login', async () => {
    endpoint(endpoints.ssoLogin, { data: NEW_USER });
    endpoint(endpoints.ssoRegister, {
      status: 401,
      msg: 'Your sign-in request has expired. Please sign in again from your application',
    });
    const { user, session } = await renderSso(LINK);
    await choosePassword(user);
    await waitFor(() => expect(signUp()).toBeEnabled());
    await user.click(signUp());
    expect(
      await screen.findByText('Your sign-in request has expired. Please sign in again from your application'),
    ).toBeInTheDocument();
    expect(await arrivedAt()).toMatchObject({ routeId: 'auth.login', pathname: '/login' });
    expect(session.isUserLoggedIn).toBe(false);
  });

  it("registration answers 500: 'Please try again' and /login", async () => {
    endpoint(endpoints.ssoLogin, { data: NEW_USER });
    endpoint(endpoints.ssoRegister, { status: 500, msg: 'stack trace' });
    const { user } = await renderSso(LINK);
    await choosePassword(user);
    await waitFor(() => expect(signUp()).toBeEnabled());
    await user.click(signUp());
    expect(await screen.findByText('Please try again')).toBeInTheDocument();
    expect(screen.queryByText('stack trace')).toBeNull();
    expect(await arrivedAt()).toMatchObject({ routeId: 'auth.login' });
  });

  it('SSO login refused: shows the server message and goes to /login', async () => {
    endpoint(endpoints.ssoLogin, {
      status: 401,
      msg: 'This sign-in request has already been used. Please sign in again from your application',
    });
    const { session } = await renderSso(LINK);
    expect(
      await screen.findByText(
        'This sign-in request has already been used. Please sign in again from your application',
      ),
    ).toBeInTheDocument();
    expect(await arrivedAt()).toMatchObject({ routeId: 'auth.login', pathname: '/login', search: '' });
    expect(session.isUserLoggedIn).toBe(false);
  });

  it('a link without token or applicationId: says so and goes to /login without asking the server', async () => {
    // No handler: a request would fail the test (onUnhandledRequest: 'error').
    await renderSso('/sso?applicationId=partner-crm');
    expect(
      await screen.findByText('This sign-in link is incomplete. Please sign in again from your application'),
    ).toBeInTheDocument();
    expect(await arrivedAt()).toMatchObject({ routeId: 'auth.login' });
  });

  it('speaks French', async () => {
    endpoint(endpoints.ssoLogin, { data: NEW_USER, delayMs: 300 });
    await renderSso(LINK, { language: 'fr' });
    expect(await screen.findByText('Validation de la demande...')).toBeInTheDocument();
    expect(await screen.findByRole('dialog', { name: 'Bienvenue !' })).toBeInTheDocument();
    expect(screen.getByText('Création du compte...')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Créer mon compte' })).toBeInTheDocument();
  });
});
