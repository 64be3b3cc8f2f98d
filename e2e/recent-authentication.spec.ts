import { expect, test, type Page } from '@playwright/test';
import { createVerifiedAccount, type TestAccount } from './support/accounts';
import { DIALOGS, expectNoSeriousViolations } from './support/axe';
import { waitForMail } from './support/mailbox';
import { startOwnServer, type OwnServer } from './support/own-server';

// One worker runs this file whole: its tests share the server it starts once.
test.describe.configure({ mode: 'default' });

/**
 * Recent authentication (issue #17 item 5, docs/two-factor.md#recent-authentication): turning two-factor
 * authentication off after the window has passed asks 'Confirm it's you', and the change goes through once the
 * password is proven. The suite's server keeps the 300 s default, so this journey runs a server of its own with a
 * 5-second window (REAUTH_WINDOW), the only way to let the window pass in a test of reasonable length.
 */
const WINDOW_SECONDS = 5;
let server: OwnServer;
let origin: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startOwnServer(
    { REAUTH_WINDOW: String(WINDOW_SECONDS), MAIL_MAX_PER_IP: '10000' },
    Number(process.env.E2E_REAUTH_PORT) || undefined,
  );
  origin = `http://127.0.0.1:${server.port}`;
});

test.afterAll(() => server?.stop());

async function logIn(page: Page, account: TestAccount): Promise<number> {
  await page.goto(`${origin}/login`);
  await page.getByRole('textbox', { name: 'Email' }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  const provenAt = Date.now();
  await page.getByRole('button', { name: 'Log in' }).click();
  // A lone personal account is chosen by itself; the portal leaves the authentication screens.
  await expect(page).not.toHaveURL(/\/(login|orgs)(\?|$)/, { timeout: 15_000 });
  return provenAt;
}

/** Until the password proven at `provenAt` is older than the server's window. */
async function letTheWindowPass(page: Page, provenAt: number): Promise<void> {
  const left = provenAt + WINDOW_SECONDS * 1000 + 1000 - Date.now();
  if (left > 0) await page.waitForTimeout(left);
}

async function switchTwoFactor(page: Page, to: 'Enable' | 'Disable'): Promise<void> {
  await page.getByRole('button', { name: to, exact: true }).click();
  const confirm = page.getByRole('dialog', { name: `${to} two-factor authentication?` });
  await expectNoSeriousViolations(page, { include: DIALOGS });
  await confirm.getByRole('button', { name: to, exact: true }).click();
}

test('turning 2FA off after the window asks for the password, then goes through and mails a notice', async ({
  page,
  playwright,
}) => {
  test.setTimeout(120_000);
  const api = await playwright.request.newContext({ baseURL: origin });
  const account = await createVerifiedAccount(api, 'reauth');
  const provenAt = await logIn(page, account);
  await page.goto(`${origin}/user/security`);
  const status = page.getByTestId('two-factor-status');
  await expect(status).toHaveText('Disabled');
  // Turning 2FA on only makes the account safer: no proof asked.
  await switchTwoFactor(page, 'Enable');
  await expect(status).toHaveText('Enabled');
  // The first second factor makes the first recovery codes (e2e/recovery-codes.spec.ts looks at them): shown at once
  // while the login is recent, else after "Confirm it's you", which this journey declines (the codes wait).
  const codes = page.getByRole('dialog', { name: 'Save your recovery codes' });
  const proof = page.getByRole('dialog', { name: "Confirm it's you" });
  await expect(codes.or(proof)).toBeVisible({ timeout: 15_000 });
  if (await proof.isVisible()) await proof.getByRole('button', { name: 'Cancel' }).click();
  else await codes.getByRole('button', { name: 'I have saved them' }).click();
  await expect(codes).toBeHidden();
  await expect(proof).toBeHidden();

  await letTheWindowPass(page, provenAt);
  await switchTwoFactor(page, 'Disable');
  const reauth = page.getByRole('dialog', { name: "Confirm it's you" });
  await expect(reauth).toBeVisible();
  await expect(reauth.getByText('For your security, enter your password to continue.')).toBeVisible();
  // 2FA is on: the email code is offered too; the password is the default.
  await expect(reauth.getByRole('radio', { name: 'Password' })).toBeChecked();
  await expect(reauth.getByRole('radio', { name: 'Email code' })).toBeVisible();
  await expectNoSeriousViolations(page, { include: DIALOGS });

  // Escape closes it and the change does not happen.
  await expect(reauth.getByLabel('Your password')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(reauth).toBeHidden();
  await expect(
    page.getByText("For your security, confirm it's you before changing this setting"),
  ).toBeVisible();
  await expect(status).toHaveText('Enabled');

  // Again, answered with the keyboard alone: a wrong password first, then the right one.
  await page
    .getByRole('dialog', { name: 'Disable two-factor authentication?' })
    .getByRole('button', { name: 'Disable' })
    .click();
  await expect(reauth).toBeVisible();
  await expect(reauth.getByLabel('Your password')).toBeFocused();
  await page.keyboard.type('Wrong!Pass9');
  await page.keyboard.press('Enter');
  await expect(reauth.getByText('Incorrect password')).toBeVisible();
  // The error text under the field keeps its contrast inside the dialog too.
  await expectNoSeriousViolations(page, { include: DIALOGS });
  await reauth.getByLabel('Your password').fill(account.password);
  await page.keyboard.press('Enter');

  await expect(reauth).toBeHidden();
  await expect(page.getByText('Two-factor authentication disabled')).toBeVisible();
  await expect(status).toHaveText('Disabled');
  const notice = await waitForMail(
    api,
    account.email,
    (m) => m.subject === 'Security notice for your account',
  );
  expect(notice.text).toContain('Two-factor authentication was turned off for your account.');
  await api.dispose();
});
