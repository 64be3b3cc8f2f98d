import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readServerTexts, serverTextFiles } from './server-texts';
import { localesFolder } from '../paths';
import { createServerI18n, serverI18n } from './server-i18n';

/** A language folder holding these files (a fresh temporary one unless `dir` is given). */
function languageFolder(
  files: Record<string, unknown>,
  dir = mkdtempSync(join(tmpdir(), 'server-texts-')),
): string {
  mkdirSync(dir, { recursive: true });
  for (const [name, texts] of Object.entries(files)) writeFileSync(join(dir, name), JSON.stringify(texts));
  return dir;
}

describe("the server's texts of one language", () => {
  it("merge server.json with each feature's <feature>.server.json, and nothing else", () => {
    const dir = languageFolder({
      'server.json': { http: { notFound: 'Not found' }, billing: { list: 'Bills' } },
      'billing.server.json': { billing: { cardAdded: 'Card added' } },
      'kyc-kyb.server.json': { identity: { submitted: 'Submitted' } },
      'billing.json': { portalText: 'not the server’s' },
    });
    expect(serverTextFiles(dir)).toEqual(['server.json', 'billing.server.json', 'kyc-kyb.server.json']);
    expect(readServerTexts(dir)).toEqual({
      http: { notFound: 'Not found' },
      billing: { list: 'Bills', cardAdded: 'Card added' },
      identity: { submitted: 'Submitted' },
    });
  });

  it('refuses a text two files both give, naming them', () => {
    const dir = languageFolder({
      'server.json': { billing: { list: 'Bills' } },
      'billing.server.json': { billing: { list: 'Invoices' } },
    });
    expect(() => readServerTexts(dir)).toThrow(
      "'billing.list' is given by both server.json and billing.server.json",
    );
  });

  it('refuses a feature file that turns a text into a group', () => {
    const dir = languageFolder({
      'server.json': { billing: 'Billing' },
      'billing.server.json': { billing: { list: 'Bills' } },
    });
    expect(() => readServerTexts(dir)).toThrow(/'billing' is given by both/);
  });

  it('are what the server answers with: a feature text is looked up like any other', () => {
    const root = mkdtempSync(join(tmpdir(), 'server-texts-'));
    for (const [language, text] of [
      ['en', 'Card added'],
      ['fr', 'Carte ajoutée'],
    ] as const) {
      languageFolder(
        {
          'server.json': { http: { notFound: 'x' } },
          'billing.server.json': { billing: { cardAdded: text } },
        },
        join(root, language),
      );
    }
    const i18n = createServerI18n(root);
    expect(i18n.t('billing.cardAdded', 'fr')).toBe('Carte ajoutée');
    expect(i18n.isKey('billing.cardAdded')).toBe(true);
  });
});

/** "a.b.c" for every text of a tree. */
function leafKeys(texts: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(texts).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null
      ? leafKeys(value as Record<string, unknown>, `${prefix}${key}.`)
      : [`${prefix}${key}`],
  );
}

describe('the shipped server texts, wherever they live', () => {
  it('give every English text in every language, under the same key', () => {
    const i18n = serverI18n();
    const english = leafKeys(readServerTexts(join(localesFolder, 'en')));
    expect(english.length).toBeGreaterThan(100);
    for (const language of i18n.languages) {
      const texts = readServerTexts(join(localesFolder, language));
      // Plural forms differ by language (locales/locales.test.ts checks them); the family must be there.
      const has = new Set(leafKeys(texts).map((key) => key.replace(/_(zero|one|two|few|many|other)$/, '')));
      const missing = english
        .map((key) => key.replace(/_(zero|one|two|few|many|other)$/, ''))
        .filter((key) => !has.has(key));
      expect({ language, missing }).toEqual({ language, missing: [] });
    }
  });
});
