import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DIALOGS, expectNoSeriousViolations } from './support/axe';
import { linkTo, uniqueEmail, waitForMail } from './support/mailbox';
import { putAwayFirstRecoveryCodes } from './support/recovery-codes';
import { totp } from './support/totp';
import { logOut } from './support/user-menu';

/**
 * The user's own security settings against the real server: authenticator and mobile 2FA, and the password.
 * Each journey signs up its own user, so the journeys never depend on each other or on the demo data.
 */

async function createVerifiedUser(
  request: APIRequestContext,
  prefix: string,
): Promise<{ email: string; password: string }> {
  const email = uniqueEmail(prefix);
  const password = `Str0ng!${Math.random().toString(36).slice(2, 8)}q`;
  const registered = await request.post('/v1/register', {
    data: { firstName: 'Robin', lastName: 'Secure', email, password },
  });
  expect(registered.ok()).toBe(true);
  const link = new URL(
    linkTo(
      await waitForMail(request, email, (m) => m.subject === 'Verify your email'),
      '/email-verification',
    ),
  );
  const verified = await request.post('/v1/verify-email', {
    data: {
      token: link.searchParams.get('verificationToken'),
      organizationId: link.searchParams.get('organizationToken'),
    },
  });
  expect(verified.ok()).toBe(true);
  return { email, password };
}

async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** Logged in with an organisation selected: the portal has left the authentication screens. */
async function expectInsideThePortal(page: Page): Promise<void> {
  await expect(page).not.toHaveURL(/\/(login|orgs|security-verification)(\?|$)/, { timeout: 15_000 });
}

async function logIn(page: Page, email: string, password: string): Promise<void> {
  await submitLogin(page, email, password);
  await expectInsideThePortal(page);
}

/** The authenticator code now, once it differs from one already accepted (a step's code works once). */
async function freshCode(secret: string, used: string): Promise<string> {
  await expect.poll(() => totp(secret), { timeout: 35_000, intervals: [1000] }).not.toBe(used);
  return totp(secret);
}

test.describe('two-factor authentication and password', () => {
  test('a user enables authenticator 2FA from what the screen shows and logs back in with a fresh code', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const { email, password } = await createVerifiedUser(request, 'totp');
    await logIn(page, email, password);
    await page.goto('/user/security');
    await expect(page.getByTestId('two-factor-status')).toHaveText('Disabled');

    await page.getByRole('button', { name: 'Set up Authenticator' }).click();
    const dialog = page.getByRole('dialog', { name: 'Two factor code' });
    await expect(dialog.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
    await expectNoSeriousViolations(page, { include: DIALOGS });
    const secret = await dialog.getByRole('textbox', { name: 'Secret key' }).inputValue();
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    // Computed here from RFC 6238, not by the server's library: a real authenticator app would show the same.
    const used = totp(secret);
    await dialog.getByRole('textbox', { name: '6-digit code' }).fill(used);
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Authenticator app enabled for two-factor authentication')).toBeVisible();
    await expect(dialog).toBeHidden();
    await putAwayFirstRecoveryCodes(page);
    await expect(page.getByTestId('two-factor-status')).toHaveText('Enabled');
    const authenticator = page.getByRole('listitem', { name: /^Authenticator/ });
    await expect(authenticator.getByText('Configured', { exact: true })).toBeVisible();
    // The reset confirmation: axe-clean, and Escape leaves the method as it was.
    const reset = authenticator.getByRole('button', { name: /^Reset / });
    await reset.click();
    const resetDialog = page.getByRole('dialog', { name: 'Reset 2FA' });
    await expect(resetDialog).toBeVisible();
    await expectNoSeriousViolations(page, { include: DIALOGS });
    await page.keyboard.press('Escape');
    await expect(resetDialog).toBeHidden();
    await expect(authenticator.getByText('Configured', { exact: true })).toBeVisible();

    await logOut(page);
    await submitLogin(page, email, password);
    await expect(page).toHaveURL(/\/security-verification/);
    await page.getByLabel('Authenticator app').check();
    await page.getByRole('button', { name: 'Proceed' }).click();
    const code = page.getByRole('textbox', { name: 'Verification code' });
    // The code that completed the setup does not open a login.
    await code.fill(used);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText('Invalid verification code')).toBeVisible();
    await expect(code).toHaveValue('');
    await code.fill(await freshCode(secret, used));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expectInsideThePortal(page);
    await page.goto('/security');
    await expect(page.getByTestId('two-factor-status')).toHaveText('Enabled');
  });

  test('a user configures mobile 2FA with the code shown in the chip', async ({ page, request }) => {
    const { email, password } = await createVerifiedUser(request, 'mobile');
    const phone = `+614${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    await logIn(page, email, password);
    await page.goto('/security');
    const opener = page.getByRole('button', { name: 'Set up Mobile number' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Configure mobile for 2FA' });
    await expectNoSeriousViolations(page, { include: DIALOGS });
    // Closed without a change, the dialog hands focus back to the button that opened it.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
    await opener.click();
    const number = dialog.getByRole('textbox', { name: 'Phone number' });
    await expect(number).toHaveValue('+');
    await expect(dialog.getByRole('button', { name: 'Get OTP' })).toBeDisabled();
    await number.fill(phone);
    await dialog.getByRole('button', { name: 'Get OTP' }).click();
    const chip = dialog.getByRole('status');
    await expect(chip).toHaveText(/Your code: \d{6}/);
    const shown = /(\d{6})/.exec((await chip.textContent()) ?? '')![1]!;
    await expect(dialog.getByText(/Resend OTP in \d+s/)).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Resend' })).toBeDisabled();
    // With the code sent: the chip, the countdown and the disabled resend button.
    await expectNoSeriousViolations(page, { include: DIALOGS });
    // The same code went to the phone.
    expect((await waitForMail(request, phone)).text).toContain(shown);

    await dialog.getByRole('textbox', { name: 'OTP' }).fill(shown);
    await dialog.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText('Mobile number enabled for two-factor authentication')).toBeVisible();
    await expect(dialog).toBeHidden();
    const mobile = page.getByRole('listitem', { name: /^Mobile number/ });
    await expect(mobile).toContainText(`Codes are sent to ${phone}.`);
    await expect(page.getByTestId('two-factor-status')).toHaveText('Enabled');

    // The profile shows the number that was proven.
    await page.goto('/user/details');
    await expect(page.getByRole('textbox', { name: 'Phone number' })).toHaveValue(phone);
  });

  test('a user changes the password and the old one stops working', async ({ page, request }) => {
    const { email, password } = await createVerifiedUser(request, 'password');
    const newPassword = `N3w#${Math.random().toString(36).slice(2, 10)}`;
    await logIn(page, email, password);
    await page.goto('/user/security');
    await expect(page.getByRole('heading', { name: 'Change your password' })).toBeVisible();
    await page.getByLabel('Current password').fill(password);
    await page.getByLabel('New password').fill(newPassword);
    await page.getByLabel('Confirm password').fill(newPassword);
    await page.getByRole('button', { name: 'Change' }).click();
    await expect(page.getByText('Password changed successfully')).toBeVisible();
    await expect(page.getByLabel('Current password')).toHaveValue('');

    await logOut(page);
    await submitLogin(page, email, password);
    await expect(page.getByText('Invalid email or password')).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
    await logIn(page, email, newPassword);
  });
});
