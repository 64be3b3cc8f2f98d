import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { newAccount } from './support/accounts';
import { linkTo, waitForMail } from './support/mailbox';
import { totp } from './support/totp';

/**
 * The main journeys with the keyboard alone (WCAG 2.1.1, docs/accessibility.md): Tab, Shift+Tab, Enter, Space,
 * Escape and the arrow keys, never the mouse, asserting where focus lands at each step and that the focused
 * control shows it. The organisation invite dialog's keyboard journey is in e2e/organisation-acl.spec.ts.
 */
const PASSWORD = 'Demo@1234';

/** Presses Tab (or Shift+Tab) until `target` has focus; fails when it cannot be reached in `max` presses. */
async function tabTo(page: Page, target: Locator, { backwards = false, max = 40 } = {}): Promise<void> {
  for (let presses = 0; presses < max; presses += 1) {
    if (await target.evaluate((node) => node === document.activeElement).catch(() => false)) break;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  await expect(target).toBeFocused();
  await expectVisibleFocus(target);
}

/**
 * The focused control shows it: an outline or a focus ring (box-shadow) that is not transparent, on the control
 * or on the box drawn around it (a password field's box with its show/hide button rings on :focus-within).
 */
async function expectVisibleFocus(target: Locator): Promise<void> {
  const indicators = await target.evaluate((node) => {
    const found: { outline: string | null; ring: string | null }[] = [];
    for (
      let element: Element | null = node, depth = 0;
      element && depth < 3;
      element = element.parentElement, depth++
    ) {
      const style = getComputedStyle(element);
      const outline =
        style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0 ? style.outlineColor : null;
      const ring = style.boxShadow !== 'none' ? style.boxShadow : null;
      found.push({ outline, ring });
    }
    return found;
  });
  const visible = (colour: string | null) =>
    colour !== null && !/rgba\([^)]*,\s*0\)|transparent/.test(colour);
  expect(
    indicators.some(({ outline, ring }) => visible(outline) || visible(ring)),
    JSON.stringify(indicators),
  ).toBe(true);
}

async function createVerifiedUser(request: APIRequestContext, prefix: string) {
  const account = newAccount(prefix);
  const registered = await request.post('/v1/register', { data: account });
  expect(registered.ok()).toBe(true);
  const mail = await waitForMail(request, account.email, (m) => m.subject === 'Verify your email');
  const link = new URL(linkTo(mail, '/email-verification'));
  const verified = await request.post('/v1/verify-email', {
    data: {
      token: link.searchParams.get('verificationToken'),
      organizationId: link.searchParams.get('organizationToken'),
    },
  });
  expect(verified.ok()).toBe(true);
  return account;
}

/** Email is focused when the login page opens; type, Tab, type, Enter. */
async function logInWithKeyboard(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await expect(page.getByRole('textbox', { name: 'Email' })).toBeFocused();
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('textbox', { name: 'Password' })).toBeFocused();
  await page.keyboard.type(password);
  await page.keyboard.press('Enter');
}

