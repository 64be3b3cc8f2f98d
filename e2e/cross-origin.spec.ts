import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startFakeCaptchaProvider, type FakeCaptchaProvider } from './support/fake-captcha-provider';
import { freePort, startOwnServer, type OwnServer } from './support/own-server';

// One worker runs this file whole: its tests share the server it starts once.
test.describe.configure({ mode: 'default' });

/**
 * The portal working with other origins, as real deployments do (server/README.md "Security"): a launched
 * product on another origin keeps its named tab, a captcha provider on another origin loads and is checked,
 * and an API on another origin answers the portal and nobody else.
 */

/** Seed data (server/seed/demo-data.ts). */
const PASSWORD = 'Demo@1234';

/** Records every Content-Security-Policy refusal the page reports, so a test can require none. */
function cspRefusals(page: Page): string[] {
  const refusals: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refusals.push(message.text());
  });
  return refusals;
}

test.describe('launching an app on another origin', () => {
  test('launching twice reuses the named tab: portal on localhost, the app landing on 127.0.0.1', async ({
    page,
    baseURL,
  }) => {
    // The suite's server has PUBLIC_URL on 127.0.0.1, so the launch landings are there; the portal is opened on
    // localhost: two origins on one machine.
    const portal = new URL(baseURL!);
    portal.hostname = 'localhost';
    const refusals = cspRefusals(page);
    await page.goto(new URL('/login', portal).toString());
    await page.getByRole('textbox', { name: 'Email' }).fill('demo@example.com');
    await page.getByRole('textbox', { name: 'Password' }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('button', { name: /Acme Pty Ltd/ }).click();
    await expect(page).toHaveURL(/\/dashboard\/apps$/);
    expect(new URL(page.url()).hostname).toBe('localhost');

    const launch = page
      .getByRole('article', { name: 'AI Redaction' })
      .getByRole('button', { name: 'Launch' });
    const popup = page.waitForEvent('popup');
    await launch.click();
    const tab = await popup;
    await tab.waitForURL(/\/dev\/apps\/kreanoRedact\?/);
    expect(new URL(tab.url()).hostname).toBe('127.0.0.1');
    await expect(tab.getByRole('status')).toHaveText(
      'Launch token exchanged: you are signed in to this portal.',
    );
    expect(await tab.evaluate(() => window.name)).toBe('kreano-redact');
    const firstToken = new URL(tab.url()).searchParams.get('token');

    // The second launch lands in the same tab with a new token, and no other tab opens.
    let opened = 0;
    page.context().on('page', () => opened++);
    await launch.click();
    await expect.poll(() => new URL(tab.url()).searchParams.get('token')).not.toBe(firstToken);
    await expect(tab.getByRole('status')).toHaveText(
      'Launch token exchanged: you are signed in to this portal.',
    );
    await page.waitForTimeout(1_000);
    expect(opened).toBe(0);
    expect(page.context().pages()).toHaveLength(2);
    expect(await tab.evaluate(() => window.name)).toBe('kreano-redact');
    expect(refusals).toEqual([]);
  });
});

test.describe('a captcha provider and the API on other origins', () => {
  const secret = 'fake-captcha-secret';
  const folder = mkdtempSync(join(tmpdir(), 'portal-cross-origin-'));
  const configFile = join(folder, 'portal.config.json');
  const shipped = JSON.parse(readFileSync('portal.config.json', 'utf8')) as Record<string, unknown>;
  let provider: FakeCaptchaProvider;
  let server: OwnServer;
  /** Where people open the portal, and where its API is: same port, two origins. */
  let portalOrigin: string;
  let apiOrigin: string;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    // Ports from the system unless given (E2E_CAPTCHA_PORT, E2E_CROSS_ORIGIN_PORT), beside the suite's E2E_PORT.
    provider = await startFakeCaptchaProvider(secret, Number(process.env.E2E_CAPTCHA_PORT) || 0);
    const port = Number(process.env.E2E_CROSS_ORIGIN_PORT) || (await freePort());
    portalOrigin = `http://localhost:${port}`;
    apiOrigin = `http://127.0.0.1:${port}`;
    writeFileSync(
      configFile,
      JSON.stringify({
        ...shipped,
        apiBaseUrl: `${apiOrigin}/`,
        captcha: { provider: 'turnstile', siteKey: 'fake-site-key', scriptUrl: provider.scriptUrl },
      }),
    );
    server = await startOwnServer(
      {
        // The portal's origin: links in mail, and the one origin CORS lets call the API.
        PUBLIC_URL: portalOrigin,
        PORTAL_CONFIG: configFile,
        CAPTCHA_PROVIDER: 'turnstile',
        CAPTCHA_SECRET: secret,
        CAPTCHA_VERIFY_URL: provider.verifyUrl,
      },
      port,
    );
  });

  test.afterAll(async () => {
    server?.stop();
    await provider?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  test("logs in with the provider's widget and token, calling the API on its own origin", async ({
    page,
  }) => {
    const refusals = cspRefusals(page);
    await page.goto(`${portalOrigin}/login`);
    await page.getByRole('textbox', { name: 'Email' }).fill('demo@example.com');
    await page.getByRole('textbox', { name: 'Password' }).fill(PASSWORD);
    const login = page.waitForResponse((response) => response.url() === `${apiOrigin}/v1/login`);
    await page.getByRole('button', { name: 'Log in' }).click();

    expect((await login).status()).toBe(200);
    await expect(page.getByRole('button', { name: /Acme Pty Ltd/ })).toBeVisible();
    expect(new URL(page.url()).origin).toBe(portalOrigin);
    // The widget's script and frame came from the provider's origin, and the server checked the token there.
    expect(provider.calls).toEqual(['script', 'frame', 'verify:ok']);
    expect(refusals).toEqual([]);
  });

  test('the server refuses a login whose captcha token the provider did not issue', async ({ request }) => {
    const response = await request.post(`${apiOrigin}/v1/login`, {
      data: { email: 'demo@example.com', password: PASSWORD, captcha: 'made-up-token' },
    });
    expect(response.status()).toBe(400);
    expect(provider.calls.at(-1)).toBe('verify:refused');
  });

  test('the API answers the configured portal origin only: a page of another origin cannot read it', async ({
    page,
  }) => {
    const read = (target: string) =>
      page.evaluate(
        (url) =>
          fetch(url).then(
            (response) => `status ${response.status}`,
            () => 'blocked',
          ),
        target,
      );
    await page.goto(`${portalOrigin}/login`);
    expect(await read(`${apiOrigin}/v1/health`)).toBe('status 200');
    await page.goto(provider.origin);
    expect(await read(`${apiOrigin}/v1/health`)).toBe('blocked');
  });
});
