import { useTranslation } from 'react-i18next';

/**
 * The spinning ring alone, for a screen that says in its own words what it waits for. Plain CSS, not antd's
 * `Spin`: on an auth screen antd's would bring its theme runtime (~34 KiB gzip) into first paint.
 */
export function SpinnerRing() {
  return <span className="portal-page-spinner__dot" aria-hidden="true" />;
}

/** A dependency-free loading indicator: it shows before antd has loaded. */
export function PageSpinner() {
  const { t } = useTranslation('core');
  return (
    <div className="portal-page-spinner" role="status" aria-live="polite">
      <SpinnerRing />
      <span className="portal-visually-hidden">{t('common.loading')}</span>
    </div>
  );
}
