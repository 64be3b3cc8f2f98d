import Ajv from 'ajv';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CONFIG_AJV_OPTIONS } from '../../tooling/config-ajv-options';
import { composeConfigSchema, discoverPlugins, pluginRoots } from '../../tooling/portal-schema';
import { checkPortalConfig } from './portal-config-checks';

// A deployment's locale folder: English and French complete for core and auth; German without auth's texts.
const folder = mkdtempSync(join(tmpdir(), 'config-checks-'));
const locales = join(folder, 'locales');
const write = (path: string, text = '{}') => {
  mkdirSync(join(locales, path, '..'), { recursive: true });
  writeFileSync(join(locales, path), text);
};
for (const file of ['en/core.json', 'en/auth.json', 'en/billing.json', 'fr/core.json', 'fr/auth.json', 'fr/billing.json'])
  write(file);
write('de/core.json');
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const validate = new Ajv(CONFIG_AJV_OPTIONS).compile(composeConfigSchema(discoverPlugins(pluginRoots())));
const check = (config: unknown, text = JSON.stringify(config)) =>
  checkPortalConfig(text, { name: 'portal.config.json', validate, localesDirs: [locales] });
const base = { apiBaseUrl: '/', plugins: { auth: {} } };

describe("the checks of a deployment's portal.config.json (issue #37 item 2)", () => {
  it('finds nothing wrong with a consistent config', () => {
    expect(check({ ...base, i18n: { languages: ['en', 'fr'], defaultLanguage: 'fr' } })).toMatchObject({
      errors: [],
      warnings: [],
    });
  });

  it('invalid JSON: one error with its line and column', () => {
    expect(check(null, '{\n  "apiBaseUrl": "/",\n  "plugins": { "auth": {} },\n}').errors).toEqual([
      'portal.config.json: is not valid JSON (line 4, column 1: expected a property name in double quotes)',
    ]);
  });

  it('the schema, plugin settings included, with JSON paths', () => {
    const { errors } = check({ ...base, plugins: { auth: {}, billing: { settings: { unknownSetting: true } } } });
    expect(errors).toEqual(['portal.config.json /plugins/billing/settings/unknownSetting: unknown key "unknownSetting"']);
  });

  it('a default language that is not listed', () => {
    expect(check({ ...base, i18n: { languages: ['en', 'fr'], defaultLanguage: 'de' } }).errors).toEqual([
      expect.stringMatching(/^portal\.config\.json \/i18n\/defaultLanguage: "de" is not one of \/i18n\/languages/),
    ]);
  });

  it('a listed language without any locale file', () => {
    expect(check({ ...base, i18n: { languages: ['en', 'it'], defaultLanguage: 'en' } }).errors).toEqual([
      `portal.config.json /i18n/languages/1: "it" has no locale files (${locales}/it/)`,
    ]);
  });

  it("a listed language without the texts of an enabled plugin; a disabled plugin's are not needed", () => {
    const config = { ...base, plugins: { auth: {}, billing: { enabled: false } }, i18n: { languages: ['en', 'de'] } };
    expect(check(config).errors).toEqual([
      'portal.config.json /i18n/languages/1: "de" has no auth.json for the enabled plugin "auth"',
    ]);
  });

  it('a locale file that is not valid JSON, with its line and column; the pseudo-locale needs no files', () => {
    write('fr/auth.json', '{ "a": 1 ');
    try {
      const { errors } = check({ ...base, i18n: { languages: ['en', 'fr', 'en-XA'] } });
      expect(errors).toEqual([`${join(locales, 'fr/auth.json')}: is not valid JSON (line 1, column 10: unexpected end of the file)`]);
    } finally {
      write('fr/auth.json');
    }
  });

  it('an invalid theme colour is a warning: the portal uses the preset colour instead', () => {
    const report = check({ ...base, theme: { colors: { primary: 'navy' } } });
    expect(report.errors).toEqual([]);
    expect(report.warnings).toEqual([expect.stringMatching(/^portal\.config\.json \/theme\/colors\/primary: "navy" is not a hex colour/)]);
  });
});
