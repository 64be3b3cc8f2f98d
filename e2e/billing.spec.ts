import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { TEST_CARDS } from '../contract/v1/billing-test-cards';
import {
  apiCreateOrganization,
  apiLogin,
  createVerifiedAccount,
  mailIds,
  uniqueName,
  waitForNewMail,
  type TestAccount,
} from './support/accounts';
import { linkTo } from './support/mailbox';
// Not a React hook despite its name: it routes the page's portal.config.json.
import { COLD_APP_LAYOUT_MS, useConfig as serveConfig } from './support/portal-config';
import { sideMenu } from './support/side-menu';
import { expectAreaPage } from './support/area-page';

/**
 * The billing plugin (issue 13) in real Chromium against the real server and its built-in `test` payment provider:
 * an owner adds a card, verifies another with the typed-back amount, makes it primary, buys a bucket (its invoice
 * appears in the history and its PDF downloads), turns auto-renewal off and pay-as-you-go on with a cap; a declined
 * test card shows the reason; an admin of another organisation sees none of it. Every journey signs up its own
 * accounts and names its own organisations.
 */

const shipped = JSON.parse(readFileSync('portal.config.json', 'utf8')) as {
  plugins: Record<string, unknown>;
};
const withBilling = { plugins: { ...shipped.plugins, billing: {} } };

async function enterOrganization(page: Page, account: TestAccount, organization: string): Promise<void> {
  // The shipped config with billing enabled (no rebuild: the portal fetches it at run time).
  await serveConfig(page, withBilling);
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(/\/orgs/);
  await page.getByRole('button', { name: new RegExp(`^${organization}`) }).click();
  await page.waitForURL(/\/dashboard\/apps$/, { timeout: COLD_APP_LAYOUT_MS });
}

const sessionToken = (page: Page) =>
  page.evaluate(
    () => (JSON.parse(localStorage.getItem('portal-session') ?? '{}') as { accessToken: string }).accessToken,
  );

async function openBilling(page: Page, path: string, tab: string): Promise<void> {
  await page.goto(path);
  // A full load boots the portal again; on two shared cores that can take a while.
  await expectAreaPage(page, 'Billing', tab, { timeout: 40_000 });
}

/** Fills the add-card form; the expiry is next April, so it never expires under the test. */
async function fillCard(page: Page, number: string, holder = 'Jane Citizen'): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Add a card' });
  const year = String((new Date().getFullYear() + 2) % 100).padStart(2, '0');
  await dialog.getByRole('textbox', { name: 'Card number' }).fill(number);
  await dialog.getByRole('textbox', { name: 'Name on card' }).fill(holder);
  await dialog.getByRole('textbox', { name: 'Expiry (MM/YY)' }).fill(`04/${year}`);
  await dialog
    .getByRole('textbox', { name: 'Security code (CVC)' })
    .fill(number.startsWith('3') ? '1234' : '123');
}

async function addCard(page: Page, number: string): Promise<void> {
  await page.getByRole('button', { name: 'Add card' }).click();
  await fillCard(page, number);
  const dialog = page.getByRole('dialog', { name: 'Add a card' });
  await dialog.getByRole('button', { name: 'Add card' }).click();
  await expect(dialog).toHaveCount(0, { timeout: 20_000 });
}

