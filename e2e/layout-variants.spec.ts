import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { measureContrast } from './support/contrast';
import { useConfig } from './support/portal-config';

// One worker runs this file whole: its tests share the server it starts once.
test.describe.configure({ mode: 'default' });

const shipped = JSON.parse(readFileSync('portal.config.json', 'utf8')) as Record<string, unknown>;

test.describe('auth layout variants show the brand at every width', () => {
  for (const variant of [1, 2, 3, 4] as const) {
    for (const width of [1280, 400]) {
      test(`variant ${variant} at ${width} px`, async ({ page }, testInfo) => {
        await page.setViewportSize({ width, height: 800 });
        await useConfig(page, { brandName: 'Acme Docs', authLayout: { variant } });
        await page.goto('/login');
        await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();

        const brand = page.getByTestId('portal-brand').filter({ visible: true });
        await expect(brand).toHaveCount(1);
        await expect(brand).toHaveText('Acme Docs');
        await expect(brand).toBeInViewport();
        const contrast = await measureContrast(brand);
        expect(contrast.ratio, `${contrast.color} on ${contrast.background}`).toBeGreaterThanOrEqual(4.5);
        if (variant === 4) await expect(page.getByTestId('marketing-title')).toBeVisible();

        // Nothing is wider than the screen: no sideways scrolling on a phone.
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        await page.screenshot({
          path: testInfo.outputPath(`login-v${variant}-${width}.png`),
          fullPage: true,
        });
      });
    }
  }
});

test.describe('a deployment swaps portal.config.json', () => {
  // A server of its own whose PORTAL_CONFIG points at a temporary file the test rewrites; the build it serves is
  // the one the suite runs on, untouched.
  const port = Number(process.env.E2E_SWAP_PORT ?? 4353);
  const base = `http://127.0.0.1:${port}`;
  const folder = mkdtempSync(join(tmpdir(), 'portal-config-swap-'));
  const configFile = join(folder, 'portal.config.json');
  const webRoot = process.env.E2E_WEB_ROOT ?? 'dist-e2e';
  let server: ChildProcess | undefined;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    writeFileSync(
      configFile,
      JSON.stringify({ ...shipped, brandName: 'Acme Docs', authLayout: { variant: 4 } }),
    );
    server = spawn('npx', ['tsx', 'server/main.ts'], {
      detached: true,
      stdio: 'ignore',
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: join(folder, 'data'),
        WEB_ROOT: webRoot,
        PORTAL_CONFIG: configFile,
        SKIP_WEB_BUILD: '1',
        PUBLIC_URL: base,
        LOG_LEVEL: 'warn',
      },
    });
    for (let attempt = 0; ; attempt++) {
      const ready = await fetch(`${base}/portal.config.json`).then(
        (response) => response.ok,
        () => false,
      );
      if (ready) break;
      if (attempt > 200) throw new Error(`the swap server on ${base} did not start`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  });

  test.afterAll(() => {
    // The whole process group: npx, tsx and the server under them.
    if (server?.pid) process.kill(-server.pid, 'SIGTERM');
    rmSync(folder, { recursive: true, force: true });
  });

  test('the new brand name and layout variant show on the next page load, without a rebuild or a restart', async ({
    page,
  }) => {
    const builtAt = statSync(join(webRoot, 'index.html')).mtimeMs;
    await page.goto(`${base}/login`);
    await expect(page.getByTestId('portal-brand').filter({ visible: true })).toHaveText('Acme Docs');
    await expect(page.locator('[data-variant="4"]')).toBeVisible();
    await expect(page.getByTestId('marketing-title')).toBeVisible();

    writeFileSync(
      configFile,
      JSON.stringify({ ...shipped, brandName: 'Globex Portal', authLayout: { variant: 1 } }),
    );
    await page.reload();
    await expect(page.getByTestId('portal-brand').filter({ visible: true })).toHaveText('Globex Portal');
    await expect(page.locator('[data-variant="1"]')).toBeVisible();
    await expect(page.getByTestId('marketing-title')).toHaveCount(0);
    await expect(page).toHaveTitle('Globex Portal');

    expect(statSync(join(webRoot, 'index.html')).mtimeMs).toBe(builtAt);
  });
});
