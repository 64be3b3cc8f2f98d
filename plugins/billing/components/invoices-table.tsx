import { ProTable, type ProColumns } from '@ant-design/pro-components';
import { useDateFormat } from '@core';
import type { Invoice } from '@contract/v1/billing';
import { Button, Empty, Tag, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { saveFile } from '../format/save-file';
import type { InvoicesStore } from '../stores/invoices-store';
import { LoadFailed } from './list-state';
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

  const columns: ProColumns<Invoice>[] = [
    {
      title: t('history.columns.number'),
      dataIndex: 'number',
      render: (_, row) => (
        <span>
          {row.number}
          {row.kind === 'creditNote' && (
            <Typography.Text type="secondary"> · {t('history.creditNote')}</Typography.Text>
          )}
        </span>
      ),
    },
    { title: t('history.columns.date'), dataIndex: 'date', render: (_, row) => dates.date(row.date) },
    { title: t('history.columns.description'), dataIndex: 'description' },
    {
      title: t('history.columns.amount'),
      dataIndex: 'amount',
      align: 'right',
      render: (_, row) => <Money amount={row.amount} currency={row.currency} />,
    },
    {
      title: t('history.columns.status'),
      dataIndex: 'status',
      render: (_, row) => <Tag color={STATUS_COLOURS[row.status]}>{t(`history.status.${row.status}`)}</Tag>,
    },
    {
      title: t('history.columns.invoice'),
      key: 'pdf',
      render: (_, row) => (
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
    <>
      {list.status === 'failed' && (
        <LoadFailed message={t('history.loadFailed')} onRetry={() => void list.load()} />
      )}
      <ProTable<Invoice>
        rowKey="id"
        columns={columns}
        dataSource={list.rows}
        loading={list.status === 'loading'}
        search={false}
        options={false}
        cardProps={{ bodyStyle: { padding: 0 } }}
        scroll={{ x: 'max-content' }}
        headerTitle={t('history.tableTitle', { count: list.total })}
        locale={{
          emptyText: (
            <Empty
              description={
                list.status === 'failed'
                  ? t('history.loadFailed')
                  : store.hasFilters
                    ? t('history.emptyFiltered')
                    : t('history.empty')
              }
            />
          ),
        }}
        pagination={{
          current: list.page,
          pageSize: list.pageSize,
          total: list.total,
          showSizeChanger: true,
          onChange: (page, pageSize) => list.setPage(page, pageSize),
        }}
      />
    </>
  );
});
