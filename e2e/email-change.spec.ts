import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createVerifiedAccount, type TestAccount } from './support/accounts';
import { DIALOGS, expectNoSeriousViolations } from './support/axe';
import { linkTo, uniqueEmail, waitForMail } from './support/mailbox';

/**
 * Changing the login address (issue #36 item 3, docs/account-settings.md#changing-the-email-address): 'Change email'
 * on the profile sends a link to the new address, opening it from the mailbox makes the change and tells the old
 * address (with an undo link), and the account then signs in with the new address only.
 */

const AR = {
  email: 'البريد الإلكتروني',
  password: 'كلمة المرور',
  login: 'تسجيل الدخول',
  open: 'تغيير البريد الإلكتروني',
  newEmail: 'البريد الإلكتروني الجديد',
  send: 'إرسال الرابط',
  sentTitle: 'تحقّق من العنوان الجديد',
  changed: 'تم تغيير عنوان بريدك الإلكتروني',
};

async function logIn(
  page: Page,
  email: string,
  password: string,
  labels = { email: 'Email', password: 'Password', login: 'Log in' },
) {
  await page.getByRole('textbox', { name: labels.email, exact: true }).fill(email);
  await page.getByLabel(labels.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: labels.login, exact: true }).click();
  // A lone personal account is chosen by itself; the portal leaves the authentication screens.
  await expect(page).not.toHaveURL(/\/(login|orgs)(\?|$)/, { timeout: 60_000 });
}

/** Opens 'Change email' on the profile, asks for `newEmail`, and waits for 'Check the new address'. */
async function askForChange(
  page: Page,
  newEmail: string,
  texts = {
    open: 'Change email',
    newEmail: 'New email',
    send: 'Send link',
    sentTitle: 'Check the new address',
  },
) {
  await page.goto('/user/details');
  await page.getByRole('button', { name: texts.open }).click();
  const dialog = page.getByRole('dialog', { name: texts.open });
  await expect(dialog).toBeVisible();
  await expectNoSeriousViolations(page, { include: DIALOGS });
  await dialog.getByRole('textbox', { name: texts.newEmail }).fill(newEmail);
  await dialog.getByRole('button', { name: texts.send }).click();
  const sent = page.getByRole('dialog', { name: texts.sentTitle });
  await expect(sent.getByRole('status')).toContainText(newEmail);
  await expectNoSeriousViolations(page, { include: DIALOGS });
  return sent;
}

async function confirmLinkOf(request: APIRequestContext, to: string): Promise<string> {
  return linkTo(
    await waitForMail(request, to, (m) => m.links.some((l) => new URL(l).pathname === '/email-change')),
    '/email-change',
  );
}

test('change email through the mailbox, then sign in with the new address', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const account: TestAccount = await createVerifiedAccount(request, 'email-change');
  const newEmail = uniqueEmail('moved');
  await page.goto('/login');
  await logIn(page, account.email, account.password);

  const sent = await askForChange(page, newEmail);
  await expect(sent).toContainText('Open it within 60 minutes to finish the change.');
  await sent.getByRole('button', { name: 'Done' }).click();
  await expect(sent).toBeHidden();
  await expect(page.getByRole('button', { name: 'Change email' })).toBeFocused();

  // The link from the new address's mailbox, opened as a person would.
  const link = await confirmLinkOf(request, newEmail);
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Your email address is changed' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText(`From now on you sign in with ${newEmail}.`);
  // The token leaves the address bar at once.
  await expect(page).toHaveURL(/\/email-change$/);
  await expectNoSeriousViolations(page);

  // The old address is told, with a link to undo.
  const notice = await waitForMail(
    request,
    account.email,
    (m) => m.subject === 'The email address of your account was changed',
  );
  expect(notice.text).toContain(newEmail);
  expect(linkTo(notice, '/email-change/undo')).toContain('token=');

  // A fresh browser: the old address no longer signs in, the new one does.
  const fresh = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const visitor = await fresh.newPage();
  await visitor.goto('/login');
  await visitor.getByRole('textbox', { name: 'Email', exact: true }).fill(account.email);
  await visitor.getByLabel('Password', { exact: true }).fill(account.password);
  await visitor.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(visitor.getByText('Invalid email or password')).toBeVisible();
  await logIn(visitor, newEmail, account.password);
  await fresh.close();
});

test('the dialog and the link page in Arabic on a phone', async ({ page, request }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 400, height: 860 });
  const account = await createVerifiedAccount(request, 'email-change-ar');
  const newEmail = uniqueEmail('moved-ar');
  await page.goto('/login');
  await page.getByLabel('Language').selectOption('ar');
  await logIn(page, account.email, account.password, AR);
  await expect.poll(() => page.evaluate(() => document.dir)).toBe('rtl');

  const sent = await askForChange(page, newEmail, AR);
  // The address keeps its left-to-right order inside the Arabic sentence.
  await expect(sent.locator('bdi[dir="ltr"]')).toHaveText(newEmail);
  await page.keyboard.press('Escape');

  await page.goto(await confirmLinkOf(request, newEmail));
  await expect(page.getByRole('heading', { level: 1, name: AR.changed })).toBeVisible();
  await expect(page.locator('bdi[dir="ltr"]')).toHaveText(newEmail);
  // Nothing runs off the side of a phone's screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(400);
  await expectNoSeriousViolations(page);
});
