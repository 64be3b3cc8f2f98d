import { expect, test, type Locator, type Page } from '@playwright/test';
import { signInAsDemoOwner } from './support/accounts';
import { measureContrast } from './support/contrast';
import { useConfig } from './support/portal-config';
import { sideMenu } from './support/side-menu';

/** Seed data (server/README.md): demo@example.com owns Acme, whose branding has `textColor: '#ffffff'` meant for its
 * navy brand colour. */
const AA = 4.5;

async function enterAcme(page: Page): Promise<void> {
  await signInAsDemoOwner(page);
  await expect(page.getByRole('article').first()).toBeVisible();
}

async function expectReadable(element: Locator): Promise<void> {
  await expect(element).toBeVisible();
  const measured = await measureContrast(element);
  expect(
    measured.ratio,
    `"${measured.text}": ${measured.color} on ${measured.background}`,
  ).toBeGreaterThanOrEqual(AA);
}

/** The side menu's entries, each measured on the entry, whose colour its label takes. */
function sideMenuLabels(page: Page): Locator {
  return sideMenu(page).getByRole('menuitem');
}

test.describe("Acme's branding keeps the portal readable", () => {
  for (const width of [1280, 400]) {
    test(`dashboard title, app cards, side menu and header read at WCAG AA (${width} px)`, async ({
      page,
    }, testInfo) => {
      const warnings: string[] = [];
      page.on('console', (message) => message.type() === 'warning' && warnings.push(message.text()));
      await page.setViewportSize({ width, height: 900 });
      await enterAcme(page);

      await expectReadable(page.getByRole('heading', { level: 1, name: 'Document Collaboration Apps' }));
      const card = page.getByRole('article', { name: 'AI Redaction' });
      await expectReadable(card.getByRole('heading', { name: 'AI Redaction' }));
      await expectReadable(card.getByText('Find and remove sensitive information', { exact: false }));
      // The organisation's white text colour is for its brand colour: the header carries the brand on it.
      const brand = page.getByRole('banner').getByTestId('portal-brand');
      await expect(brand).toHaveText('Kreano');
      await expectReadable(brand);
      await page.screenshot({ path: testInfo.outputPath(`acme-dashboard-${width}.png`), fullPage: true });

      if (width < 768) await page.getByRole('button', { name: 'Side menu' }).click();
      const labels = sideMenuLabels(page);
      await expect(labels.filter({ hasText: 'Apps' })).toBeVisible();
      await expect(labels.filter({ hasText: 'Security' })).toBeVisible();
      expect(await labels.count()).toBeGreaterThanOrEqual(3);
      for (const label of await labels.all()) await expectReadable(label);
      await expectReadable(
        page.locator('.portal-account-panel').getByText('Acme Pty Ltd', { exact: true }).first(),
      );

      // Acme's own colours pass the rule as they are: nothing had to be corrected.
      expect(warnings.filter((w) => w.includes('WCAG'))).toEqual([]);
    });
  }

  test('the profile page and the change-password form read at WCAG AA', async ({ page }) => {
    await enterAcme(page);
    await page.goto('/user/details');
    await expectReadable(page.getByRole('heading', { level: 1, name: 'Profile' }));
    await expectReadable(page.getByText('First name', { exact: true }));
    await page.goto('/user/security');
    await expectReadable(page.getByRole('heading', { level: 1 }));
    await expectReadable(page.getByText('Current password', { exact: true }).first());
  });

  test('links take the theme colour, not the browser default blue', async ({ page }) => {
    await page.goto('/login');
    const link = page.getByRole('link', { name: 'Forgot password?' });
    await expect(link).toBeVisible();
    const color = await link.evaluate((node) => getComputedStyle(node).color);
    expect(color).not.toBe('rgb(0, 0, 238)');
    expect(color).toBe('rgb(11, 31, 68)');
    await expectReadable(link);
  });

  test('an invalid theme colour in portal.config.json falls back to the preset with a warning, not an error page', async ({
    page,
  }) => {
    const warnings: string[] = [];
    page.on('console', (message) => message.type() === 'warning' && warnings.push(message.text()));
    // 'navy' is not a hex colour; '#1A237E0' has 7 digits, which the rule (6 or more) accepts.
    await useConfig(page, {
      theme: { preset: 'default', colors: { primary: 'navy', secondary: '#1A237E0' } },
    });
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'The portal configuration is invalid' })).toHaveCount(0);
    const variable = (name: string) =>
      page.evaluate((n) => document.documentElement.style.getPropertyValue(n), name);
    expect(await variable('--portal-primary')).toBe('#0B1F44');
    expect(await variable('--portal-secondary')).toBe('#1A237E');
    expect(warnings).toContainEqual(
      expect.stringContaining('portal.config.json /theme/colors/primary: "navy" is not a hex colour'),
    );
  });
});
