import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import {
  apiLogin,
  createVerifiedAccount,
  mailIds,
  uniqueName,
  waitForNewMail,
  type TestAccount,
} from './support/accounts';
import { linkTo } from './support/mailbox';
import { COLD_APP_LAYOUT_MS } from './support/portal-config';
import { sideMenu } from './support/side-menu';
import { expectAreaPage } from './support/area-page';

/**
 * The activity log (issue 18) in real Chromium against the real server: a user's two sessions from two browser
 * contexts, ending the other one (its next call leads to the sign-in page), the sign-ins and a password change in
 * the log, the CSV export; an owner sees a member's role change in the organisation view. Every journey signs up
 * its own accounts and names its own organisation.
 */

async function logIn(page: Page, account: TestAccount): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(/\/(orgs|dashboard)/);
}

/** Inside the portal: the dashboard has shown, so the organisation's session is stored before the next page load. */
async function expectDashboard(page: Page): Promise<void> {
  await page.waitForURL(/\/dashboard\/apps$/, { timeout: COLD_APP_LAYOUT_MS });
  await expect(page.getByRole('heading', { level: 1, name: 'Document Collaboration Apps' })).toBeVisible();
}

/** Opens a page from the side menu, inside the running portal (`group` first when the item is in one). */
async function openFromMenu(page: Page, item: string, group?: string): Promise<void> {
  const menu = sideMenu(page);
  if (group) {
    const parent = menu.getByRole('menuitem', { name: group });
    if ((await parent.getAttribute('aria-expanded')) !== 'true') await parent.click();
  }
  await menu.getByRole('menuitem', { name: item }).click();
}

const row = (page: Page, text: string | RegExp) => page.getByRole('row').filter({ hasText: text });

