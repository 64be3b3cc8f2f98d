import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';

// One worker runs this file whole: its tests share the server it starts once.
test.describe.configure({ mode: 'default' });

/**
 * Two tabs of one browser whose access tokens expire, and refresh, at the same moment both stay signed in
 * (issue 17 item 9; server/README.md "Security": the refresh grace window). A server of its own issues
 * 30-second access tokens, so the tabs' scheduled refreshes (at 80 % of the lifetime, core/http/refresh-schedule.ts)
 * come within the test, in real time, with real tokens.
 */

const port = Number(process.env.E2E_SESSION_PORT ?? 4354);
const base = `http://127.0.0.1:${port}`;
const ACCESS_TOKEN_TTL = 30;
const SESSION_STORAGE_KEY = 'portal-session';
const folder = mkdtempSync(join(tmpdir(), 'portal-session-refresh-'));
let server: ChildProcess | undefined;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = spawn('npx', ['tsx', 'server/main.ts'], {
    detached: true,
    stdio: 'ignore',
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: join(folder, 'data'),
      WEB_ROOT: process.env.E2E_WEB_ROOT ?? 'dist-e2e',
      SKIP_WEB_BUILD: '1',
      PUBLIC_URL: base,
      LOG_LEVEL: 'warn',
      ACCESS_TOKEN_TTL: String(ACCESS_TOKEN_TTL),
    },
  });
  for (let attempt = 0; ; attempt++) {
    const ready = await fetch(`${base}/portal.config.json`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (attempt > 200) throw new Error(`the session server on ${base} did not start`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
});

test.afterAll(() => {
  // The whole process group: npx, tsx and the server under them.
  if (server?.pid) process.kill(-server.pid, 'SIGTERM');
  rmSync(folder, { recursive: true, force: true });
});

const storedRefreshToken = (page: Page) =>
  page.evaluate(
    (key) =>
      (JSON.parse(localStorage.getItem(key) ?? 'null') as { refreshToken?: string } | null)?.refreshToken ??
      null,
    SESSION_STORAGE_KEY,
  );

/** Every refresh the tabs send, with the server's answer. */
function recordRefreshes(context: BrowserContext): { status: number; sent: string | null }[] {
  const refreshes: { status: number; sent: string | null }[] = [];
  context.on('response', (response) => {
    if (new URL(response.url()).pathname !== '/v1/organization/refresh') return;
    refreshes.push({
      status: response.status(),
      sent: response.request().headers()['x-refresh-token'] ?? null,
    });
  });
  return refreshes;
}

/** Logs alice in on the first tab, into Acme, and opens the profile in a second tab of the same browser. */
async function twoSignedInTabs(context: BrowserContext): Promise<[Page, Page]> {
  const first = await context.newPage();
  await first.goto(`${base}/user/details`);
  await first.waitForURL((url) => url.pathname === '/login');
  await first.getByLabel('Email', { exact: true }).fill('alice@example.com');
  await first.getByLabel('Password', { exact: true }).fill('Demo@1234');
  await first.getByRole('button', { name: 'Log in' }).click();
  await first.waitForURL((url) => url.pathname === '/orgs');
  await first.getByRole('button', { name: /^Acme Pty Ltd\s*Admin/ }).click();
  await first.waitForURL((url) => url.pathname === '/user/details', { timeout: 15_000 });
  const second = await context.newPage();
  await second.goto(`${base}/user/details`);
  for (const page of [first, second]) {
    await expect(page.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue('alice@example.com', {
      timeout: 30_000,
    });
  }
  return [first, second];
}

/**
 * Waits until both tabs hold a refresh token other than `previous` (the scheduled refresh ran), moving the
 * mouse meanwhile: the idle dialog also counts the token's lifetime, and the user is at the keyboard.
 */
async function untilBothRefreshed(pages: Page[], previous: string): Promise<string> {
  await expect
    .poll(
      async () => {
        await pages[0].mouse.move(Math.random() * 200, Math.random() * 200);
        const tokens = await Promise.all(pages.map(storedRefreshToken));
        if (tokens.includes(null)) return 'signed out';
        return tokens.every((token) => token !== previous) ? 'refreshed' : 'waiting';
      },
      { timeout: ACCESS_TOKEN_TTL * 1000 + 10_000, intervals: [1000] },
    )
    .toBe('refreshed');
  return (await storedRefreshToken(pages[0]))!;
}

/** Signed in means the server still serves the session: the profile loads again after a reload, in both tabs. */
async function expectSignedIn(pages: Page[]): Promise<void> {
  for (const page of pages) {
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue('alice@example.com', {
      timeout: 30_000,
    });
    expect(new URL(page.url()).pathname).toBe('/user/details');
  }
}

test.describe('two tabs refreshing at the same moment', () => {
  test.setTimeout(180_000);

  test('both stay signed in (the tabs take turns through a Web Lock)', async ({ browser }) => {
    const context = await browser.newContext();
    const refreshes = recordRefreshes(context);
    const tabs = await twoSignedInTabs(context);
    const initial = (await storedRefreshToken(tabs[0]))!;

    const afterFirst = await untilBothRefreshed(tabs, initial);
    expect(await storedRefreshToken(tabs[1])).toBe(afterFirst);
    await expectSignedIn(tabs);
    expect(refreshes.filter((r) => r.status !== 200)).toEqual([]);
    await context.close();
  });

  test('without Web Locks (a plain-HTTP host) both tabs send the same token at once, and both stay signed in', async ({
    browser,
  }) => {
    const context = await browser.newContext();
    // Outside a secure context (an intranet host over plain HTTP) browsers offer no navigator.locks, so the
    // tabs cannot take turns: each spends the token it holds, and the server sees the same token twice.
    await context.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'locks', { get: () => undefined, configurable: true });
    });
    const refreshes = recordRefreshes(context);
    const tabs = await twoSignedInTabs(context);
    const initial = (await storedRefreshToken(tabs[0]))!;

    const afterFirst = await untilBothRefreshed(tabs, initial);
    // Both tabs spent the same token, and both were answered with the session's one current pair.
    const spentInitial = refreshes.filter((r) => r.sent === initial);
    expect(spentInitial.map((r) => r.status)).toEqual([200, 200]);
    expect(await storedRefreshToken(tabs[1])).toBe(afterFirst);
    // The pair both tabs now hold is alive: at the next expiry they spend it together again, and nobody is signed out.
    await untilBothRefreshed(tabs, afterFirst);
    await expectSignedIn(tabs);
    expect(refreshes.filter((r) => r.status !== 200)).toEqual([]);
    await context.close();
  });
});
