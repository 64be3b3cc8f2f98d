/**
 * Warm route change benchmark (`npm run bench:web -- --routes`; docs/performance.md, "Web: warm route changes").
 *
 * Starts the production server on a fresh data folder with the demo accounts (SEED_DEMO=1: the production server
 * seeds them only when asked, server/seed/start-up-seed.ts), logs in as demo@example.com in Chromium through the
 * real screens, enters Acme, visits Apps, Profile and Security once through the side menu (so every page's code is
 * loaded: the changes measured are warm), then clicks the side menu BENCH_ROUTE_CHANGES times (default 200),
 * cycling Apps -> Profile -> Security -> Apps, first without CPU throttling, then at 4x (CDP
 * Emulation.setCPUThrottlingRate, as Lighthouse's mobile preset). Prints p50/p95 per rate, and JS heap (after a
 * forced GC), DOM nodes and JS event listeners before and after each series, and per page reached the time to the
 * end of the last API response the change waited for (what the server's share is). The side menu's Security entry
 * leads to /security (the two-factor settings); /user/security is a tab of the profile pages, not in the menu.
 *
 * What one measurement is: from the click event's timeStamp (when Chromium dispatched the mouse click that
 * Playwright sent, before any of the portal's handlers run) to the end of the first frame in which the new page's
 * content is in the DOM: a MutationObserver sees the page-specific element (the page's data, not its title or a
 * spinner: the app cards, the profile header, the two-factor status), then a requestAnimationFrame callback and a
 * task posted from it, which runs once that frame's style, layout and paint are done. It includes the page's API
 * call to the local server (the Apps list, the profile), as a user waits for it, and not compositing on the GPU
 * process (headless, no GPU here). Between two clicks the page is left to settle (an idle callback), like a person
 * who reads before clicking on.
 *
 * `BENCH_CPU_PROFILE=<file.cpuprofile>` records a V8 CPU profile of the first rate's series (CDP `Profiler`) into that
 * file, for Chromium DevTools or a script that sums self time per chunk (how docs/performance.md found its costs).
 */
import type { CDPSession, Page } from '@playwright/test';
import { writeFileSync } from 'node:fs';
import { logInAsDemo, percentile, startServerAndBrowser, TARGETS, type Target } from './bench-web-demo.ts';

/**
 * One route change, in ms from the click: content painted, first /v1 request started (the client's work before
 * it asks), last /v1 response ended (then only rendering is left).
 */
interface Change {
  ms: number;
  requestMs: number;
  responseMs: number;
}

interface Probe {
  arm(path: string, content: string): void;
  result: Promise<Change> | null;
}

/**
 * Runs in the page before the portal's code. `arm` waits for the next click anywhere in the document and resolves
 * `result` with the milliseconds from that click to the end of the frame that first shows `content` at `path`.
 */
function installProbe(): void {
  const w = window as unknown as { __routeProbe: Probe };
  let pending: { path: string; content: string; start: number | null; done: boolean } | null = null;
  let settle: ((change: Change) => void) | null = null;
  const observer = new MutationObserver(() => check());
  function check(): void {
    if (!pending || pending.start === null || pending.done) return;
    if (location.pathname !== pending.path || !document.querySelector(pending.content)) return;
    pending.done = true;
    observer.disconnect();
    const start = pending.start;
    requestAnimationFrame(() => {
      // A task queued from the frame's animation callback runs after the frame's rendering steps.
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        const end = performance.now();
        // Marks the end of the change in a BENCH_TRACE trace (a "TimeStamp" event), so its work can be told apart.
        console.timeStamp('route-change-painted');
        const api = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter(
          (entry) => entry.startTime >= start && new URL(entry.name).pathname.startsWith('/v1/'),
        );
        settle?.({
          ms: end - start,
          requestMs: api.length ? Math.min(...api.map((entry) => entry.startTime - start)) : NaN,
          responseMs: api.length ? Math.max(...api.map((entry) => entry.responseEnd - start)) : NaN,
        });
      };
      channel.port2.postMessage(null);
    });
  }
  document.addEventListener(
    'click',
    (event) => {
      if (!pending || pending.start !== null) return;
      pending.start = event.timeStamp;
      check();
    },
    true,
  );
  w.__routeProbe = {
    result: null,
    arm(path, content) {
      // The resource timing buffer holds 250 entries by default; 200 changes would overflow it.
      performance.clearResourceTimings();
      pending = { path, content, start: null, done: false };
      w.__routeProbe.result = new Promise<Change>((r) => (settle = r));
      // New content is inserted, so child lists suffice; watching attributes too would add work to what is measured.
      observer.observe(document.documentElement, { childList: true, subtree: true });
    },
  };
}

async function changeRoute(page: Page, target: Target): Promise<Change> {
  await page.evaluate(
    ([path, content]) => (window as unknown as { __routeProbe: Probe }).__routeProbe.arm(path!, content!),
    [target.path, target.content],
  );
  await menuLink(page, target).click();
  const change = await page.evaluate(() =>
    Promise.race([
      (window as unknown as { __routeProbe: Probe }).__routeProbe.result!,
      new Promise<Change>((_, reject) =>
        setTimeout(() => reject(new Error('no content after 15 s')), 15_000),
      ),
    ]),
  );
  // Let the page settle before the next click: what the new page started after painting (antd's motion, effects)
  // belongs to this change, not the next.
  await page.evaluate(() => new Promise<void>((r) => requestIdleCallback(() => r(), { timeout: 2000 })));
  return change;
}

function menuLink(page: Page, target: Target) {
  return page.getByRole('navigation', { name: 'Side menu' }).locator(`a[href="${target.path}"]`);
}

interface Metrics {
  heapMB: number;
  nodes: number;
  listeners: number;
}

