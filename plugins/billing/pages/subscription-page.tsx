import {
  AreaPage,
  PagedTable,
  type PagedTableColumn,
  RecentAnswers,
  useDateFormat,
  useOrganizationAccess,
  useService,
} from '@core';
import type { Bucket } from '@contract/v1/billing';
import { Alert, Switch, Tag, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BillingApi } from '../api/billing-api';
import '../components/billing.css';
import { useUnits } from '../components/money';
import { PayAsYouGoPanel } from '../components/pay-as-you-go-panel';
import { UsagePanel } from '../components/usage-panel';
import { SubscriptionStore } from '../stores/subscription-store';
import { UsageHistoryStore } from '../stores/usage-history-store';

/**
 * `/billing/subscription`: auto-renewal of the current bucket, the usage (the current bucket's meter and the last 12
 * months as a chart), pay-as-you-go beyond it with its cap's meter, and every bucket bought (units bought, used,
 * remaining, period), paged on the server. Switches and the cap need `billing.manage`.
 */
const SubscriptionPage = observer(function SubscriptionPage() {
  const { t } = useTranslation('billing');
  const api = useService(BillingApi);
  const answers = useService(RecentAnswers);
  const [store] = useState(() => new SubscriptionStore(api, answers));
  const [usage] = useState(() => new UsageHistoryStore(api));
  const access = useOrganizationAccess();
  useEffect(() => store.start(), [store]);
  useEffect(() => usage.start(), [usage]);
  const canManage = access.can('billing.manage');

  return (
    <AreaPage area="billing-area" intro={t('subscription.intro')}>
      {access.status === 'ready' && !canManage && <Alert type="info" showIcon message={t('readOnly')} />}
      <RenewalPanel store={store} canManage={canManage} />
      <UsagePanel store={usage} />
      <PayAsYouGoPanel store={store} canManage={canManage} />
      <BucketsPanel store={store} />
    </AreaPage>
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
  const columns: PagedTableColumn<Bucket>[] = [
    {
      key: 'name',
      title: t('subscription.columns.name'),
      render: (row) => t(`catalogue.${row.productId}`, { defaultValue: row.name }),
    },
    {
      key: 'period',
      title: t('subscription.columns.period'),
      render: (row) =>
        t('contract.period', { from: dates.date(row.periodStart), to: dates.date(row.periodEnd) }),
    },
    {
      key: 'bought',
      title: t('subscription.columns.bought'),
      align: 'end',
      render: (row) => units(row.unitsBought),
    },
    {
      key: 'used',
      title: t('subscription.columns.used'),
      align: 'end',
      render: (row) => units(row.unitsUsed),
    },
    {
      key: 'remaining',
      title: t('subscription.columns.remaining'),
      align: 'end',
      render: (row) => units(row.unitsRemaining),
    },
    {
      key: 'status',
      title: t('subscription.columns.status'),
      render: (row) => <Tag color={STATUS_COLOURS[row.status]}>{t(`subscription.status.${row.status}`)}</Tag>,
    },
    {
      key: 'invoice',
      title: t('subscription.columns.invoice'),
      secondary: true,
      render: (row) => <bdi dir="ltr">{row.invoiceNumber ?? ''}</bdi>,
    },
  ];
  return (
    <div className="billing-panel">
      <PagedTable
        list={list}
        rowKey={(row) => row.id}
        columns={columns}
        texts={{
          title: t('subscription.bucketsTitle', { count: list.total }),
          loadFailed: t('subscription.loadFailed'),
          retry: t('retry'),
          empty: t('subscription.empty'),
        }}
      />
    </div>
  );
});
