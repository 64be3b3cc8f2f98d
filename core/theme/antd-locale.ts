// `antd/es/...`, not `antd/locale/...`: under Vite 8's CJS interop the latter makes pro-components fall back to Chinese.
import type { Locale } from 'antd/es/locale';
import arEG from 'antd/es/locale/ar_EG';
import enUS from 'antd/es/locale/en_US';
import frFR from 'antd/es/locale/fr_FR';

const antdLocales: Record<string, Locale> = { ar: arEG, en: enUS, fr: frFR };

/** antd's texts (pagination, date pickers, empty states) for a portal language; English when antd has none. */
export function antdLocaleFor(language: string | undefined): Locale {
  const base = (language ?? 'en').split('-')[0]!.toLowerCase();
  return antdLocales[base] ?? enUS;
}
