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

/** i18next's plural suffixes (CLDR categories): `count_one`, `count_other`, … are one key in several forms. */
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/**
 * The plural forms a language needs: every CLDR category a count from 0 to 200 selects (English: one, other;
 * Arabic: zero, one, two, few, many, other). Forms only reached by millions (French "many") fall back to `_other`.
 */
function pluralFormsOf(lang: string): Set<string> {
  const rules = new Intl.PluralRules(lang);
  return new Set(Array.from({ length: 201 }, (_, n) => rules.select(n)));
}

/**
 * A language's keys as English's should translate to: plain keys as they are; a plural family of English
 * (`x_one`, `x_other`) becomes `x_<form>` for every form the language needs.
 */
function expectedKeys(english: Set<string>, lang: string): Set<string> {
  const forms = pluralFormsOf(lang);
  const expected = new Set<string>();
  for (const key of english) {
    const base = key.replace(PLURAL_SUFFIX, '');
    if (base === key) expected.add(key);
    else for (const form of forms) expected.add(`${base}_${form}`);
  }
  return expected;
}

const namespaces = [...new Set(languages.flatMap((l) => readdirSync(join(root, l)).filter((f) => f.endsWith('.json'))))]
  .map((f) => f.replace(/\.json$/, ''))
  .sort();

describe('locale files', () => {
  it('ship English and French', () => {
    expect(languages).toEqual(expect.arrayContaining(['en', 'fr']));
  });

  it('know the plural forms each language needs', () => {
    expect([...pluralFormsOf('en')].sort()).toEqual(['one', 'other']);
    expect([...pluralFormsOf('fr')].sort()).toEqual(['one', 'other']);
    expect([...pluralFormsOf('ar')].sort()).toEqual(['few', 'many', 'one', 'other', 'two', 'zero']);
  });

  it.each(namespaces)('namespace "%s" exists in every language with the same keys', (ns) => {
    const englishKeys = keysOf('en', ns);
    for (const lang of languages) {
      const english = expectedKeys(englishKeys, lang);
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

  it.each(namespaces)('namespace "%s" keeps a number and its percent sign on one line', (ns) => {
    // "80 %" with an ordinary space can break between the two at the end of a line; a no-break space cannot.
    for (const lang of languages) {
      const text = readFileSync(join(root, lang, `${ns}.json`), 'utf8');
      expect({ lang, broken: text.match(/\d [%٪]/g) ?? [] }).toEqual({ lang, broken: [] });
    }
  });
});
