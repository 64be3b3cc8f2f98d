/**
 * Cold deep link benchmark (`npm run bench:web -- --cold`; docs/performance.md, "Cold deep links").
 *
 * A returning user opens a bookmark of an app page: a stored session, an empty cache, a fresh tab. Starts the
 * production server on a fresh data folder with the demo accounts (as bench-web-routes.ts does), logs in once
 * through the real screens and keeps that browser storage, then opens Apps, Profile and Security round-robin, each
 * time in a new browser context (nothing cached), BENCH_COLD_LOADS times each (default 5), at each CPU throttling
 * rate of BENCH_CPU_RATES (default 1,4; CDP Emulation.setCPUThrottlingRate). The server is on this machine, so a
 * round trip takes ~1 ms: `BENCH_LATENCY_MS=<ms>` adds that latency to every request (CDP
 * Network.emulateNetworkConditions, bandwidth unlimited), which shows requests that wait on one another.
 *
 * Per page and rate, the medians of: first contentful paint; the start of the page's first /v1 call (the client's
 * work before it can ask: scripts, boot, the app layout's and the page's first render); the end of the last /v1
 * response before the content; the side menu with its entries; and the content (the page-specific element of
 * bench-web-routes.ts), both seen by a MutationObserver, all from navigation start.
 *
 * `BENCH_CPU_PROFILE=<file.cpuprofile>` records a V8 CPU profile of the first load of Apps at the first rate.
 * `--http2` loads the pages through Debian's nginx on deploy/nginx.conf, HTTP/2 over TLS, as docs/production.md
 * deploys the portal ("Behind nginx").
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { logInAsDemo, percentile, startServerAndBrowser, TARGETS } from './bench-web-demo.ts';
import { behindNginx } from './bench-web-server.ts';

interface Load {
  fcp: number;
  request: number;
  response: number;
  menu: number;
  content: number;
}

/** The side menu holding its entries (core/layout/side-menu.tsx draws a blank in their place until it has their labels). */
const MENU_ENTRIES = 'aside [role="menu"] [role="menuitem"]';

/**
 * In the page, before any of its scripts: the time each element first appears (`window.__shownAt`). A string: tsx's
 * helpers are not there.
 */
const appearanceProbe = (selectors: Record<string, string>) => `(() => {
  const selectors = ${JSON.stringify(selectors)};
  const shownAt = (window.__shownAt = {});
  new MutationObserver((_, observer) => {
    for (const [name, selector] of Object.entries(selectors))
      if (!(name in shownAt) && document.querySelector(selector)) shownAt[name] = performance.now();
    if (Object.keys(shownAt).length === Object.keys(selectors).length) observer.disconnect();
  }).observe(document, { childList: true, subtree: true });
})();`;

const READ_TIMINGS = `(() => {
  const { content: contentAt, menu: menuAt } = window.__shownAt;
  const calls = performance.getEntriesByType('resource').filter((e) => new URL(e.name).pathname.startsWith('/v1/'));
  const before = calls.filter((e) => e.responseEnd <= contentAt);
  return {
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
    request: calls.length ? Math.min(...calls.map((e) => e.startTime)) : NaN,
    response: before.length ? Math.max(...before.map((e) => e.responseEnd)) : NaN,
    menu: menuAt ?? NaN,
    content: contentAt,
  };
})()`;

export async function coldBenchmark(root: string): Promise<void> {
  const loads = Number(process.env.BENCH_COLD_LOADS ?? 5);
  const rates = (process.env.BENCH_CPU_RATES ?? '1,4').split(',').map(Number);
  const latency = Number(process.env.BENCH_LATENCY_MS ?? 0);
  const { server, browser } = await startServerAndBrowser(root);
  const http2 = process.argv.includes('--http2');
  // nginx's certificate is self-signed; it serves the assets of the build the server serves.
  const origin = http2
    ? await behindNginx(server.origin, resolve(root, process.env.WEB_ROOT || 'dist'))
    : server.origin;
  const login = await browser.newPage({ baseURL: origin, ignoreHTTPSErrors: http2 });
  await logInAsDemo(login);
  const storageState = await login.context().storageState();
  await login.close();

  console.log(
    `\nProtocol: ${http2 ? 'HTTP/2 over TLS, through nginx on deploy/nginx.conf (--http2)' : 'HTTP/1.1'}.`,
  );
  if (latency) console.log(`Every request ${latency} ms of latency.`);
  console.log(
    '\n| page | CPU | loads | first paint | first /v1 call starts | last /v1 answer | side menu | content |',
  );
  console.log('|---|---|---|---|---|---|---|---|');
  for (const rate of rates) {
    const results = new Map(TARGETS.map((target) => [target, [] as Load[]]));
    for (let i = 0; i < loads; i += 1) {
      for (const target of TARGETS) {
        const context = await browser.newContext({
          storageState,
          baseURL: origin,
          ignoreHTTPSErrors: http2,
          viewport: { width: 1280, height: 800 },
        });
        const page = await context.newPage();
        await page.addInitScript({
          content: appearanceProbe({ content: target.content, menu: MENU_ENTRIES }),
        });
        const cdp = await context.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate });
        if (latency) {
          await cdp.send('Network.enable');
          await cdp.send('Network.emulateNetworkConditions', {
            offline: false,
            latency,
            downloadThroughput: -1,
            uploadThroughput: -1,
          });
        }
        const profileTo =
          i === 0 && target === TARGETS[0] && rate === rates[0] && process.env.BENCH_CPU_PROFILE;
        if (profileTo) {
          await cdp.send('Profiler.enable');
          await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
          await cdp.send('Profiler.start');
        }
        await page.goto(target.path);
        await page.locator(target.content).first().waitFor({ timeout: 120_000 });
        await page.locator(MENU_ENTRIES).first().waitFor({ timeout: 120_000 });
        if (profileTo) {
          const { profile } = await cdp.send('Profiler.stop');
          writeFileSync(profileTo, JSON.stringify(profile));
          console.log(`CPU profile of a cold load of ${target.path} at ${rate}x written to ${profileTo}`);
        }
        results.get(target)!.push((await page.evaluate(READ_TIMINGS)) as Load);
        await context.close();
      }
    }
    for (const [target, list] of results) {
      const median = (key: keyof Load) =>
        percentile(
          list.map((load) => load[key]).sort((a, b) => a - b),
          50,
        ).toFixed(0);
      console.log(
        `| ${target.name} | ${rate}x | ${list.length} | ${median('fcp')} | ${median('request')} | ` +
          `${median('response')} | ${median('menu')} | ${median('content')} |`,
      );
    }
  }
  await server.stop();
}
