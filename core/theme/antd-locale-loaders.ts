import type { Locale } from 'antd/es/locale';

/**
 * antd's texts (pagination, date pickers, empty states) of the portal languages other than English, each a chunk
 * of its own: a page carries only its reader's, not every language's (3.2 KiB gzip on every app route,
 * docs/performance.md). English is antd's own default and ships with it. No antd code here: boot imports this.
 */
// `antd/es/...`, not `antd/locale/...`: under Vite 8's CJS interop the latter makes pro-components fall back to Chinese.
const loaders: Record<string, () => Promise<{ default: Locale }>> = {
  ar: () => import('antd/es/locale/ar_EG'),
  fr: () => import('antd/es/locale/fr_FR'),
};

const loaded = new Map<string, Locale>();
const keyOf = (language: string | undefined) => (language ?? 'en').split('-')[0]!.toLowerCase();

/** antd's texts for `language` once fetched; undefined while they are not, and for English (antd's default). */
export function loadedAntdLocale(language: string | undefined): Locale | undefined {
  return loaded.get(keyOf(language));
}

/**
 * Fetches antd's texts for `language` (a base code decides: `fr-CA` reads `fr`); resolves once they are there, or
 * at once when antd has none of its own. A chunk that fails to load (offline, a new deployment) leaves antd in
 * English rather than failing the page.
 */
export function loadAntdLocale(language: string | undefined): Promise<void> {
  const key = keyOf(language);
  const load = loaders[key];
  if (!load || loaded.has(key)) return Promise.resolve();
  return load().then(
    (module) => void loaded.set(key, module.default),
    () => {},
  );
}
