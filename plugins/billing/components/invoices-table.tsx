import { Bdi, Ltr, PagedTable, saveFile, useDateFormat, type PagedTableColumn } from '@core';
import type { Invoice } from '@contract/v1/billing';
import { Button, Tag, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { InvoicesStore } from '../stores/invoices-store';
import { Money } from './money';

const STATUS_COLOURS = { paid: 'green', open: 'blue', failed: 'red', refunded: 'default' } as const;

/**
 * The invoices, one page at a time from the server: number, issue date in the organisation's format, description,
 * amount with its currency, status, and the PDF download.
 */
export const InvoicesTable = observer(function InvoicesTable({ store }: { store: InvoicesStore }) {
  const { t } = useTranslation('billing');
  const dates = useDateFormat();
  const { list } = store;

  const columns: PagedTableColumn<Invoice>[] = [
    {
      key: 'number',
      title: t('history.columns.number'),
      render: (row) => (
        <span>
          <Ltr>{row.number}</Ltr>
          {row.kind === 'creditNote' && (
            <Typography.Text type="secondary"> · {t('history.creditNote')}</Typography.Text>
          )}
        </span>
      ),
    },
    { key: 'date', title: t('history.columns.date'), render: (row) => dates.date(row.date) },
    {
      key: 'description',
      title: t('history.columns.description'),
      secondary: true,
      // In the reader's language when the server wrote it (invoice-description.ts), else as stored: isolated either way.
      render: (row) => <Bdi>{row.description}</Bdi>,
    },
    {
      key: 'amount',
      title: t('history.columns.amount'),
      align: 'end',
      render: (row) => <Money amount={row.amount} currency={row.currency} />,
    },
    {
      key: 'status',
      title: t('history.columns.status'),
      render: (row) => <Tag color={STATUS_COLOURS[row.status]}>{t(`history.status.${row.status}`)}</Tag>,
    },
    {
      key: 'pdf',
      title: t('history.columns.invoice'),
      actions: true,
      render: (row) => (
        <Button
          size="small"
          loading={store.downloadingId === row.id}
          aria-label={t('history.downloadFor', { number: row.number })}
          onClick={() => void store.download(row, saveFile)}
        >
          {t('history.download')}
        </Button>
      ),
    },
  ];

  return (
    <PagedTable
      list={list}
      rowKey={(row) => row.id}
      columns={columns}
      filtered={store.hasFilters}
      texts={{
        title: t('history.tableTitle', { count: list.total }),
        loadFailed: t('history.loadFailed'),
        retry: t('retry'),
        empty: t('history.empty'),
        emptyFiltered: t('history.emptyFiltered'),
      }}
    />
  );
});
