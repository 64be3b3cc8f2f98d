import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';

const files = import.meta.glob<Record<string, unknown>>(['/locales/*/*.json', '/tests/fixtures/locales/*/*.json'], {
  import: 'default',
  eager: true,
});

/** Every shipped namespace (and the fixture plugins'), loaded synchronously so component tests render translated text at once. */
export function createTestI18n(language = 'en'): I18n {
  const resources: Record<string, Record<string, Record<string, unknown>>> = {};
  for (const [path, data] of Object.entries(files)) {
    const [, lang, ns] = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path)!;
    (resources[lang!] ??= {})[ns!] = data;
  }
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: 'en',
    resources,
    defaultNS: 'core',
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}
