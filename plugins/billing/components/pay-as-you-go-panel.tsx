import { AntdSubmitButton, ConfirmDialog } from '@core';
import { BILLING_LIMITS, DEFAULT_CURRENCY } from '@contract/v1/billing-rules';
import { Button, Form, Input, Spin, Tag, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { minorFromText } from '../format/amount-input';
import { formatPercent, minorPerMajor } from '../format/money';
import type { SubscriptionStore } from '../stores/subscription-store';
import { LoadFailed } from './list-state';
import { useMoney } from './money';
import { UsageMeter } from './usage-meter';

/** The shares of the cap at which the server mails the owner (docs/billing.md): marked on the meter. */
const CAP_MARKS = [0.8, 1] as const;

/**
 * Pay-as-you-go: whether it is on, this month's usage beyond the bucket and its cost, the monthly cap, and a meter of
 * this month's amount against the cap with the 80 % and 100 % marks the owner is mailed at. A user
 * with `billing.manage` activates it with a cap, changes the cap, or turns it off (asked first).
 */
export const PayAsYouGoPanel = observer(function PayAsYouGoPanel({
  store,
  canManage,
}: {
  store: SubscriptionStore;
  canManage: boolean;
}) {
  const { t, i18n } = useTranslation('billing');
  const money = useMoney();
  const headingId = useId();
  const [confirmOff, setConfirmOff] = useState(false);
  const payg = store.payAsYouGo;
  const currency = payg?.currency ?? DEFAULT_CURRENCY;
  const perMajor = minorPerMajor(currency);
  const limits = { min: money(BILLING_LIMITS.capMin, currency), max: money(BILLING_LIMITS.capMax, currency) };

  return (
    <section className="billing-panel" aria-labelledby={headingId}>
      <Typography.Title level={2} id={headingId} className="billing-panel__title">
        {t('payg.title')}
      </Typography.Title>
      {store.payAsYouGoStatus === 'failed' && (
        <LoadFailed message={t('payg.loadFailed')} onRetry={() => void store.loadPayAsYouGo()} />
      )}
      {store.payAsYouGoStatus === 'loading' && !payg && (
        <div className="billing-state">
          <div role="status" aria-label={t('loading')}>
            <Spin />
          </div>
        </div>
      )}
      {payg && (
        <>
          <Typography.Paragraph>
            {t('payg.intro', { price: money(payg.unitPrice, currency) })}
          </Typography.Paragraph>
          <dl className="billing-summary">
            <div>
              <dt>{t('payg.status')}</dt>
              <dd>
                <Tag color={payg.active ? 'green' : 'default'}>
                  {payg.active ? t('payg.active') : t('payg.inactive')}
                </Tag>
              </dd>
            </div>
            <div>
              <dt>{t('payg.usage')}</dt>
              <dd>
                {t('payg.usageValue', {
                  count: payg.unitsThisMonth,
                  amount: money(payg.amountThisMonth, currency),
                })}
              </dd>
            </div>
            <div>
              <dt>{t('payg.cap')}</dt>
              <dd>{payg.cap === null ? t('payg.noCap') : money(payg.cap, currency)}</dd>
            </div>
          </dl>
          {payg.cap !== null && (
            <div className="billing-payg__meter">
              <UsageMeter
                label={t('payg.capMeter')}
                value={payg.amountThisMonth}
                max={payg.cap}
                valueText={t('payg.capValue', {
                  amount: money(payg.amountThisMonth, currency),
                  cap: money(payg.cap, currency),
                  percent: formatPercent(payg.cap > 0 ? payg.amountThisMonth / payg.cap : 0, i18n.language),
                })}
                marks={CAP_MARKS.map((at) => ({ at, label: formatPercent(at, i18n.language) }))}
                hint={t('payg.capMarks', {
                  first: formatPercent(CAP_MARKS[0], i18n.language),
                  last: formatPercent(CAP_MARKS[1], i18n.language),
                })}
              />
            </div>
          )}
          {canManage && (
            <Form<{ cap: string }>
              key={`${payg.active}-${payg.cap}`}
              className="billing-form"
              layout="vertical"
              style={{ marginTop: 24 }}
              initialValues={{ cap: payg.cap === null ? '' : String(payg.cap / perMajor) }}
              disabled={store.payAsYouGoBusy}
              onFinish={async ({ cap }) => {
                await store.saveCap(minorFromText(cap, perMajor)!);
              }}
            >
              <Form.Item
                name="cap"
                label={t('payg.capLabel', { currency })}
                extra={t('payg.capHint', limits)}
                rules={[
                  {
                    required: true,
                    validator: (_rule, value: unknown) => {
                      const cap = typeof value === 'string' ? minorFromText(value, perMajor) : null;
                      return cap !== null && cap >= BILLING_LIMITS.capMin && cap <= BILLING_LIMITS.capMax
                        ? Promise.resolve()
                        : Promise.reject(new Error(t('payg.capInvalid', limits)));
                    },
                  },
                ]}
              >
                <Input inputMode="decimal" autoComplete="off" maxLength={12} />
              </Form.Item>
              <div className="billing-actions">
                <AntdSubmitButton
                  loading={store.payAsYouGoBusy}
                  loadingText={payg.active ? t('payg.savingCap') : t('payg.activating')}
                >
                  {payg.active ? t('payg.saveCap') : t('payg.activate')}
                </AntdSubmitButton>
                {payg.active && (
                  <Button danger disabled={store.payAsYouGoBusy} onClick={() => setConfirmOff(true)}>
                    {t('payg.deactivate')}
                  </Button>
                )}
              </div>
            </Form>
          )}
        </>
      )}
      {confirmOff && (
        <ConfirmDialog
          title={t('payg.deactivateTitle')}
          confirmText={t('payg.deactivate')}
          busy={store.payAsYouGoBusy}
          onCancel={() => setConfirmOff(false)}
          onConfirm={() => void store.deactivate().then((done) => done && setConfirmOff(false))}
        >
          {t('payg.deactivateBody')}
        </ConfirmDialog>
      )}
    </section>
  );
});
