/**
 * What the web benchmarks share (bench-web-routes.ts, bench-web-cold.ts): the production server with the demo
 * accounts and Chromium, the demo login, and the three app pages they measure.
 */
import { chromium, type Browser, type Page } from '@playwright/test';
import { resolve } from 'node:path';
import { CHROMIUM_ARGS, findChromium } from '../e2e/chromium-path.ts';
import { ensureFreshBuilds } from './dev-build.mjs';
import { onCleanup, startPortalServer, type RunningServer } from './bench-web-server.ts';

/** Seed data (server/seed/demo-data.ts). */
const DEMO_EMAIL = 'demo@example.com';
const DEMO_PASSWORD = 'Demo@1234';
const DEMO_ORGANISATION = /Acme Pty Ltd/;

export interface Target {
  name: string;
  /** The path the side-menu entry leads to. */
  path: string;
  /** An element only this page renders, and only once its data is shown. */
  content: string;
}

export const TARGETS: Target[] = [
  { name: 'Apps', path: '/dashboard/apps', content: '[role="listitem"] .apps-card' },
  { name: 'Profile', path: '/user/details', content: '.two-factor-profile-header' },
  { name: 'Security', path: '/security', content: '[data-testid="two-factor-status"]' },
];

export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/**
 * Builds what is stale, starts the production server with the demo accounts and Chromium; both are stopped by the
 * benchmark's clean-ups (bench-web-server.ts).
 */
export async function startServerAndBrowser(root: string): Promise<{ server: RunningServer; browser: Browser }> {
  ensureFreshBuilds({
    root,
    webRoot: resolve(root, process.env.WEB_ROOT || 'dist'),
    log: (message) => console.log(message),
  });
  const server = await startPortalServer(root, { SEED_DEMO: '1' });
  const browser = await chromium.launch({
    executablePath: findChromium().path,
    args: CHROMIUM_ARGS,
    // Ours handles Ctrl-C (bench-web-server.ts) and stops the server too.
    handleSIGINT: false,
    handleSIGTERM: false,
  });
  onCleanup(() => browser.close());
  return { server, browser };
}

/** Logs in as the demo user through the real screens and enters Acme: the page ends on the apps dashboard. */
export async function logInAsDemo(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(DEMO_EMAIL);
  await page.getByRole('textbox', { name: 'Password' }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('button', { name: DEMO_ORGANISATION }).click();
  await page.locator(TARGETS[0]!.content).first().waitFor();
}
