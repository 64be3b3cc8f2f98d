import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { signInAsDemoOwner } from './support/accounts';
import { seriousFindings } from './support/axe';
import { routeConfig } from './support/portal-config';

/**
 * axe-core over every screen (docs/accessibility.md): one test per route of every plugin enabled in the shipped
 * `portal.config.json`, so the routes spread over the parallel workers and a failure names its page. The list is
 * the e2e build's route manifest (`.vite/portal-routes.json`, tooling/route-manifest.ts), read when the tests are
 * collected; the first test checks it against the portal's own route registry (the fixture plugin
 * `fixture-route-registry` publishes it), so a new plugin's pages are walked without editing this file and a route
 * the manifest missed fails the run. Each route is checked in English and each right-to-left language of
 * `i18n.languages`, at 1280 and 400 px, logged out for pages that need no session and as
 * the demo owner in Acme for the rest, with the configured theme: zero serious or critical violations. The other
 * theme presets change colours only; their contrast is checked on their tokens (themes/theme-preset-tokens.test.ts).
 */

const WIDTHS = [1280, 400] as const;
/** core/app/create-routes.tsx: the pages core itself serves beside the plugins' routes. */
const CORE_PAGES = ['/404', '/maintenance', '/style'];
/** core/i18n/i18n.ts: where the portal keeps the chosen language. */
const LANGUAGE_KEY = 'portal-language';

const shipped = JSON.parse(readFileSync('portal.config.json', 'utf8')) as {
  plugins: Record<string, { enabled?: boolean }>;
  i18n: { languages: string[] };
};
/** Right-to-left languages mirror the layout, so they are walked at every width like English. */
const RTL_LANGUAGES = new Set(['ar', 'he', 'fa', 'ur']);
/**
 * English and every right-to-left language the shipped config offers, each at both widths. Another left-to-right
 * language (French) lays the same page out in the same direction with other words: axe finds nothing there that
 * English does not show, so walking it cost a fifth of the walk for nothing (its texts are complete by
 * `npm run i18n:check`, and e2e/french-messages.spec.ts looks at its screens).
 */
const LANGUAGE_WIDTHS = shipped.i18n.languages
  .filter((language) => language === 'en' || RTL_LANGUAGES.has(language))
  .map((language) => [language, WIDTHS] as const);
const enabledPlugins = Object.entries(shipped.plugins)
  .filter(([, entry]) => entry.enabled !== false)
  .map(([id]) => id);

/** The pages of the enabled plugins, as the e2e build listed them (redirects lead to a listed page). */
const manifest = JSON.parse(
  readFileSync(join(process.env.E2E_WEB_ROOT ?? 'dist-e2e', '.vite', 'portal-routes.json'), 'utf8'),
) as { plugins: { id: string; routes: { id: string; path: string; redirectTo?: string }[] }[] };
const manifestPages = manifest.plugins
  .filter((plugin) => enabledPlugins.includes(plugin.id))
  .flatMap((plugin) => plugin.routes.filter((route) => !route.redirectTo).map((route) => route.id));

interface RegisteredRoute {
  pluginId: string;
  id: string;
  path: string;
  layout: string;
  guards: string[];
  access: string | null;
  redirectTo: string | null;
}

/** The shipped config with the registry fixture enabled. */
const withRegistry = JSON.stringify({
  ...shipped,
  plugins: { ...shipped.plugins, 'fixture-route-registry': {} },
});

/** The registry as the portal builds it from the shipped config (path overrides applied). */
async function readRegistry(browser: Browser): Promise<RegisteredRoute[]> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await routeConfig(page, withRegistry);
  await page.goto('/e2e/route-registry');
  const registry = JSON.parse(
    (await page.getByTestId('route-registry').textContent()) ?? '[]',
  ) as RegisteredRoute[];
  await context.close();
  return registry.filter((route) => enabledPlugins.includes(route.pluginId));
}

/**
 * A worker's two tabs, one signed out and one signed in as the owner, kept for all its tests: each goes from page to
 * page as a person's tab does, with the browser's cache and compiled code warm (a fresh context for every check
 * loaded and compiled the whole portal again and signed in again, several times slower). The width is the tab's
 * size; the language is chosen as the switcher does, in the portal's storage, before the page loads.
 */
class VisitorTabs {
  private readonly tabs = new Map<boolean, Promise<Page>>();

  constructor(private readonly browser: Browser) {}

  private tab(signedIn: boolean): Promise<Page> {
    let tab = this.tabs.get(signedIn);
    if (!tab) {
      // Under the portal's own Content-Security-Policy: support/axe.ts evaluates axe through the browser's protocol.
      tab = this.browser.newPage().then(async (page) => {
        if (signedIn) await signInAsDemoOwner(page);
        else await page.goto('/404');
        return page;
      });
      this.tabs.set(signedIn, tab);
    }
    return tab;
  }

