import {
  AreaPage,
  type Page,
  PagedListStore,
  PagedTable,
  type PagedTableColumn,
  recentAnswerKey,
  RecentAnswers,
  useDateFormat,
  useService,
} from '@core';
import type { ContractRow } from '@contract/v1/billing';
import { Tag, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BillingApi } from '../api/billing-api';
import '../components/billing.css';
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

  const columns: PagedTableColumn<ContractRow>[] = [
    { key: 'name', title: t('contract.columns.name'), render: (row) => row.name },
    {
      key: 'period',
      title: t('contract.columns.period'),
      render: (row) => t('contract.period', { from: dates.date(row.startDate), to: dates.date(row.endDate) }),
    },
    {
      key: 'units',
      title: t('contract.columns.units'),
      align: 'end',
      render: (row) => units(row.committedUnits),
    },
    {
      key: 'price',
      title: t('contract.columns.price'),
      align: 'end',
      render: (row) => <Money amount={row.price} currency={row.currency} />,
    },
    {
      key: 'status',
      title: t('contract.columns.status'),
      render: (row) => <Tag color={STATUS_COLOURS[row.status]}>{t(`contract.status.${row.status}`)}</Tag>,
    },
    {
      key: 'document',
      title: t('contract.columns.document'),
      actions: true,
      render: (row) =>
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
    <AreaPage area="billing-area" intro={t('contract.intro')}>
      <div className="billing-panel">
        <PagedTable
          list={list}
          rowKey={(row) => row.id}
          columns={columns}
          texts={{
            title: t('contract.tableTitle', { count: list.total }),
            loadFailed: t('contract.loadFailed'),
            retry: t('retry'),
            empty: t('contract.empty'),
          }}
        />
      </div>
    </AreaPage>
  );
});
export default ContractPage;
