// Which Chromium the end-to-end tests drive: PLAYWRIGHT_CHROMIUM_EXECUTABLE, else Debian's /usr/bin/chromium,
// else Playwright's own managed browser. Shared by scripts/ensure-chromium.mjs and playwright.config.ts.
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

export const DEBIAN_CHROMIUM = '/usr/bin/chromium';

/** The executable to launch (undefined: Playwright's own) and where it came from, for the log. */
export function findChromium(env: NodeJS.ProcessEnv = process.env): { path: string | undefined; source: string } {
  if (env.PLAYWRIGHT_CHROMIUM_EXECUTABLE) return { path: env.PLAYWRIGHT_CHROMIUM_EXECUTABLE, source: 'PLAYWRIGHT_CHROMIUM_EXECUTABLE' };
  if (existsSync(DEBIAN_CHROMIUM)) return { path: DEBIAN_CHROMIUM, source: 'Debian chromium' };
  try {
    const managed = chromium.executablePath();
    if (managed && existsSync(managed)) return { path: undefined, source: `Playwright's managed browser (${managed})` };
  } catch {
    // No managed browser either.
  }
  return { path: undefined, source: 'none' };
}

/** Flags Chromium needs here: root, no GPU, and no background calls to hosts this network cannot reach. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
