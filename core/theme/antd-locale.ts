import type { Locale } from 'antd/es/locale';
import enUS from 'antd/es/locale/en_US';
import { useEffect, useState } from 'react';
import { loadAntdLocale, loadedAntdLocale } from './antd-locale-loaders';

/**
 * antd's texts for a portal language; English when antd has none. Another language's texts are a chunk of their
 * own, normally fetched at boot already (antd-locale-loaders.ts); should they still be on their way, antd speaks
 * English until they arrive and the page re-renders with them. The page itself never waits for them.
 */
export function useAntdLocale(language: string | undefined): Locale {
  const [, arrived] = useState(0);
  const ready = loadedAntdLocale(language);
  useEffect(() => {
    if (ready) return;
    let mounted = true;
    void loadAntdLocale(language).then(() => {
      if (mounted && loadedAntdLocale(language)) arrived((count) => count + 1);
    });
    return () => {
      mounted = false;
    };
  }, [language, ready]);
  return ready ?? enUS;
}