  async open(
    path: string,
    { width, language }: { width: number; language: string },
    signedIn: boolean,
  ): Promise<Page> {
    const page = await this.tab(signedIn);
    await page.setViewportSize({ width, height: 900 });
    await page.evaluate(([key, value]) => window.localStorage.setItem(key, value), [LANGUAGE_KEY, language]);
    await page.goto(path);
    return page;
  }

  async close(): Promise<void> {
    await Promise.all([...this.tabs.values()].map(async (tab) => (await tab).context().close()));
  }
}

/** Once the page settled (network idle, no spinner), axe's serious and critical findings. */
async function scan(page: Page, path: string): Promise<string[]> {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('#root')).not.toBeEmpty();
  // A loading button is a state the style guide shows on purpose; a loading region is not.
  await expect(page.locator('.ant-spin-spinning, [aria-busy="true"]:not(button)')).toHaveCount(0);
  // seriousFindings waits for antd's fades and looks a second time when it finds something, which also covers a
  // submit button whose form's async rules enable it (and start its fade) just after the page looked still. Once
  // in about two hundred scans axe never answered (billing history, a loaded machine): such a scan is given up
  // after a minute and the page loaded and checked again, so a stuck evaluation cannot cost the whole test.
  const found = (await findingsWithin(page, 60_000)) ?? (await rescan(page));
  return found.map((line) => `${path} → ${new URL(page.url()).pathname}: ${line}`);
}

/** axe's findings, or null when they took longer than `ms`. */
async function findingsWithin(page: Page, ms: number): Promise<string[] | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const givenUp = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ms);
  });
  try {
    return await Promise.race([seriousFindings(page), givenUp]);
  } finally {
    clearTimeout(timer);
  }
}

async function rescan(page: Page): Promise<string[]> {
  await page.reload();
  await page.waitForLoadState('networkidle');
  return seriousFindings(page);
}

/** What a worker learns once and its tests share: the registry and its two tabs. */
const walk = test.extend<object, { registry: RegisteredRoute[]; tabs: VisitorTabs }>({
  registry: [async ({ browser }, use) => use(await readRegistry(browser)), { scope: 'worker' }],
  tabs: [
    async ({ browser }, use) => {
      const tabs = new VisitorTabs(browser);
      await use(tabs);
      await tabs.close();
    },
    { scope: 'worker' },
  ],
});

/**
 * Needs the owner's session: the app layout and guarded auth pages. The sign-in page's `signedOut` guard sends a
 * signed-in visitor on, so that page is checked as a visitor sees it.
 */
const needsSession = (route: RegisteredRoute) =>
  route.layout === 'app' || route.guards.some((guard) => guard !== 'signedOut');

/**
 * axe's findings on `path` in every language and width, each line saying where. Each language loads the page once
 * at its first width; the next width is the same tab resized, as a person turns a tablet or narrows a window (the
 * layout follows the viewport through its media queries, a load is not needed to see the narrow layout).
 */
async function scanEverywhere(tabs: VisitorTabs, path: string, signedIn: boolean): Promise<string[]> {
  const found: string[] = [];
  for (const [language, widths] of LANGUAGE_WIDTHS) {
    const page = await tabs.open(path, { width: widths[0], language }, signedIn);
    for (const width of widths) {
      await page.setViewportSize({ width, height: 900 });
      const where = `${language} ${width} px`;
      found.push(...(await scan(page, path)).map((line) => `${where}: ${line}`));
      // A guard that sent us elsewhere would mean the page itself was never checked.
      if (signedIn) expect(new URL(page.url()).pathname, where).toBe(path);
    }
  }
  return found;
}

test.describe('accessibility (axe-core)', () => {
  test.describe.configure({ mode: 'parallel' });
  // Two loads and four checks of one page on a shared, loaded machine.
  test.setTimeout(180_000);

  walk(
    'the walk is the registry: every enabled plugin contributes its pages, and every page is walked',
    ({ registry }) => {
      expect(new Set(registry.map((r) => r.pluginId))).toEqual(new Set(enabledPlugins));
      const pages = registry.filter((route) => !route.redirectTo).map((route) => route.id);
      expect([...manifestPages].sort()).toEqual([...pages].sort());
      expect(registry.map((r) => r.path)).toEqual(expect.arrayContaining(['/login', '/dashboard/apps']));
    },
  );

  for (const id of manifestPages) {
    walk(`${id}: no serious or critical violation in any language or width`, async ({ registry, tabs }) => {
      const route = registry.find((candidate) => candidate.id === id);
      expect(route, `${id} is in the registry`).toBeDefined();
      expect(await scanEverywhere(tabs, route!.path, needsSession(route!))).toEqual([]);
    });
  }

  for (const path of CORE_PAGES) {
    walk(`core page ${path}: no serious or critical violation in any language or width`, async ({ tabs }) => {
      expect(await scanEverywhere(tabs, path, false)).toEqual([]);
    });
  }
});
