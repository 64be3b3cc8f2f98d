import { expect, test, type Page } from '@playwright/test';

/**
 * Arabic, the right-to-left language (issue 16, acceptance 3): chosen from the language switcher on the login page,
 * the login, account-selection, dashboard and profile screens render right to left with the texts of locales/ar,
 * the side menu sits on the right, and the phone field stays left to right. Logs in as the demo owner (seed data,
 * server/README.md) and only reads, so it never changes what other specs see.
 */

/** Texts from locales/ar: seen exactly, so a missing key (English fallback) or a wrong namespace fails. */
const AR = {
  loginTitle: 'تسجيل الدخول',
  email: 'البريد الإلكتروني',
  password: 'كلمة المرور',
  login: 'تسجيل الدخول',
  orgsTitle: 'اختر الحساب الذي تريد استخدامه اليوم',
  dashboardTitle: 'تطبيقات التعاون على المستندات',
  appsMenu: 'التطبيقات',
  phone: 'رقم الهاتف',
  save: 'حفظ وتحديث',
  language: 'اللغة',
};

async function expectRightToLeft(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => [document.dir, document.documentElement.lang]))
    .toEqual(['rtl', 'ar']);
}

test.describe('Arabic, right to left', () => {
  test('login, account selection, dashboard and profile render right to left in Arabic', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/login');
    await expect.poll(() => page.evaluate(() => document.dir)).toBe('ltr');
    await page.getByLabel('Language').selectOption('ar');

    await expect(page.getByRole('heading', { level: 1, name: AR.loginTitle })).toBeVisible();
    await expectRightToLeft(page);
    await expect(page.getByLabel(AR.language)).toHaveValue('ar');
    // The email and password fields read their Arabic labels; the English ones are gone.
    await page.getByRole('textbox', { name: AR.email, exact: true }).fill('demo@example.com');
    await page.getByLabel(AR.password, { exact: true }).fill('Demo@1234');
    await expect(page.getByText('Forgot password?')).toHaveCount(0);
    await page.getByRole('button', { name: AR.login, exact: true }).click();

    await page.waitForURL(/\/orgs/);
    await expect(page.getByRole('heading', { name: AR.orgsTitle })).toBeVisible();
    await expectRightToLeft(page);
    await page.getByRole('button', { name: /Acme Pty Ltd/ }).click();

    await page.waitForURL(/\/dashboard/);
    await expect(page.getByRole('heading', { name: AR.dashboardTitle })).toBeVisible();
    await expectRightToLeft(page);
    // The side menu is on the right of a right-to-left page: its box starts past the middle of the viewport.
    const appsItem = page.getByRole('menuitem', { name: AR.appsMenu });
    await expect(appsItem).toBeVisible();
    const box = await appsItem.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x).toBeGreaterThan(640);

    await page.goto('/user/details');
    const phone = page.getByRole('textbox', { name: AR.phone });
    await expect(phone).toBeVisible({ timeout: 20_000 });
    await expectRightToLeft(page);
    await expect(page.getByRole('button', { name: AR.save })).toBeVisible();
    // Phone numbers read left to right even on a right-to-left page.
    await expect(phone).toHaveAttribute('dir', 'ltr');
    expect(await phone.evaluate((el) => getComputedStyle(el).direction)).toBe('ltr');
  });

  test('switching back to English lays the page out left to right again', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Language').selectOption('ar');
    await expectRightToLeft(page);
    await page.getByLabel(AR.language).selectOption('en');
    await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
    await expect
      .poll(() => page.evaluate(() => [document.dir, document.documentElement.lang]))
      .toEqual(['ltr', 'en']);
  });
});
