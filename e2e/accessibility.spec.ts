import { readdirSync, readFileSync } from 'node:fs';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { seriousFindings } from './support/axe';
import { routeConfig } from './support/portal-config';

/**
 * axe-core over every screen (docs/accessibility.md): every route of every plugin enabled in the shipped
 * `portal.config.json`, read from the portal's own route registry (the fixture plugin `fixture-route-registry`
 * publishes it), so a new plugin's pages are walked without editing this file. Logged out for the pages that need
 * no session, logged in as the demo owner in Acme for the rest; every language of `i18n.languages` (a right-to-left one at both widths, the others at 1280 px); 1280 and 400 px wide; with the
 * default theme and every preset in themes/. Zero serious or critical violations.
 */

const PASSWORD = 'Demo@1234';
const WIDTHS = [1280, 400] as const;
/** core/app/create-routes.tsx: the pages core itself serves beside the plugins' routes. */
const CORE_PAGES = ['/404', '/maintenance', '/style'];
/** core/i18n/i18n.ts: where the portal keeps the chosen language. */
const LANGUAGE_KEY = 'portal-language';

const shipped = JSON.parse(readFileSync('portal.config.json', 'utf8')) as {
  plugins: Record<string, { enabled?: boolean }>;
  theme: { preset: string };
  i18n: { languages: string[] };
};
/** Every language the shipped config offers (English, French, Arabic…): a new language is walked without edits. */
const LANGUAGES = shipped.i18n.languages;
/** Right-to-left languages mirror the layout, so they are walked at every width like English. */
const RTL_LANGUAGES = new Set(['ar', 'he', 'fa', 'ur']);
const enabledPlugins = Object.entries(shipped.plugins)
  .filter(([, entry]) => entry.enabled !== false)
  .map(([id]) => id);
/** Every shipped preset: the files in themes/ but the schema. */
const PRESETS = readdirSync('themes')
  .filter((file) => file.endsWith('.json') && !file.endsWith('.schema.json'))
  .map((file) => file.replace(/\.json$/, ''));

interface RegisteredRoute {
  pluginId: string;
  id: string;
  path: string;
  layout: string;
  guards: string[];
  access: string | null;
  redirectTo: string | null;
}

/** The shipped config with `theme.preset` swapped and, when asked, the registry fixture enabled. */
function configWith(preset: string, withRegistry = false): string {
  const plugins = withRegistry ? { ...shipped.plugins, 'fixture-route-registry': {} } : shipped.plugins;
  return JSON.stringify({ ...shipped, theme: { ...shipped.theme, preset }, plugins });
}

async function openPage(
  browser: Browser,
  width: number,
  language: string,
  preset: string,
  storageState?: Awaited<ReturnType<BrowserContext['storageState']>>,
): Promise<Page> {
  // Under the portal's own Content-Security-Policy: support/axe.ts evaluates axe through the browser's protocol.
  const context = await browser.newContext({ viewport: { width, height: 900 }, storageState });
  await context.addInitScript(
    ([key, value]) => window.localStorage.setItem(key, value),
    [LANGUAGE_KEY, language],
  );
  const body = configWith(preset);
  await routeConfig(context, body);
  return context.newPage();
}

/** Opens `path`, waits until the page settled (network idle, no spinner), and returns axe's serious and critical findings. */
async function scan(page: Page, path: string, contrastOnly = false): Promise<string[]> {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  await expect(page.locator('#root')).not.toBeEmpty();
  // A loading button is a state the style guide shows on purpose; a loading region is not.
  await expect(page.locator('.ant-spin-spinning, [aria-busy="true"]:not(button)')).toHaveCount(0);
  // seriousFindings waits for antd's fades and looks a second time when it finds something, which also covers a
  // submit button whose form's async rules enable it (and start its fade) just after the page looked still.
  const found = await seriousFindings(page, { contrastOnly });
  return found.map((line) => `${path} → ${new URL(page.url()).pathname}: ${line}`);
}

let routes: RegisteredRoute[] = [];
let ownerState: Awaited<ReturnType<BrowserContext['storageState']>>;

