import { expect, test, type Page } from '@playwright/test';
import { uniqueEmail } from './support/mailbox';

/** Demo data of server/seed/sso-demo-data.ts (the e2e server seeds a fresh database). */
const APPS = { crm: 'Partner CRM', hr: 'Partner HR (password step)' };
const MEMBER = 'sso.member@example.com';
const BLOCKED = 'sso.blocked@example.com';
const DEMO_PASSWORD = 'Demo@1234';

const SSO_LOGIN_CALL = 'request: POST /v1/sso/login';

/** Every address the page's main frame showed (history API changes included), and when the SSO call left. */
function recordAddresses(page: Page): string[] {
  const seen: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) seen.push(frame.url());
  });
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/v1/sso/login') seen.push(SSO_LOGIN_CALL);
  });
  return seen;
}

/** What a partner application does: sign a token for this user and send the browser to the portal's /sso. */
async function arriveFromPartner(
  page: Page,
  application: string,
  email: string,
  names: { given?: string; family?: string } = {},
) {
  await page.goto('/dev/partner');
  await page.getByLabel('Application').selectOption({ label: application });
  await page.getByLabel('Email').fill(email);
  if (names.given) await page.getByLabel('First name (optional)').fill(names.given);
  if (names.family) await page.getByLabel('Last name (optional)').fill(names.family);
  await page.getByRole('button', { name: 'Sign in to the portal' }).click();
}

/**
 * The partner's redirect necessarily shows the token when the page loads. From the first clean /sso address on,
 * no address holds it, and the SSO call leaves only after the address was cleaned.
 */
function expectTokenGoneBeforeTheCall(seen: string[]) {
  const addresses = seen.filter((entry) => entry !== SSO_LOGIN_CALL);
  const arrived = addresses.findIndex(
    (url) => new URL(url).pathname === '/sso' && new URL(url).searchParams.has('token'),
  );
  expect(arrived, seen.join('\n')).toBeGreaterThanOrEqual(0);
  const cleaned = seen.findIndex(
    (entry) => entry !== SSO_LOGIN_CALL && new URL(entry).pathname === '/sso' && new URL(entry).search === '',
  );
  expect(cleaned, seen.join('\n')).toBeGreaterThan(0);
  expect(seen.indexOf(SSO_LOGIN_CALL)).toBeGreaterThan(cleaned);
  for (const url of seen.slice(cleaned).filter((entry) => entry !== SSO_LOGIN_CALL)) {
    expect(new URL(url).searchParams.has('token'), url).toBe(false);
  }
}

test.describe('partner single sign-on', () => {
  test('a new user sets a password (terms shown) and reaches /orgs; the token leaves the address bar', async ({
    page,
  }) => {
    const addresses = recordAddresses(page);
    const email = uniqueEmail('sso-new');
    await arriveFromPartner(page, APPS.crm, email, { given: 'Nina', family: 'Newcomer' });

    const dialog = page.getByRole('dialog', { name: 'Welcome!' });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(/\/sso$/);
    await expect(dialog.getByText(email)).toBeVisible();
    await expect(page.getByText('Registering account...')).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Terms and Conditions' })).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Privacy Policy' })).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Privacy Collection Notice' })).toBeVisible();

    const signUp = dialog.getByRole('button', { name: 'Sign up' });
    await expect(signUp).toBeDisabled();
    await dialog.getByLabel('Password', { exact: true }).fill('Partner#2024e2e');
    await dialog.getByLabel('Confirm password').fill('Partner#2024e2e');
    await expect(signUp).toBeEnabled();
    const reachedOrgs = page.waitForURL((url) => url.pathname === '/orgs');
    await signUp.click();
    await reachedOrgs;

    // Logged in: the organisation screen enters the new personal account and goes on to the portal.
    await page.waitForURL((url) => url.pathname === '/dashboard', { timeout: 15_000 });
    expectTokenGoneBeforeTheCall(addresses);
    expect(page.url()).not.toContain('token');

    // The chosen password works at the normal login too.
    await page.evaluate(() => window.localStorage.clear());
    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('Partner#2024e2e');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL((url) => url.pathname === '/orgs' || url.pathname === '/dashboard');
  });

  test('a password-required user enters the password on /sso-login and reaches /orgs', async ({ page }) => {
    const addresses = recordAddresses(page);
    await arriveFromPartner(page, APPS.hr, MEMBER);

    await expect(page.getByRole('heading', { name: 'Please enter your credentials' })).toBeVisible();
    await expect(page).toHaveURL(/\/sso-login$/);
    const email = page.getByLabel('Email');
    await expect(email).toHaveValue(MEMBER);
    await expect(email).toHaveAttribute('readonly', '');
    const login = page.getByRole('button', { name: 'Log in' });
    await expect(login).toBeDisabled();

    await page.getByLabel('Password', { exact: true }).fill('Wrong#12345');
    await login.click();
    await expect(page.getByText('Invalid email or password')).toBeVisible();
    await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');

    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    const reachedOrgs = page.waitForURL((url) => url.pathname === '/orgs');
    await page.getByRole('button', { name: 'Log in' }).click();
    await reachedOrgs;
    await page.waitForURL((url) => url.pathname === '/dashboard', { timeout: 15_000 });
    expectTokenGoneBeforeTheCall(addresses);
  });

  test('a blocked user sees the blocked message and ends at the application redirect URL', async ({
    page,
  }) => {
    const addresses = recordAddresses(page);
    await arriveFromPartner(page, APPS.crm, BLOCKED);

    await expect(page.getByText('Your account is blocked. Please contact admin').first()).toBeVisible();
    await expect(page).toHaveURL(/\/sso$/);
    await page.waitForURL(
      (url) => url.pathname === '/dev/partner' && url.searchParams.get('returned') === 'partner-crm',
    );
    await expect(page.getByText('Back at Partner CRM: the portal sent you here.')).toBeVisible();
    expectTokenGoneBeforeTheCall(addresses);
    expect(await page.evaluate(() => window.localStorage.getItem('portal-session'))).toBeNull();
  });

  test('a replayed partner link is refused and lands on /login', async ({ page }) => {
    await page.goto('/dev/partner');
    await page.getByLabel('Application').selectOption({ label: APPS.crm });
    await page.getByLabel('Email').fill(MEMBER);
    // Capture the link the partner sends, use it once, then again.
    const [response] = await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname === '/dev/partner/launch'),
      page.getByRole('button', { name: 'Sign in to the portal' }).click(),
    ]);
    const link = response.headers()['location']!;
    await page.waitForURL((url) => url.pathname === '/dashboard' || url.pathname === '/orgs', {
      timeout: 15_000,
    });

    // Signed in now: the portal asks before a link may replace the session (login CSRF), then the server refuses it.
    await page.goto(link);
    await expect(page.getByText('The account signed in on this browser will be signed out.')).toBeVisible();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(
      page.getByText(
        'This sign-in request has already been used. Please sign in again from your application',
      ),
    ).toBeVisible();
    await page.waitForURL((url) => url.pathname === '/login');
  });
});
