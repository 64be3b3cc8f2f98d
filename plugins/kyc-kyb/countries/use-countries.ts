import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadCountries, type CountryOption } from './countries';

/**
 * The country list in the user's language, reloaded when the language changes; empty while its names load.
 * @example const { options, loading } = useCountries();
 */
export function useCountries(): { options: CountryOption[]; loading: boolean } {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const [state, setState] = useState<{ language: string; options: CountryOption[] } | null>(null);
  useEffect(() => {
    let live = true;
    void loadCountries(language).then((options) => {
      if (live) setState({ language, options });
    });
    return () => {
      live = false;
    };
  }, [language]);
  const ready = state?.language === language;
  return { options: ready ? state.options : [], loading: !ready };
}
