import type { Locale } from 'antd/es/locale';

/**
 * antd's texts (pagination, date pickers, empty states) for the reader's language, with dayjs's
 * (library-locales.ts, found by file name: a language a deployment adds needs no code here). English is antd's own
 * default and ships with it; every other language is a chunk of its own, so a page carries only its reader's.
 * No antd code and no list of languages here: boot imports this.
 */
const loaded = new Map<string, Locale>();
const keyOf = (language: string | undefined) => language ?? 'en';
const isEnglish = (language: string) => language.split('-')[0]!.toLowerCase() === 'en';

/** antd's texts for `language` once fetched; undefined while they are not, and for English (antd's default). */
export function loadedAntdLocale(language: string | undefined): Locale | undefined {
  return loaded.get(keyOf(language));
}

/**
 * Fetches the libraries' texts for `language`; resolves once they are there, or at once for English. A chunk that
 * fails to load (offline, a new deployment) leaves the libraries in English rather than failing the page.
 */
export function loadAntdLocale(language: string | undefined): Promise<void> {
  const key = keyOf(language);
  // dayjs's language is global: back to English once another one was loaded.
  if (isEnglish(key))
    return loaded.size > 0 ? import('./library-locales').then(({ switchDatesToEnglish }) => switchDatesToEnglish()) : Promise.resolve();
  if (loaded.has(key)) return import('./library-locales').then(({ switchDatesTo }) => switchDatesTo(key));
  return import('./library-locales')
    .then(({ loadLibraryLocales }) => loadLibraryLocales(key))
    .then(
      (locale) => void (locale && loaded.set(key, locale)),
      () => {},
    );
}