test.describe('keyboard-only journeys', () => {
  test('sign-up: from the login page to the confirmation screen, with field messages on the way', async ({
    page,
  }) => {
    const account = newAccount('keyboard.signup');
    await page.goto('/login');
    await tabTo(page, page.getByRole('link', { name: 'Sign up' }));
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/sign-up$/);
    const firstName = page.getByLabel('First name', { exact: true });
    await expect(firstName).toBeFocused();

    // A field emptied again says what it needs, and Shift+Tab goes back to it.
    await page.keyboard.type(account.firstName);
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Last name', { exact: true })).toBeFocused();
    await page.keyboard.type('x');
    await page.keyboard.press('Backspace');
    await expect(page.getByText('Last name is required')).toBeVisible();
    await page.keyboard.press('Shift+Tab');
    await expect(firstName).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Last name', { exact: true })).toBeFocused();

    await page.keyboard.type(account.lastName);
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Email', { exact: true })).toBeFocused();
    await page.keyboard.type(account.email);
    await tabTo(page, page.getByLabel('Password', { exact: true }));
    await page.keyboard.type(account.password);
    await tabTo(page, page.getByLabel('Confirm password', { exact: true }));
    await page.keyboard.type(account.password);
    // Complete and valid: Enter in the last field signs up.
    await expect(page.getByRole('button', { name: 'Sign up' })).toBeEnabled();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/email-confirmation/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('two-factor: enable the authenticator from the keyboard, then log in with its code', async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(150_000);
    const account = await createVerifiedUser(request, 'keyboard.totp');
    await logInWithKeyboard(page, account.email, account.password);
    await page.waitForURL(/\/dashboard\/apps$/);

    await page.goto('/user/security');
    const setUp = page.getByRole('button', { name: 'Set up Authenticator' });
    await tabTo(page, setUp);
    // Escape closes the dialog and gives focus back to the button that opened it.
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Two factor code' });
    await expect(dialog).toBeVisible();
    await expect(dialog.locator(':focus')).toHaveCount(1);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(setUp).toBeFocused();

    await page.keyboard.press('Space');
    await expect(dialog).toBeVisible();
    const secret = await dialog.getByRole('textbox', { name: 'Secret key' }).inputValue();
    const used = totp(secret);
    await tabTo(page, dialog.getByRole('textbox', { name: '6-digit code' }));
    await page.keyboard.type(used);
    await page.keyboard.press('Enter');
    await expect(page.getByText('Authenticator app enabled for two-factor authentication')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('two-factor-status')).toHaveText('Enabled');
    // Focus is not dropped on the page's body when the dialog goes.
    expect(await page.evaluate(() => document.activeElement !== document.body)).toBe(true);

    // A fresh browser: log in, choose the authenticator with the arrow keys, type the next code.
    const context = await browser.newContext();
    const fresh = await context.newPage();
    await logInWithKeyboard(fresh, account.email, account.password);
    await fresh.waitForURL(/\/security-verification/);
    const emailMethod = fresh.getByRole('radio', { name: 'Email' });
    const authenticator = fresh.getByRole('radio', { name: 'Authenticator app' });
    await tabTo(fresh, (await authenticator.isChecked()) ? authenticator : emailMethod);
    if (!(await authenticator.isChecked())) await fresh.keyboard.press('ArrowDown');
    await expect(authenticator).toBeChecked();
    await tabTo(fresh, fresh.getByRole('button', { name: 'Proceed' }));
    await fresh.keyboard.press('Enter');
    const code = fresh.getByRole('textbox', { name: 'Verification code' });
    await expect(code).toBeFocused();
    await expect.poll(() => totp(secret), { timeout: 35_000, intervals: [1000] }).not.toBe(used);
    await fresh.keyboard.type(totp(secret));
    await fresh.keyboard.press('Enter');
    await fresh.waitForURL(/\/dashboard\/apps$/);
    await context.close();
  });

  test('choosing an organisation and launching an app, from the keyboard', async ({ page }) => {
    await logInWithKeyboard(page, 'demo@example.com', PASSWORD);
    await page.waitForURL(/\/orgs/);
    const acme = page.getByRole('button', { name: /Acme Pty Ltd/ });
    await tabTo(page, acme);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/dashboard\/apps$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Document Collaboration Apps' })).toBeVisible();

    const launch = page
      .getByRole('article', { name: 'AI Redaction' })
      .getByRole('button', { name: 'Launch' });
    await tabTo(page, launch, { max: 80 });
    const popup = page.waitForEvent('popup');
    await page.keyboard.press('Enter');
    const tab = await popup;
    await tab.waitForURL(/\/dev\/apps\/kreanoRedact\?/);
    await expect(tab.getByRole('status')).toHaveText(
      'Launch token exchanged: you are signed in to this portal.',
    );
    await tab.close();

    // The user menu: Enter opens it with the focus on its first item, the user's details; Escape closes it back onto
    // the button; End reaches Log out, its last item.
    const userMenu = page.getByRole('button', { name: 'My account: open the user menu' });
    await tabTo(page, userMenu, { backwards: true, max: 80 });
    await page.keyboard.press('Enter');
    const details = page.getByRole('menuitem', { name: 'Details' });
    await expect(details).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(details).toBeHidden();
    await expect(userMenu).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(details).toBeFocused();
    await page.keyboard.press('End');
    await expect(page.getByRole('menuitem', { name: 'Log out' })).toBeFocused();
    await page.keyboard.press('Enter');
    // A deliberate logout leaves no `toUrl`: whoever logs in next starts from the landing page.
    await page.waitForURL((url) => url.pathname === '/login' && url.search === '');
  });

  test('on a phone, the side menu opens from the keyboard and its entries lead to their pages', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 400, height: 800 });
    await logInWithKeyboard(page, 'demo@example.com', PASSWORD);
    await page.waitForURL(/\/orgs/);
    await tabTo(page, page.getByRole('button', { name: /Acme Pty Ltd/ }));
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/dashboard\/apps$/);

    // The header's named button with its state opens the drawer (core/layout/app-layout.tsx).
    const toggle = page.getByRole('button', { name: 'Side menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await tabTo(page, toggle, { backwards: true });
    await page.keyboard.press('Enter');
    const profile = page.getByRole('menuitem', { name: 'Profile' }).getByRole('link');
    await expect(profile).toBeVisible();
    await tabTo(page, profile, { max: 60 });
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/user\/details$/);
  });
});
