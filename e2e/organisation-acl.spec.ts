import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  apiCreateOrganization,
  apiLogin,
  createVerifiedAccount,
  mailIds,
  uniqueName,
  uniquePassword,
  waitForNewMail,
  type TestAccount,
} from './support/accounts';
import { linkTo } from './support/mailbox';
import { DIALOGS, expectNoSeriousViolations } from './support/axe';
import { COLD_APP_LAYOUT_MS } from './support/portal-config';
import { sideMenu } from './support/side-menu';
import { expectAreaPage } from './support/area-page';

/**
 * The organisation plugin (issue 12) in real Chromium against the real server: creating an organisation, the
 * owned-organisations limit, inviting a new user through the mailed link, role changes seen by the member's menu and
 * API, removal, ownership transfer, and the invite dialog from the keyboard alone. Every journey signs up its own
 * accounts and names its own organisations, so it never depends on seed data or another spec.
 */

/** An organisation name no other run has taken (names are unique across the product). */
/** Creates a business organisation owned by `account` through the API; returns its id. */
/** The access token the page's session holds now. */
/**
 * Picks `label` in an antd select and waits until the select shows it. A click that lands while the list is still
 * sliding open, or while a searching select replaces its options, is lost (as a person's would be): then it opens the
 * list again and picks again, as that person would.
 */
