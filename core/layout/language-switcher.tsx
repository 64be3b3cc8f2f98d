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
            {t(`language.names.${lang}`, { defaultValue: lang })}
          </option>
        ))}
      </select>
    </div>
  );
}
