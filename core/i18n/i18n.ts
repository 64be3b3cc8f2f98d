import i18next, {
  type i18n as I18n,
  type BackendModule,
  type ReadCallback,
  type Resource,
  type Services,
} from 'i18next';
import HttpBackend from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';
import type { InjectedTexts } from '@contract/portal-config/injected-config';
import { PSEUDO_LOCALE } from './pseudo-locale-code';

/** Loads `locales/<lang>/<namespace>.json` by path (tests hold or fake them; the portal reads them over HTTP). */
export type LocaleLoaders = Record<string, () => Promise<unknown>>;

/** Where the server (and a static host's copy of the build) serves the locale files (server/web/locale-files.ts). */
export const LOCALES_PATH = '/locales/{{lng}}/{{ns}}.json';

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

/** The pseudo-locale's texts: the English ones, transformed in a chunk of its own that no user language pays for. */
function pseudoLocalized(english: Promise<unknown>): Promise<Record<string, unknown>> {
  return Promise.all([english, import('./pseudo-locale')]).then(
    ([texts, { pseudoLocalizeResources }]) => pseudoLocalizeResources(texts as never) as Record<string, unknown>,
  );
}

/**
 * The portal's texts over HTTP with i18next's own backend: the files the deployment has now, revalidated against
 * their ETag at each page load, so a new language or an edited text needs no rebuild (docs/translating.md).
 */
class PortalLocales implements BackendModule {
  readonly type = 'backend';
  private http!: HttpBackend;

  init(services: Services): void {
    this.http = new HttpBackend(services, { loadPath: LOCALES_PATH });
  }

  read(language: string, namespace: string, callback: ReadCallback): void {
    if (language !== PSEUDO_LOCALE) return this.http.read(language, namespace, callback);
    this.http.read('en', namespace, (error, english) => {
      if (error || !english) return callback(error, english);
      pseudoLocalized(Promise.resolve(english)).then(
        (texts) => callback(null, texts),
        (failure: Error) => callback(failure, null),
      );
    });
  }
}

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
      const data = pseudo ? pseudoLocalized(loaders[key]!()) : loaders[key]!();
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
  /** Read the files through these instead of over HTTP (tests). */
  loaders?: LocaleLoaders;
  /** The texts the server put into the page for the first paint: used as they are, never fetched again. */
  inline?: InjectedTexts;
  storage?: Storage;
}

/**
 * The languages a missing text is looked up in: the default language, then English, the language every text is
 * written in first. A language listed without a file for a namespace shows English, never raw keys.
 */
export function fallbackLanguages(defaultLanguage: string): string[] {
  return [...new Set([defaultLanguage, 'en'])];
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
  const inline = options.inline;
  await instance
    .use<BackendModule>(options.loaders ? localeBackend(options.loaders) : new PortalLocales())
    .use(initReactI18next)
    .init({
      lng,
      fallbackLng: fallbackLanguages(options.defaultLanguage),
      // English stays loadable as the last fallback even when the deployment does not offer it.
      supportedLngs: [...new Set([...options.languages, 'en'])],
      ...(inline ? { resources: { [inline.language]: inline.resources } as Resource, partialBundledLanguages: true } : {}),
      ns: ['core'],
      defaultNS: 'core',
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: false },
    });
  applyDocumentLanguage(lng);
  return instance;
}
