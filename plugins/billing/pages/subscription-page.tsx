import { ProTable, type ProColumns } from '@ant-design/pro-components';
import { RecentAnswers, useDateFormat, useService, useOrganizationAccess } from '@core';
import type { Bucket } from '@contract/v1/billing';
import { Alert, Empty, Switch, Tag, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BillingApi } from '../api/billing-api';
import { BillingPage } from '../components/billing-page';
import { LoadFailed } from '../components/list-state';
import { useUnits } from '../components/money';
import { PayAsYouGoPanel } from '../components/pay-as-you-go-panel';
import { SubscriptionStore } from '../stores/subscription-store';

/**
 * `/billing/subscription`: auto-renewal of the current bucket, pay-as-you-go beyond it, and every bucket bought
 * (units bought, used, remaining, period), paged on the server. Switches and the cap need `billing.manage`.
 */
const SubscriptionPage = observer(function SubscriptionPage() {
  const { t } = useTranslation('billing');
  const api = useService(BillingApi);
  const answers = useService(RecentAnswers);
  const [store] = useState(() => new SubscriptionStore(api, answers));
  const access = useOrganizationAccess();
  useEffect(() => store.start(), [store]);
  const canManage = access.can('billing.manage');

  return (
    <BillingPage title={t('subscription.title')} intro={t('subscription.intro')}>
      {access.status === 'ready' && !canManage && <Alert type="info" showIcon message={t('readOnly')} />}
      <RenewalPanel store={store} canManage={canManage} />
      <PayAsYouGoPanel store={store} canManage={canManage} />
      <BucketsPanel store={store} />
    </BillingPage>
  );
});
export default SubscriptionPage;

const RenewalPanel = observer(function RenewalPanel({
  store,
  canManage,
}: {
  store: SubscriptionStore;
  canManage: boolean;
}) {
  const { t } = useTranslation('billing');
  const dates = useDateFormat();
  const headingId = useId();
  const switchId = useId();
  const subscription = store.subscription;
  return (
    <section className="billing-panel" aria-labelledby={headingId}>
      <Typography.Title level={2} id={headingId} className="billing-panel__title">
        {t('subscription.renewalTitle')}
      </Typography.Title>
      {subscription && (
        <>
          <div className="billing-actions" style={{ alignItems: 'center', marginBottom: 8 }}>
            <Switch
              id={switchId}
              checked={subscription.autoRenew}
              loading={store.renewalBusy}
              disabled={!canManage || !subscription.renewalDate}
              onChange={(checked) => void store.setAutoRenew(checked)}
            />
            <label htmlFor={switchId}>{t('subscription.autoRenew')}</label>
          </div>
          <Typography.Paragraph>
            {!subscription.renewalDate
              ? t('subscription.noBucket')
              : subscription.autoRenew
                ? t('subscription.autoRenewOn', { date: dates.date(subscription.renewalDate) })
                : t('subscription.autoRenewOff', { date: dates.date(subscription.renewalDate) })}
          </Typography.Paragraph>
          {subscription.renewalFailures > 0 && subscription.nextRetryAt && (
            <Alert
              type="warning"
              showIcon
              message={t('subscription.renewalFailed', { date: dates.date(subscription.nextRetryAt) })}
            />
          )}
        </>
      )}
    </section>
  );
});

const STATUS_COLOURS = { current: 'green', expired: 'default' } as const;

const BucketsPanel = observer(function BucketsPanel({ store }: { store: SubscriptionStore }) {
  const { t } = useTranslation('billing');
  const dates = useDateFormat();
  const units = useUnits();
  const list = store.buckets;
  const columns: ProColumns<Bucket>[] = [
    {
      title: t('subscription.columns.name'),
      dataIndex: 'name',
      render: (_, row) => t(`catalogue.${row.productId}`, { defaultValue: row.name }),
    },
    {
      title: t('subscription.columns.period'),
      key: 'period',
      render: (_, row) =>
        t('contract.period', { from: dates.date(row.periodStart), to: dates.date(row.periodEnd) }),
    },
    {
      title: t('subscription.columns.bought'),
      dataIndex: 'unitsBought',
      align: 'right',
      render: (_, row) => units(row.unitsBought),
    },
    {
      title: t('subscription.columns.used'),
      dataIndex: 'unitsUsed',
      align: 'right',
      render: (_, row) => units(row.unitsUsed),
    },
    {
      title: t('subscription.columns.remaining'),
      dataIndex: 'unitsRemaining',
      align: 'right',
      render: (_, row) => units(row.unitsRemaining),
    },
    {
      title: t('subscription.columns.status'),
      dataIndex: 'status',
      render: (_, row) => (
        <Tag color={STATUS_COLOURS[row.status]}>{t(`subscription.status.${row.status}`)}</Tag>
      ),
    },
    {
      title: t('subscription.columns.invoice'),
      dataIndex: 'invoiceNumber',
      render: (_, row) => row.invoiceNumber ?? '',
    },
  ];
  return (
    <div className="billing-panel">
      {list.status === 'failed' && (
        <LoadFailed message={t('subscription.loadFailed')} onRetry={() => void list.load()} />
      )}
      <ProTable<Bucket>
        rowKey="id"
        columns={columns}
        dataSource={list.rows}
        loading={list.status === 'loading'}
        search={false}
        options={false}
        cardProps={{ bodyStyle: { padding: 0 } }}
        scroll={{ x: 'max-content' }}
        headerTitle={t('subscription.bucketsTitle', { count: list.total })}
        locale={{
          emptyText: (
            <Empty
              description={list.status === 'failed' ? t('subscription.loadFailed') : t('subscription.empty')}
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
  );
});
