import { describe, expect, it } from 'vitest';
import { pickLocaleName } from './library-locales';

describe("the libraries' own texts, found by file name (issue #37 item 1)", () => {
  const antd = ['ar_EG', 'de_DE', 'en_GB', 'en_US', 'fr_BE', 'fr_CA', 'fr_FR', 'pt_BR', 'pt_PT', 'zh_CN', 'zh_TW'];

  it("antd: the region's file, else the language's home, else the first of the language", () => {
    expect(pickLocaleName(antd, 'de')).toBe('de_DE');
    expect(pickLocaleName(antd, 'fr')).toBe('fr_FR');
    expect(pickLocaleName(antd, 'fr-CA')).toBe('fr_CA');
    expect(pickLocaleName(antd, 'ar')).toBe('ar_EG');
    expect(pickLocaleName(antd, 'pt-BR')).toBe('pt_BR');
    expect(pickLocaleName(antd, 'zh')).toBe('zh_CN');
  });

  it("dayjs's lower-case names: the region's, else the language's", () => {
    const dayjs = ['ar', 'de', 'fr', 'fr-ca', 'pt-br'];
    expect(pickLocaleName(dayjs, 'fr-CA', { separator: '-', lower: true })).toBe('fr-ca');
    expect(pickLocaleName(dayjs, 'de', { separator: '-', lower: true })).toBe('de');
    expect(pickLocaleName(dayjs, 'ar', { separator: '-', lower: true })).toBe('ar');
  });

  it('none for a language the library does not ship (it stays in English, with a console warning)', () => {
    expect(pickLocaleName(antd, 'xx')).toBeUndefined();
  });
});
