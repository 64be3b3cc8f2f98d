import { expect, test, type Page } from '@playwright/test';

// One worker runs this file whole: one journey turns an app of the demo's personal account off and on again, which
// the others read.
test.describe.configure({ mode: 'default' });

/** Seed data (server/seed/demo-data.ts): password of every demo account, and Acme's fixed id. */
const PASSWORD = 'Demo@1234';
const ACME = '11111111-1111-4111-8111-000000000001';

/** Logs in through the real screens and enters the account whose button matches `account`. */
async function enterDashboard(page: Page, email: string, account: RegExp): Promise<void> {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('button', { name: account }).click();
  await expect(page).toHaveURL(/\/dashboard\/apps$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Document Collaboration Apps' })).toBeVisible();
  await expect(page.getByRole('article').first()).toBeVisible();
}

const card = (page: Page, title: string) => page.getByRole('article', { name: title });

test.describe('app dashboard', () => {
  test('an owner launches a first-party app: its named tab lands with the right user and organisation, once', async ({
    page,
  }) => {
    await enterDashboard(page, 'demo@example.com', /Acme Pty Ltd/);
    const popup = page.waitForEvent('popup');
    await card(page, 'AI Redaction').getByRole('button', { name: 'Launch' }).click();
    const tab = await popup;
    await tab.waitForURL(/\/dev\/apps\/kreanoRedact\?/);

    const url = new URL(tab.url());
    expect(url.searchParams.get('orgId')).toBe(ACME);
    expect(url.searchParams.get('portalId')).toBeTruthy();
    expect(url.searchParams.get('token')).toMatch(/^[\w-]{43}$/);
    expect(await tab.evaluate(() => window.name)).toBe('kreano-redact');

    await expect(tab.getByRole('heading', { name: 'Kreano Redact' })).toBeVisible();
    await expect(tab.getByRole('status')).toHaveText(
      'Launch token exchanged: you are signed in to this portal.',
    );
    for (const fact of ['Demo User', 'demo@example.com', 'Acme Pty Ltd', 'Owner']) {
      await expect(tab.getByRole('definition').filter({ hasText: new RegExp(`^${fact}$`) })).toBeVisible();
    }

    // The token in the address bar is spent: reloading (or sharing the URL) gets nothing.
    await tab.reload();
    await expect(tab.getByRole('status')).toContainText(
      'Launch refused: Launch link is invalid or has expired',
    );
    await expect(tab.getByText('demo@example.com')).toHaveCount(0);

    // Launching again reuses the same named tab.
    const noNewTab = page.waitForEvent('popup', { timeout: 3_000 }).then(
      () => 'opened',
      () => 'none',
    );
    await card(page, 'AI Redaction').getByRole('button', { name: 'Launch' }).click();
    await expect(tab.getByRole('status')).toHaveText(
      'Launch token exchanged: you are signed in to this portal.',
    );
    expect(await noNewTab).toBe('none');
  });

  test('an owner launches a partner app with SSO in a tab that cannot reach the portal', async ({ page }) => {
    await enterDashboard(page, 'demo@example.com', /Acme Pty Ltd/);
    const popup = page.waitForEvent('popup');
    await card(page, 'CloudDrive Sync').getByRole('button', { name: 'Launch' }).click();
    const tab = await popup;
    await tab.waitForURL(/\/dev\/third-party\/[\w-]+\?token=/);
    await expect(tab.getByRole('heading', { name: 'CloudDrive Sync' })).toBeVisible();
    await expect(tab.getByRole('status')).toHaveText(
      'Single sign-on accepted: you are signed in to this app.',
    );
    await expect(tab.getByRole('definition').filter({ hasText: /^Acme Pty Ltd$/ })).toBeVisible();
    expect(await tab.evaluate(() => window.opener)).toBeNull();
  });

  test('an owner disables a partner app and its Launch becomes disabled, with the hint to enable it', async ({
    page,
  }) => {
    // The owner's personal account: nothing else in this run depends on its partner apps.
    await enterDashboard(page, 'demo@example.com', /Demo User/);
    const ledger = card(page, 'LedgerBooks');
    const launch = ledger.getByRole('button', { name: 'Launch' });
    await expect(launch).toBeDisabled();

    await ledger.getByRole('button', { name: 'Options for LedgerBooks' }).click();
    await page.getByRole('menuitem', { name: 'Enable' }).click();
    await expect(page.getByText('App enabled successfully')).toBeVisible();
    await expect(launch).toBeEnabled();

    await ledger.getByRole('button', { name: 'Options for LedgerBooks' }).click();
    await page.getByRole('menuitem', { name: 'Disable' }).click();
    await expect(page.getByText('App disabled successfully')).toBeVisible();
    await expect(launch).toBeDisabled();
    await launch.locator('..').hover();
    await expect(page.getByRole('tooltip')).toHaveText(
      'This service is disabled. Enable the service to launch this app.',
    );

    // The server kept it: a reload shows the same.
    await page.reload();
    await expect(card(page, 'LedgerBooks').getByRole('button', { name: 'Launch' })).toBeDisabled();
  });

  test('a member sees no Enable/Disable menu and is told to contact the owner or admin', async ({ page }) => {
    await enterDashboard(page, 'bob@example.com', /Acme Pty Ltd/);
    await expect(card(page, 'CloudDrive Sync').getByRole('button', { name: 'Launch' })).toBeEnabled();
    await expect(page.getByRole('button', { name: /^Options for/ })).toHaveCount(0);
    const launch = card(page, 'LedgerBooks').getByRole('button', { name: 'Launch' });
    await expect(launch).toBeDisabled();
    await launch.locator('..').hover();
    await expect(page.getByRole('tooltip')).toHaveText(
      'This service is disabled. Please contact the account owner or admin to enable it.',
    );
  });

  test('the grid shows 3, 2 and 1 cards per row at 1280, 700 and 400 px', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await enterDashboard(page, 'bob@example.com', /Acme Pty Ltd/);

    const cardsInFirstRow = async () => {
      const tops = await page
        .getByRole('article')
        .evaluateAll((cards) => cards.map((c) => Math.round(c.getBoundingClientRect().top)));
      return tops.filter((top) => Math.abs(top - tops[0]!) < 2).length;
    };
    await expect.poll(cardsInFirstRow).toBe(3);
    await page.setViewportSize({ width: 700, height: 900 });
    await expect.poll(cardsInFirstRow).toBe(2);
    await page.setViewportSize({ width: 400, height: 900 });
    await expect.poll(cardsInFirstRow).toBe(1);
  });

  test('the failure notice is fetched only when the list fails, and Try again brings the apps', async ({
    page,
  }) => {
    const notices = () => requested.filter((url) => /\/assets\/dashboard-notices-[\w-]+\.js$/.test(url));
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    await enterDashboard(page, 'demo@example.com', /Acme Pty Ltd/);
    expect(notices()).toEqual([]);

    await page.route('**/v1/apps', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"msg":"boom","code":"X"}' }),
    );
    await page.reload();
    const alert = page.getByRole('alert').filter({ hasText: 'Your apps could not be loaded.' });
    await expect(alert).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(0);
    expect(notices()).toHaveLength(1);

    await page.unroute('**/v1/apps');
    await alert.getByRole('button', { name: 'Try again' }).click();
    await expect(card(page, 'AI Redaction')).toBeVisible();
    await expect(alert).toBeHidden();
  });
});