test.describe('accessibility (axe-core)', () => {
  // One test walks a whole route list (about twenty pages) on a shared, loaded machine.
  test.setTimeout(600_000);

  test.beforeAll(async ({ browser }) => {
    // The registry as the portal builds it from the shipped config (path overrides applied).
    const context = await browser.newContext();
    const page = await context.newPage();
    const body = configWith(shipped.theme.preset, true);
    const unrouteConfig = await routeConfig(page, body);
    await page.goto('/e2e/route-registry');
    const registry = JSON.parse(
      (await page.getByTestId('route-registry').textContent()) ?? '[]',
    ) as RegisteredRoute[];
    routes = registry.filter((r) => enabledPlugins.includes(r.pluginId));

    // One login for every logged-in page: the demo owner in Acme (seed data, server/README.md).
    await unrouteConfig();
    await page.goto('/login');
    await page.getByRole('textbox', { name: 'Email' }).fill('demo@example.com');
    await page.getByRole('textbox', { name: 'Password' }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('button', { name: /Acme Pty Ltd/ }).click();
    await expect(page).toHaveURL(/\/dashboard\/apps$/);
    ownerState = await context.storageState();
    await context.close();
  });

  test('the walk comes from the registry: every enabled plugin contributes its routes', () => {
    expect(new Set(routes.map((r) => r.pluginId))).toEqual(new Set(enabledPlugins));
    expect(routes.map((r) => r.path)).toEqual(expect.arrayContaining(['/login', '/dashboard/apps']));
  });

  /** Pages a visitor opens without a session: auth and public routes with no guard of their own. */
  const loggedOut = () => routes.filter((r) => !r.redirectTo && r.layout !== 'app' && r.guards.length === 0);
  /** Pages that need the owner's session: the app layout and guarded auth pages. */
  const loggedIn = () => routes.filter((r) => !r.redirectTo && (r.layout === 'app' || r.guards.length > 0));

  /**
   * The whole rule set in English and any right-to-left language at both widths and in the other languages at the wide one, with the configured preset; every
   * other preset changes colours only, so its walk checks contrast alone, at one width. About twenty pages a walk
   * keeps the spec within a few minutes (the CI budget, docs/accessibility.md).
   */
  const walks = [
    ...WIDTHS.map((width) => ({ language: 'en', width, preset: shipped.theme.preset, contrastOnly: false })),
    ...LANGUAGES.filter((l) => l !== 'en').flatMap((language) =>
      (RTL_LANGUAGES.has(language) ? WIDTHS : [WIDTHS[0]]).map((width) => ({
        language,
        width,
        preset: shipped.theme.preset,
        contrastOnly: false,
      })),
    ),
    ...PRESETS.filter((p) => p !== shipped.theme.preset).map((preset) => ({
      language: 'en',
      width: WIDTHS[0],
      preset,
      contrastOnly: true,
    })),
  ];

  for (const { language, width, preset, contrastOnly } of walks) {
    const rules = contrastOnly ? 'contrast' : 'all rules';
    test(`logged out, ${language}, ${width} px, theme ${preset}, ${rules}: no serious or critical violation`, async ({
      browser,
    }) => {
      const page = await openPage(browser, width, language, preset);
      const found: string[] = [];
      for (const path of [...loggedOut().map((r) => r.path), ...CORE_PAGES])
        found.push(...(await scan(page, path, contrastOnly)));
      await page.context().close();
      expect(found).toEqual([]);
    });

    test(`logged in as the owner, ${language}, ${width} px, theme ${preset}, ${rules}: no serious or critical violation`, async ({
      browser,
    }) => {
      const page = await openPage(browser, width, language, preset, ownerState);
      const found: string[] = [];
      try {
        for (const route of loggedIn()) {
          found.push(...(await scan(page, route.path, contrastOnly)));
          // A guard that sent us elsewhere would mean the page itself was never checked.
          expect(new URL(page.url()).pathname, route.id).toBe(route.path);
        }
      } finally {
        // The next walk starts from this session: if the portal refreshed its tokens here (the walks together
        // outlast one access token), the stored refresh token is already spent.
        ownerState = await page.context().storageState();
        await page.context().close();
      }
      expect(found).toEqual([]);
    });
  }
});
