import { describe, expect, it } from 'vitest';
import { createI18n } from './i18n';
import { PSEUDO_LOCALE, pseudoLocalize } from './pseudo-locale';

describe('the pseudo-locale', () => {
  it('accents every letter, lengthens the text and brackets it so clipping shows', () => {
    const text = 'Sign in to continue';
    const pseudo = pseudoLocalize(text);
    expect(pseudo).toMatch(/^⟦.*⟧$/);
    expect(pseudo).not.toMatch(/[A-Za-z]/);
    expect(pseudo.length).toBeGreaterThanOrEqual(Math.ceil(text.length * 1.3));
  });

  it('leaves what i18next fills in untouched: interpolations, nesting and component tags', () => {
    const pseudo = pseudoLocalize('Hello {{name}}, see <0>$t(core:terms)</0>');
    expect(pseudo).toContain('{{name}}');
    expect(pseudo).toContain('<0>$t(core:terms)</0>');
    expect(pseudo.startsWith('⟦Ĥééļļóó')).toBe(true);
  });

  it('is the English files transformed, with interpolation still working, when a deployment lists it', async () => {
    const i18n = await createI18n({
      languages: ['en', PSEUDO_LOCALE],
      defaultLanguage: PSEUDO_LOCALE,
      storage: window.sessionStorage,
      loaders: {
        '/locales/en/core.json': async () => ({ welcome: 'Welcome, {{name}}', menu: { apps: 'Apps' } }),
        '/locales/fr/core.json': async () => ({ welcome: 'Bienvenue, {{name}}' }),
      },
    });
    expect(i18n.t('welcome', { name: 'Jane' })).toBe('⟦Ŵééļçóóɱéé, Jane⟧');
    expect(i18n.t('menu.apps')).toBe('⟦ÁÁþþš⟧');
    await i18n.changeLanguage('en');
    expect(i18n.t('welcome', { name: 'Jane' })).toBe('Welcome, Jane');
  });
});
