import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { createVerifiedAccount, mailIds, waitForNewMail, type TestAccount } from './support/accounts';
import { DIALOGS, expectNoSeriousViolations } from './support/axe';
import { COLD_APP_LAYOUT_MS } from './support/portal-config';
import { expectAreaPage } from './support/area-page';

/**
 * "Your data and leaving" (issue #36 items 4 and 5, docs/account-settings.md) in Chromium against the real server:
 * a user asks for a copy of their data, is mailed when it is ready, downloads the JSON file and finds their own
 * sign-in in it; another user deletes their account and can no longer sign in. Each journey signs up its own account.
 */

async function logIn(page: Page, account: TestAccount): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
}

/**
 * A new account has only its personal account: the organisation step enters it and the dashboard shows, so the
 * organisation's session is stored before the next page load. Cold app pages on a busy machine take a while.
 */
const APP_PAGE_MS = 3 * COLD_APP_LAYOUT_MS;
async function logInToDashboard(page: Page, account: TestAccount): Promise<void> {
  await logIn(page, account);
  await page.waitForURL(/\/dashboard\/apps$/, { timeout: APP_PAGE_MS });
}

test.describe('your data', () => {
  test('a user downloads a copy of their data, and it holds their activity', async ({ page, request }) => {
    test.setTimeout(240_000);
    const account = await createVerifiedAccount(request, 'data.export');
    await logInToDashboard(page, account);
    await page.goto('/user/data');
    await expectAreaPage(page, 'Profile', 'Your data', { timeout: APP_PAGE_MS });
    const panel = page.getByRole('region', { name: 'Download your data' });
    await expect(panel.getByRole('button', { name: 'Prepare a copy of my data' })).toBeVisible();
    await expectNoSeriousViolations(page);

    const seen = await mailIds(request, account.email);
    await panel.getByRole('button', { name: 'Prepare a copy of my data' }).click();
    // The page follows the copy while the server prepares it, and the account is mailed when it is ready.
    const download = panel.getByRole('button', { name: 'Download the JSON file' });
    await expect(download).toBeVisible({ timeout: 30_000 });
    await expect(panel.getByRole('status')).toContainText('is ready');
    const mail = await waitForNewMail(request, account.email, 'A copy of your data is ready', seen);
    expect(mail.text).toContain('/user/data');
    await expectNoSeriousViolations(page);

    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    expect(file.suggestedFilename()).toMatch(/^account-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(readFileSync((await file.path())!, 'utf8'));
    expect(data.profile).toMatchObject({ email: account.email, firstName: account.firstName });
    const events = (data.activity as { event: string; description: string }[]).map((entry) => entry.event);
    expect(events).toContain('login.success');
    expect(events).toContain('account.data-export-requested');
    expect(JSON.stringify(data)).not.toContain(account.password);
  });

  test('a user deletes their account, and its login is refused', async ({ page, request }) => {
    test.setTimeout(240_000);
    const account = await createVerifiedAccount(request, 'data.delete');
    await logInToDashboard(page, account);
    await page.goto('/user/data');
    const panel = page.getByRole('region', { name: 'Delete your account' });
    await panel
      .getByRole('button', { name: 'Delete my account', exact: true })
      .click({ timeout: APP_PAGE_MS });
    const dialog = page.getByRole('dialog', { name: 'Delete your account permanently?' });
    await expect(dialog).toBeVisible();
    await expectNoSeriousViolations(page, { include: DIALOGS });
    const confirm = dialog.getByRole('button', { name: 'Delete my account permanently' });
    await expect(confirm).toBeDisabled();
    await dialog.getByRole('textbox', { name: 'Type your email address to confirm' }).fill(account.email);
    const seen = await mailIds(request, account.email);
    // The login was just proven by its password: no 'Confirm it's you' step.
    await confirm.click();
    await page.waitForURL(/\/login(\?|$)/);
    await expect(page.getByText('Your account has been deleted')).toBeVisible();
    await waitForNewMail(request, account.email, 'Your account has been deleted', seen);

    await logIn(page, account);
    await expect(page.getByText('Invalid email or password')).toBeVisible();
    await expect(page).toHaveURL(/\/login(\?|$)/);
  });
});
