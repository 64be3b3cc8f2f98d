import { ConfirmDialog, Notifier, useDateFormat, useService } from '@core';
import type { UserSession } from '@contract/v1/activity-log';
import { Alert, Button, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deviceText } from '../format/device-text';
import type { SessionsStore } from '../stores/sessions-store';

/**
 * The user's signed-in sessions: device, address, first and last seen, this one marked. Ending one, or all but
 * this one, asks first; the ended sessions' tokens stop working at once (their next call leads to the sign-in page).
 */
export const SessionsPanel = observer(function SessionsPanel({ store }: { store: SessionsStore }) {
  const { t } = useTranslation('activity-log');
  const dates = useDateFormat();
  const notifier = useService(Notifier);
  const headingId = useId();
  const [confirm, setConfirm] = useState<UserSession | 'others' | null>(null);
  useEffect(() => store.start(), [store]);

  const columns: TableColumnsType<UserSession> = [
    {
      title: t('sessions.device'),
      key: 'device',
      render: (_, row) => (
        <span className="activity-session__device">
          {deviceText(t, row.device)}
          {row.current && <Tag color="blue">{t('sessions.current')}</Tag>}
        </span>
      ),
    },
    { title: t('sessions.ip'), key: 'ip', render: (_, row) => row.ip ?? t('sessions.unknownIp') },
    { title: t('sessions.firstSeen'), key: 'first', render: (_, row) => dates.dateTime(row.firstSeenAt) },
    { title: t('sessions.lastSeen'), key: 'last', render: (_, row) => dates.dateTime(row.lastSeenAt) },
    {
      title: t('sessions.actions'),
      key: 'actions',
      render: (_, row) =>
        row.current ? null : (
          <Button
            size="small"
            danger
            onClick={() => setConfirm(row)}
            aria-label={t('sessions.endFor', {
              device: deviceText(t, row.device),
              ip: row.ip ?? t('sessions.unknownIp'),
            })}
          >
            {t('sessions.end')}
          </Button>
        ),
    },
  ];

  const endOne = async (row: UserSession) => {
    if (await store.end(row.id)) setConfirm(null);
  };
  const endOthers = async () => {
    const ended = await store.endOthers();
    if (ended === null) return;
    setConfirm(null);
    notifier.success(t('sessions.othersEnded', { count: ended }));
  };

  return (
    <section className="activity-panel" aria-labelledby={headingId}>
      <div className="activity-panel__head">
        <Typography.Title level={2} id={headingId} className="activity-panel__title">
          {t('sessions.title')}
        </Typography.Title>
        <Button danger disabled={store.others.length === 0} onClick={() => setConfirm('others')}>
          {t('sessions.endOthers')}
        </Button>
      </div>
      {store.status === 'failed' ? (
        <Alert
          type="error"
          showIcon
          message={t('sessions.loadFailed')}
          action={<Button onClick={() => void store.load()}>{t('table.retry')}</Button>}
        />
      ) : (
        <Table<UserSession>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={store.sessions}
          loading={store.status === 'loading'}
          pagination={false}
          scroll={{ x: 'max-content' }}
        />
      )}
      {confirm === 'others' && (
        <ConfirmDialog
          title={t('sessions.endOthersTitle')}
          confirmText={t('sessions.endOthers')}
          busy={store.busy !== null}
          onCancel={() => setConfirm(null)}
          onConfirm={() => void endOthers()}
        >
          {t('sessions.endOthersBody')}
        </ConfirmDialog>
      )}
      {confirm && confirm !== 'others' && (
        <ConfirmDialog
          title={t('sessions.endTitle')}
          confirmText={t('sessions.end')}
          busy={store.busy !== null}
          onCancel={() => setConfirm(null)}
          onConfirm={() => void endOne(confirm)}
        >
          {t('sessions.endBody', {
            device: deviceText(t, confirm.device),
            ip: confirm.ip ?? t('sessions.unknownIp'),
          })}
        </ConfirmDialog>
      )}
    </section>
  );
});
