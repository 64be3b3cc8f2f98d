import { expect, test } from '@playwright/test';
import { apiCreateOrganization, apiLogin, createVerifiedAccount, uniqueName } from './support/accounts';
import { DIALOGS, expectNoSeriousViolations } from './support/axe';
import type { OwnServer } from './support/own-server';
import { startLocalhostServer, virtualAuthenticator } from './support/passkey-origin';
import { putAwayFirstRecoveryCodes } from './support/recovery-codes';
import { logOut } from './support/user-menu';

// One worker runs this file whole: its tests share the server it starts once.
test.describe.configure({ mode: 'default' });

/**
 * Passkeys (issue #36 item 1, docs/passkeys.md) in Chromium with its virtual authenticator (the DevTools protocol's
 * WebAuthn domain): add a passkey on the security page, log out, sign in with it and no password, and land on the
 * organisation step. Browsers refuse WebAuthn on an IP address, and the suite's server is on 127.0.0.1: this
 * journey runs a server of its own whose PUBLIC_URL (hence the relying party) is `localhost`.
 */
let server: OwnServer;
let origin: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const started = await startLocalhostServer('E2E_PASSKEYS_PORT');
  server = started;
  origin = started.origin;
});

test.afterAll(() => server?.stop());

test('add a passkey, log out, sign in with it and no password, and land on the organisation step', async ({
  page,
  playwright,
}) => {
  test.setTimeout(120_000);
  const api = await playwright.request.newContext({ baseURL: origin });
  const account = await createVerifiedAccount(api, 'passkey');
  // A business organisation beside the personal account: the organisation step asks which one.
  await apiCreateOrganization(api, await apiLogin(api, account), uniqueName('Passkey Org'));
  // The personal account's button on the organisation step: its owner's name, then the role.
  const personalAccount = () =>
    page.getByRole('button', { name: `${account.firstName} ${account.lastName} Owner` });
  const cdp = await page.context().newCDPSession(page);
  const authenticatorId = await virtualAuthenticator(cdp);

  await page.goto(`${origin}/login`);
  await page.getByRole('textbox', { name: 'Email' }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/orgs(\?|$)/);
  await personalAccount().click();
  await expect(page).not.toHaveURL(/\/(login|orgs)(\?|$)/, { timeout: 15_000 });

  // The password was just proven: adding a passkey asks nothing more.
  await page.goto(`${origin}/user/security`);
  const panel = page.getByRole('region', { name: 'Passkeys' });
  await expect(panel.getByText('You have no passkeys yet.')).toBeVisible();
  await expectNoSeriousViolations(page);
  await panel.getByRole('button', { name: 'Add a passkey' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a passkey' });
  await expectNoSeriousViolations(page, { include: DIALOGS });
  await dialog.getByRole('textbox', { name: 'Passkey name' }).fill('Journey laptop');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Passkey added')).toBeVisible();
  await expect(dialog).toBeHidden();
  await putAwayFirstRecoveryCodes(page);
  const row = panel.getByRole('listitem', { name: /Journey laptop/ });
  await expect(row).toContainText('This device only');
  await expect(row).toContainText('never used');
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]!.isResidentCredential).toBe(true);

  const organisationStep = async () => {
    await expect(page).toHaveURL(/\/orgs(\?|$)/, { timeout: 15_000 });
    await expect(
      page.getByRole('heading', { level: 1, name: 'Select the account you want to use today' }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: /Passkey Org/ })).toBeVisible();
  };

  // The browser's passkey autofill on the email field (conditional mediation): Chromium's virtual authenticator
  // answers it by itself, as a user picking the suggestion would. No password typed; the organisation step follows.
  await logOut(page);
  await organisationStep();
  await personalAccount().click();
  await expect(page).not.toHaveURL(/\/(login|orgs)(\?|$)/, { timeout: 15_000 });

  // The button, in a browser without passkey autofill.
  await page.addInitScript(() => {
    Object.defineProperty(PublicKeyCredential, 'isConditionalMediationAvailable', {
      value: async () => false,
    });
  });
  await logOut(page);
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveAttribute(
    'autocomplete',
    'username webauthn',
  );
  await expectNoSeriousViolations(page);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await organisationStep();
  await expect(page.getByRole('textbox', { name: 'Password' })).toHaveCount(0);

  // The security page says when it was last used.
  await personalAccount().click();
  await expect(page).not.toHaveURL(/\/(login|orgs)(\?|$)/, { timeout: 15_000 });
  await page.goto(`${origin}/user/security`);
  await expect(panel.getByRole('listitem', { name: /Journey laptop/ })).toContainText('last used');
  await api.dispose();
});
