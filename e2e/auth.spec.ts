import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  createVerifiedAccount,
  mailIds,
  newAccount,
  uniquePassword,
  waitForNewMail,
  type TestAccount,
} from './support/accounts';
import { codeIn, linkTo } from './support/mailbox';
import { DIALOGS, expectNoSeriousViolations } from './support/axe';

/**
 * The authentication journeys of the auth plugin (issue 4) in real Chromium against the real server, reading
 * mail from the dev mailbox. Journeys that change an account sign up their own; the demo accounts they use
 * (server/README.md) are only read, or take part in a one-off step (the seeded invitations) no other spec uses.
 */

const DEMO_PASSWORD = 'Demo@1234';
const ACME = '11111111-1111-4111-8111-000000000001';
const GLOBEX = '11111111-1111-4111-8111-000000000002';
const INVITE_NEW_USER = `/invite?orgId=${ACME}&invitationId=22222222-2222-4222-8222-000000000001`;
const INVITE_BOB = `/invite?orgId=${GLOBEX}&invitationId=22222222-2222-4222-8222-000000000002`;

/** What a person reads and clicks on the way, per language (locales/<lang>/auth.json, core.json, apps.json). */
const TEXTS = {
  en: {
    loginTitle: 'Log in',
    loginButton: 'Log in',
    signUpLink: 'Sign up',
    signUpTitle: 'Create your account',
    signUpButton: 'Sign up',
    firstName: 'First name',
    lastName: 'Last name',
    email: 'Email',
    password: 'Password',
    confirmPassword: 'Confirm password',
    confirmationTitle: 'Check your email',
    sentTo: (email: string) => `We have sent a verification link to ${email}.`,
    backToLogin: 'Back to login',
    unverifiedNotice: 'Please verify your email address to continue',
    verifyMailSubject: 'Verify your email',
    verified: 'Email account verified',
    goToLogin: 'Go to login',
    orgsTitle: 'Select the account you want to use today',
    personal: 'Personal account',
    dashboardTitle: 'Document Collaboration Apps',
    personalContext: 'Personal account · Owner',
    owner: 'Owner',
  },
  fr: {
    loginTitle: 'Connexion',
    loginButton: 'Se connecter',
    signUpLink: 'Créer un compte',
    signUpTitle: 'Créez votre compte',
    signUpButton: 'Créer mon compte',
    firstName: 'Prénom',
    lastName: 'Nom',
    email: 'E-mail',
    password: 'Mot de passe',
    confirmPassword: 'Confirmer le mot de passe',
    confirmationTitle: 'Vérifiez votre boîte de réception',
    sentTo: (email: string) => `Nous avons envoyé un lien de vérification à ${email}.`,
    backToLogin: 'Retour à la connexion',
    // The server's msg, written in the language the portal sends (docs/server-messages.md).
    unverifiedNotice: 'Veuillez vérifier votre adresse e-mail pour continuer',
    verifyMailSubject: 'Vérifiez votre adresse e-mail',
    verified: 'Adresse e-mail vérifiée',
    goToLogin: 'Aller à la connexion',
    orgsTitle: "Sélectionnez le compte que vous souhaitez utiliser aujourd'hui",
    personal: 'Compte personnel',
    dashboardTitle: 'Applications de collaboration documentaire',
    personalContext: 'Compte personnel · Propriétaire',
    owner: 'Propriétaire',
  },
} as const;

type Texts = (typeof TEXTS)[keyof typeof TEXTS];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const path = (pathname: string) => (url: URL) => url.pathname === pathname;

/** Fills the login form already on screen and submits it. */
async function submitLogin(
  page: Page,
  email: string,
  password: string,
  texts: Texts = TEXTS.en,
): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: texts.loginTitle })).toBeVisible();
  await page.getByLabel(texts.email, { exact: true }).fill(email);
  await page.getByLabel(texts.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: texts.loginButton, exact: true }).click();
}

