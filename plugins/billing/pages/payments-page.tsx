import { AreaPage, ConfirmDialog, DeploymentFacts, useOrganizationAccess, useService } from '@core';
import type { Card } from '@contract/v1/billing';
import { DEFAULT_CURRENCY } from '@contract/v1/billing-rules';
import { Button, Empty, Spin, Tag, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BillingApi } from '../api/billing-api';
import '../components/billing.css';
import { CardFormDialog } from '../components/card-form-dialog';
import { cardLabel } from '../components/card-label';
import { LoadFailed } from '../components/list-state';
import { VerifyCardDialog } from '../components/verify-card-dialog';
import { CardsStore } from '../stores/cards-store';

type Dialog = { kind: 'add' } | { kind: 'delete'; card: Card } | null;

/** Stripe's card field and its code: fetched only when the dialog opens on a Stripe deployment. */
const StripeCardDialog = lazy(() => import('../components/stripe-card-dialog'));

/**
 * `/billing/payments`: the cards on file. Add (validated by the contract's rule set; a decline shows the provider's
 * reason; with PAYMENT_PROVIDER=stripe in Stripe's own card field, verified by 3-D Secure), verify with the typed-back amount, make primary, delete (asking first, and saying so when it is the
 * primary card). Actions follow the user's `billing.manage` as the server states it now.
 */
const PaymentsPage = observer(function PaymentsPage() {
  const { t } = useTranslation('billing');
  const api = useService(BillingApi);
  const { payments } = useService(DeploymentFacts);
  const [store] = useState(() => new CardsStore(api));
  const access = useOrganizationAccess();
  const [dialog, setDialog] = useState<Dialog>(null);
  useEffect(() => store.start(), [store]);
  const canManage = access.can('billing.manage');
  /** The server said the user may look but not change: known only once it answered. */
  const readOnly = access.status === 'ready' && !canManage;
  const close = () => setDialog(null);

  return (
    <AreaPage area="billing-area" intro={t('payments.intro')}>
      <div className="billing-panel">
        <div className="billing-panel__head">
          <Typography.Title level={2} className="billing-panel__title">
            {t('payments.listLabel')}
          </Typography.Title>
          {canManage && (
            <Button
              type="primary"
              onClick={() => {
                store.resetAddError();
                setDialog({ kind: 'add' });
              }}
            >
              {t('payments.add')}
            </Button>
          )}
        </div>
        {readOnly && <Typography.Paragraph>{t('readOnly')}</Typography.Paragraph>}
        {store.status === 'failed' && (
          <LoadFailed message={t('payments.loadFailed')} onRetry={() => void store.load()} />
        )}
        {store.status === 'loading' && (
          <div className="billing-state">
            <div role="status" aria-label={t('loading')}>
              <Spin />
            </div>
          </div>
        )}
        {store.status === 'ready' && store.cards.length === 0 && (
          // Someone who cannot add a card is not asked to add one.
          <Empty description={t(readOnly ? 'payments.emptyReadOnly' : 'payments.empty')} />
        )}
        {store.cards.length > 0 && (
          <ul className="billing-cards" aria-label={t('payments.listLabel')}>
            {store.cards.map((card) => (
              <CardItem
                key={card.id}
                card={card}
                canManage={canManage}
                busy={store.busyId === card.id}
                onPrimary={() => void store.makePrimary(card)}
                onVerify={() => void store.startVerification(card)}
                onDelete={() => setDialog({ kind: 'delete', card })}
              />
            ))}
          </ul>
        )}
      </div>

      {dialog?.kind === 'add' && payments?.provider === 'stripe' && (
        <Suspense
          fallback={
            <div role="status" aria-label={t('card.stripeLoading')}>
              <Spin />
            </div>
          }
        >
          <StripeCardDialog
            publishableKey={payments.publishableKey}
            busy={store.busy}
            error={store.addError}
            onAdd={(confirm) => store.addHosted(confirm)}
            onClose={close}
          />
        </Suspense>
      )}
      {dialog?.kind === 'add' && payments?.provider !== 'stripe' && (
        <CardFormDialog
          open
          busy={store.busy}
          error={store.addError}
          onAdd={(values) => store.add(values)}
          onClose={close}
        />
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          title={dialog.card.primary ? t('payments.deletePrimaryTitle') : t('payments.deleteTitle')}
          confirmText={t('payments.deleteConfirm')}
          busy={store.busyId === dialog.card.id}
          onCancel={close}
          onConfirm={() => void store.remove(dialog.card).then((done) => done && close())}
        >
          {t(dialog.card.primary ? 'payments.deletePrimaryBody' : 'payments.deleteBody', {
            card: cardLabel(t, dialog.card),
          })}
        </ConfirmDialog>
      )}
      {store.verification && (
        <VerifyCardDialog
          cardLabel={cardLabel(t, store.verification.card)}
          currency={DEFAULT_CURRENCY}
          testAmount={store.verification.testAmount}
          busy={store.busy}
          onVerify={(cents) => store.verify(cents)}
          onClose={() => store.closeVerification()}
        />
      )}
    </AreaPage>
  );
});
export default PaymentsPage;

/** One card on file: brand and last 4, holder, expiry, its state, and the actions it allows. */
const CardItem = observer(function CardItem({
  card,
  canManage,
  busy,
  onPrimary,
  onVerify,
  onDelete,
}: {
  card: Card;
  canManage: boolean;
  busy: boolean;
  onPrimary: () => void;
  onVerify: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation('billing');
  const label = cardLabel(t, card);
  return (
    <li className="billing-card" aria-label={label}>
      <div className="billing-card__head">
        <span>{label}</span>
        <span>
          {card.primary && <Tag color="blue">{t('payments.primary')}</Tag>}
          {card.expired ? (
            <Tag color="red">{t('payments.expired')}</Tag>
          ) : card.verified ? (
            <Tag color="green">{t('payments.verified')}</Tag>
          ) : (
            <Tag color="orange">
              {card.verificationPending ? t('payments.verificationPending') : t('payments.needsVerification')}
            </Tag>
          )}
        </span>
      </div>
      <div>
        {t('payments.holder')}: {card.holderName}
      </div>
      <div>
        {t('payments.expires', { month: String(card.expiryMonth).padStart(2, '0'), year: card.expiryYear })}
      </div>
      {canManage && (
        <div className="billing-actions">
          {!card.verified && !card.expired && (
            <Button
              size="small"
              type="primary"
              loading={busy}
              onClick={onVerify}
              aria-label={t('payments.verifyFor', { card: label })}
            >
              {t('payments.verify')}
            </Button>
          )}
          {!card.primary && card.verified && !card.expired && (
            <Button
              size="small"
              loading={busy}
              onClick={onPrimary}
              aria-label={t('payments.makePrimaryFor', { card: label })}
            >
              {t('payments.makePrimary')}
            </Button>
          )}
          <Button
            size="small"
            danger
            disabled={busy}
            onClick={onDelete}
            aria-label={t('payments.deleteFor', { card: label })}
          >
            {t('payments.delete')}
          </Button>
        </div>
      )}
    </li>
  );
});
