import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import type { NameMismatch } from '../model/name-check';

/**
 * Explains, before submitting, which names on which document differ from the personal details: verification
 * compares them, so a difference that is not a typo (a marriage, a short name) should be corrected or expected.
 */
export function NameMismatchAlert({ mismatches }: { mismatches: NameMismatch[] }) {
  const { t } = useTranslation('kyc-kyb');
  if (mismatches.length === 0) return null;
  return (
    <Alert
      type="warning"
      showIcon
      message={t('review.mismatchTitle')}
      description={
        <>
          <ul className="kyc-list">
            {mismatches.map((mismatch) => (
              <li key={mismatch.proof}>
                {t('review.mismatchLine', {
                  proof: mismatch.proof + 1,
                  document: t(`lists.document.${mismatch.documentType}`),
                  names: mismatch.fields.map((field) => t(`review.nameParts.${field}`)).join(', '),
                })}
              </li>
            ))}
          </ul>
          <p className="kyc-alert__hint">{t('review.mismatchHint')}</p>
        </>
      }
    />
  );
}
