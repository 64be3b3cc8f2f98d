import type { Locale } from 'antd/es/locale';
import dayjs from 'dayjs';
import { warnOnce } from './warn-once';

/**
 * The libraries' own texts in every language they ship, found by file name, each a chunk of its own that only its
 * readers fetch: antd's (pagination, date pickers, empty states) and dayjs's (month and day names). A chunk of its own too, fetched only for a language other than English, so
 * the first paint carries none of these maps (antd-locale-loaders.ts).
 */
// `antd/es/...` files, the ES modules antd ships beside `antd/locale/...`'s CommonJS ones.
const antdLocales = import.meta.glob<{ default: Locale }>('/node_modules/antd/es/locale/*_*.js');
const dayjsLocales = import.meta.glob('/node_modules/dayjs/esm/locale/*.js');

const nameOf = (path: string) => path.slice(path.lastIndexOf('/') + 1, -'.js'.length);

/**
 * The file of `names` that best fits a portal language: its region's (`fr-CA` → `fr_CA`), else the language's
 * home (`de` → `de_DE`, `fr` → `fr_FR`), else the first of that language (`ar` → `ar_EG`). `separator` and `lower`
 * follow each library's naming (`de_DE`; dayjs's `fr-ca`, `de`).
 */
export function pickLocaleName(
  names: readonly string[],
  language: string,
  { separator = '_', lower = false }: { separator?: string; lower?: boolean } = {},
): string | undefined {
  const [base, region] = language.split('-') as [string, string | undefined];
  const spell = (name: string) => (lower ? name.toLowerCase() : name);
  const candidates = [
    region && spell(`${base}${separator}${region.toUpperCase()}`),
    spell(`${base}${separator}${base.toUpperCase()}`),
    lower ? base : undefined,
  ].filter((name): name is string => Boolean(name));
  return (
    candidates.find((name) => names.includes(name)) ??
    [...names].sort().find((name) => name.startsWith(`${base}${separator}`))
  );
}

function find<T>(loaders: Record<string, () => Promise<T>>, language: string, lower = false) {
  const byName = new Map(Object.entries(loaders).map(([path, load]) => [nameOf(path), load]));
  const name = pickLocaleName([...byName.keys()], language, lower ? { separator: '-', lower } : {});
  return name ? { name, load: byName.get(name)! } : undefined;
}

/**
 * Loads antd's and dayjs's texts for `language` and switches dayjs to it. A library without the
 * language leaves its texts in English, with a console warning naming it. Resolves with antd's locale (undefined
 * when antd has none).
 */
export async function loadLibraryLocales(language: string): Promise<Locale | undefined> {
  const antd = find(antdLocales, language);
  const day = find(dayjsLocales, language, true);
  for (const [library, found] of [
    ['antd', antd],
    ['dayjs', day],
  ] as const)
    if (!found) warnOnce(`${library} has no texts for the language "${language}": its texts stay in English.`);
  const [antdLocale] = await Promise.all([antd?.load(), day?.load()]);
  if (day) dayjs.locale(day.name);
  return antdLocale?.default;
}

/** dayjs back in English (it ships English built in). */
export function switchDatesToEnglish(): void {
  dayjs.locale('en');
}

/** dayjs in `language` again, its texts already loaded. */
export function switchDatesTo(language: string): void {
  const day = find(dayjsLocales, language, true);
  if (day) dayjs.locale(day.name);
}
