/**
 * Web benchmark (not part of `npm test`; docs/performance.md, "Web: Lighthouse").
 *
 * `npm run bench:web`: builds what is stale, starts the production server (`NODE_ENV=production`, the bundled
 * dist-server/main.js) on a fresh data folder and a free port, builds two reference pages (scripts/bench-reference:
 * a plain React 19 login form and the same form in antd) served precompressed like the portal, and runs Lighthouse 12
 * (mobile preset) round-robin over the three pages (portal, plain, antd, portal, ...), so a machine that gets busier
 * during the run slows all three alike. Prints each run, each page's median score, FCP, LCP, TBT and JS transferred,
 * and the ratios portal/plain and portal/antd.
 *
 * `npm run bench:web -- --http2`: the same, each page behind Debian's nginx speaking HTTP/2 over TLS, the portal
 * behind deploy/nginx.conf itself as docs/production.md deploys it ("Behind nginx"; needs `nginx` and `openssl`).
 * `npm run bench:web -- --routes`: the warm route change benchmark instead (scripts/bench-web-routes.ts).
 * `npm run bench:web -- --cold`: cold deep links to app pages with a stored session instead (scripts/bench-web-cold.ts).
 *
 * Environment: BENCH_RUNS (rounds, default 3), BENCH_PATH (portal page, default /login), BENCH_PORT (server port,
 * default a free one), WEB_ROOT (the portal build to serve, default dist).
 *
 * Leaves nothing behind: the server runs in its own process group, killed at the end, on an error and on
 * Ctrl-C/SIGTERM, with the browser and the temporary folders (scripts/bench-web-server.ts).
 */
import { resolve } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, findChromium } from '../e2e/chromium-path.ts';
import { ensureFreshBuilds } from './dev-build.mjs';
import { buildReferences, REFERENCES, serveStatic } from './bench-web-reference.ts';
import { behindNginx, cleanUpAll, onCleanup, startPortalServer } from './bench-web-server.ts';

const root = resolve(import.meta.dirname, '..');

interface Row {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  /**
   * Bytes of script the page transferred during the run, headers included, compressed as negotiated: brotli
   * (Chromium asks for it from 127.0.0.1 too), gzip behind nginx (--http2).
   */
  js: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function lighthouseMobile(url: string, port: number): Promise<Row> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    formFactor: 'mobile',
  });
  const lhr = result!.lhr;
  const requests = (
    lhr.audits['network-requests']?.details as { items?: { resourceType?: string; transferSize?: number }[] }
  )?.items;
  return {
    score: Math.round((lhr.categories.performance!.score ?? 0) * 100),
    fcp: lhr.audits['first-contentful-paint']!.numericValue!,
    lcp: lhr.audits['largest-contentful-paint']!.numericValue!,
    tbt: lhr.audits['total-blocking-time']!.numericValue!,
    js: (requests ?? [])
      .filter((r) => r.resourceType === 'Script')
      .reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
  };
}

const kib = (bytes: number) => (bytes / 1024).toFixed(1);

function format(row: Row): string {
  return `score ${row.score}, FCP ${row.fcp.toFixed(0)} ms, LCP ${row.lcp.toFixed(0)} ms, TBT ${row.tbt.toFixed(0)} ms, JS ${kib(row.js)} KiB`;
}

