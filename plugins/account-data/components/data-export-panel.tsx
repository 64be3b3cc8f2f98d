import { Notifier, saveFile, useDateFormat, useService, useUnmountSignal } from '@core';
import { DATA_EXPORT_LIFETIME_DAYS, type DataExportFormat } from '@contract/v1/account-data';
import { Alert, Button, Spin, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AccountDataApi } from '../api/account-data-api';
import { DataExportStore } from '../stores/data-export-store';

/**
 * "Download your data": ask for a copy, follow it while the server prepares it, then download the JSON file or the
 * readable summary until it expires.
 */
export const DataExportPanel = observer(function DataExportPanel() {
  const { t } = useTranslation('account-data');
  const api = useService(AccountDataApi);
  const notifier = useService(Notifier);
  const dates = useDateFormat();
  const signal = useUnmountSignal();
  const headingId = useId();
  const [store] = useState(() => new DataExportStore(api));
  const { current } = store;

  useEffect(() => {
    const controller = new AbortController();
    void store.load(controller.signal);
    return () => {
      controller.abort();
      store.dispose();
    };
  }, [store]);

  const download = async (format: DataExportFormat) => {
    try {
      const file = await store.download(format, signal());
      if (file) saveFile(file.fileName, file.blob);
    } catch {
      if (!signal().aborted) notifier.error(t('export.downloadFailed'));
    }
  };

  const requestButton = (label: string, primary: boolean) => (
    <Button
      type={primary ? 'primary' : 'default'}
      loading={store.requesting}
      onClick={() => void store.request(signal())}
    >
      {label}
    </Button>
  );

  return (
    <section className="account-data-panel" aria-labelledby={headingId} aria-busy={store.phase === 'loading'}>
      <Typography.Title level={2} id={headingId} className="account-data-panel__title">
        {t('export.title')}
      </Typography.Title>
      <Typography.Paragraph>{t('export.description')}</Typography.Paragraph>
      <Typography.Paragraph type="secondary">
        {t('export.lifetime', { days: DATA_EXPORT_LIFETIME_DAYS })}
      </Typography.Paragraph>
      {store.phase === 'loading' && (
        <div role="status" className="account-data-panel__loading">
          <Spin />
          <span className="portal-visually-hidden">{t('export.loading')}</span>
        </div>
      )}
      {store.phase === 'failed' && (
        <Alert
          type="error"
          showIcon
          message={t('export.loadFailed')}
          action={<Button onClick={() => void store.load(signal())}>{t('retry')}</Button>}
        />
      )}
      {store.phase === 'ready' && (
        <div className="account-data-panel__body">
          {/* One live region for the state, so a screen reader hears "ready" when preparation ends. */}
          <div role="status">
            {current?.status === 'preparing' && (
              <Alert type="info" showIcon message={t('export.preparing')} />
            )}
            {current?.status === 'ready' && current.readyAt && current.expiresAt && (
              <Alert
                type="success"
                showIcon
                message={t('export.ready', {
                  date: dates.dateTime(current.readyAt),
                  until: dates.dateTime(current.expiresAt),
                })}
              />
            )}
            {current?.status === 'failed' && <Alert type="error" showIcon message={t('export.failed')} />}
          </div>
          <div className="account-data-panel__actions">
            {current?.status === 'ready' && (
              <>
                <Button
                  type="primary"
                  loading={store.downloading === 'json'}
                  onClick={() => void download('json')}
                >
                  {t('export.downloadJson')}
                </Button>
                <Button loading={store.downloading === 'summary'} onClick={() => void download('summary')}>
                  {t('export.downloadSummary')}
                </Button>
                {requestButton(t('export.requestAgain'), false)}
              </>
            )}
            {(!current || current.status === 'failed') && requestButton(t('export.request'), true)}
          </div>
        </div>
      )}
    </section>
  );
});
