import { ProTable, type ProColumns } from '@ant-design/pro-components';
import { PagedListStore, recentAnswerKey, RecentAnswers, useDateFormat, useService, type Page } from '@core';
import type { ContractRow } from '@contract/v1/billing';
import { Empty, Tag, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BillingApi } from '../api/billing-api';
import { BillingPage } from '../components/billing-page';
import { LoadFailed } from '../components/list-state';
import { Money, useUnits } from '../components/money';

/** The first page of contracts as last read, shown at once when the page opens again. */
const FIRST_PAGE = recentAnswerKey<Page<ContractRow>>('billing.contracts');

const STATUS_COLOURS = { active: 'green', upcoming: 'blue', ended: 'default' } as const;

/** `/billing/contract`: the organisation's contracts for committed usage, paged on the server. */
const ContractPage = observer(function ContractPage() {
  const { t } = useTranslation('billing');
  const api = useService(BillingApi);
  const answers = useService(RecentAnswers);
  const dates = useDateFormat();
  const units = useUnits();
  const [list] = useState(
    () =>
      new PagedListStore<ContractRow>((query, signal) => api.contracts(query, signal).then((r) => r.data), {
        remember: { answers, key: FIRST_PAGE },
      }),
  );
  useEffect(() => list.start(), [list]);

  const columns: ProColumns<ContractRow>[] = [
    { title: t('contract.columns.name'), dataIndex: 'name' },
    {
      title: t('contract.columns.period'),
      key: 'period',
      render: (_, row) =>
        t('contract.period', { from: dates.date(row.startDate), to: dates.date(row.endDate) }),
    },
    {
      title: t('contract.columns.units'),
      dataIndex: 'committedUnits',
      align: 'right',
      render: (_, row) => units(row.committedUnits),
    },
    {
      title: t('contract.columns.price'),
      dataIndex: 'price',
      align: 'right',
      render: (_, row) => <Money amount={row.price} currency={row.currency} />,
    },
    {
      title: t('contract.columns.status'),
      dataIndex: 'status',
      render: (_, row) => <Tag color={STATUS_COLOURS[row.status]}>{t(`contract.status.${row.status}`)}</Tag>,
    },
    {
      title: t('contract.columns.document'),
      key: 'document',
      render: (_, row) =>
        row.documentUrl ? (
          <a
            href={row.documentUrl}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t('contract.openFor', { name: row.name })}
          >
            {t('contract.open')}
          </a>
        ) : (
          <Typography.Text type="secondary">{t('contract.noDocument')}</Typography.Text>
        ),
    },
  ];

  return (
    <BillingPage title={t('contract.title')} intro={t('contract.intro')}>
      <div className="billing-panel">
        {list.status === 'failed' && (
          <LoadFailed message={t('contract.loadFailed')} onRetry={() => void list.load()} />
        )}
        <ProTable<ContractRow>
          rowKey="id"
          columns={columns}
          dataSource={list.rows}
          loading={list.status === 'loading'}
          search={false}
          options={false}
          cardProps={{ bodyStyle: { padding: 0 } }}
          scroll={{ x: 'max-content' }}
          headerTitle={t('contract.tableTitle', { count: list.total })}
          locale={{
            emptyText: (
              <Empty
                description={list.status === 'failed' ? t('contract.loadFailed') : t('contract.empty')}
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
      </div>
    </BillingPage>
  );
});
export default ContractPage;