async function lighthouseBenchmark(): Promise<void> {
  const runs = Number(process.env.BENCH_RUNS ?? 3);
  const path = process.env.BENCH_PATH ?? '/login';
  ensureFreshBuilds({
    root,
    webRoot: resolve(root, process.env.WEB_ROOT || 'dist'),
    log: (message) => console.log(message),
  });
  const http2 = process.argv.includes('--http2');
  // Over HTTP/2 every page is behind nginx with the same TLS settings, so the ratios compare like with like.
  const webRoot = resolve(root, process.env.WEB_ROOT || 'dist');
  const served = async (origin: string, portalWebRoot?: string) =>
    http2 ? await behindNginx(origin, portalWebRoot) : origin;
  const portal = await startPortalServer(root);
  console.log('building the reference pages...');
  const folders = await buildReferences();
  const pages: [string, string][] = [[`portal ${path}`, `${await served(portal.origin, webRoot)}${path}`]];
  for (const name of REFERENCES)
    pages.push([name, `${await served(await serveStatic(folders[name]))}/login`]);
  console.log(
    http2
      ? 'protocol: HTTP/2 over TLS, through nginx in front of each page, the portal behind deploy/nginx.conf (--http2)'
      : 'protocol: HTTP/1.1, as the server speaks it (--http2 puts each page behind nginx)',
  );

  const chrome = await chromeLauncher.launch({
    chromePath: findChromium().path,
    // nginx's certificate is self-signed.
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS, ...(http2 ? ['--ignore-certificate-errors'] : [])],
    // Ours handles Ctrl-C (bench-web-server.ts) and stops the server too; chrome-launcher's would exit first.
    handleSIGINT: false,
  });
  onCleanup(() => chrome.kill());

  const results = new Map<string, Row[]>(pages.map(([name]) => [name, []]));
  for (let round = 1; round <= runs; round += 1) {
    for (const [name, url] of pages) {
      const row = await lighthouseMobile(url, chrome.port);
      results.get(name)!.push(row);
      console.log(`round ${round}, ${name}: ${format(row)}`);
    }
  }

  const medians = new Map(
    [...results].map(([name, rows]) => [
      name,
      {
        score: median(rows.map((r) => r.score)),
        fcp: median(rows.map((r) => r.fcp)),
        lcp: median(rows.map((r) => r.lcp)),
        tbt: median(rows.map((r) => r.tbt)),
        js: median(rows.map((r) => r.js)),
      } satisfies Row,
    ]),
  );
  console.log(
    `\nLighthouse 12 mobile, ${http2 ? 'HTTP/2' : 'HTTP/1.1'}, median of ${runs} interleaved rounds:\n`,
  );
  // nginx serves the build's .gz files (deploy/nginx.conf; brotli needs a module Debian ships apart).
  const encoding = http2 ? 'gzip' : 'brotli';
  console.log(`| page | score | FCP ms | LCP ms | TBT ms | JS transferred KiB (${encoding}) |`);
  console.log('|---|---|---|---|---|---|');
  for (const [name, m] of medians)
    console.log(
      `| ${name} | ${m.score} | ${m.fcp.toFixed(0)} | ${m.lcp.toFixed(0)} | ${m.tbt.toFixed(0)} | ${kib(m.js)} |`,
    );
  const ours = medians.get(pages[0]![0])!;
  // TBT can be 0 on the plain page: a ratio to 0 says nothing, so it prints the difference too.
  const ratio = (a: number, b: number) => (b > 0 ? `${(a / b).toFixed(2)}x` : 'n/a');
  console.log('\n| ratio | score | FCP | LCP | TBT (difference) | JS |');
  console.log('|---|---|---|---|---|---|');
  for (const name of REFERENCES) {
    const ref = medians.get(name)!;
    console.log(
      `| portal/${name} | ${ratio(ours.score, ref.score)} | ${ratio(ours.fcp, ref.fcp)} | ${ratio(ours.lcp, ref.lcp)} | ` +
        `${ratio(ours.tbt, ref.tbt)} (${(ours.tbt - ref.tbt).toFixed(0)} ms) | ${ratio(ours.js, ref.js)} |`,
    );
  }
}

try {
  if (process.argv.includes('--routes')) {
    const { routeBenchmark } = await import('./bench-web-routes.ts');
    await routeBenchmark(root);
  } else if (process.argv.includes('--cold')) {
    const { coldBenchmark } = await import('./bench-web-cold.ts');
    await coldBenchmark(root);
  } else {
    await lighthouseBenchmark();
  }
} finally {
  await cleanUpAll();
}
