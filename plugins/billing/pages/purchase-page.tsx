import { AreaPage, useRouteHref, useService } from '@core';
import type { CatalogueItem } from '@contract/v1/billing';
import { Alert, Button, Empty, Modal, Result, Spin, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { BillingApi } from '../api/billing-api';
import '../components/billing.css';
import { cardLabel } from '../components/card-label';
import { refusalText } from '../components/decline-text';
import { LoadFailed } from '../components/list-state';
import { useMoney, useUnits } from '../components/money';
import { PurchaseStore } from '../stores/purchase-store';

/**
 * `/billing/purchase`: the buckets on sale, bought with the primary card after a confirmation that names the price,
 * its GST and the card. One attempt = one idempotency key, so a double click or a retry never charges twice.
 */
const PurchasePage = observer(function PurchasePage() {
  const { t } = useTranslation('billing');
  const api = useService(BillingApi);
  const paymentsHref = useRouteHref('billing.payments');
  const [store] = useState(() => new PurchaseStore(api));
  useEffect(() => store.start(), [store]);

  return (
    <AreaPage area="billing-area" intro={t('purchase.intro')}>
      <div className="billing-panel">
        {store.status === 'failed' && (
          <LoadFailed message={t('purchase.loadFailed')} onRetry={() => void store.load()} />
        )}
        {store.status === 'loading' && (
          <div className="billing-state">
            <div role="status" aria-label={t('loading')}>
              <Spin />
            </div>
          </div>
        )}
        {store.status === 'ready' && !store.payingCard && (
          <Alert
            type="warning"
            showIcon
            message={t('purchase.noCard')}
            action={<Link to={paymentsHref}>{t('purchase.goToPayments')}</Link>}
            style={{ marginBottom: 16 }}
          />
        )}
        {store.status === 'ready' && store.items.length === 0 && <Empty description={t('purchase.empty')} />}
        {store.items.length > 0 && (
          <ul className="billing-catalogue" aria-label={t('purchase.catalogueLabel')}>
            {store.items.map((item) => (
              <CatalogueCard
                key={item.id}
                item={item}
                canBuy={Boolean(store.payingCard)}
                onBuy={() => store.choose(item)}
              />
            ))}
          </ul>
        )}
      </div>
      <PurchaseDialog store={store} />
    </AreaPage>
  );
});
export default PurchasePage;

/** A bucket's name: translated by its id when the portal knows it, else the server's English name. */
function useItemName(): (item: CatalogueItem) => string {
  const { t } = useTranslation('billing');
  return (item) => t(`catalogue.${item.id}`, { defaultValue: item.name });
}

const CatalogueCard = observer(function CatalogueCard({
  item,
  canBuy,
  onBuy,
}: {
  item: CatalogueItem;
  canBuy: boolean;
  onBuy: () => void;
}) {
  const { t } = useTranslation('billing');
  const money = useMoney();
  const units = useUnits();
  const name = useItemName()(item);
  return (
    <li className="billing-card" aria-label={name}>
      <div className="billing-card__head">
        <span>{name}</span>
      </div>
      <div>{t('purchase.units', { count: item.units, formatted: units(item.units) })}</div>
      <div className="billing-card__price">{money(item.price, item.currency)}</div>
      <div className="billing-hint">{t('purchase.gst', { amount: money(item.gst, item.currency) })}</div>
      <div className="billing-hint">{t('purchase.period', { count: item.periodMonths })}</div>
      <div>
        <Button type="primary" disabled={!canBuy} onClick={onBuy} aria-label={t('purchase.buyFor', { name })}>
          {t('purchase.buy')}
        </Button>
      </div>
    </li>
  );
});

/** The confirmation, the payment on its way, its failure (retry with the same key) and its success. */
const PurchaseDialog = observer(function PurchaseDialog({ store }: { store: PurchaseStore }) {
  const { t } = useTranslation('billing');
  const money = useMoney();
  const historyHref = useRouteHref('billing.history');
  const itemName = useItemName();
  const attempt = store.attempt;
  if (!attempt) return null;
  const { item } = attempt;
  const name = itemName(item);
  const price = money(item.price, item.currency);
  const paying = attempt.state === 'paying';

  if (attempt.state === 'done' && attempt.result) {
    return (
      <Modal open title={null} footer={null} onCancel={store.dismiss} destroyOnHidden>
        <Result
          status="success"
          title={t('purchase.doneTitle', { name })}
          subTitle={t('purchase.doneBody', { number: attempt.result.invoice.number })}
          extra={
            <Link to={historyHref} onClick={store.dismiss}>
              {t('purchase.viewHistory')}
            </Link>
          }
        />
      </Modal>
    );
  }

  return (
    <Modal
      open
      title={t('purchase.confirmTitle', { name })}
      okText={paying ? t('purchase.paying') : t('purchase.confirm', { price })}
      cancelText={t('cancel')}
      okButtonProps={{ loading: paying, disabled: !store.payingCard }}
      cancelButtonProps={{ disabled: paying }}
      onOk={() => void store.pay()}
      onCancel={paying ? undefined : store.dismiss}
      maskClosable={!paying}
      closable={!paying}
      destroyOnHidden
    >
      <Typography.Paragraph>
        {t('purchase.confirmBody', {
          price,
          gst: money(item.gst, item.currency),
          card: store.payingCard ? cardLabel(t, store.payingCard) : '',
        })}
      </Typography.Paragraph>
      {attempt.state === 'failed' && attempt.error && (
        <Alert
          type="error"
          showIcon
          role="alert"
          message={t('purchase.failed')}
          description={refusalText(t, attempt.error)}
        />
      )}
    </Modal>
  );
});