/** Full-page pictures of a screen at 1280 and 400 px wide, kept with the test's output for a look. */
async function pictures(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await page.screenshot({ path: testInfo.outputPath(`${name}-1280.png`), fullPage: true });
  await page.setViewportSize({ width: 400, height: 900 });
  await page.screenshot({ path: testInfo.outputPath(`${name}-400.png`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 720 });
}

const cardItem = (page: Page, last4: string) =>
  page.getByRole('listitem', { name: new RegExp(`ending in ${last4}$`) });

test.describe('billing', () => {
  test("the login page loads the plugins' definitions only; a billing page's chunk arrives when it opens", async ({
    page,
    request,
  }) => {
    const pages = /\/assets\/(history-page|payments-page|purchase-page|contract-page|subscription-page)-/;
    const requested: string[] = [];
    page.on('request', (r) => requested.push(r.url()));
    const owner = await createVerifiedAccount(request, 'billing.lazy');
    const organization = uniqueName('Lazy Billing');
    await apiCreateOrganization(request, await apiLogin(request, owner), organization);
    await enterOrganization(page, owner, organization);
    expect(requested.some((url) => url.includes('/assets/plugin-definitions-'))).toBe(true);
    expect(requested.filter((url) => pages.test(url))).toEqual([]);
    await openBilling(page, '/billing', 'History');
    expect(requested.filter((url) => pages.test(url)).map((url) => pages.exec(url)![1])).toEqual([
      'history-page',
    ]);
  });

  test('an owner adds and verifies cards, buys a bucket (invoice and PDF), turns auto-renewal off and pay-as-you-go on; a declined card says why; another organisation sees none of it', async ({
    page,
    browser,
    request,
  }, testInfo) => {
    test.setTimeout(300_000);
    const owner = await createVerifiedAccount(request, 'billing.owner');
    const organization = uniqueName('Billing Co');
    await apiCreateOrganization(request, await apiLogin(request, owner), organization);
    await enterOrganization(page, owner, organization);

    // The side menu offers billing to the owner.
    const sider = sideMenu(page);
    await sider.getByRole('menuitem', { name: 'Billing' }).click();
    await sider.getByRole('link', { name: 'Payment methods' }).click();
    await page.waitForURL(/\/billing\/payments$/);
    await expectAreaPage(page, 'Billing', 'Payment methods');

    // A declined test card: the reason, and the form keeps everything but the number and the CVC.
    await page.getByRole('button', { name: 'Add card' }).click();
    await fillCard(page, TEST_CARDS.insufficientFunds);
    const form = page.getByRole('dialog', { name: 'Add a card' });
    await form.getByRole('button', { name: 'Add card' }).click();
    await expect(form.getByRole('alert')).toContainText('The card was declined');
    await expect(form.getByRole('alert')).toContainText('insufficient funds');
    await expect(form.getByRole('textbox', { name: 'Card number' })).toHaveValue('');
    await expect(form.getByRole('textbox', { name: 'Security code (CVC)' })).toHaveValue('');
    await expect(form.getByRole('textbox', { name: 'Name on card' })).toHaveValue('Jane Citizen');
    await form.getByRole('button', { name: 'Cancel' }).click();

    // A card that succeeds at once becomes primary; a second one needs the typed-back amount.
    await addCard(page, TEST_CARDS.success);
    await expect(cardItem(page, '4242').getByText('Primary', { exact: true })).toBeVisible();
    await addCard(page, TEST_CARDS.requiresVerification);
    const second = cardItem(page, '3220');
    await expect(second.getByText('Needs verification')).toBeVisible();
    await second.getByRole('button', { name: /^Verify/ }).click();
    const verify = page.getByRole('dialog', { name: /^Verify Visa ending in 3220/ });
    const testMode = await verify.getByText(/^Test mode: the charge was/).textContent({ timeout: 20_000 });
    const amount = /\$(\d+\.\d\d)/.exec(testMode ?? '')![1]!;
    await verify.getByRole('textbox', { name: 'Charged amount' }).fill(amount);
    await verify.getByRole('button', { name: 'Verify card' }).click();
    await expect(verify).toHaveCount(0, { timeout: 20_000 });
    await expect(second.getByText('Verified', { exact: true })).toBeVisible();
    await second.getByRole('button', { name: /^Make primary/ }).click();
    await expect(second.getByText('Primary', { exact: true })).toBeVisible({ timeout: 20_000 });
    await expect(cardItem(page, '4242').getByText('Primary', { exact: true })).toHaveCount(0);
    await pictures(page, testInfo, 'payments');

    // Buy the smallest bucket with the primary card; its invoice is in the history and its PDF downloads.
    await page.getByRole('navigation', { name: 'Billing' }).getByRole('link', { name: 'Buy usage' }).click();
    await expectAreaPage(page, 'Billing', 'Buy usage');
    const offer = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('button', { name: /^Buy / }) })
      .first();
    const offerName = (await offer.getAttribute('aria-label'))!;
    await offer.getByRole('button', { name: `Buy ${offerName}` }).click();
    await pictures(page, testInfo, 'purchase');
    const confirm = page.getByRole('dialog', { name: `Buy ${offerName}?` });
    await expect(confirm).toContainText('Visa ending in 3220');
    await confirm.getByRole('button', { name: /^Pay / }).dblclick();
    await expect(page.getByText(`Thank you: ${offerName} is yours`)).toBeVisible({ timeout: 30_000 });
    const invoiceNumber = /Invoice (\S+) is in your billing history/.exec(
      (await page.getByText(/is in your billing history/).textContent()) ?? '',
    )![1]!;
    await page.getByRole('link', { name: 'View billing history' }).click();
    await expectAreaPage(page, 'Billing', 'History');
    const invoiceRow = page.getByRole('row').filter({ hasText: invoiceNumber });
    await expect(invoiceRow).toHaveCount(1);
    await expect(invoiceRow.getByText('Paid', { exact: true })).toBeVisible();
    // The double click charged once: one invoice.
    await expect(page.getByText('Invoices (1)')).toBeVisible();
    const download = page.waitForEvent('download');
    await invoiceRow.getByRole('button', { name: `Download PDF of ${invoiceNumber}` }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.pdf$/);
    const bytes = readFileSync((await file.path())!);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    await pictures(page, testInfo, 'history');

    // Auto-renewal off; pay-as-you-go on with a cap.
    await page
      .getByRole('navigation', { name: 'Billing' })
      .getByRole('link', { name: 'Subscription' })
      .click();
    await expectAreaPage(page, 'Billing', 'Subscription');
    const renew = page.getByRole('switch', { name: 'Renew automatically' });
    await expect(renew).toBeEnabled();
    if ((await renew.getAttribute('aria-checked')) !== 'true') {
      await renew.click();
      await expect(renew).toHaveAttribute('aria-checked', 'true');
    }
    await renew.click();
    await expect(renew).toHaveAttribute('aria-checked', 'false');
    await expect(
      page.getByText(/^Off: the current bucket ends on \d\d\/\d\d\/\d{4} and is not renewed\.$/),
    ).toBeVisible();
    const payg = page.getByRole('region', { name: 'Pay-as-you-go' });
    await payg.getByRole('textbox', { name: 'Monthly cap (AUD)' }).fill('250');
    await payg.getByRole('button', { name: 'Activate' }).click();
    await expect(payg.getByText('Active', { exact: true })).toBeVisible();
    await expect(payg.getByText('$250.00', { exact: true })).toBeVisible();
    await pictures(page, testInfo, 'subscription');
    // What the server keeps: load the page again. Coming back through the menu would first show what the page
    // remembers from this visit (core RecentAnswers, in memory only), so a reload asks the server alone.
    await page.reload();
    await expectAreaPage(page, 'Billing', 'Subscription', { timeout: COLD_APP_LAYOUT_MS });
    await expect(page.getByRole('switch', { name: 'Renew automatically' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
    await expect(
      page.getByRole('region', { name: 'Pay-as-you-go' }).getByText('Active', { exact: true }),
    ).toBeVisible();

    await openBilling(page, '/billing/contract', 'Contracts');
    await expect(page.getByText('Contracts (0)')).toBeVisible();
    await pictures(page, testInfo, 'contract');

    // An admin of another organisation sees none of it, on the screens and from the API.
    const ownerToken = await sessionToken(page);
    const bills = await request.get('/v1/bill?offset=1&limit=10', {
      headers: { Authorization: `Bearer ${ownerToken}` },
    });
    const invoiceId = (
      (await bills.json()) as { data: { items: { id: string; number: string }[] } }
    ).data.items.find((item) => item.number === invoiceNumber)!.id;

    const otherOwner = await createVerifiedAccount(request, 'billing.other');
    const otherOrganization = uniqueName('Other Co');
    const otherOwnerToken = await apiLogin(request, otherOwner);
    await apiCreateOrganization(request, otherOwnerToken, otherOrganization);
    const admin = await createVerifiedAccount(request, 'billing.admin');
    const otherPage = await browser.newPage();
    await enterOrganization(otherPage, otherOwner, otherOrganization);
    const seen = await mailIds(request, admin.email);
    const invited = await request.post('/v1/organization/member', {
      data: { email: admin.email, role: 'admin' },
      headers: { Authorization: `Bearer ${await sessionToken(otherPage)}` },
    });
    expect(invited.ok(), await invited.text()).toBe(true);
    const mail = await waitForNewMail(
      request,
      admin.email,
      `You are invited to join ${otherOrganization}`,
      seen,
    );
    const link = new URL(linkTo(mail, '/invite'));
    const accepted = await request.post('/v1/organization/invite', {
      data: { orgId: link.searchParams.get('orgId'), invitationId: link.searchParams.get('invitationId') },
      headers: { Authorization: `Bearer ${await apiLogin(request, admin)}` },
    });
    expect(accepted.ok(), await accepted.text()).toBe(true);
    await otherPage.close();

    const adminPage = await browser.newPage();
    await enterOrganization(adminPage, admin, otherOrganization);
    await openBilling(adminPage, '/billing/history', 'History');
    await expect(
      adminPage.getByText('No invoices yet. They appear here after a purchase or a renewal.'),
    ).toBeVisible();
    await expect(adminPage.getByText(invoiceNumber)).toHaveCount(0);
    await openBilling(adminPage, '/billing/payments', 'Payment methods');
    await expect(
      adminPage.getByText('No card yet. Add one to buy usage or turn on auto-renewal.'),
    ).toBeVisible();
    const adminToken = await sessionToken(adminPage);
    const pdf = await request.get(`/v1/bill/${invoiceId}/pdf`, {
      headers: { Authorization: `Bearer ${adminToken}` },
    });
    expect(pdf.status()).toBe(404);
    await adminPage.close();
  });

  test('a custom role granted billing.view alone gets the Billing menu and reads billing, but buys nothing', async ({
    browser,
    request,
  }) => {
    const owner = await createVerifiedAccount(request, 'billing.custom-owner');
    const organization = uniqueName('Ledger Co');
    await apiCreateOrganization(request, await apiLogin(request, owner), organization);
    const ownerPage = await browser.newPage();
    await enterOrganization(ownerPage, owner, organization);
    const ownerToken = await sessionToken(ownerPage);
    await ownerPage.close();
    const created = await request.post('/v1/roles', {
      data: { name: 'Bookkeeper', permissions: ['billing.view'] },
      headers: { Authorization: `Bearer ${ownerToken}` },
    });
    expect(created.ok(), await created.text()).toBe(true);
    const roleId = ((await created.json()) as { data: { role: { id: string } } }).data.role.id;

    const bookkeeper = await createVerifiedAccount(request, 'billing.bookkeeper');
    const seen = await mailIds(request, bookkeeper.email);
    const invited = await request.post('/v1/organization/member', {
      data: { email: bookkeeper.email, role: roleId },
      headers: { Authorization: `Bearer ${ownerToken}` },
    });
    expect(invited.ok(), await invited.text()).toBe(true);
    const mail = await waitForNewMail(
      request,
      bookkeeper.email,
      `You are invited to join ${organization}`,
      seen,
    );
    const link = new URL(linkTo(mail, '/invite'));
    const accepted = await request.post('/v1/organization/invite', {
      data: { orgId: link.searchParams.get('orgId'), invitationId: link.searchParams.get('invitationId') },
      headers: { Authorization: `Bearer ${await apiLogin(request, bookkeeper)}` },
    });
    expect(accepted.ok(), await accepted.text()).toBe(true);

    const page = await browser.newPage();
    await enterOrganization(page, bookkeeper, organization);
    // The custom role by its name on the dashboard and in the account panel, and the Billing group in the side menu.
    await expect(page.getByText(`${organization} · Bookkeeper`, { exact: true })).toBeVisible();
    await expect(page.getByTestId('account-role')).toHaveText('Bookkeeper');
    await page
      .getByRole('menuitem', { name: /Billing/ })
      .first()
      .click();
    await page.getByRole('link', { name: 'History' }).first().click();
    await expectAreaPage(page, 'Billing', 'History');
    await expect(page.getByRole('link', { name: 'Payment methods' }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Buy usage' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Payment methods' }).first().click();
    await expectAreaPage(page, 'Billing', 'Payment methods');
    await expect(page.getByText(/You can see billing but not change it/)).toBeVisible();
    await expect(page.getByText('No card yet.', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add card' })).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath('bookkeeper-payments.png') });
    await page.close();
  });
});
