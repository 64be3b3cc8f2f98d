import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './e2e/chromium-path.ts';

const port = Number(process.env.E2E_PORT ?? 4181);
export const baseURL = `http://127.0.0.1:${port}`;
// A fresh embedded database per run; set here once so the worker processes see the same folder.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'portal-e2e-'));

export default defineConfig({
  testDir: 'e2e',
  // Three browsers on two cores: the journeys spend much of their time waiting on the server, mail, animations and
  // network idleness. A second worker took the whole run from 35.5 to 13.9 min; a third one hardly made any test
  // slower (1,836 -> 1,909 worker-seconds for 129 tests) and used the time the cores had been idle: 12.8 min, the
  // cores 7 % idle (docs/performance.md, "The test run"). Files run whole on one worker; a journey that changes data signs
  // up its own people, and the seeded demo accounts other files sign in with are only read (the apps journey toggles
  // an app of the demo's personal account alone).
  workers: 3,
  // Tests rather than files are spread over the workers, so a long file (billing's three journeys took 150 s) does not
  // leave two workers idle at the end. A file whose tests share a server it starts in beforeAll, or change the demo
  // data its other tests read, runs whole on one worker (`test.describe.configure({ mode: 'default' })`).
  fullyParallel: true,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL,
    // A trace snapshots the page's DOM at every action, work that slows each test; CI keeps only its printed output,
    // so a trace there would be recorded for nobody. Locally a failed test keeps its trace.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    ...devices['Desktop Chrome'],
    // As a person who asked their system for less motion: antd then opens dialogs and lists without animating them
    // (core/theme/reduced-motion.ts), which spares three browsers on two cores rendering every frame of each zoom and
    // fade, and the waits for them to end. The animated path is antd's own; the unit tests render it.
    reducedMotion: 'reduce',
    launchOptions: { executablePath: findChromium().path, args: CHROMIUM_ARGS },
  },
  // What `npm start` runs (the API server serving the portal), on the build that also knows the fixture plugins.
  webServer: {
    command: 'npx tsx server/main.ts',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR!,
      WEB_ROOT: process.env.E2E_WEB_ROOT ?? 'dist-e2e',
      SKIP_WEB_BUILD: '1',
      PUBLIC_URL: baseURL,
      LOG_LEVEL: 'warn',
      // One browser sends every test's mail from 127.0.0.1: lift the per-IP mail budget, keep the per-address one.
      MAIL_MAX_PER_IP: '10000',
      LOGIN_MAX_FAILURES_PER_IP: '10000',
    },
    url: `${baseURL}/portal.config.json`,
    reuseExistingServer: !process.env.CI,
    timeout: 120_000,
  },
});
