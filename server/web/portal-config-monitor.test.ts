import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PortalConfigMonitor } from './portal-config-monitor';

const folder = mkdtempSync(join(tmpdir(), 'config-monitor-'));
const configFile = join(folder, 'portal.config.json');
const localesDir = join(folder, 'locales');
mkdirSync(join(localesDir, 'en'), { recursive: true });
writeFileSync(join(localesDir, 'en', 'core.json'), '{}');
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function logger() {
  const lines: string[] = [];
  const at = (level: string) => (message: string) => lines.push(`${level} ${message}`);
  return { lines, log: { error: at('error'), warn: at('warn'), info: at('info') } as never };
}

/** Writes the file with a modification time of its own, so a change within the same millisecond still shows. */
function save(file: string, text: string, second: number) {
  writeFileSync(file, text);
  utimesSync(file, second, second);
}

describe("the server's log of config problems (at start and on change)", () => {
  it('logs each problem once, and again only when a file changed', () => {
    save(configFile, JSON.stringify({ i18n: { languages: ['en'], defaultLanguage: 'de' } }), 1000);
    const { lines, log } = logger();
    const monitor = new PortalConfigMonitor({ configFile, webRoot: join(folder, 'no-build'), localesDir }, log);

    expect(monitor.check()).toBe(true);
    expect(lines).toEqual([expect.stringMatching(/^error portal config: .*\/i18n\/defaultLanguage: "de" is not one of/)]);

    expect(monitor.check()).toBe(false);
    expect(lines).toHaveLength(1);

    // The deployer lists German without giving it files.
    save(configFile, JSON.stringify({ i18n: { languages: ['en', 'de'], defaultLanguage: 'de' } }), 2000);
    expect(monitor.check()).toBe(true);
    expect(lines.slice(1)).toEqual([expect.stringMatching(/^error portal config: .*\/i18n\/languages\/1: "de" has no locale files/)]);

    // …then adds them: the log says the config is fine now.
    mkdirSync(join(localesDir, 'de'));
    writeFileSync(join(localesDir, 'de', 'core.json'), '{}');
    expect(monitor.check()).toBe(true);
    expect(lines.slice(2)).toEqual([expect.stringMatching(/^info portal config: .* no problems$/)]);
  });

  it('a config that is not valid JSON is logged with its line and column', () => {
    save(configFile, '{\n  "i18n": {\n}', 3000);
    const { lines, log } = logger();
    new PortalConfigMonitor({ configFile, webRoot: join(folder, 'no-build'), localesDir }, log).check();
    expect(lines).toEqual([`error portal config: ${configFile}: is not valid JSON (line 3, column 2: unexpected end of the file)`]);
  });
});