test.describe('activity log', () => {
  test('a user ends the session of another browser, sees the sign-ins and the password change, and exports them', async ({
    browser,
    request,
  }) => {
    test.setTimeout(150_000);
    const account = await createVerifiedAccount(request, 'activity.user');
    const name = `${account.firstName} ${account.lastName}`;
    const laptop = await browser.newContext();
    const phone = await browser.newContext();
    const page = await laptop.newPage();
    const other = await phone.newPage();

    await logIn(other, account);
    await expectDashboard(other);
    await logIn(page, account);
    await expectDashboard(page);
    await openFromMenu(page, 'Profile');
    await page
      .getByRole('navigation', { name: 'Profile' })
      .getByRole('link', { name: 'Activity' })
      .click();
    await expect(page).toHaveURL(/\/user\/active-log$/);
    await expectAreaPage(page, 'Profile', 'Activity');
    // The side menu shows where the user is: the log has its own entry, beside Profile and Security.
    await expect(sideMenu(page).getByRole('menuitem', { name: 'Activity log' })).toHaveClass(
      /ant-menu-item-selected/,
    );
    // The user area's tabs come from the two-factor plugin's slot, with this plugin's page among them.
    const tabs = page.getByRole('navigation', { name: 'Profile' });
    await expect(tabs).toBeVisible();
    await expect(tabs.getByRole('link')).toHaveText([
      'Details',
      'Password & security',
      'Activity',
      'Your data',
    ]);

    const sessions = page.getByRole('region', { name: 'Active sessions' });
    await expect(sessions.getByRole('row')).toHaveCount(3); // header + two sessions
    await expect(sessions.getByText('This session')).toHaveCount(1);
    await sessions.getByRole('button', { name: /^End session: / }).click();
    const dialog = page.getByRole('dialog', { name: 'End this session?' });
    await dialog.getByRole('button', { name: 'End session' }).click();
    await expect(sessions.getByRole('row')).toHaveCount(2);

    // The other browser's next call is refused and it lands on the sign-in page.
    await other.goto('/user/details');
    await expect(other).toHaveURL(/\/login/, { timeout: 20_000 });

    // A password change, through the two-factor plugin's screen.
    const newPassword = `N3w#${Math.random().toString(36).slice(2, 10)}`;
    await page.goto('/user/security');
    await page.getByLabel('Current password').fill(account.password);
    await page.getByLabel('New password').fill(newPassword);
    await page.getByLabel('Confirm password').fill(newPassword);
    await page.getByRole('button', { name: 'Change' }).click();
    await expect(page.getByText('Password changed successfully')).toBeVisible();

    await page
      .getByRole('navigation', { name: 'Profile' })
      .getByRole('link', { name: 'Activity' })
      .click();
    await expect(row(page, `${name} changed their password.`)).toHaveCount(1);
    await expect(row(page, `${name} signed in with a password.`)).toHaveCount(2);
    await expect(row(page, `${name} ended a session.`)).toHaveCount(1);

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^activity-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
    const lines = csv.trim().split(/\r?\n/);
    expect(lines[0]).toBe(
      'Time (UTC),Event,Description,Actor,Actor email,Organisation,Target,IP address,Browser,Operating system',
    );
    expect(lines.filter((line) => line.includes('password.changed'))).toHaveLength(1);
    expect(lines.filter((line) => line.includes('login.success'))).toHaveLength(2);

    await laptop.close();
    await phone.close();
  });

  test("an owner sees a member's role change in the organisation's activity", async ({ page, request }) => {
    test.setTimeout(150_000);
    const owner = await createVerifiedAccount(request, 'activity.owner');
    const member = await createVerifiedAccount(request, 'activity.member');
    const organization = uniqueName('Initech');
    const created = await request.post('/v1/organization', {
      data: { organizationName: organization },
      headers: { Authorization: `Bearer ${await apiLogin(request, owner)}` },
    });
    expect(created.ok(), await created.text()).toBe(true);

    // The member joins and the owner makes them an admin, through the API: this journey is about what the log shows.
    const orgId = ((await created.json()) as { data: { organizationId: string } }).data.organizationId;
    const access = await request.post('/v1/organization/access', {
      data: { portalId: 'kreanoAccount', orgId },
      headers: { Authorization: `Bearer ${await apiLogin(request, owner)}` },
    });
    expect(access.ok(), await access.text()).toBe(true);
    const orgToken = ((await access.json()) as { data: { accessToken: string } }).data.accessToken;
    const asOwner = { Authorization: `Bearer ${orgToken}` };
    const seen = await mailIds(request, member.email);
    const invited = await request.post('/v1/organization/member', {
      data: { email: member.email, role: 'member' },
      headers: asOwner,
    });
    expect(invited.ok(), await invited.text()).toBe(true);
    const mail = await waitForNewMail(request, member.email, `You are invited to join ${organization}`, seen);
    const link = new URL(linkTo(mail, '/invite'));
    const accepted = await request.post('/v1/organization/invite', {
      data: { orgId: link.searchParams.get('orgId'), invitationId: link.searchParams.get('invitationId') },
    });
    expect(accepted.ok()).toBe(true);
    const list = await request.get(
      `/v1/organization/member?offset=1&limit=10&search=${encodeURIComponent(member.email)}`,
      {
        headers: asOwner,
      },
    );
    const rows = ((await list.json()) as { data: { items: { id: string; kind: string }[] } }).data.items;
    const joined = rows.find((item) => item.kind === 'member');
    expect(joined, JSON.stringify(rows)).toBeDefined();
    const changed = await request.patch('/v1/organization/member', {
      data: { id: joined!.id, role: 'admin' },
      headers: asOwner,
    });
    expect(changed.ok(), await changed.text()).toBe(true);

    await logIn(page, owner);
    await page.getByRole('button', { name: new RegExp(`^${organization}\\s*Owner`) }).click();
    await expectDashboard(page);
    await openFromMenu(page, 'Users', 'Organisation');
    // The organisation's tabs now include the activity page, through the organisation-area slot.
    await page
      .getByRole('navigation', { name: 'Organisation' })
      .getByRole('link', { name: 'Activity' })
      .click();
    await expectAreaPage(page, 'Organisation', 'Activity');
    // The Organisation group of the side menu lists the activity too, and marks it as the page shown.
    await expect(sideMenu(page).getByRole('menuitem', { name: 'Activity', exact: true })).toHaveClass(
      /ant-menu-item-selected/,
    );
    const change = row(page, /changed the role of/);
    await expect(change).toHaveCount(1);
    // Both test accounts are called Robin Journey: the sentence names the owner, then the member.
    await expect(change).toContainText(
      `${owner.firstName} ${owner.lastName} changed the role of ${member.firstName} ${member.lastName} from Member to Admin.`,
    );
  });
});
