import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
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
import { COLD_APP_LAYOUT_MS, useConfig } from './support/portal-config';
import { logOut } from './support/user-menu';
import { sideMenu } from './support/side-menu';

/**
 * The branding plugin (issue 14) in real Chromium against the real server: an owner brands the account portal (a logo
 * the test draws, three colours), the header and side menu follow at once, logout and the personal account show the
 * product's brand, choosing the organisation again shows its brand, the invitation mail carries the logo, and a member
 * is offered no branding. Every journey signs up its own accounts and names its own organisation.
 */

const shipped = JSON.parse(readFileSync('portal.config.json', 'utf8')) as { plugins: Record<string, object> };
/** The branding plugin on, whether or not the shipped config lists it yet. */
const withBranding = { plugins: { ...shipped.plugins, branding: {} } };

const PRIMARY = '#1565C0';
const DEFAULT_PRIMARY = '#0B1F44';

async function logIn(page: Page, account: TestAccount): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(/\/orgs/);
}

async function choose(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: new RegExp(`^${name}`) }).click();
  await page.waitForURL(/\/dashboard\/apps$/, { timeout: COLD_APP_LAYOUT_MS });
  await expect(page.getByRole('heading', { level: 1, name: 'Document Collaboration Apps' })).toBeVisible();
}

const primaryOf = (page: Page) =>
  page.evaluate(() => document.documentElement.style.getPropertyValue('--portal-primary'));
const headerBrand = (page: Page) => page.getByRole('banner').getByTestId('portal-brand');

/**
 * The header's logo image has loaded from the server (not a broken image). By path: the API is on the page's origin
 * here, and an absolute URL on PUBLIC_URL would break under another host name (issue #39).
 */
async function expectLogoShown(page: Page): Promise<void> {
  const logo = headerBrand(page).getByRole('img');
  await expect(logo).toHaveAttribute('src', /^\/v1\/branding\/logo\/[\w-]+$/);
  await expect
    .poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(240);
}

async function expectProductBrand(page: Page): Promise<void> {
  await expect(page.getByTestId('portal-brand').first()).toHaveText('Kreano');
  await expect(page.getByTestId('portal-brand').first().getByRole('img')).toHaveCount(0);
  expect(await primaryOf(page)).toBe(DEFAULT_PRIMARY);
}

