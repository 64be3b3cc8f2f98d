import { describe, expect, it } from 'vitest';
import { languageProblems } from './language-rules';

describe("the config's language rules", () => {
  it('refuses a default language the switcher does not offer, naming its path and the choices', () => {
    expect(languageProblems({ i18n: { languages: ['en', 'fr'], defaultLanguage: 'de' } })).toEqual([
      '/i18n/defaultLanguage: "de" is not one of /i18n/languages (en, fr): list it there or choose one of them',
    ]);
  });

  it('accepts a default language that is listed', () => {
    expect(languageProblems({ i18n: { languages: ['en', 'fr'], defaultLanguage: 'fr' } })).toEqual([]);
  });
});
