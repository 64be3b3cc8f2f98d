import type { Locator, Page } from '@playwright/test';

/**
 * The side menu as a person finds it: the navigation named 'Side menu' (core/layout/app-layout.tsx), in the side
 * column from a tablet's width up and in the drawer on a phone.
 */
export function sideMenu(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Side menu' });
}
