/**
 * Web benchmark (not part of `npm test`): builds what is stale, starts the production server
 * (`NODE_ENV=production`, the bundled dist-server/main.js) on a fresh data folder,
 * runs Lighthouse 12 in mobile mode three times against /login and prints the median score, FCP, LCP and TBT.
 * Record the numbers in docs/performance.md.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, findChromium } from '../e2e/chromium-path.ts';
import { ensureFreshBuilds } from './dev-build.mjs';

const port = Number(process.env.BENCH_PORT ?? 8097);
const path = process.env.BENCH_PATH ?? '/login';
const runs = Number(process.env.BENCH_RUNS ?? 3);
const root = resolve(import.meta.dirname, '..');
ensureFreshBuilds({ root, webRoot: resolve(root, process.env.WEB_ROOT || 'dist'), log: (message) => console.log(message) });
const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-'));
const server = spawn(process.execPath, [join(root, 'dist-server/main.js')], {
  env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, NODE_ENV: 'production', LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'inherit', 'inherit'],
});

async function waitForServer(url: string): Promise<void> {
  for (let i = 0; i < 240; i += 1) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`server did not start at ${url}`);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

try {
  await waitForServer(`http://127.0.0.1:${port}/portal.config.json`);
  const chrome = await chromeLauncher.launch({
    chromePath: findChromium().path,
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
  });
  const results: { score: number; fcp: number; lcp: number; tbt: number }[] = [];
  try {
    for (let i = 0; i < runs; i += 1) {
      const result = await lighthouse(`http://127.0.0.1:${port}${path}`, {
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
      console.log(`run ${i + 1}: score ${row.score}, FCP ${row.fcp.toFixed(0)} ms, LCP ${row.lcp.toFixed(0)} ms, TBT ${row.tbt.toFixed(0)} ms`);
    }
  } finally {
    await chrome.kill();
  }
  console.log(
    `\nLighthouse 12 mobile, ${path}, median of ${runs}: score ${median(results.map((r) => r.score))}, ` +
      `FCP ${median(results.map((r) => r.fcp)).toFixed(0)} ms, LCP ${median(results.map((r) => r.lcp)).toFixed(0)} ms, ` +
      `TBT ${median(results.map((r) => r.tbt)).toFixed(0)} ms`,
  );
} finally {
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
