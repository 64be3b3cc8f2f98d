import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './e2e/chromium-path.ts';

const port = Number(process.env.E2E_PORT ?? 4181);
export const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: 'e2e',
  // Two cores: one browser at a time keeps timings honest and the run predictable.
  workers: 1,
  fullyParallel: false,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    ...devices['Desktop Chrome'],
    launchOptions: { executablePath: findChromium().path, args: CHROMIUM_ARGS },
  },
  webServer: {
    command: `npx vite preview --outDir dist-e2e --host 127.0.0.1 --port ${port} --strictPort`,
    url: `${baseURL}/portal.config.json`,
    reuseExistingServer: !process.env.CI,
    timeout: 120_000,
  },
});
