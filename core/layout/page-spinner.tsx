import { useTranslation } from 'react-i18next';

/** A dependency-free loading indicator: it shows before antd has loaded. */
export function PageSpinner() {
  const { t } = useTranslation('core');
  return (
    <div className="portal-page-spinner" role="status" aria-live="polite">
      <span className="portal-page-spinner__dot" aria-hidden="true" />
      <span className="portal-visually-hidden">{t('common.loading')}</span>
    </div>
  );
}
