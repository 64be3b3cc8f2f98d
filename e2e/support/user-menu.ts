import { expect, type Page } from '@playwright/test';

/**
 * Logs out through the header's user menu (core/layout/user-menu.tsx), ending on a plain /login: a click opens the
 * menu with the focus on its first item (the user's own pages come first), End moves it to Log out, the last, and
 * Enter chooses it. Enter rather than a second click: antd places the
 * menu once it has measured it, and under load a click could land while it still sat elsewhere (after a resize it
 * was seen at the top of the page, stable for two frames, and the click hit nothing).
 */
export async function logOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'My account: open the user menu' }).click();
  const logout = page.getByRole('menuitem', { name: 'Log out' });
  const menu = page.getByRole('menu').filter({ has: logout });
  await expect(menu.getByRole('menuitem').first()).toBeFocused();
  await page.keyboard.press('End');
  await expect(logout).toBeFocused();
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => url.pathname === '/login' && url.search === '');
}
