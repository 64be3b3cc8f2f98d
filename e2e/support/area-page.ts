import { expect, type Page } from '@playwright/test';

/**
 * Expects a page of an area with tabs (core's AreaPage): the level-1 heading names the area ('Billing'), the
 * area's navigation marks the page's tab ('Payment methods') as the current one.
 */
export async function expectAreaPage(
  page: Page,
  area: string,
  tab: string,
  options: { timeout?: number } = {},
): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: area })).toBeVisible(options);
  const current = page.getByRole('navigation', { name: area }).getByRole('link', { name: tab, exact: true });
  await expect(current).toHaveAttribute('aria-current', 'page', options);
}
