import type { i18n as I18n } from 'i18next';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PortalConfig } from '../config/portal-config';
import { useService } from '../di/use-service';

/** A native select: light enough for the login page, keyboard-usable and labelled. */
export function LanguageSwitcher({ className }: { className?: string }) {
  const { t, i18n } = useTranslation('core');
  const config = useService(PortalConfig);
  const id = useId();
  if (config.i18n.languages.length < 2) return null;
  return (
    <div className={`portal-language-switcher ${className ?? ''}`}>
      <label htmlFor={id} className="portal-visually-hidden">
        {t('language.label')}
      </label>
      <select
        id={id}
        className="portal-native-select"
        value={i18n.resolvedLanguage ?? i18n.language}
        onChange={(e) => void i18n.changeLanguage(e.target.value)}
      >
        {config.i18n.languages.map((lang) => (
          <option key={lang} value={lang}>
            {languageName(i18n, lang)}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * A language as a reader looks for it: the name the reader's own texts give it (`language.names.<code>`), else
 * the name its own core file gives itself (`language.name`), else its own name as the browser knows it
 * ("Deutsch" for `de`), and the raw code only when none of these exists. A language a deployment adds by
 * dropping in its files is thus named properly before anyone edits the other languages' files.
 */
export function languageName(i18n: I18n, language: string): string {
  const reader = i18n.resolvedLanguage ?? i18n.language;
  const own = i18n.getResource(language, 'core', 'language.name') as unknown;
  const listed = i18n.getResource(reader, 'core', `language.names.${language}`) as unknown;
  if (typeof listed === 'string' && listed) return listed;
  if (typeof own === 'string' && own) return own;
  try {
    return new Intl.DisplayNames([language], { type: 'language' }).of(language) ?? language;
  } catch {
    return language;
  }
}
