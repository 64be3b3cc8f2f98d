import { Bdi, PagedTable, useDateFormat, type PagedTableColumn } from '@core';
import type { ActivityLogRow } from '@contract/v1/activity-log';
import { ACTIVITY_LIMITS } from '@contract/v1/activity-log-constants';
import { Button, Tag } from 'antd';
import { observer } from 'mobx-react-lite';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { deviceText } from '../format/device-text';
import { EventSentence } from './event-sentence';
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

  const columns: PagedTableColumn<ActivityLogRow>[] = [
    {
      key: 'time',
      title: t('table.time'),
      render: (row) => <time dateTime={row.time}>{dates.dateTime(row.time)}</time>,
    },
    {
      key: 'event',
      title: t('table.event'),
      render: (row) => (
        <div className="activity-event">
          <Tag>{t(`categories.${row.category}`)}</Tag>
          <EventSentence row={row} />
        </div>
      ),
    },
    ...(showActor
      ? [
          {
            key: 'actor',
            title: t('table.actor'),
            render: (row: ActivityLogRow) =>
              row.actor?.name || row.actor?.email ? (
                <Bdi>{row.actor.name || row.actor.email}</Bdi>
              ) : row.actor ? (
                t('someone')
              ) : (
                t('table.system')
              ),
          },
        ]
      : []),
    {
      key: 'ip',
      title: t('table.ip'),
      secondary: true,
      render: (row) => <bdi dir="ltr">{row.ip ?? ''}</bdi>,
    },
    { key: 'device', title: t('table.device'), secondary: true, render: (row) => deviceText(t, row.device) },
  ];
  if (onNotMe)
    columns.push({
      key: 'actions',
      title: t('table.actions'),
      actions: true,
      render: (row) =>
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
    <PagedTable
      list={store.list}
      rowKey={(row) => row.id}
      columns={columns}
      toolbar={toolbar}
      filtered={store.hasFilters}
      pageSizeOptions={[10, ACTIVITY_LIMITS.pageSizeDefault, 50, ACTIVITY_LIMITS.pageSizeMax]}
      texts={{
        title: t('table.title', { count: store.list.total }),
        loadFailed: t('table.loadFailed'),
        retry: t('table.retry'),
        empty: t('table.empty'),
        emptyFiltered: t('table.emptyFiltered'),
      }}
    />
  );
});
