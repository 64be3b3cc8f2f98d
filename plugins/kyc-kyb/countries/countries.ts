import countries from 'i18n-iso-countries';

export interface CountryOption {
  /** ISO 3166-1 alpha-2 code, what the server stores. */
  value: string;
  label: string;
}

/**
 * The country names of the languages the portal ships (locales/<lang>/), one lazy chunk each, so the library's
 * eighty-odd other languages never reach the bundle. A language the portal adds later falls back to English
 * names until it is listed here.
 */
const nameLoaders: Record<string, () => Promise<{ default: countries.LocaleData }>> = {
  en: () => import('i18n-iso-countries/langs/en.json'),
  fr: () => import('i18n-iso-countries/langs/fr.json'),
};

const loading = new Map<string, Promise<void>>();

function registered(language: string): Promise<void> {
  let done = loading.get(language);
  if (!done) {
    done = nameLoaders[language]!().then((module) => countries.registerLocale(module.default));
    loading.set(language, done);
  }
  return done;
}

/** The language whose names are shown: the user's when shipped, else English. */
export function countryLanguage(language: string): string {
  const base = language.split('-')[0]!;
  return base in nameLoaders ? base : 'en';
}

/**
 * Every country with its name in `language`, sorted for that language (é next to e in French).
 * @example const options = await loadCountries('fr'); // [{ value: 'ZA', label: 'Afrique du Sud' }, …]
 */
export async function loadCountries(language: string): Promise<CountryOption[]> {
  const lang = countryLanguage(language);
  await registered(lang);
  const names = countries.getNames(lang, { select: 'official' });
  const collator = new Intl.Collator(lang);
  return Object.entries(names)
    .map(([value, label]) => ({ value, label }))
    .sort((a, b) => collator.compare(a.label, b.label));
}

/** One country's name in `language` once its names are loaded; the code itself until then. */
export function countryName(code: string, language: string): string {
  return countries.getName(code, countryLanguage(language), { select: 'official' }) ?? code;
}