/** The organisation screen, reached after a login. */
async function expectOrgsScreen(page: Page, texts: Texts = TEXTS.en): Promise<void> {
  await page.waitForURL(path('/orgs'));
  await expect(page.getByRole('heading', { level: 1, name: texts.orgsTitle })).toBeVisible();
}

/** The account's button on the organisation screen (its name, then its role). */
function accountButton(page: Page, name: string | RegExp) {
  return page.getByRole('button', { name });
}

/** The landing route: /dashboard, which redirects to the app list. */
async function expectDashboard(page: Page, context: string | RegExp, texts: Texts = TEXTS.en): Promise<void> {
  await page.waitForURL(path('/dashboard/apps'), { timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 1, name: texts.dashboardTitle })).toBeVisible();
  await expect(page.getByText(context, { exact: true })).toBeVisible();
}

/**
 * docs/sign-in-and-accounts.md Login, docs/screens-and-routes.md email-confirmation and email-verification, docs/sign-in-and-accounts.md Organisation selection: a new user signs
 * up through the screens, is kept at email-confirmation until the mailed link is opened, then logs in and
 * reaches the dashboard through the personal account (the only one, so the screen enters it by itself).
 */
async function signUpVerifyAndLogIn(
  page: Page,
  request: APIRequestContext,
  account: TestAccount,
  texts: Texts,
): Promise<void> {
  await page.getByRole('link', { name: texts.signUpLink }).click();
  await page.waitForURL(path('/sign-up'));
  await expect(page.getByRole('heading', { level: 1, name: texts.signUpTitle })).toBeVisible();
  await page.getByLabel(texts.firstName, { exact: true }).fill(account.firstName);
  await page.getByLabel(texts.lastName, { exact: true }).fill(account.lastName);
  await page.getByLabel(texts.email, { exact: true }).fill(account.email);
  await page.getByLabel(texts.password, { exact: true }).fill(account.password);
  await page.getByLabel(texts.confirmPassword, { exact: true }).fill(account.password);
  await page.getByRole('button', { name: texts.signUpButton }).click();

  await page.waitForURL(path('/email-confirmation'));
  await expect(page.getByRole('heading', { level: 1, name: texts.confirmationTitle })).toBeVisible();
  await expect(page.getByText(texts.sentTo(account.email))).toBeVisible();

  // Not verified yet: the login leads back to the same screen instead of into the portal.
  await page.getByRole('link', { name: texts.backToLogin }).click();
  await page.waitForURL(path('/login'));
  await submitLogin(page, account.email, account.password, texts);
  await page.waitForURL(path('/email-confirmation'));
  await expect(page.getByRole('heading', { level: 1, name: texts.confirmationTitle })).toBeVisible();
  await expect(page.getByText(texts.sentTo(account.email))).toBeVisible();
  await expect(page.getByText(texts.unverifiedNotice)).toBeVisible();
  // No session either: a protected page still sends the user to login.
  await page.goto('/dashboard/apps');
  await page.waitForURL(path('/login'));

  const mail = await waitForNewMail(request, account.email, texts.verifyMailSubject);
  await page.goto(linkTo(mail, '/email-verification'));
  await expect(page.getByRole('heading', { level: 1, name: texts.verified })).toBeVisible();
  // The single-use token has left the address bar.
  expect(new URL(page.url()).search).toBe('');
  await page.getByRole('button', { name: texts.goToLogin }).click();
  await page.waitForURL(path('/login'));

  await submitLogin(page, account.email, account.password, texts);
  await expectOrgsScreen(page, texts);
  await expect(page.getByRole('heading', { level: 2, name: texts.personal })).toBeVisible();
  // Being entered already (a lone personal account needs no click), so its name may start with the spinner's.
  await expect(
    accountButton(
      page,
      new RegExp(`${escapeRegExp(`${account.firstName} ${account.lastName}`)}\\s*${texts.owner}$`),
    ),
  ).toBeVisible();
  await expectDashboard(page, texts.personalContext, texts);
}

/** Logged out, on the login page, in the browser's fresh state. */
async function startAtLogin(page: Page): Promise<void> {
  await page.goto('/login');
  await page.waitForURL(path('/login'));
}

