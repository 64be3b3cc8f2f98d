import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCheckConfig } from './check-config';

const folder = mkdtempSync(join(tmpdir(), 'check-config-'));
const locales = join(folder, 'locales');
for (const language of ['en', 'fr']) {
  mkdirSync(join(locales, language), { recursive: true });
  for (const namespace of ['core', 'auth']) writeFileSync(join(locales, language, `${namespace}.json`), '{}');
}
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function configFile(name: string, text: string): string {
  const file = join(folder, name);
  writeFileSync(file, text);
  return file;
}

function run(...argv: string[]) {
  const lines: string[] = [];
  const code = runCheckConfig([...argv, '--locales', locales], (line) => lines.push(line), {});
  return { code, output: lines.join('\n') };
}

const valid = { apiBaseUrl: '/', plugins: { auth: {} }, i18n: { languages: ['en', 'fr'], defaultLanguage: 'en' } };

describe('npm run check-config -- <file> (a deployer\'s CI)', () => {
  it('exits 0 for a config with no problems', () => {
    const { code, output } = run(configFile('valid.json', JSON.stringify(valid)));
    expect(code).toBe(0);
    expect(output).toContain('✓ no errors, 0 warning(s)');
  });

  it('exits 0 with warnings only: an invalid colour and one below the contrast rule', () => {
    const file = configFile('warned.json', JSON.stringify({ ...valid, theme: { colors: { primary: '#FFFF00', textPrimary: 'navy' } } }));
    const { code, output } = run(file);
    expect(code).toBe(0);
    expect(output).toMatch(/^warning .*\/theme\/colors\/textPrimary: "navy" is not a hex colour/m);
    expect(output).toMatch(/^warning Theme \(.*\/theme\): primary #FFFF00 as link text .* below 4\.5:1/m);
  });

  it('exits 1 on errors, one line each with its JSON path: schema, plugin settings, languages', () => {
    const file = configFile(
      'broken.json',
      JSON.stringify({ ...valid, i18n: { languages: ['en', 'fr', 'de'], defaultLanguage: 'it' } }),
    );
    const { code, output } = run(file);
    expect(code).toBe(1);
    expect(output).toMatch(/^error .*broken\.json \/i18n\/defaultLanguage: "it" is not one of/m);
    expect(output).toMatch(/^error .*broken\.json \/i18n\/languages\/2: "de" has no locale files/m);
    const settings = run(configFile('settings.json', JSON.stringify({ ...valid, plugins: { auth: { settings: { nope: 1 } } } })));
    expect(settings.code).toBe(1);
    expect(settings.output).toMatch(/\/plugins\/auth\/settings\/nope: unknown key "nope"/);
  });

  it('exits 1 for invalid JSON, naming line and column, and for a file it cannot read', () => {
    const { code, output } = run(configFile('syntax.json', '{\n  "apiBaseUrl": "/",\n}'));
    expect(code).toBe(1);
    expect(output).toContain('is not valid JSON (line 3, column 1: expected a property name in double quotes)');
    expect(run(join(folder, 'missing.json')).code).toBe(1);
  });

  it('exits 2 when misused', () => {
    expect(runCheckConfig([], () => {}, {})).toBe(2);
  });

  it('is the exit code of the npm script itself', () => {
    const file = configFile('cli.json', JSON.stringify({ ...valid, i18n: { languages: ['en'], defaultLanguage: 'fr' } }));
    const result = spawnSync('npx', ['tsx', 'scripts/check-config.ts', file, '--locales', locales], { encoding: 'utf8' });
    expect(result.status).toBe(1);
    expect(result.stdout).toMatch(/\/i18n\/defaultLanguage: "fr" is not one of/);
  });
});
