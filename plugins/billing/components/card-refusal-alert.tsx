import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CardAddError } from './card-form-dialog';
import { refusalText } from './decline-text';

/** Why a card was not added (declined, or the request failed), at the top of either card dialog. */
export function CardRefusalAlert({ error }: { error: NonNullable<CardAddError> }) {
  const { t } = useTranslation('billing');
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      message={error.declined ? t('card.declined') : t('card.failed')}
      description={refusalText(t, error)}
      style={{ marginBottom: 16 }}
    />
  );
}