test.describe('authentication journeys', () => {
  test('a new user signs up, is held at email-confirmation until the mailed link verifies the address, then reaches the dashboard', async ({
    page,
    request,
  }) => {
    const account = newAccount('signup', 'Robin', 'Signup');
    await startAtLogin(page);
    await signUpVerifyAndLogIn(page, request, account, TEXTS.en);
  });

  test('the same sign-up and login journey in French', async ({ page, request }) => {
    const account = newAccount('inscription', 'Zoé', "D'Arcy");
    await startAtLogin(page);
    await page.getByLabel('Language').selectOption('fr');
    await expect(page.getByRole('heading', { level: 1, name: TEXTS.fr.loginTitle })).toBeVisible();
    await expect(page.getByLabel('Langue')).toHaveValue('fr');
    await signUpVerifyAndLogIn(page, request, account, TEXTS.fr);
    await expect(page.getByRole('heading', { level: 1, name: TEXTS.en.dashboardTitle })).toHaveCount(0);
  });

  test('forgot-password mails a reset link; the new password logs in and the old one no longer does', async ({
    page,
    request,
  }) => {
    const account = await createVerifiedAccount(request, 'reset');
    const newPassword = uniquePassword();
    await startAtLogin(page);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL(path('/forgot-password'));
    await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible();
    await page.getByLabel('Email', { exact: true }).fill(account.email);
    await page.getByRole('button', { name: 'Send instructions' }).click();
    await expect(
      page
        .getByRole('status')
        .getByText('If an account exists for this email, you will receive password reset instructions', {
          exact: true,
        }),
    ).toBeVisible();

    const mail = await waitForNewMail(request, account.email, 'Reset your password');
    await page.goto(linkTo(mail, '/reset-password'));
    await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
    expect(new URL(page.url()).search).toBe('');
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect(
      page.getByText('Your password has been reset. Please log in with your new password'),
    ).toBeVisible();
    await page.waitForURL(path('/login'));

    await submitLogin(page, account.email, account.password);
    await expect(page.getByText('Invalid email or password')).toBeVisible();
    await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');
    expect(new URL(page.url()).pathname).toBe('/login');

    await page.getByLabel('Password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expectOrgsScreen(page);
    await expectDashboard(page, TEXTS.en.personalContext);
  });

  test('an invited new user signs up with the invited, read-only address and enters the inviting organisation', async ({
    page,
  }) => {
    const password = uniquePassword();
    await page.goto(INVITE_NEW_USER);
    await page.waitForURL(path('/sign-up'));
    const query = new URL(page.url()).searchParams;
    expect(Object.fromEntries(query)).toEqual({
      emailId: 'new@example.com',
      orgId: ACME,
      invitationId: '22222222-2222-4222-8222-000000000001',
    });
    await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
    await expect(
      page.getByText('You have been invited to join an organisation. Create your account to accept.'),
    ).toBeVisible();
    const email = page.getByLabel('Email', { exact: true });
    await expect(email).toHaveValue('new@example.com');
    await expect(email).toHaveAttribute('readonly', '');

    await page.getByLabel('First name', { exact: true }).fill('Nora');
    await page.getByLabel('Last name', { exact: true }).fill('Newcomer');
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign up' }).click();
    // The invitation link proved the address: no verification mail, straight to login.
    await expect(page.getByText('Registration successful. You can now log in')).toBeVisible();
    await page.waitForURL(path('/login'));

    await submitLogin(page, 'new@example.com', password);
    await expectOrgsScreen(page);
    await expect(accountButton(page, /^Nora Newcomer/)).toBeVisible();
    await accountButton(page, /^Acme Pty Ltd\s*Member/).click();
    await expectDashboard(page, 'Acme Pty Ltd · Member');
  });

  test('an invited existing user accepts the invitation, logs in and can enter the new organisation', async ({
    page,
  }) => {
    await page.goto(INVITE_BOB);
    await expect(page.getByText('Invitation accepted. Please log in to continue')).toBeVisible();
    await page.waitForURL(path('/login'));

    await submitLogin(page, 'bob@example.com', DEMO_PASSWORD);
    await expectOrgsScreen(page);
    await expect(accountButton(page, /^Acme Pty Ltd\s*Member/)).toBeVisible();
    // The invitation's role; entering proves the server granted the membership (Globex enforces 2FA, Bob has none).
    await accountButton(page, /^Globex\s*Admin/).click();
    await expect(page.getByRole('dialog', { name: 'Two-factor authentication required' })).toBeVisible();
  });

  test('a user with email 2FA logs in through security-verification with the code from the mailbox', async ({
    page,
    request,
  }) => {
    const email = 'email2fa@example.com';
    await startAtLogin(page);
    await submitLogin(page, email, DEMO_PASSWORD);
    await page.waitForURL(path('/security-verification'));
    await expect(page.getByRole('heading', { level: 1, name: 'Security verification' })).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Email' })).toBeChecked();

    const before = await mailIds(request, email);
    await page.getByRole('button', { name: 'Proceed' }).click();
    await expect(page.getByText(`We sent a 6-digit code to ${email}.`)).toBeVisible();
    await expect(page.getByRole('button', { name: /^Resend code in \d+ s$/ })).toBeDisabled();
    const code = codeIn(await waitForNewMail(request, email, 'Your verification code', before));
    await page.getByRole('textbox', { name: 'Verification code' }).fill(code);
    await page.getByRole('button', { name: 'Verify' }).click();

    await expectOrgsScreen(page);
    // Globex enforces 2FA; this user has it, so no notice stands in the way.
    await accountButton(page, /^Globex\s*Member/).click();
    await expectDashboard(page, 'Globex · Member');
  });

  test('a disabled organisation is refused with its message; an organisation enforcing 2FA shows the notice', async ({
    page,
  }) => {
    await startAtLogin(page);
    await submitLogin(page, 'demo@example.com', DEMO_PASSWORD);
    await expectOrgsScreen(page);

    const initech = accountButton(page, /^Initech\s*Member\s*Disabled/);
    await initech.click();
    await expect(page.getByText('Account is disabled. Please contact admin')).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/orgs');
    await expect(initech).toBeEnabled();

    // Only shown, never answered: both answers would switch 2FA on for the shared demo user.
    await accountButton(page, /^Globex\s*Admin/).click();
    const notice = page.getByRole('dialog', { name: 'Two-factor authentication required' });
    await expect(notice).toBeVisible();
    await expect(notice.getByText(/^This organisation requires two-factor authentication\./)).toBeVisible();
    await expect(notice.getByRole('button', { name: 'Skip' })).toBeEnabled();
    await expect(notice.getByRole('button', { name: 'Proceed' })).toBeEnabled();
    await expectNoSeriousViolations(page, { include: DIALOGS });
    expect(new URL(page.url()).pathname).toBe('/orgs');
  });

  test('a protected URL visited while logged out is where the login ends (personal account chosen by itself)', async ({
    page,
    request,
  }) => {
    const account = await createVerifiedAccount(request, 'deeplink');
    await page.goto('/user/details');
    await page.waitForURL(path('/login'));
    expect(new URL(page.url()).searchParams.get('toUrl')).toBe('/user/details');

    await submitLogin(page, account.email, account.password);
    await page.waitForURL(path('/user/details'), { timeout: 15_000 });
    await expect(page.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(account.email);
  });

  test('a protected URL visited while logged out is where the login ends (organisation chosen on the screen)', async ({
    page,
  }) => {
    await page.goto('/user/security');
    await page.waitForURL(path('/login'));
    await submitLogin(page, 'demo@example.com', DEMO_PASSWORD);
    await expectOrgsScreen(page);
    await accountButton(page, /^Acme Pty Ltd\s*Owner/).click();
    await page.waitForURL(path('/user/security'), { timeout: 15_000 });
    await expect(page.getByRole('heading', { name: 'Change your password' })).toBeVisible();
  });
});
