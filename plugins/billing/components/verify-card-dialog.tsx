import { DialogForm } from '@core';
import { BILLING_LIMITS, validateVerificationAmount } from '@contract/v1/billing-rules';
import { Alert, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { centsFromText } from '../format/amount-input';
import { useMoney } from './money';

/**
 * Verifying a card: the server has charged it a few cents; the user types the amount they see on their statement.
 * The built-in test provider reveals the amount (so the test journey can be walked); a real one never does.
 */
export function VerifyCardDialog({
  cardLabel,
  currency,
  testAmount,
  busy,
  onVerify,
  onClose,
}: {
  cardLabel: string;
  currency: string;
  testAmount: number | null;
  busy: boolean;
  onVerify: (cents: number) => Promise<boolean>;
  onClose: () => void;
}) {
  const { t } = useTranslation('billing');
  const money = useMoney();
  return (
    <DialogForm<{ amount: string }>
      open
      title={t('verify.title', { card: cardLabel })}
      submitText={t('verify.submit')}
      busyText={t('verify.submitting')}
      busy={busy}
      onSubmit={({ amount }) => onVerify(centsFromText(amount)!)}
      onCancel={onClose}
    >
      <Typography.Paragraph>
        {t('verify.intro', {
          min: money(BILLING_LIMITS.verificationAmountMin, currency),
          max: money(BILLING_LIMITS.verificationAmountMax, currency),
        })}
      </Typography.Paragraph>
      {testAmount !== null && (
        <Alert
          type="info"
          showIcon
          message={t('verify.testMode', { amount: money(testAmount, currency) })}
          style={{ marginBottom: 16 }}
        />
      )}
      <Form.Item
        name="amount"
        label={t('verify.amount')}
        rules={[
          {
            required: true,
            validator: (_rule, value: unknown) => {
              const cents = typeof value === 'string' ? centsFromText(value) : null;
              return validateVerificationAmount(cents) === null
                ? Promise.resolve()
                : Promise.reject(new Error(t('card.refusal.amountInvalid')));
            },
          },
        ]}
        extra={t('verify.amountHint')}
      >
        <Input inputMode="decimal" prefix="$" autoComplete="off" maxLength={8} />
      </Form.Item>
    </DialogForm>
  );
}
