import { DialogForm } from '@core';
import { BILLING_LIMITS, type CardRefusal } from '@contract/v1/billing-rules';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import type { StripeCardElementChangeEvent, StripeElementLocale } from '@stripe/stripe-js';
import { Alert, Form, Input, Spin, Typography, type FormRule } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cardFieldChecks } from '../format/card-fields';
import { HostedCardRefusal } from '../stores/cards-store';
import { loadStripeJs } from '../stripe/load-stripe';
import type { CardAddError } from './card-form-dialog';
import { CardRefusalAlert } from './card-refusal-alert';

/** What the card element last said: complete, or Stripe's own message (in the page's language). */
interface CardFieldState {
  complete: boolean;
  error?: string;
}

interface StripeCardDialogProps {
  publishableKey: string;
  busy: boolean;
  error: CardAddError;
  /** Resolves true once saved; `confirm` has Stripe confirm the set-up and answers the payment method id. */
  onAdd: (confirm: (clientSecret: string) => Promise<string>) => Promise<boolean>;
  onClose: () => void;
}

/**
 * Adding a card with PAYMENT_PROVIDER=stripe: the name on the card here, the number, expiry and CVC in Stripe's card
 * element (an iframe of js.stripe.com), so they go from the browser to Stripe and never to our server. Stripe
 * confirms the SetupIntent the server started, asking the bank for 3-D Secure when it wants it, and the server
 * keeps the payment method id it answers. A module of its own, loaded only when this dialog opens: no other screen
 * downloads Stripe's code.
 */
export default function StripeCardDialog({ publishableKey, ...props }: StripeCardDialogProps) {
  const { i18n } = useTranslation('billing');
  const [unavailable, setUnavailable] = useState(false);
  const stripe = useMemo(
    () =>
      loadStripeJs(publishableKey).then(
        (loaded) => {
          if (!loaded) setUnavailable(true);
          return loaded;
        },
        () => {
          // Blocked or offline: the dialog says so instead of waiting for a field that never comes.
          setUnavailable(true);
          return null;
        },
      ),
    [publishableKey],
  );
  return (
    <Elements stripe={stripe} options={{ locale: i18n.language as StripeElementLocale }}>
      <StripeCardForm {...props} unavailable={unavailable} />
    </Elements>
  );
}

function StripeCardForm({
  busy,
  error,
  onAdd,
  onClose,
  unavailable,
}: Omit<StripeCardDialogProps, 'publishableKey'> & { unavailable: boolean }) {
  const { t } = useTranslation('billing');
  const stripe = useStripe();
  const elements = useElements();

  const holderRule: FormRule[] = [
    {
      required: true,
      validator: (_rule, value) => {
        const refusal: CardRefusal | null = cardFieldChecks.holderName(value);
        return refusal ? Promise.reject(new Error(t(`card.refusal.${refusal}`))) : Promise.resolve();
      },
    },
  ];
  const cardRule: FormRule[] = [
    {
      required: true,
      validator: (_rule, value?: CardFieldState) => {
        if (value?.error) return Promise.reject(new Error(value.error));
        return value?.complete ? Promise.resolve() : Promise.reject(new Error(t('card.stripeIncomplete')));
      },
    },
  ];

  return (
    <DialogForm<{ holderName: string; card: CardFieldState }>
      open
      title={t('card.title')}
      submitText={t('card.submit')}
      busyText={t('card.submitting')}
      busy={busy}
      onSubmit={(values) =>
        onAdd(async (clientSecret) => {
          const card = elements?.getElement(CardElement);
          if (!stripe || !card) throw new HostedCardRefusal(t('card.stripeUnavailable'), false);
          const result = await stripe.confirmCardSetup(clientSecret, {
            payment_method: { card, billing_details: { name: values.holderName.trim() } },
          });
          if (result.error)
            throw new HostedCardRefusal(
              result.error.message ?? t('card.failed'),
              result.error.type === 'card_error',
            );
          const method = result.setupIntent.payment_method;
          return typeof method === 'string' ? method : (method?.id ?? '');
        })
      }
      onCancel={onClose}
    >
      {unavailable && (
        <Alert
          type="error"
          showIcon
          role="alert"
          message={t('card.stripeUnavailable')}
          style={{ marginBottom: 16 }}
        />
      )}
      {error && <CardRefusalAlert error={error} />}
      <Form.Item name="holderName" label={t('card.holderName')} rules={holderRule}>
        <Input autoComplete="cc-name" maxLength={BILLING_LIMITS.holderNameMax + 10} />
      </Form.Item>
      <Form.Item name="card" label={t('card.details')} rules={cardRule}>
        <StripeCardField />
      </Form.Item>
      <Typography.Paragraph type="secondary">{t('card.checkStripe')}</Typography.Paragraph>
    </DialogForm>
  );
}

/** Stripe's card element as a form field: its value is whether the card is complete, or Stripe's refusal. */
function StripeCardField({
  onChange,
}: {
  value?: CardFieldState;
  onChange?: (value: CardFieldState) => void;
}) {
  const { t } = useTranslation('billing');
  const stripe = useStripe();
  const [ready, setReady] = useState(false);
  return (
    <div role="group" aria-label={t('card.details')} className="billing-stripe-card">
      {!ready && (
        <span role="status" aria-label={t('card.stripeLoading')}>
          <Spin size="small" />
        </span>
      )}
      {stripe && (
        <CardElement
          options={{ hidePostalCode: true }}
          onReady={() => setReady(true)}
          onChange={(event: StripeCardElementChangeEvent) =>
            onChange?.({ complete: event.complete, error: event.error?.message })
          }
        />
      )}
    </div>
  );
}
