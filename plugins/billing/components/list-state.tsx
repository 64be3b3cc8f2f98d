import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';

/** A list that could not load: says so and offers to try again (the HTTP client showed the reason). */
export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation('billing');
  return (
    <Alert
      type="error"
      showIcon
      message={message}
      action={<Button onClick={onRetry}>{t('retry')}</Button>}
      style={{ marginBottom: 16 }}
    />
  );
}
