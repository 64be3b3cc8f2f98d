import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { apiCreateOrganization, apiLogin, createVerifiedAccount, uniqueName } from './support/accounts';
import { DIALOGS, expectNoSeriousViolations } from './support/axe';
import { waitForMail } from './support/mailbox';
import type { OwnServer } from './support/own-server';
import { startLocalhostServer, virtualAuthenticator } from './support/passkey-origin';
import { logOut } from './support/user-menu';

// One worker runs this file whole: its tests share the server it starts once.
test.describe.configure({ mode: 'default' });

/**
 * Recovery codes (issue #36 item 2, docs/recovery-codes.md) in Chromium with its virtual authenticator: the first
 * passkey makes and shows the first set, 2FA goes on, the passkey is lost (the virtual authenticator removed), and
 * the user signs in with the password and a recovery code. WebAuthn refuses IP addresses, so this journey runs its
 * own server on `localhost`, as e2e/passkeys.spec.ts does.
 */
let server: OwnServer | undefined;
let origin: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const started = await startLocalhostServer('E2E_RECOVERY_CODES_PORT');
  server = started;
  origin = started.origin;
});

test.afterAll(() => server?.stop());

test('add a passkey and save the codes, lose the passkey, sign in with the password and a recovery code', async ({
  page,
  playwright,
}) => {
  test.setTimeout(360_000);
  const api = await playwright.request.newContext({ baseURL: origin });
  const account = await createVerifiedAccount(api, 'recovery');
  // A business organisation beside the personal account: the organisation step asks which one.
  await apiCreateOrganization(api, await apiLogin(api, account), uniqueName('Recovery Org'));
  const cdp = await page.context().newCDPSession(page);
  const authenticatorId = await virtualAuthenticator(cdp);
  const personalAccount = () =>
    page.getByRole('button', { name: `${account.firstName} ${account.lastName} Owner` });
  const signIn = async () => {
    await page.getByRole('textbox', { name: 'Email' }).fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
  };

  await page.goto(`${origin}/login`);
  await signIn();
  await expect(page).toHaveURL(/\/orgs(\?|$)/);
  await personalAccount().click();
  await expect(page).not.toHaveURL(/\/(login|orgs)(\?|$)/, { timeout: 15_000 });

  // No second factor yet: nothing to make.
  await page.goto(`${origin}/user/security`);
  const recovery = page.getByRole('region', { name: 'Recovery codes' });
  await expect(
    recovery.getByText('Turn on two-factor authentication or add a passkey to get recovery codes.'),
  ).toBeVisible({ timeout: 90_000 }); // the first load of the page's route

  // The first second factor: the first set is made and shown at once.
  const passkeys = page.getByRole('region', { name: 'Passkeys' });
  await passkeys.getByRole('button', { name: 'Add a passkey' }).click();
  const add = page.getByRole('dialog', { name: 'Add a passkey' });
  await add.getByRole('textbox', { name: 'Passkey name' }).fill('Lost laptop');
  await add.getByRole('button', { name: 'Continue' }).click();
  const shown = page.getByRole('dialog', { name: 'Save your recovery codes' });
  await expect(shown).toBeVisible({ timeout: 15_000 });
  await expectNoSeriousViolations(page, { include: DIALOGS });
  const codes = await shown
    .getByRole('list', { name: 'Your recovery codes' })
    .getByRole('listitem')
    .allTextContents();
  expect(codes).toHaveLength(10);
  for (const code of codes) expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{5}-[0-9a-hjkmnp-tv-z]{5}$/);

  const download = page.waitForEvent('download');
  await shown.getByRole('button', { name: 'Download' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('recovery-codes.txt');
  const saved = await readFile((await file.path())!, 'utf8');
  for (const code of codes) expect(saved).toContain(code);
  await shown.getByRole('button', { name: 'I have saved them' }).click();
  await expect(shown).toBeHidden();
  await expect(recovery.getByTestId('recovery-codes-left')).toContainText('Codes left: 10 of 10');
  await expectNoSeriousViolations(page);

  // Two-factor authentication on: a password login now asks for a second step. The set stays.
  await page.getByRole('button', { name: 'Enable' }).click();
  const enable = page.getByRole('dialog', { name: 'Enable two-factor authentication?' });
  await enable.getByRole('button', { name: 'Enable' }).click();
  await expect(page.getByTestId('two-factor-status')).toHaveText('Enabled');
  await expect(recovery.getByTestId('recovery-codes-left')).toContainText('Codes left: 10 of 10');

  // The passkey is lost with its device.
  await cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId });
  await logOut(page);
  await signIn();
  await expect(page).toHaveURL(/\/security-verification(\?|$)/);
  await page.getByRole('radio', { name: 'Recovery code' }).check();
  await page.getByRole('button', { name: 'Proceed' }).click();
  await expect(page.getByText(/^Use a recovery code:/)).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.getByRole('textbox', { name: 'Recovery code' }).fill(codes[3]!.toUpperCase());
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/orgs(\?|$)/, { timeout: 15_000 });

  // The owner hears of it, and the page counts one fewer.
  const notice = await waitForMail(api, account.email, (m) => m.text.includes('A recovery code was used'));
  expect(notice.text).toContain('Recovery codes left: 9.');
  await personalAccount().click();
  await expect(page).not.toHaveURL(/\/(login|orgs)(\?|$)/, { timeout: 15_000 });
  await page.goto(`${origin}/user/security`);
  // A full page load: its route loads again, which takes long on a loaded machine.
  await expect(recovery.getByTestId('recovery-codes-left')).toContainText('Codes left: 9 of 10', {
    timeout: 90_000,
  });

  // A used code does not work twice.
  await logOut(page);
  await signIn();
  await page.getByRole('radio', { name: 'Recovery code' }).check();
  await page.getByRole('button', { name: 'Proceed' }).click();
  await page.getByRole('textbox', { name: 'Recovery code' }).fill(codes[3]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('This recovery code is not valid or was already used')).toBeVisible();
  await expect(page).toHaveURL(/\/security-verification(\?|$)/);
  await api.dispose();
});
