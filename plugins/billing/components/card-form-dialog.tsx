import { DialogForm, PortalConfig, regionalFormatOptions, SessionStore, useService } from '@core';
import { BILLING_LIMITS, cvcLength, detectCardBrand, type CardRefusal } from '@contract/v1/billing-rules';
import { Form, Input, Typography, type FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import { cardFieldChecks, currentMonthIn, type CardFormValues } from '../format/card-fields';
import { CardRefusalAlert } from './card-refusal-alert';

/** Why the last card was refused: a decline (the provider's reason, in the user's language) or another failure. */
export type CardAddError = { declined: boolean; code?: string; message: string } | null;

/**
 * Adding a card: number (Luhn and brand), name on the card, expiry (MM/YY, not before this month in the
 * organisation's zone) and CVC (3 digits, 4 on American Express), checked by the contract's rule set as the
 * server checks them. A decline keeps the dialog open with the provider's reason and everything typed except the
 * number and the CVC, which are never kept.
 */
export function CardFormDialog({
  open,
  busy,
  error,
  onAdd,
  onClose,
}: {
  open: boolean;
  busy: boolean;
  error: CardAddError;
  /** Resolves true once the card is saved; false after a decline or failure (the form stays). */
  onAdd: (values: CardFormValues) => Promise<boolean>;
  onClose: () => void;
}) {
  const { t } = useTranslation('billing');
  const session = useService(SessionStore);
  const config = useService(PortalConfig);
  const { timeZone } = regionalFormatOptions(session.regionalConfig, config.region);

  const rule = (check: (value: unknown) => CardRefusal | null): FormRule[] => [
    {
      required: true,
      validator: (_rule, value) => {
        const refusal = check(value);
        return refusal ? Promise.reject(new Error(t(`card.refusal.${refusal}`))) : Promise.resolve();
      },
    },
  ];

  return (
    <DialogForm<CardFormValues>
      open={open}
      title={t('card.title')}
      submitText={t('card.submit')}
      busyText={t('card.submitting')}
      busy={busy}
      onSubmit={async (values, form) => {
        const added = await onAdd(values);
        // The number and CVC never outlive an attempt; the name and expiry stay for the next one.
        if (!added) form.setFieldsValue({ number: '', cvc: '' });
        return added;
      }}
      onCancel={onClose}
    >
      {error && <CardRefusalAlert error={error} />}
      <Form.Item name="number" label={t('card.number')} rules={rule(cardFieldChecks.number)}>
        <Input inputMode="numeric" autoComplete="cc-number" maxLength={23} suffix={<CardBrandHint />} />
      </Form.Item>
      <Form.Item name="holderName" label={t('card.holderName')} rules={rule(cardFieldChecks.holderName)}>
        <Input autoComplete="cc-name" maxLength={BILLING_LIMITS.holderNameMax + 10} />
      </Form.Item>
      <div className="billing-form__row">
        <Form.Item
          name="expiry"
          label={t('card.expiry')}
          extra={t('card.expiryHint')}
          rules={rule((value) => cardFieldChecks.expiry(value, currentMonthIn(timeZone)))}
        >
          <Input inputMode="numeric" autoComplete="cc-exp" maxLength={7} />
        </Form.Item>
        <Form.Item
          name="cvc"
          label={t('card.cvc')}
          dependencies={['number']}
          extra={t('card.cvcHint')}
          rules={[
            ({ getFieldValue }) => ({
              required: true,
              validator: (_rule, value) => {
                const refusal = cardFieldChecks.cvc(value, getFieldValue('number'));
                return refusal
                  ? Promise.reject(
                      new Error(
                        t(`card.refusal.${refusal}`, { count: cvcLength(brandOf(getFieldValue('number'))) }),
                      ),
                    )
                  : Promise.resolve();
              },
            }),
          ]}
        >
          <Input inputMode="numeric" autoComplete="cc-csc" maxLength={4} />
        </Form.Item>
      </div>
      <Typography.Paragraph type="secondary">{t('card.checkDetails')}</Typography.Paragraph>
    </DialogForm>
  );
}

function brandOf(number: unknown) {
  return typeof number === 'string' ? detectCardBrand(number) : null;
}

/** The brand the number's first digits name, as the user types (read by screen readers with the field). */
function CardBrandHint() {
  const { t } = useTranslation('billing');
  const brand = brandOf(Form.useWatch('number', Form.useFormInstance()));
  // Always a span: the input keeps its wrapper whether a brand shows or not, so typing never rebuilds it.
  return <span className="billing-hint">{brand && t(`brand.${brand}`)}</span>;
}
