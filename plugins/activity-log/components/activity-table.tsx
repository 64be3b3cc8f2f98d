import { ProTable, type ProColumns } from '@ant-design/pro-components';
import { useDateFormat } from '@core';
import type { ActivityLogRow } from '@contract/v1/activity-log';
import { ACTIVITY_LIMITS } from '@contract/v1/activity-log-constants';
import { Alert, Button, Empty, Tag } from 'antd';
import { observer } from 'mobx-react-lite';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { deviceText } from '../format/device-text';
import { eventSentence } from '../format/event-sentence';
import type { ActivityStore } from '../stores/activity-store';

/**
 * The events, newest first, one page at a time from the server: when (in the user's zone and format), what (a
 * sentence in the user's language, with its category), who, from which address and device. A sign-in the user
 * may report carries "This wasn't me".
 */
export const ActivityTable = observer(function ActivityTable({
  store,
  toolbar,
  showActor,
  onNotMe,
}: {
  store: ActivityStore;
  toolbar: ReactNode[];
  /** The organisation view names who did it; the user's own log is about them. */
  showActor: boolean;
  onNotMe?: (row: ActivityLogRow) => void;
}) {
  const { t } = useTranslation('activity-log');
  const dates = useDateFormat();

  const columns: ProColumns<ActivityLogRow>[] = [
    {
      title: t('table.time'),
      dataIndex: 'time',
      render: (_, row) => <time dateTime={row.time}>{dates.dateTime(row.time)}</time>,
    },
    {
      title: t('table.event'),
      dataIndex: 'eventType',
      render: (_, row) => (
        <div className="activity-event">
          <Tag>{t(`categories.${row.category}`)}</Tag>
          <span>{eventSentence(t, row)}</span>
        </div>
      ),
    },
    ...(showActor
      ? [
          {
            title: t('table.actor'),
            dataIndex: 'actor',
            render: (_: unknown, row: ActivityLogRow) =>
              row.actor ? (row.actor.name ?? row.actor.email ?? t('someone')) : t('table.system'),
          } satisfies ProColumns<ActivityLogRow>,
        ]
      : []),
    { title: t('table.ip'), dataIndex: 'ip', render: (_, row) => row.ip ?? '' },
    { title: t('table.device'), dataIndex: 'device', render: (_, row) => deviceText(t, row.device) },
  ];
  if (onNotMe)
    columns.push({
      title: t('table.actions'),
      key: 'actions',
      render: (_, row) =>
        row.reportable ? (
          <Button
            size="small"
            danger
            onClick={() => onNotMe(row)}
            aria-label={t('notMe.buttonFor', { time: dates.dateTime(row.time) })}
          >
            {t('notMe.button')}
          </Button>
        ) : null,
    });

  return (
    <>
      {store.list.status === 'failed' && (
        <Alert
          type="error"
          showIcon
          message={t('table.loadFailed')}
          action={<Button onClick={() => void store.list.load()}>{t('table.retry')}</Button>}
          style={{ marginBottom: 16 }}
        />
      )}
      <ProTable<ActivityLogRow>
        rowKey="id"
        columns={columns}
        dataSource={store.list.rows}
        loading={store.list.status === 'loading'}
        search={false}
        options={false}
        cardProps={{ bodyStyle: { padding: 0 } }}
        scroll={{ x: 'max-content' }}
        toolBarRender={() => toolbar}
        headerTitle={t('table.title', { count: store.list.total })}
        locale={{
          emptyText: (
            <Empty
              description={
                store.list.status === 'failed'
                  ? t('table.loadFailed')
                  : store.hasFilters
                    ? t('table.emptyFiltered')
                    : t('table.empty')
              }
            />
          ),
        }}
        pagination={{
          current: store.list.page,
          pageSize: store.list.pageSize,
          total: store.list.total,
          showSizeChanger: true,
          pageSizeOptions: [10, ACTIVITY_LIMITS.pageSizeDefault, 50, ACTIVITY_LIMITS.pageSizeMax],
          onChange: (page, pageSize) => store.list.setPage(page, pageSize),
        }}
      />
    </>
  );
});
