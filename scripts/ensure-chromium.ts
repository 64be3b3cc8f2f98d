// Makes sure the end-to-end tests have a browser, and says which. Never fails silently:
// with no browser at all, installs Debian's chromium when running as root on Debian, otherwise exits non-zero.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { findChromium } from '../e2e/chromium-path.ts';

let found = findChromium();
if (found.source === 'none') {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && existsSync('/etc/debian_version')) {
    console.log('[e2e] No Chromium found: installing Debian\'s "chromium" package with apt-get (one time).');
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', { stdio: 'inherit' });
    found = findChromium();
  }
}
if (found.source === 'none') {
  console.error(
    '[e2e] No Chromium to run the end-to-end tests. Set PLAYWRIGHT_CHROMIUM_EXECUTABLE, install Debian\'s "chromium", or run "npx playwright install chromium".',
  );
  process.exit(1);
}
console.log(`[e2e] Browser: ${found.source}${found.path ? ` at ${found.path}` : ''}`);
