import { describe, expect, it } from 'vitest';
import { createI18n, directionOf } from './i18n';

describe('text direction', () => {
  it('is right to left for Arabic (with or without a region) and left to right otherwise', () => {
    expect(directionOf('ar')).toBe('rtl');
    expect(directionOf('ar-EG')).toBe('rtl');
    expect(directionOf('en')).toBe('ltr');
    expect(directionOf('fr')).toBe('ltr');
  });

  it('sets <html dir> to rtl when the user switches to Arabic and back to ltr for English', async () => {
    const i18n = await createI18n({
      languages: ['en', 'ar'],
      defaultLanguage: 'en',
      storage: window.sessionStorage,
      loaders: {
        '/locales/en/core.json': async () => ({ hello: 'Hello' }),
        '/locales/ar/core.json': async () => ({ hello: 'مرحبًا' }),
      },
    });
    expect(document.documentElement.dir).toBe('ltr');
    await i18n.changeLanguage('ar');
    expect(document.documentElement.dir).toBe('rtl');
    expect(document.documentElement.lang).toBe('ar');
    expect(i18n.t('hello')).toBe('مرحبًا');
    await i18n.changeLanguage('en');
    expect(document.documentElement.dir).toBe('ltr');
    expect(document.documentElement.lang).toBe('en');
  });
});
