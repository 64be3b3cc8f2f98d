import { expect, test, type Page } from '@playwright/test';
import { COLD_APP_LAYOUT_MS, useConfig, useStoredSession, withFixtures } from './support/portal-config';
import { sideMenu } from './support/side-menu';
import { expectAreaPage } from './support/area-page';

// A demo user of the seeded data (server/README.md) with a personal account and two organisations: the account
// screen waits for a choice. Only read here; nothing about the account changes.
const DEMO_EMAIL = 'demo@example.com';
const DEMO_PASSWORD = 'Demo@1234';

const at = (pathname: string) => (url: URL) => url.pathname === pathname;

/** Logs the demo user in through the sign-in page and waits for the account screen. */
async function logInToAccountScreen(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(DEMO_EMAIL);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(at('/orgs'));
  await expect(
    page.getByRole('heading', { level: 1, name: 'Select the account you want to use today' }),
  ).toBeVisible();
}

test.describe('portal host', () => {
  test('the login page starts from its HTML: the config is in the page and its chunks are preloaded, so nothing waits for /portal.config.json', async ({
    page,
  }) => {
    const requested: string[] = [];
    page.on('request', (r) => requested.push(new URL(r.url()).pathname));
    const response = await page.goto('/login');
    const html = (await response!.text()) ?? '';
    await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
    expect(requested).not.toContain('/portal.config.json');
    // The login page's chunk (the auth forms', which holds it: tooling/first-paint-chunks.ts) is announced by the
    // HTML, not discovered after the plugins load.
    expect(html).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/auth-forms-[^"]+\.js">/);
    expect(html).not.toMatch(/href="\/assets\/(app-layout|apps-page)-/);
  });

  test('an unknown path shows the 404 page', async ({ page }) => {
    await useConfig(page, withFixtures);
    await page.goto('/this/does/not/exist');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page).toHaveURL(/\/404$/);
  });

  test('auth layout variant 4 rotates its marketing title every 4 seconds', async ({ page }) => {
    await useConfig(page, { ...withFixtures, authLayout: { variant: 4 } });
    await page.goto('/hello-public');
    const title = page.getByTestId('marketing-title');
    await expect(title).toHaveText('Sign documents anywhere, with an AI assistant at your side');
    await expect(title).toHaveText('Redact sensitive information in seconds', { timeout: 6_000 });
  });

  test('a broken portal.config.json shows the config error page with every problem', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await useConfig(page, {}, { authLayout: { variant: 5 }, plugins: { 'not-a-plugin': {} } });
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'The portal configuration is invalid' })).toBeVisible();
    await expect(page.getByText('/apiBaseUrl: is required')).toBeVisible();
    await expect(page.getByText('/authLayout/variant: must be <= 4')).toBeVisible();
    await expect(
      page.getByText('/plugins/not-a-plugin: unknown plugin id "not-a-plugin"', { exact: false }),
    ).toBeVisible();
    expect(errors.join('\n')).toContain('/authLayout/variant');
  });

  test('the fixture plugin contributes its route and menu item with no change to core', async ({ page }) => {
    await useConfig(page, withFixtures);
    await useStoredSession(page);
    await page.goto('/hello');
    await expect(page.getByRole('heading', { name: 'Hello from the fixture plugin, world!' })).toBeVisible({
      timeout: COLD_APP_LAYOUT_MS,
    });
    await expect(page.getByRole('link', { name: 'Fixture hello' })).toBeVisible();
  });

  test("a disabled plugin has no route, no menu item, and its page's chunk is never requested", async ({
    page,
  }) => {
    const requested: string[] = [];
    page.on('request', (r) => requested.push(r.url()));
    await useConfig(page, withFixtures);
    await useStoredSession(page);
    await page.goto('/hello');
    await expect(page.getByRole('link', { name: 'Fixture hello' })).toBeVisible({
      timeout: COLD_APP_LAYOUT_MS,
    });
    await expect(page.getByRole('link', { name: 'Fixture off' })).toHaveCount(0);
    await page.goto('/fixture-off');
    await expect(page).toHaveURL(/\/404$/);
    // Its definition is a few hundred bytes of the shared definitions chunk (tooling/first-paint-chunks.ts); its page
    // is its own chunk, never fetched.
    expect(requested.filter((url) => url.includes('/assets/off-page-'))).toEqual([]);
    // The same check sees the page's chunk when the plugin is on, so it can fail.
    expect(requested.some((url) => url.includes('/assets/hello-page-'))).toBe(true);
  });

  test('switching to French changes the text of the auth layout and persists', async ({ page }) => {
    await useConfig(page, { ...withFixtures, authLayout: { variant: 4 } });
    await page.goto('/hello-public');
    await expect(page.getByTestId('marketing-title')).toHaveText(
      'Sign documents anywhere, with an AI assistant at your side',
    );
    await page.getByLabel('Language').selectOption('fr');
    await expect(page.getByTestId('marketing-title')).toHaveText(
      'Signez vos documents partout, avec un assistant IA à vos côtés',
    );
    await page.reload();
    await expect(page.getByLabel('Langue')).toHaveValue('fr');
  });

  test('a page opened from the side menu has every chunk it needs preloaded at once, from route-preloads.json', async ({
    page,
  }) => {
    await logInToAccountScreen(page);
    await page.getByRole('button', { name: /^Acme Pty Ltd\s*Owner/ }).click();
    await page.waitForURL(at('/dashboard/apps'), { timeout: 15_000 });
    await expect(page.getByRole('heading', { level: 1, name: 'Document Collaboration Apps' })).toBeVisible();
    const preloads = (await (await page.request.get('/route-preloads.json')).json()) as {
      files: string[];
      routes: Record<string, number[]>;
    };
    const needed = preloads.routes['organisation-acl.users']!.map((index) => `/${preloads.files[index]}`);
    // The members table: its page and ProTable's chunks, several levels of imports deep.
    expect(needed.length).toBeGreaterThan(20);
    // Every file it names is in the build: a chunk that held only CSS, which Vite deletes, used to be listed too.
    const absent: string[] = [];
    for (const file of preloads.files)
      if ((await page.request.head(`/${file}`)).status() !== 200) absent.push(file);
    expect(absent).toEqual([]);
    const menu = sideMenu(page);
    const group = menu.getByRole('menuitem', { name: 'Organisation' });
    if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
    await menu.getByRole('menuitem', { name: 'Users' }).click();
    await expectAreaPage(page, 'Organisation', 'Users');
    const linked = await page.evaluate(() =>
      [...document.querySelectorAll('link[rel="modulepreload"]')].map(
        (link) => new URL((link as HTMLLinkElement).href).pathname,
      ),
    );
    expect(needed.filter((file) => !linked.includes(file))).toEqual([]);
  });

  test('the empty path takes a visitor without a session to the sign-in page', async ({ page }) => {
    await page.goto('/');
    await page.waitForURL(at('/login'));
    expect(new URL(page.url()).search).toBe('');
    await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
  });

  test('the empty path takes a signed-in user to the landing page', async ({ page }) => {
    await logInToAccountScreen(page);
    await page.getByRole('button', { name: /^Acme Pty Ltd\s*Owner/ }).click();
    await page.waitForURL(at('/dashboard/apps'), { timeout: 15_000 });
    await page.goto('/');
    await page.waitForURL(at('/dashboard/apps'));
    await expect(page.getByRole('heading', { level: 1, name: 'Document Collaboration Apps' })).toBeVisible();
  });

  test('Log out on the account screen ends the session: protected pages send the visitor to sign in again', async ({
    page,
  }) => {
    await logInToAccountScreen(page);
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(at('/login'));
    await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
    expect(await page.evaluate(() => window.localStorage.getItem('portal-session'))).toBeNull();
    await page.goto('/orgs');
    await page.waitForURL(at('/login'));
    expect(new URL(page.url()).searchParams.get('toUrl')).toBe('/orgs');
  });

  test('a sign-in page moved by portal.config.json is where the guards send a visitor', async ({ page }) => {
    await useConfig(page, { plugins: { auth: { routes: { 'auth.login': { path: '/sign-in' } } } } });
    await page.goto('/dashboard');
    await page.waitForURL(at('/sign-in'));
    expect(new URL(page.url()).searchParams.get('toUrl')).toBe('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });
});