/** Heap (after a forced GC), DOM nodes and listeners, read once nothing changes between two readings a second apart. */
async function metrics(page: Page, cdp: CDPSession): Promise<Metrics> {
  // The pointer rests on the last menu entry clicked; its tooltip and motion attach listeners for a moment, and
  // deferred work (motion ends, timers) detaches them a second or two later: counted at once, a series looked up to
  // 20 listeners heavier while the next one started back at the same count. So: pointer off the menu, then read
  // until two readings agree.
  await page.mouse.move(1, 1);
  let previous: Metrics | null = null;
  for (let i = 0; i < 10; i += 1) {
    await page.waitForTimeout(1000);
    await cdp.send('HeapProfiler.collectGarbage');
    const { metrics: list } = await cdp.send('Performance.getMetrics');
    const value = (name: string) => list.find((m) => m.name === name)?.value ?? NaN;
    const current = {
      heapMB: value('JSHeapUsedSize') / 1024 / 1024,
      nodes: value('Nodes'),
      listeners: value('JSEventListeners'),
    };
    if (previous && previous.nodes === current.nodes && previous.listeners === current.listeners)
      return current;
    previous = current;
  }
  return previous!;
}

export async function routeBenchmark(root: string): Promise<void> {
  const changes = Number(process.env.BENCH_ROUTE_CHANGES ?? 200);
  const rates = (process.env.BENCH_CPU_RATES ?? '1,4').split(',').map(Number);
  const { server, browser } = await startServerAndBrowser(root);
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, baseURL: server.origin });
  // tsx compiles this file keeping function names (`__name(fn, 'fn')` calls), a helper the page does not have.
  await page.addInitScript({ content: `var __name = (fn) => fn;\n(${installProbe.toString()})();` });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  await cdp.send('HeapProfiler.enable');

  await logInAsDemo(page);
  await page.waitForURL(`${server.origin}/dashboard/apps`);
  // Each page once, so its code and styles are loaded before anything is measured.
  for (const target of [...TARGETS.slice(1), TARGETS[0]!]) await changeRoute(page, target);

  const lines: string[] = [];
  const perPage: string[] = [];
  const fmt = (values: number[], p: number) =>
    percentile(
      [...values].sort((a, b) => a - b),
      p,
    ).toFixed(0);
  for (const rate of rates) {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    const before = await metrics(page, cdp);
    const profileTo = rate === rates[0] ? process.env.BENCH_CPU_PROFILE : undefined;
    const traceTo = rate === rates[0] ? process.env.BENCH_TRACE : undefined;
    if (traceTo) await browser.startTracing(page, { path: traceTo, categories: (process.env.BENCH_TRACE_CATEGORIES ?? 'devtools.timeline,blink,v8').split(',') });
    if (profileTo) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.start');
    }
    const changesMade: (Change & { target: Target })[] = [];
    for (let i = 0; i < changes; i += 1) {
      const target = TARGETS[(i + 1) % TARGETS.length]!;
      changesMade.push({ ...(await changeRoute(page, target)), target });
    }
    if (traceTo) await browser.stopTracing();
    if (profileTo) {
      const { profile } = await cdp.send('Profiler.stop');
      writeFileSync(profileTo, JSON.stringify(profile));
      console.log(`CPU profile of the ${rate}x series written to ${profileTo}`);
    }
    // Back to the page the series started on (not measured), so the DOM and listener counts compare like with like.
    for (let i = changes; i % TARGETS.length !== 0; i += 1)
      await changeRoute(page, TARGETS[(i + 1) % TARGETS.length]!);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    const after = await metrics(page, cdp);
    const times = changesMade.map((c) => c.ms);
    const line =
      `| ${rate}x | ${changes} | ${fmt(times, 50)} | ${fmt(times, 95)} | ${fmt(times, 100)} | ` +
      `${before.heapMB.toFixed(1)} -> ${after.heapMB.toFixed(1)} | ${before.nodes} -> ${after.nodes} | ` +
      `${before.listeners} -> ${after.listeners} |`;
    console.log(line);
    lines.push(line);
    for (const target of TARGETS) {
      const mine = changesMade.filter((c) => c.target === target);
      // A page that shows the answer it remembered (core RecentAnswers) paints before its request has ended: no
      // resource entry yet, so those changes have no request figures.
      const waited = mine.filter((c) => !Number.isNaN(c.responseMs));
      const requests = waited.map((c) => c.requestMs);
      const responses = waited.map((c) => c.responseMs);
      const orDash = (values: number[], p: number) => (values.length ? fmt(values, p) : '-');
      perPage.push(
        `| ${rate}x | ${target.name} ${target.path} | ${mine.length} | ${fmt(
          mine.map((c) => c.ms),
          50,
        )} | ${fmt(
          mine.map((c) => c.ms),
          95,
        )} | ${mine.length - waited.length} | ${orDash(requests, 50)} | ${orDash(responses, 50)} | ${orDash(responses, 95)} |`,
      );
    }
  }
  console.log(
    `\nWarm route changes (side-menu click to the new page's content painted), cycling ` +
      `${TARGETS.map((t) => `${t.name} ${t.path}`).join(', ')}; heap, nodes and listeners on ${TARGETS[0]!.name} ` +
      `after a forced GC, before and after the series:\n`,
  );
  console.log('| CPU | changes | p50 ms | p95 ms | max ms | JS heap MB | DOM nodes | JS listeners |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const line of lines) console.log(line);
  console.log(
    '\nPer page reached, in ms from the click: content painted; changes painted before any /v1 answer; of the ' +
      'others, first /v1 request started and last /v1 response ended:\n',
  );
  console.log(
    '| CPU | page | changes | p50 | p95 | painted before an answer | request started p50 | response ended p50 | response ended p95 |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const line of perPage) console.log(line);
}
