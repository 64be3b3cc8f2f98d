import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkTranslations, placeholdersOf, printReport, runI18nCheck } from './i18n-check';

// A locale tree with one problem of each kind (scripts/fixtures/i18n-check): French misses `sku`, leaves `title`
// in English (and `brand`, listed as meant), drops `{{name}}`, has a key no code uses, and English has one too.
const fixture = join(import.meta.dirname, 'fixtures/i18n-check');
const options = { localesDir: join(fixture, 'locales'), sourceDirs: [join(fixture, 'src')] };

describe('npm run i18n:check (the translators\' report)', () => {
  const reports = checkTranslations(options);
  const french = reports.find((r) => r.language === 'fr' && r.namespace === 'shop')!;
  const english = reports.find((r) => r.language === 'en' && r.namespace === 'shop')!;

  it('lists missing keys, a plural needing the forms English has that the language uses', () => {
    expect(french.missing).toEqual(['sku']);
  });

  it('marks texts identical to English as probably untranslated, unless listed as meant', () => {
    expect(french.identical).toEqual(['title']);
  });

  it('lists keys no code uses: English\'s once, and the language\'s own extra ones', () => {
    expect(english.unused).toEqual(['forgotten']);
    expect(french.unused).toEqual(['leftover']);
  });

  it('lists placeholders that differ from English; a plural form may spell its number out', () => {
    expect(french.placeholders).toEqual([{ key: 'greeting', english: ['{{name}}'], translated: [] }]);
    expect(placeholdersOf('Read the <0>terms</0> of {{ name, uppercase }} and $t(core:x)')).toEqual(
      ['$t(core:x)', '</0>', '<0>', '{{name}}'].sort(),
    );
  });

  it('fails on missing keys and placeholder mismatches, prints every kind per language and namespace', () => {
    const lines: string[] = [];
    expect(printReport(reports, (line) => lines.push(line))).toBe(1);
    const text = lines.join('\n');
    expect(text).toContain('fr/shop.json');
    expect(text).toMatch(/✗ missing +sku/);
    expect(text).toMatch(/✗ placeholders differ +greeting: English has \{\{name\}\}, this has none/);
    expect(text).toMatch(/\? same as English +title/);
    expect(text).toMatch(/- unused +leftover/);
    expect(text).toContain('1 missing, 1 placeholder mismatches, 1 same as English, 2 unused');
  });

  it('passes when only the judgement calls remain (same as English, unused)', () => {
    const lines: string[] = [];
    const onlyWarnings = reports.map((r) => ({ ...r, missing: [], placeholders: [] }));
    expect(printReport(onlyWarnings, (line) => lines.push(line))).toBe(0);
  });

  it('runs from the command line with its options', () => {
    const lines: string[] = [];
    const code = runI18nCheck(
      ['--locales', options.localesDir, '--source', options.sourceDirs[0]!],
      (line) => lines.push(line),
      {},
    );
    expect(code).toBe(1);
    expect(lines.join('\n')).toMatch(/✗ missing +sku/);
  });
});
