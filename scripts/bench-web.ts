/**
 * Web benchmark (not part of `npm test`): builds what is stale, starts the production server
 * (`NODE_ENV=production`, the bundled dist-server/main.js) on a fresh data folder and a free port (BENCH_PORT to
 * choose one), runs Lighthouse 12 in mobile mode three times against /login and prints the median score, FCP, LCP
 * and TBT. Record the numbers in docs/performance.md.
 *
 * Leaves nothing behind: the server runs in its own process group, killed at the end, on an error and on
 * Ctrl-C/SIGTERM, with the browser and the data folder (scripts/bench-web-server.ts).
 */
import { resolve } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, findChromium } from '../e2e/chromium-path.ts';
import { ensureFreshBuilds } from './dev-build.mjs';
import { cleanUpAll, onCleanup, startPortalServer } from './bench-web-server.ts';

const path = process.env.BENCH_PATH ?? '/login';
const runs = Number(process.env.BENCH_RUNS ?? 3);
const root = resolve(import.meta.dirname, '..');

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

try {
  ensureFreshBuilds({
    root,
    webRoot: resolve(root, process.env.WEB_ROOT || 'dist'),
    log: (message) => console.log(message),
  });
  const portal = await startPortalServer(root);
  const chrome = await chromeLauncher.launch({
    chromePath: findChromium().path,
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
    // Ours handles Ctrl-C (bench-web-server.ts) and stops the server too; chrome-launcher's would exit first.
    handleSIGINT: false,
  });
  onCleanup(() => chrome.kill());
  const results: { score: number; fcp: number; lcp: number; tbt: number }[] = [];
  for (let i = 0; i < runs; i += 1) {
    const result = await lighthouse(`${portal.origin}${path}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      formFactor: 'mobile',
    });
    const lhr = result!.lhr;
    const row = {
      score: Math.round((lhr.categories.performance!.score ?? 0) * 100),
      fcp: lhr.audits['first-contentful-paint']!.numericValue!,
      lcp: lhr.audits['largest-contentful-paint']!.numericValue!,
      tbt: lhr.audits['total-blocking-time']!.numericValue!,
    };
    results.push(row);
    console.log(
      `run ${i + 1}: score ${row.score}, FCP ${row.fcp.toFixed(0)} ms, LCP ${row.lcp.toFixed(0)} ms, TBT ${row.tbt.toFixed(0)} ms`,
    );
  }
  console.log(
    `\nLighthouse 12 mobile, ${path}, median of ${runs}: score ${median(results.map((r) => r.score))}, ` +
      `FCP ${median(results.map((r) => r.fcp)).toFixed(0)} ms, LCP ${median(results.map((r) => r.lcp)).toFixed(0)} ms, ` +
      `TBT ${median(results.map((r) => r.tbt)).toFixed(0)} ms`,
  );
} finally {
  await cleanUpAll();
}
