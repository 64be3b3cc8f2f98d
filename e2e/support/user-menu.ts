import type { Page } from '@playwright/test';

/** Logs out with the mouse through the header's user menu (core/layout/app-layout.tsx), ending on a plain /login. */
export async function logOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'My account: open the user menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page.waitForURL((url) => url.pathname === '/login' && url.search === '');
}
