import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../tests/msw/server';
import { languageName } from '../layout/language-switcher';
import { createI18n } from './i18n';

/** The locale files as the server has them now (server/web/locale-files.ts); every request is counted. */
function serveLocales(files: Record<string, object>) {
  const requested: string[] = [];
  server.use(
    http.get('*/locales/:language/:file', ({ params }) => {
      const path = `${String(params.language)}/${String(params.file)}`;
      requested.push(path);
      return files[path] ? HttpResponse.json(files[path]) : HttpResponse.json({ msg: 'http.notFound' }, { status: 404 });
    }),
  );
  return requested;
}

describe('texts read over HTTP at run time (issue #37 item 1)', () => {
  it('uses the texts the page came with, and fetches a language the deployment added only when it is chosen', async () => {
    const requested = serveLocales({ 'de/core.json': { hello: 'Hallo', language: { name: 'Deutsch' } } });
    const i18n = await createI18n({
      languages: ['en', 'de'],
      defaultLanguage: 'en',
      storage: window.sessionStorage,
      inline: { language: 'en', resources: { core: { hello: 'Hello' } } },
    });
    expect(i18n.t('hello')).toBe('Hello');
    expect(requested).toEqual([]);
    await i18n.changeLanguage('de');
    expect(i18n.t('hello')).toBe('Hallo');
    expect(requested).toEqual(['de/core.json']);
  });

  it('falls back to English, not raw keys, for a namespace a listed language lacks', async () => {
    serveLocales({ 'en/billing.json': { title: 'Billing' }, 'it/core.json': {} });
    const i18n = await createI18n({
      languages: ['it', 'en'],
      defaultLanguage: 'it',
      storage: window.sessionStorage,
      inline: { language: 'it', resources: { core: {} } },
    });
    await i18n.loadNamespaces('billing');
    expect(i18n.t('billing:title')).toBe('Billing');
  });

  it("names a language in the switcher by the reader's list, else its own name, never its raw code", async () => {
    serveLocales({ 'de/core.json': { language: { name: 'Deutsch (Schweiz)' } } });
    const i18n = await createI18n({
      languages: ['en', 'de', 'pt'],
      defaultLanguage: 'en',
      storage: window.sessionStorage,
      inline: { language: 'en', resources: { core: { language: { names: { en: 'English' } } } } },
    });
    expect(languageName(i18n, 'en')).toBe('English');
    // Not loaded yet: the browser's own name of the language.
    expect(languageName(i18n, 'de')).toBe('Deutsch');
    expect(languageName(i18n, 'pt')).toBe('português');
    await i18n.loadLanguages('de');
    expect(languageName(i18n, 'de')).toBe('Deutsch (Schweiz)');
  });
});
