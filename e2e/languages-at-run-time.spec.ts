import { expect, test } from '@playwright/test';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, startOwnServer, type OwnServer } from './support/own-server';

// One worker runs this file whole: its tests share the server it starts once.
test.describe.configure({ mode: 'default' });

/**
 * Issue #37, acceptance 1: with the server running, a deployer adds `locales/de/` and lists `de` in the config;
 * a reload shows German, with no build and no restart. The server of this journey reads a copy of the config and
 * of the locale folder (PORTAL_CONFIG, LOCALES_DIR), so the repository's own files are never touched.
 */
const folder = mkdtempSync(join(tmpdir(), 'portal-languages-'));
const configFile = join(folder, 'portal.config.json');
const localesDir = join(folder, 'locales');
let server: OwnServer;
let origin: string;

type Texts = { [key: string]: string | Texts };

/** English's texts of `namespace` with `german` laid over them: what a translator's first draft looks like. */
function germanDraft(namespace: string, german: Texts): Texts {
  const merge = (base: Texts, over: Texts): Texts =>
    Object.fromEntries(
      Object.entries({ ...base, ...over }).map(([key, value]) => [
        key,
        typeof value === 'object' && typeof base[key] === 'object' ? merge(base[key], value) : value,
      ]),
    );
  return merge(
    JSON.parse(readFileSync(join(localesDir, 'en', `${namespace}.json`), 'utf8')) as Texts,
    german,
  );
}

function writeConfig(i18n: { languages: string[]; defaultLanguage: string }): void {
  const config = JSON.parse(readFileSync('portal.config.json', 'utf8')) as Record<string, unknown>;
  writeFileSync(configFile, JSON.stringify({ ...config, i18n }, null, 2));
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  cpSync('locales', localesDir, { recursive: true });
  writeConfig({ languages: ['en', 'fr'], defaultLanguage: 'en' });
  const port = Number(process.env.E2E_LANGUAGES_PORT) || (await freePort());
  server = await startOwnServer({ PORTAL_CONFIG: configFile, LOCALES_DIR: localesDir }, port);
  origin = `http://127.0.0.1:${server.port}`;
});

test.afterAll(() => {
  server?.stop();
  rmSync(folder, { recursive: true, force: true });
});

test('a language added while the server runs shows at the next page load, named by its own name', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto(`${origin}/login`);
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  const switcher = page.getByRole('combobox', { name: 'Language' });
  await expect(switcher.getByRole('option')).toHaveText(['English', 'Français']);

  // The deployer's change: German files (only some texts translated yet) and `de` listed. No build, no restart.
  mkdirSync(join(localesDir, 'de'));
  for (const namespace of [
    'apps',
    'two-factor',
    'sso',
    'organisation-acl',
    'branding',
    'billing',
    'activity-log',
    'kyc-kyb',
  ])
    cpSync(join(localesDir, 'en', `${namespace}.json`), join(localesDir, 'de', `${namespace}.json`));
  writeFileSync(
    join(localesDir, 'de', 'core.json'),
    JSON.stringify(
      germanDraft('core', {
        language: { label: 'Sprache' },
        controls: { email: { label: 'E-Mail' }, password: { label: 'Passwort' } },
      }),
    ),
  );
  writeFileSync(
    join(localesDir, 'de', 'auth.json'),
    JSON.stringify(germanDraft('auth', { login: { title: 'Anmelden', submit: 'Einloggen' } })),
  );
  writeConfig({ languages: ['en', 'fr', 'de'], defaultLanguage: 'en' });

  await page.reload();
  await expect(switcher.getByRole('option')).toHaveText(['English', 'Français', 'Deutsch']);
  await switcher.selectOption({ label: 'Deutsch' });
  await expect(page.getByRole('heading', { name: 'Anmelden' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'E-Mail' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Einloggen' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');

  // An edited text reaches the next page load too; the chosen language is remembered.
  writeFileSync(
    join(localesDir, 'de', 'auth.json'),
    JSON.stringify(germanDraft('auth', { login: { title: 'Willkommen zurück', submit: 'Einloggen' } })),
  );
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Willkommen zurück' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Sprache' })).toHaveValue('de');
});

test('a new default language is in the first paint: its texts come inline with the page', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  writeConfig({ languages: ['en', 'fr', 'de'], defaultLanguage: 'de' });
  // A visitor who never chose a language reads the default one.
  const page = await (await browser.newContext()).newPage();
  const fetched: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/locales/')) fetched.push(new URL(request.url()).pathname);
  });
  await page.goto(`${origin}/login`);
  await expect(page.getByRole('heading', { name: 'Willkommen zurück' })).toBeVisible();
  expect(fetched.filter((path) => path.startsWith('/locales/de/'))).toEqual([]);
});
