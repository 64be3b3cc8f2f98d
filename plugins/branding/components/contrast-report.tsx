import { AA_CONTRAST } from '@core';
import { Alert } from 'antd';
import { observer } from 'mobx-react-lite';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { BrandingEditorStore } from '../stores/branding-editor-store';

/** A contrast ratio as people read it: one decimal, rounded down so 4.46 never shows as a passing 4.5. */
export function formatRatio(ratio: number, language: string): string {
  return (Math.floor(ratio * 10) / 10).toLocaleString(language, {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  });
}

/** The two pairs WCAG AA is checked on, updated as the colours are edited, with a warning when one fails. */
export const ContrastReport = observer(function ContrastReport({ store }: { store: BrandingEditorStore }) {
  const { t, i18n } = useTranslation('branding');
  const titleId = useId();
  const rows = [
    { key: 'textOnPrimary', ratio: store.contrast.textOnPrimary },
    { key: 'primaryOnWhite', ratio: store.contrast.primaryOnWhite },
  ] as const;
  return (
    <section className="branding-contrast" aria-labelledby={titleId}>
      <h3 id={titleId} className="branding-subtitle">
        {t('contrast.title')}
      </h3>
      <dl className="branding-contrast__list">
        {rows.map(({ key, ratio }) => {
          const pass = ratio >= AA_CONTRAST;
          return (
            <div key={key} className="branding-contrast__row" data-testid={`contrast-${key}`}>
              <dt>{t(`contrast.${key}`)}</dt>
              <dd>
                {t('contrast.ratio', { ratio: formatRatio(ratio, i18n.language) })}{' '}
                <span
                  className={pass ? 'branding-tag branding-tag--pass' : 'branding-tag branding-tag--fail'}
                >
                  {t(pass ? 'contrast.pass' : 'contrast.fail')}
                </span>
              </dd>
            </div>
          );
        })}
      </dl>
      {store.contrastFails && <Alert type="warning" showIcon message={t('contrast.warning')} />}
    </section>
  );
});
