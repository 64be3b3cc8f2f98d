import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startFakeChatProvider, type FakeChatProvider } from './support/fake-chat-provider';
import { startOwnServer, type OwnServer } from './support/own-server';
import { logOut } from './support/user-menu';

// One worker runs this file whole: its tests share the server it starts once.
test.describe.configure({ mode: 'default' });

/**
 * The support-chat helper in Chromium (docs/support-chat.md), on a server of its own whose portal.config.json
 * names a Crisp widget served by a stand-in provider: loaded after login and never on the login page, allowed
 * by the Content-Security-Policy, told who is chatting, following an organisation switch, gone at logout.
 */
const PASSWORD = 'Demo@1234';
type ChatWindow = Window & { fakeChat?: { commands: unknown[][] }; $crisp?: unknown };

function cspRefusals(page: Page): string[] {
  const refusals: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refusals.push(message.text());
  });
  return refusals;
}

const commands = (page: Page) => page.evaluate(() => (window as ChatWindow).fakeChat?.commands ?? []);

test.describe('the support chat', () => {
  const folder = mkdtempSync(join(tmpdir(), 'portal-support-chat-'));
  const configFile = join(folder, 'portal.config.json');
  const shipped = JSON.parse(readFileSync('portal.config.json', 'utf8')) as Record<string, unknown>;
  let provider: FakeChatProvider;
  let server: OwnServer;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    provider = await startFakeChatProvider(Number(process.env.E2E_CHAT_PORT) || 0);
    writeFileSync(
      configFile,
      JSON.stringify({
        ...shipped,
        supportChat: { provider: 'crisp', siteId: 'e2e-site', scriptUrl: provider.scriptUrl },
      }),
    );
    server = await startOwnServer({ PORTAL_CONFIG: configFile });
  });

  test.afterAll(async () => {
    server?.stop();
    await provider?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  test('loads after login, identifies the user and organisation, follows a switch and leaves at logout', async ({
    page,
  }) => {
    const refusals = cspRefusals(page);
    const origin = `http://127.0.0.1:${server.port}`;
    await page.goto(`${origin}/login`);
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
    await page.waitForTimeout(1_000);
    expect(provider.loads).toBe(0);
    await expect(page.getByRole('button', { name: 'Chat with support' })).toHaveCount(0);

    await page.getByRole('textbox', { name: 'Email' }).fill('demo@example.com');
    await page.getByRole('textbox', { name: 'Password' }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('button', { name: 'Chat with support' })).toBeVisible();
    await expect.poll(() => commands(page)).toContainEqual(['set', 'user:email', ['demo@example.com']]);
    expect(await commands(page)).toContainEqual(['set', 'user:nickname', ['Demo User']]);

    const lastCompany = async () => (await commands(page)).filter(([, key]) => key === 'user:company').at(-1);
    await page.getByRole('button', { name: /Acme Pty Ltd/ }).click();
    await expect(page).toHaveURL(/\/dashboard\/apps$/);
    await expect.poll(lastCompany).toEqual(['set', 'user:company', ['Acme Pty Ltd']]);

    // Switching to the personal account in the side menu: nobody's company any more, the widget not loaded twice.
    await page
      .getByRole('combobox', { name: 'Switch organisation' })
      .selectOption({ label: 'Personal account' });
    await expect(page.getByTestId('account-organisation')).toHaveCount(0);
    await expect.poll(lastCompany).toEqual(['set', 'user:company', ['']]);
    expect(provider.loads).toBe(1);

    await logOut(page);
    await expect(page.getByRole('button', { name: 'Chat with support' })).toHaveCount(0);
    expect(await page.evaluate(() => (window as ChatWindow).$crisp)).toBeUndefined();
    expect(refusals).toEqual([]);
  });
});
