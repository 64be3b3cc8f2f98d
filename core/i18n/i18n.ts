import i18next, { type i18n as I18n, type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { PSEUDO_LOCALE } from './pseudo-locale-code';

/** Loads `locales/<lang>/<namespace>.json`; extra roots (test fixtures) are merged in by the build. */
export type LocaleLoaders = Record<string, () => Promise<unknown>>;

const LANGUAGE_STORAGE_KEY = 'portal-language';

/** Languages written right to left; the page's `dir` follows so the layout, antd and logical CSS mirror. */
const RTL_LANGUAGES = new Set(['ar', 'he', 'fa', 'ur']);

/** 'rtl' for a right-to-left language (its base code decides: `ar-EG` is rtl), else 'ltr'. */
export function directionOf(language: string | undefined): 'rtl' | 'ltr' {
  return RTL_LANGUAGES.has((language ?? '').split('-')[0]!.toLowerCase()) ? 'rtl' : 'ltr';
}

/** `<html lang dir>` for the active language: screen readers pick the voice, the browser the text direction. */
function applyDocumentLanguage(language: string): void {
  document.documentElement.lang = language;
  document.documentElement.dir = directionOf(language);
}

/** Every shipped locale file, each its own lazy chunk: a namespace loads with its plugin. */
export const shippedLocales: LocaleLoaders = import.meta.glob('/locales/*/*.json', { import: 'default' });

function localeBackend(loaders: LocaleLoaders): BackendModule {
  return {
    type: 'backend',
    init: () => {},
    read(language: string, namespace: string, callback: ReadCallback) {
      // The pseudo-locale has no files of its own: it is the English ones, transformed (./pseudo-locale.ts).
      const pseudo = language === PSEUDO_LOCALE;
      const source = pseudo ? 'en' : language;
      const key = Object.keys(loaders).find((path) => path.endsWith(`/${source}/${namespace}.json`));
      if (!key) return callback(null, {});
      // The transform is a chunk of its own, fetched only for the pseudo-locale: no user language pays for it.
      const data = pseudo
        ? Promise.all([loaders[key]!(), import('./pseudo-locale')]).then(([english, { pseudoLocalizeResources }]) =>
            pseudoLocalizeResources(english as never),
          )
        : loaders[key]!();
      data.then(
        (resources) => callback(null, resources as Record<string, unknown>),
        (error: Error) => callback(error, null),
      );
    },
  };
}

export interface I18nOptions {
  languages: string[];
  defaultLanguage: string;
  loaders?: LocaleLoaders;
  storage?: Storage;
}

/**
 * Creates the portal's i18next instance. The user's choice of language persists in storage.
 * Namespaces: `core`, and one per plugin (its id), loaded when the plugin is.
 * @example
 * const i18n = await createI18n({ languages: ['en', 'fr'], defaultLanguage: 'en' });
 * await i18n.loadNamespaces('billing');
 */
export async function createI18n(options: I18nOptions): Promise<I18n> {
  const storage = options.storage ?? window.localStorage;
  const stored = storage.getItem(LANGUAGE_STORAGE_KEY);
  const lng = stored && options.languages.includes(stored) ? stored : options.defaultLanguage;
  const instance = i18next.createInstance();
  instance.on('languageChanged', (language) => {
    storage.setItem(LANGUAGE_STORAGE_KEY, language);
    applyDocumentLanguage(language);
  });
  await instance
    .use(localeBackend(options.loaders ?? shippedLocales))
    .use(initReactI18next)
    .init({
      lng,
      fallbackLng: options.defaultLanguage,
      supportedLngs: options.languages,
      ns: ['core'],
      defaultNS: 'core',
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: false },
    });
  applyDocumentLanguage(lng);
  return instance;
}
