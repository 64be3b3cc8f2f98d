import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Every shipped language must have every key of every other: a translator's gap fails the build, not a user. */
const root = 'locales';
const languages = readdirSync(root, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort();

function flatten(value: unknown, prefix = ''): string[] {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    return Object.entries(value).flatMap(([k, v]) => flatten(v, prefix ? `${prefix}.${k}` : k));
  }
  return [prefix];
}

function keysOf(lang: string, ns: string): Set<string> {
  return new Set(flatten(JSON.parse(readFileSync(join(root, lang, `${ns}.json`), 'utf8'))));
}

const namespaces = [...new Set(languages.flatMap((l) => readdirSync(join(root, l)).filter((f) => f.endsWith('.json'))))]
  .map((f) => f.replace(/\.json$/, ''))
  .sort();

describe('locale files', () => {
  it('ship English and French', () => {
    expect(languages).toEqual(expect.arrayContaining(['en', 'fr']));
  });

  it.each(namespaces)('namespace "%s" exists in every language with the same keys', (ns) => {
    const english = keysOf('en', ns);
    for (const lang of languages) {
      const other = keysOf(lang, ns);
      const missing = [...english].filter((k) => !other.has(k));
      const extra = [...other].filter((k) => !english.has(k));
      expect({ lang, missing, extra }).toEqual({ lang, missing: [], extra: [] });
    }
  });

  it.each(namespaces)('namespace "%s" has no empty translation', (ns) => {
    for (const lang of languages) {
      const data = JSON.parse(readFileSync(join(root, lang, `${ns}.json`), 'utf8'));
      const empty = flatten(data).filter((key) => key.split('.').reduce<any>((o, k) => o?.[k], data) === '');
      expect({ lang, empty }).toEqual({ lang, empty: [] });
    }
  });
});
