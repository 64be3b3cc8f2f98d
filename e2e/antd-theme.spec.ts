import { expect, test, type Locator, type Page } from '@playwright/test';

/**
 * antd's theme no longer comes with the app shell (the login page must not carry antd's css-in-js runtime,
 * docs/performance.md): each antd subtree on an auth route gets it from AntdThemeProvider. This spec checks that
 * what a person sees there still wears the portal's colours, not antd's default blue. Seed data: server/README.md.
 */
const PASSWORD = 'Demo@1234';

/** A CSS colour as the browser computes it (`rgb(r, g, b)`), to compare a variable with a computed style. */
async function computedColor(page: Page, cssVariable: string): Promise<string> {
  return page.evaluate((name) => {
    const probe = document.createElement('span');
    probe.style.color = `var(${name})`;
    document.body.append(probe);
    const color = getComputedStyle(probe).color;
    probe.remove();
    return color;
  }, cssVariable);
}

async function style(element: Locator, property: 'color' | 'backgroundColor'): Promise<string> {
  return element.evaluate((node, name) => getComputedStyle(node)[name], property);
}

test('antd buttons and dialogs on the organisation screen wear the portal theme', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email' }).fill('demo@example.com');
  await page.getByRole('textbox', { name: 'Password' }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/orgs/);

  const logout = page.getByRole('button', { name: 'Log out' });
  await expect(logout).toBeVisible();
  expect(await style(logout, 'color')).toBe(await computedColor(page, '--portal-link'));

  // Only shown, never answered: both answers would switch 2FA on for the shared demo user.
  await page.getByRole('button', { name: /^Globex\s*Admin/ }).click();
  const notice = page.getByRole('dialog', { name: 'Two-factor authentication required' });
  const proceed = notice.getByRole('button', { name: 'Proceed' });
  await expect(proceed).toBeVisible();
  expect(await style(proceed, 'backgroundColor')).toBe(await computedColor(page, '--portal-primary'));
  expect(await style(proceed, 'color')).toBe(await computedColor(page, '--portal-primary-contrast'));
  // Poppins, the portal's font, reaches the dialog too (antd's default is the system font stack).
  expect(await notice.evaluate((node) => getComputedStyle(node).fontFamily)).toMatch(/^Poppins/);
});