async function pick(page: Page, select: Locator, label: string): Promise<void> {
  const chosen = select
    .locator('xpath=ancestor::div[contains(@class, "ant-select")][1]')
    .getByTitle(label, { exact: true });
  await expect(async () => {
    if (!(await page.locator('.ant-select-dropdown:visible').count())) await select.click();
    await page
      .locator('.ant-select-dropdown:visible')
      .getByTitle(label, { exact: true })
      .click({ timeout: 5_000 });
    await expect(chosen).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

async function sessionToken(page: Page): Promise<string> {
  return page.evaluate(
    () => (JSON.parse(localStorage.getItem('portal-session') ?? '{}') as { accessToken: string }).accessToken,
  );
}

async function logIn(page: Page, account: TestAccount): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(/\/(orgs|dashboard)/);
}

/** Logs in and enters `organization` from the account-selection screen. */
async function enterOrganization(
  page: Page,
  account: TestAccount,
  organization: string,
  role: string,
): Promise<void> {
  await logIn(page, account);
  await page.getByRole('button', { name: new RegExp(`^${organization}\\s*${role}`) }).click();
  await expectDashboardOf(page, `${organization} · ${role}`);
}

async function expectDashboardOf(page: Page, context: string): Promise<void> {
  await page.waitForURL(/\/dashboard\/apps$/, { timeout: COLD_APP_LAYOUT_MS });
  await expect(page.getByRole('heading', { level: 1, name: 'Document Collaboration Apps' })).toBeVisible();
  await expect(page.getByText(context, { exact: true })).toBeVisible();
}

/** The organisation entries of the side menu, with their group opened (it is closed away from its pages). */
async function organisationMenu(page: Page) {
  const group = sideMenu(page).getByRole('menuitem', { name: 'Organisation' });
  if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
  return sideMenu(page);
}

async function openUsers(page: Page): Promise<void> {
  await page.goto('/organisation/users');
  await expectAreaPage(page, 'Organisation', 'Users');
}

/** The side menu's organisation switcher (a native select). */
const switcher = (page: Page) => page.getByRole('combobox', { name: 'Switch organisation' });

/** The row of the members table holding `text`. */
const memberRow = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

test.describe('organisations', () => {
  test("the login page loads the plugins' definitions only; its screens load once an organisation page opens", async ({
    page,
    request,
  }) => {
    const pages =
      /\/assets\/(create-organisation-page|members-page|access-control-page|organisation-settings-page)-/;
    const requested: string[] = [];
    page.on('request', (r) => requested.push(r.url()));
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
    expect(requested.some((url) => url.includes('/assets/plugin-definitions-'))).toBe(true);
    expect(requested.filter((url) => pages.test(url))).toEqual([]);

    // The same check sees a page's chunk once the page opens, so it can fail.
    const owner = await createVerifiedAccount(request, 'org.lazy');
    await page.getByLabel('Email', { exact: true }).fill(owner.email);
    await page.getByLabel('Password', { exact: true }).fill(owner.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    // A lone personal account needs no choice: straight to the dashboard.
    await page.waitForURL(/\/dashboard\/apps$/);
    expect(requested.filter((url) => pages.test(url))).toEqual([]);
    await page.goto('/organisation/create');
    // A full load: the app layout renders for the first time again.
    await expect(page.getByRole('heading', { level: 1, name: 'Create organisation' })).toBeVisible({
      timeout: COLD_APP_LAYOUT_MS,
    });
    expect(requested.filter((url) => pages.test(url)).map((url) => pages.exec(url)![1])).toEqual([
      'create-organisation-page',
    ]);
  });

  test('an owner creates an organisation: the name is checked as typed, then the dashboard of the new organisation opens', async ({
    page,
    request,
  }) => {
    const owner = await createVerifiedAccount(request, 'org.creator');
    const taken = uniqueName('Taken');
    await apiCreateOrganization(request, await apiLogin(request, owner), taken);
    const name = uniqueName('Initech');

    await logIn(page, owner);
    await page.getByRole('button', { name: new RegExp(`^${owner.firstName} ${owner.lastName}`) }).click();
    await page.waitForURL(/\/dashboard\/apps$/);
    await page.getByRole('link', { name: 'Create organisation' }).click();
    await page.waitForURL(/\/organisation\/create$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Create organisation' })).toBeVisible();

    const field = page.getByRole('textbox', { name: 'Organisation name' });
    const submit = page.getByRole('button', { name: 'Create organisation' });
    // Case-insensitive: another spelling of a taken name is taken.
    await field.fill(taken.toUpperCase());
    await expect(page.getByText('This organisation name is already taken')).toBeVisible();
    await expect(submit).toBeDisabled();
    await field.fill(name);
    await expect(page.getByText(`${name} is available`)).toBeVisible();
    await expect(submit).toBeEnabled();
    await submit.click();

    await expectDashboardOf(page, `${name} · Owner`);
    await expect(page.getByTestId('account-organisation')).toHaveText(name);
    await expect(page.getByTestId('account-role')).toHaveText('Owner');
  });

  test("on a phone in French, the members page's toolbar buttons wrap inside the card instead of running past it", async ({
    page,
    request,
  }) => {
    const owner = await createVerifiedAccount(request, 'org.phone');
    const name = uniqueName('Narrow');
    await apiCreateOrganization(request, await apiLogin(request, owner), name);
    await page.setViewportSize({ width: 400, height: 900 });
    await page.goto('/login');
    await page.getByLabel('Language').selectOption('fr');
    await page.getByLabel('E-mail', { exact: true }).fill(owner.email);
    await page.getByLabel('Mot de passe', { exact: true }).fill(owner.password);
    await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
    await page.getByRole('button', { name: new RegExp(`^${name}`) }).click();
    await page.waitForURL(/\/dashboard\/apps$/);
    await page.goto('/organisation/users');

    const card = page.locator('.paged-table__header');
    const edge = (await card.boundingBox())!;
    for (const label of ['Inviter un utilisateur', 'Transférer la propriété']) {
      const button = (await page.getByRole('button', { name: label }).boundingBox())!;
      expect(button.x + button.width, label).toBeLessThanOrEqual(edge.x + edge.width + 0.5);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(400);
  });

  test('at the limit of owned organisations the form is replaced by the limit message', async ({
    page,
    request,
  }) => {
    const owner = await createVerifiedAccount(request, 'org.limit');
    const token = await apiLogin(request, owner);
    for (let i = 0; i < 5; i += 1) await apiCreateOrganization(request, token, uniqueName(`Limit ${i}`));
    // The server refuses a sixth with the same message.
    const refused = await request.post('/v1/organization', {
      data: { organizationName: uniqueName('Sixth') },
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(refused.status()).toBeGreaterThanOrEqual(400);
    expect(((await refused.json()) as { msg: string }).msg).toBe(
      'You have reached the max limit of 5 organisations',
    );

    await logIn(page, owner);
    await page.getByRole('button', { name: new RegExp(`^${owner.firstName} ${owner.lastName}`) }).click();
    await page.waitForURL(/\/dashboard\/apps$/);
    await page.goto('/organisation/create');
    await expect(page.getByText('You have reached the max limit of 5 organisations')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Organisation name' })).toHaveCount(0);
  });

  test('an invited new user signs up from the mail, then the role change and the removal reach their menu, API and switcher', async ({
    browser,
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const owner = await createVerifiedAccount(request, 'org.owner');
    const organization = uniqueName('Hooli');
    await apiCreateOrganization(request, await apiLogin(request, owner), organization);
    const newcomer = { email: `newcomer.${Date.now().toString(36)}@example.com`, password: uniquePassword() };
    const seen = await mailIds(request, newcomer.email);

    // The owner invites from the keyboard alone: open the dialog, type, choose Admin with the arrow keys, send.
    await enterOrganization(page, owner, organization, 'Owner');
    await openUsers(page);
    await page.getByRole('button', { name: 'Invite user' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Invite user' });
    await expect(dialog.getByRole('textbox', { name: 'Email' })).toBeFocused();
    await expectNoSeriousViolations(page, { include: DIALOGS });
    await page.keyboard.type(newcomer.email);
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('combobox', { name: 'Role' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    const active = page.locator('.ant-select-item-option-active');
    await expect(active).toBeVisible();
    // Each press is awaited until the highlight has moved: reading it before the list re-renders would press again
    // and, with the list wrapping around, could step past Admin every time.
    for (let i = 0; i < 4; i += 1) {
      const current = (await active.textContent()) ?? '';
      if (current === 'Admin') break;
      await page.keyboard.press('ArrowUp');
      await expect(active).not.toHaveText(current);
    }
    await expect(active).toHaveText('Admin');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Send invitation' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByText(`Invitation sent to ${newcomer.email}`)).toBeVisible();
    await expect(memberRow(page, newcomer.email).getByText('Invited')).toBeVisible();

    // The mailed link leads through sign-up (read-only address) into the organisation.
    const mail = await waitForNewMail(
      request,
      newcomer.email,
      `You are invited to join ${organization}`,
      seen,
    );
    const member = await browser.newPage();
    await member.goto(linkTo(mail, '/invite'));
    await member.waitForURL(/\/sign-up\?/);
    await expect(member.getByLabel('Email', { exact: true })).toHaveValue(newcomer.email);
    await expect(member.getByLabel('Email', { exact: true })).toHaveAttribute('readonly', '');
    await member.getByLabel('First name', { exact: true }).fill('Nia');
    await member.getByLabel('Last name', { exact: true }).fill('Newcomer');
    await member.getByLabel('Password', { exact: true }).fill(newcomer.password);
    await member.getByLabel('Confirm password', { exact: true }).fill(newcomer.password);
    await member.getByRole('button', { name: 'Sign up' }).click();
    await member.waitForURL(/\/login/);
    const memberAccount = { ...newcomer, firstName: 'Nia', lastName: 'Newcomer' };
    // The member also owns an organisation of their own, so their switcher has something else to offer.
    const own = uniqueName('Pied Piper');
    await apiCreateOrganization(request, await apiLogin(request, memberAccount), own);
    await enterOrganization(member, memberAccount, organization, 'Admin');
    await expect(
      (await organisationMenu(member)).getByRole('link', { name: 'Access control' }),
    ).toBeVisible();
    const aclAsAdmin = await member.request.get('/v1/acl', {
      headers: { Authorization: `Bearer ${await sessionToken(member)}` },
    });
    expect(aclAsAdmin.status()).toBe(200);
    // The role-name dialog as an admin (acl.manage) sees it: axe-clean, and Escape closes it.
    await member.goto('/organisation/acl');
    await member.getByRole('button', { name: 'Add role' }).click();
    const addRole = member.getByRole('dialog', { name: 'Add role' });
    await expect(addRole.getByRole('textbox', { name: 'Role name' })).toBeVisible();
    await expectNoSeriousViolations(member, { include: DIALOGS });
    await member.keyboard.press('Escape');
    await expect(addRole).toBeHidden();

    // The owner makes them a plain member.
    await page.reload();
    await expect(memberRow(page, newcomer.email).getByText('Active')).toBeVisible();
    await memberRow(page, newcomer.email)
      .getByRole('button', { name: 'Change role of Nia Newcomer' })
      .click();
    const roleDialog = page.getByRole('dialog', { name: 'Change role' });
    // The role list has the focus when the dialog opens; ArrowDown opens it.
    await expect(roleDialog.getByRole('combobox', { name: 'New role' })).toBeFocused();
    await expectNoSeriousViolations(page, { include: DIALOGS });
    await page.keyboard.press('ArrowDown');
    // The pick took: the list shows it before Save, so the row's "Member" below is this change's doing.
    await pick(page, roleDialog.getByRole('combobox', { name: 'New role' }), 'Member');
    await roleDialog.getByRole('button', { name: 'Save role' }).click();
    await expect(page.getByText('Role updated')).toBeVisible();
    await expect(memberRow(page, newcomer.email).getByText('Member', { exact: true })).toBeVisible();

    // Their very next call is refused, and the next organisation page they open brings the menu in line.
    const aclAsMember = await member.request.get('/v1/acl', {
      headers: { Authorization: `Bearer ${await sessionToken(member)}` },
    });
    expect(aclAsMember.status()).toBe(403);
    await (await organisationMenu(member)).getByRole('link', { name: 'Users' }).click();
    // Users is the one organisation page a plain member may open: the area's title, and no tabs to switch between.
    await expect(member.getByRole('heading', { level: 1, name: 'Organisation' })).toBeVisible();
    await expect(member.getByText(/^Members and invitations/)).toBeVisible();
    await expect(member.getByRole('navigation', { name: 'Organisation' })).toHaveCount(0);
    await expect(sideMenu(member).getByRole('link', { name: 'Access control' })).toHaveCount(0);
    await expect(member.getByTestId('account-role')).toHaveText('Member');
    await member.goto('/organisation/acl');
    await expect(member.getByText("You don't have permission to view this page")).toBeVisible();
    // A plain member may leave: the confirmation is axe-clean, and Escape keeps them in.
    await member.goto('/organisation/users');
    await member.getByRole('button', { name: 'Leave organisation' }).click();
    const leave = member.getByRole('dialog', { name: 'Leave organisation' });
    await expect(leave).toContainText(`Leave ${organization}?`);
    await expectNoSeriousViolations(member, { include: DIALOGS });
    await member.keyboard.press('Escape');
    await expect(leave).toBeHidden();

    // The owner removes them, after confirming.
    const removeButton = memberRow(page, newcomer.email).getByRole('button', { name: 'Remove Nia Newcomer' });
    await removeButton.click();
    const confirm = page.getByRole('dialog', { name: 'Remove member' });
    await expect(confirm).toContainText(`Remove Nia Newcomer from ${organization}?`);
    await expectNoSeriousViolations(page, { include: DIALOGS });
    // Escape cancels, and focus goes back to the row's remove button, not to the top of the page.
    await page.keyboard.press('Escape');
    await expect(confirm).toBeHidden();
    await expect(removeButton).toBeFocused();
    await expect(memberRow(page, newcomer.email)).toHaveCount(1);
    await removeButton.click();
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByText('Member removed')).toBeVisible();
    await expect(memberRow(page, newcomer.email)).toHaveCount(0);

    const afterRemoval = await member.request.get('/v1/organization/member', {
      headers: { Authorization: `Bearer ${await sessionToken(member)}` },
    });
    expect(afterRemoval.status()).toBe(403);
    // Switching organisation reloads the list of organisations: the removed one is no longer offered.
    await member.goto('/dashboard/apps');
    await switcher(member).selectOption({ label: own });
    await expectDashboardOf(member, `${own} · Owner`);
    const offered = switcher(member);
    await expect(offered.getByRole('option', { name: 'Personal account', exact: true })).toHaveCount(1);
    await expect(offered.getByRole('option', { name: own, exact: true })).toHaveCount(1);
    await expect(offered.getByRole('option', { name: organization, exact: true })).toHaveCount(0);
    await member.close();
  });

  test('an owner transfers the ownership to an active member and becomes admin', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const owner = await createVerifiedAccount(request, 'org.seller');
    const buyer = await createVerifiedAccount(request, 'org.buyer');
    const organization = uniqueName('Vandelay');
    await apiCreateOrganization(request, await apiLogin(request, owner), organization);

    // The buyer joins through an invitation (known user: the link accepts it).
    await enterOrganization(page, owner, organization, 'Owner');
    await openUsers(page);
    const seen = await mailIds(request, buyer.email);
    await page.getByRole('button', { name: 'Invite user' }).click();
    const invite = page.getByRole('dialog', { name: 'Invite user' });
    await invite.getByRole('textbox', { name: 'Email' }).fill(buyer.email);
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await expect(page.getByText(`Invitation sent to ${buyer.email}`)).toBeVisible();
    const mail = await waitForNewMail(request, buyer.email, `You are invited to join ${organization}`, seen);
    const link = new URL(linkTo(mail, '/invite'));
    const accepted = await request.post('/v1/organization/invite', {
      data: { orgId: link.searchParams.get('orgId'), invitationId: link.searchParams.get('invitationId') },
    });
    expect(accepted.ok()).toBe(true);

    const ownerMails = await mailIds(request, owner.email);
    const buyerMails = await mailIds(request, buyer.email);
    await page.reload();
    await expect(memberRow(page, buyer.email).getByText('Active')).toBeVisible();
    await page.getByRole('button', { name: 'Transfer ownership' }).click();
    const dialog = page.getByRole('dialog', { name: 'Transfer ownership' });
    await expect(dialog.getByRole('combobox', { name: 'New owner' })).toBeVisible();
    await expectNoSeriousViolations(page, { include: DIALOGS });
    await pick(
      page,
      dialog.getByRole('combobox', { name: 'New owner' }),
      `${buyer.firstName} ${buyer.lastName} (${buyer.email})`,
    );
    await dialog.getByRole('textbox', { name: `Type ${organization} to confirm` }).fill(organization);
    await dialog.getByLabel('Your password').fill(owner.password);
    await dialog.getByRole('button', { name: 'Transfer ownership' }).click();
    await expect(page.getByText('Ownership transferred successfully')).toBeVisible();

    await expect(memberRow(page, buyer.email).getByText('Owner', { exact: true })).toBeVisible();
    await expect(memberRow(page, owner.email).getByText('Admin', { exact: true })).toBeVisible();
    await expect(page.getByTestId('account-role')).toHaveText('Admin');
    await expect(page.getByRole('button', { name: 'Transfer ownership' })).toHaveCount(0);
    await waitForNewMail(request, buyer.email, `You are now the owner of ${organization}`, buyerMails);
    await waitForNewMail(request, owner.email, `You transferred ${organization}`, ownerMails);
  });
});
