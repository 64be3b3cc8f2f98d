import { Alert, Button, Empty } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * The dashboard's failure and empty states. Few visits show either, so the page loads this module only when it
 * shows one: antd's Alert and Empty, with their icons and illustrations, are ~8 KiB gzip that the page's first paint
 * does without (docs/performance.md, "Web: first-paint size").
 */
export function LoadFailedNotice({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('apps');
  return (
    <Alert
      type="error"
      showIcon
      message={t('dashboard.loadFailed')}
      action={
        <Button size="small" onClick={onRetry}>
          {t('dashboard.retry')}
        </Button>
      }
    />
  );
}

export function NoAppsNotice() {
  const { t } = useTranslation('apps');
  return <Empty description={t('dashboard.empty')} />;
}
