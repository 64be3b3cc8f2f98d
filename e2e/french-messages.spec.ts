import { expect, test, type Page } from '@playwright/test';
import { createVerifiedAccount, newAccount, uniquePassword, waitForNewMail } from './support/accounts';
import { linkTo } from './support/mailbox';

/**
 * The server's own messages in a French interface (docs/server-messages.md): the portal sends its language with
 * every call and the server answers, and mails, in it. Each journey switches the auth layout to French first;
 * the choice persists, so the screens after login are French too.
 */

const path = (pathname: string) => (url: URL) => url.pathname === pathname;

/** The server's French texts (locales/fr/server.json, core.json) and their English originals, which must not show. */
const SERVER = {
  invalidCredentials: { fr: 'Adresse e-mail ou mot de passe incorrect', en: 'Invalid email or password' },
  tooCommon: {
    fr: 'Ce mot de passe est trop courant. Veuillez choisir un mot de passe moins prévisible',
    en: 'This password is too common. Please choose a less predictable password',
  },
  passwordChanged: { fr: 'Mot de passe modifié avec succès', en: 'Password changed successfully' },
  verifyMailSubject: 'Vérifiez votre adresse e-mail',
};

async function openLoginInFrench(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Language').selectOption('fr');
  await expect(page.getByRole('heading', { level: 1, name: 'Connexion' })).toBeVisible();
}

async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
}

test.describe('server messages in French', () => {
  test('a refused login says why in French', async ({ page, request }) => {
    const account = await createVerifiedAccount(request, 'refus');
    await openLoginInFrench(page);
    await submitLogin(page, account.email, `${account.password}x`);

    await expect(page.getByText(SERVER.invalidCredentials.fr)).toBeVisible();
    await expect(page.getByText(SERVER.invalidCredentials.en)).toHaveCount(0);
    await expect(page).toHaveURL(/\/login$/);
  });

  test('sign-up refuses a too common password in French, then mails the verification link in French', async ({
    page,
    request,
  }) => {
    const account = newAccount('courant', 'Zoé', 'Lefèvre');
    await openLoginInFrench(page);
    await page.getByRole('link', { name: 'Créer un compte' }).click();
    await page.waitForURL(path('/sign-up'));
    await expect(page.getByRole('heading', { level: 1, name: 'Créez votre compte' })).toBeVisible();
    await page.getByLabel('Prénom', { exact: true }).fill(account.firstName);
    await page.getByLabel('Nom', { exact: true }).fill(account.lastName);
    await page.getByLabel('E-mail', { exact: true }).fill(account.email);
    // Meets every format rule, so only the server's common-password list refuses it.
    await page.getByLabel('Mot de passe', { exact: true }).fill('Password1!');
    await page.getByLabel('Confirmer le mot de passe', { exact: true }).fill('Password1!');
    await page.getByRole('button', { name: 'Créer mon compte' }).click();

    await expect(page.getByText(SERVER.tooCommon.fr).first()).toBeVisible();
    await expect(page.getByText(SERVER.tooCommon.en)).toHaveCount(0);
    await expect(page).toHaveURL(/\/sign-up$/);

    const password = uniquePassword();
    await page.getByLabel('Mot de passe', { exact: true }).fill(password);
    await page.getByLabel('Confirmer le mot de passe', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Créer mon compte' }).click();
    await page.waitForURL(path('/email-confirmation'));
    await expect(
      page.getByRole('heading', { level: 1, name: 'Vérifiez votre boîte de réception' }),
    ).toBeVisible();

    const mail = await waitForNewMail(request, account.email, SERVER.verifyMailSubject);
    expect(mail.text).toContain(`Bonjour ${account.firstName},`);
    expect(mail.text).toContain('Le lien est valable 24 heures.');
    expect(mail.html).toContain('<html lang="fr">');
    await page.goto(linkTo(mail, '/email-verification'));
    await expect(page.getByRole('heading', { level: 1, name: 'Adresse e-mail vérifiée' })).toBeVisible();
  });

  test('a password change is confirmed in French', async ({ page, request }) => {
    const account = await createVerifiedAccount(request, 'changement');
    const newPassword = uniquePassword();
    await openLoginInFrench(page);
    await submitLogin(page, account.email, account.password);
    await page.waitForURL(path('/dashboard/apps'), { timeout: 15_000 });

    await page.goto('/user/security');
    await expect(page.getByRole('heading', { name: 'Changer votre mot de passe' })).toBeVisible();
    await page.getByLabel('Mot de passe actuel', { exact: true }).fill(account.password);
    await page.getByLabel('Nouveau mot de passe', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirmer le mot de passe', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Changer', exact: true }).click();

    await expect(page.getByText(SERVER.passwordChanged.fr)).toBeVisible();
    await expect(page.getByText(SERVER.passwordChanged.en)).toHaveCount(0);
    await expect(page.getByLabel('Mot de passe actuel', { exact: true })).toHaveValue('');
  });
});

test.describe("the libraries' own texts in French", () => {
  test("the identity form's date picker speaks French: antd follows the language too", async ({
    page,
    request,
  }) => {
    const account = await createVerifiedAccount(request, 'invite');
    await openLoginInFrench(page);
    await submitLogin(page, account.email, account.password);
    await page.waitForURL(path('/dashboard/apps'), { timeout: 15_000 });

    await page.goto('/account/kyc');
    await page.getByLabel('Date de naissance', { exact: true }).click({ timeout: 30_000 });
    // antd's own French texts (core/theme/library-locales.ts); English is "Today".
    await expect(
      page.locator('.ant-picker-dropdown:visible').getByText("Aujourd'hui", { exact: true }),
    ).toBeVisible();
  });
});