test.describe('branding editor', () => {
  test('an owner brands the account portal: the header and side menu follow at once, logout and the personal account show the product, the organisation shows its brand again, the invitation carries the logo, a member sees no branding', async ({
    page,
    browser,
    request,
  }, testInfo) => {
    test.setTimeout(240_000);
    const owner = await createVerifiedAccount(request, 'brand.owner');
    const member = await createVerifiedAccount(request, 'brand.member');
    const organization = uniqueName('Brandco');
    await apiCreateOrganization(request, await apiLogin(request, owner), organization);
    await useConfig(page, withBranding);

    await logIn(page, owner);
    await choose(page, organization);
    await expectProductBrand(page);
    const selectedItem = sideMenu(page).locator('.ant-menu-item-selected');
    await sideMenu(page).getByRole('link', { name: 'Branding' }).click();
    await page.waitForURL(/\/branding\/admin$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Kreano Account branding' })).toBeVisible();
    const menuBefore = await selectedItem.evaluate((node) => getComputedStyle(node).color);

    // Another tab of the same organisation, open on the dashboard while the owner edits.
    const other = await page.context().newPage();
    await useConfig(other, withBranding);
    await other.goto('/dashboard/apps');
    await expect(other.getByRole('heading', { level: 1, name: 'Document Collaboration Apps' })).toBeVisible({
      timeout: 20_000,
    });

    // A logo the test draws: a 240 × 64 PNG.
    const png = await sharp({ create: { width: 240, height: 64, channels: 3, background: '#F5A623' } })
      .png()
      .toBuffer();
    await page
      .getByTestId('logo-input-logo')
      .setInputFiles({ name: 'brandco.png', mimeType: 'image/png', buffer: png });
    await expect(page.getByText('brandco.png will be uploaded when you save.')).toBeVisible();
    // A wrong file says what is allowed and keeps the chosen logo.
    await page.getByTestId('logo-input-darkLogo').setInputFiles({
      name: 'dark.png',
      mimeType: 'image/png',
      buffer: Buffer.from('<html><script>alert(1)</script></html>'),
    });
    await expect(
      page.getByText('This file is not a PNG, JPEG, WebP or SVG image.', { exact: false }),
    ).toBeVisible();
    await expect(page.getByText('brandco.png will be uploaded when you save.')).toBeVisible();

    const field = (name: string) => page.getByRole('textbox', { name: `${name} (hex)` });
    await field('Primary colour').fill(PRIMARY);
    await field('Secondary colour').fill('#2E7D32');
    await field('Text colour').fill('#FFFFFF');
    await expect(page.getByTestId('preview-light-header')).toHaveCSS('background-color', 'rgb(21, 101, 192)');
    await expect(page.getByTestId('contrast-textOnPrimary')).toContainText('Passes');
    await page.screenshot({ path: testInfo.outputPath('editor-1280.png'), fullPage: true });
    await page.getByRole('button', { name: 'Save branding' }).click();

    // At once, without a reload: the colours, the header's logo and the side menu.
    await expect.poll(() => primaryOf(page)).toBe(PRIMARY);
    await expectLogoShown(page);
    await expect
      .poll(() => selectedItem.evaluate((node) => getComputedStyle(node).color))
      .not.toBe(menuBefore);
    await expect(page.getByRole('textbox', { name: 'Primary colour (hex)' })).toHaveValue(PRIMARY);

    // The other tab shows the brand after its next navigation.
    await other.getByRole('link', { name: 'Branding' }).click();
    await other.waitForURL(/\/branding\/admin$/);
    await expect.poll(() => primaryOf(other)).toBe(PRIMARY);
    await expectLogoShown(other);
    await other.close();

    await page.setViewportSize({ width: 400, height: 900 });
    await page.screenshot({ path: testInfo.outputPath('editor-400.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 720 });

    // The invitation to a new member carries the organisation's logo.
    const seen = await mailIds(request, member.email);
    const token = await page.evaluate(
      () =>
        (JSON.parse(localStorage.getItem('portal-session') ?? '{}') as { accessToken: string }).accessToken,
    );
    const invited = await request.post('/v1/organization/member', {
      data: { email: member.email, role: 'member' },
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(invited.ok(), await invited.text()).toBe(true);
    const mail = await waitForNewMail(request, member.email, `You are invited to join ${organization}`, seen);
    // A mail has no page to resolve a path against: it carries the logo on PUBLIC_URL (this page's origin here).
    const logoPath = await headerBrand(page).getByRole('img').getAttribute('src');
    expect(mail.html, 'the invitation carries the logo').toContain(
      `src="${new URL(page.url()).origin}${logoPath!}"`,
    );
    expect(mail.html, "the invitation's button takes the primary colour").toMatch(/background:#1565c0/i);

    // Logged out: the product's brand.
    await logOut(page);
    await expectProductBrand(page);

    // The personal account shows the product's brand; the organisation shows its own again.
    await logIn(page, owner);
    await choose(page, `${owner.firstName} ${owner.lastName}`);
    await expectProductBrand(page);
    await page.goto('/orgs');
    await choose(page, organization);
    await expect.poll(() => primaryOf(page)).toBe(PRIMARY);
    await expectLogoShown(page);

    // The portal opened under another host name than PUBLIC_URL (localhost against 127.0.0.1): the logo, named by
    // path, loads from the page's own origin, which the page's CSP allows; on PUBLIC_URL it was refused (issue #39).
    const renamedHost = new URL(page.url());
    renamedHost.hostname = renamedHost.hostname === '127.0.0.1' ? 'localhost' : '127.0.0.1';
    const renamed = await browser.newPage({ baseURL: renamedHost.origin });
    await useConfig(renamed, withBranding);
    await logIn(renamed, owner);
    await choose(renamed, organization);
    await expectLogoShown(renamed);
    await renamed.close();

    // The member accepts and is offered no branding.
    const link = new URL(linkTo(mail, '/invite'));
    const memberPage = await browser.newPage();
    await useConfig(memberPage, withBranding);
    await logIn(memberPage, member);
    const memberToken = await memberPage.evaluate(
      () =>
        (JSON.parse(localStorage.getItem('portal-session') ?? '{}') as { accessToken: string }).accessToken,
    );
    const accepted = await request.post('/v1/organization/invite', {
      data: { orgId: link.searchParams.get('orgId'), invitationId: link.searchParams.get('invitationId') },
      headers: { Authorization: `Bearer ${memberToken}` },
    });
    expect(accepted.ok(), await accepted.text()).toBe(true);
    await memberPage.goto('/orgs');
    await choose(memberPage, organization);
    // The member sees the organisation's brand, but no way to change it.
    await expect.poll(() => primaryOf(memberPage)).toBe(PRIMARY);
    await expect(sideMenu(memberPage).getByRole('link', { name: 'Apps' })).toBeVisible();
    await expect(sideMenu(memberPage).getByRole('link', { name: 'Branding' })).toHaveCount(0);
    await memberPage.goto('/branding/admin');
    await expect(memberPage.getByText("You don't have permission to view this page")).toBeVisible({
      timeout: 20_000,
    });
    await memberPage.close();
  });
});
