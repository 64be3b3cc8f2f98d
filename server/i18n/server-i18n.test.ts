import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServerI18n, serverI18n } from './server-i18n';

describe('server i18n over the shipped locale files', () => {
  const i18n = serverI18n();

  it('offers every language with a server namespace, English first', () => {
    expect(i18n.languages).toEqual(['en', 'ar', 'fr']);
  });

  it('answers in Arabic when the browser asks for it', () => {
    expect(i18n.languageOf('ar-EG,ar;q=0.9,en;q=0.5')).toBe('ar');
    expect(i18n.t('login.invalidCredentials', 'ar')).toBe('البريد الإلكتروني أو كلمة المرور غير صحيحة');
  });

  it('translates server keys with their values', () => {
    expect(i18n.t('login.invalidCredentials', 'en')).toBe('Invalid email or password');
    expect(i18n.t('login.invalidCredentials', 'fr')).toBe('Adresse e-mail ou mot de passe incorrect');
    expect(i18n.t({ key: 'codes.wait', params: { seconds: 42 } }, 'en')).toBe(
      'Please wait 42 seconds before requesting a new code',
    );
    expect(i18n.t({ key: 'codes.wait', params: { seconds: 42 } }, 'fr')).toContain('42');
  });

  it('reads the validation messages from the portal namespace instead of copying them', () => {
    expect(i18n.t('core:validation.email.max', 'en', { max: 256 })).toBe(
      'Email can have a maximum of 256 characters',
    );
    expect(i18n.t('core:validation.email.max', 'fr', { max: 256 })).toBe(
      "L'adresse e-mail ne peut pas dépasser 256 caractères",
    );
  });

  it('falls back to English for a language it does not ship', () => {
    expect(i18n.t('login.success', 'de')).toBe('Login successful');
    expect(i18n.languageOf('de-DE')).toBe('en');
    expect(i18n.requestedLanguage('de-DE')).toBeUndefined();
    expect(i18n.languageOf('fr-FR,fr;q=0.9')).toBe('fr');
  });

  it('returns a text that is not a key unchanged, colons and full stops included', () => {
    expect(i18n.isKey('Body cannot be empty when content-type is set to application/json')).toBe(false);
    expect(i18n.t('Unknown field: foo. Really', 'fr')).toBe('Unknown field: foo. Really');
    expect(i18n.isKey('login.invalidCredentials')).toBe(true);
  });

  it('does not run nesting or markup found in the values it interpolates', () => {
    expect(i18n.t('mail.greeting', 'en', { firstName: '$t(login.success) <b>x</b>' })).toBe(
      'Hello $t(login.success) <b>x</b>,',
    );
  });

  it('loads any locale folder it is given (a bundled server passes its own)', () => {
    const root = mkdtempSync(join(tmpdir(), 'server-i18n-'));
    for (const [language, text] of [
      ['en', 'Hello'],
      ['de', 'Hallo'],
    ]) {
      mkdirSync(join(root, language));
      writeFileSync(join(root, language, 'server.json'), JSON.stringify({ http: { notFound: text } }));
    }
    const custom = createServerI18n(root);
    expect(custom.languages).toEqual(['en', 'de']);
    expect(custom.t('http.notFound', custom.languageOf('de-AT'))).toBe('Hallo');
  });

  it('refuses a folder without English, the fallback', () => {
    const root = mkdtempSync(join(tmpdir(), 'server-i18n-'));
    expect(() => createServerI18n(root)).toThrow(/en\/server.json/);
  });
});
