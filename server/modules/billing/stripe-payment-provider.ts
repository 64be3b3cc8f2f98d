import Stripe from 'stripe';
import { CARD_BRANDS, type CardBrand } from '../../../contract/v1/billing-rules';
import type { DeclineReason } from '../../../contract/v1/billing-test-cards';
import {
  PaymentDeclined,
  PaymentUnavailable,
  type ChargeRequest,
  type PaymentMethod,
  type PaymentProvider,
  type SavedPaymentMethod,
} from './payment-provider';

/** STRIPE_* settings (docs/production.md, "Stripe"). */
export interface StripeSettings {
  secretKey: string;
  /** Sent to the portal (the injected deployment facts) for Stripe.js; not a secret. */
  publishableKey: string;
  /** The webhook endpoint's signing secret (`whsec_…`). */
  webhookSecret: string;
  /** Another address for Stripe's API (an egress proxy; the tests' stand-in); null = https://api.stripe.com. */
  apiBaseUrl: string | null;
  /** How long one call may take before it counts as PaymentUnavailable. */
  timeoutMs?: number;
}

/** Stripe's decline codes (https://docs.stripe.com/declines/codes) as the reasons the screens word. */
const DECLINES: Record<string, DeclineReason> = {
  insufficient_funds: 'insufficientFunds',
  expired_card: 'expiredCard',
  stolen_card: 'stolenCard',
  lost_card: 'stolenCard',
  pickup_card: 'stolenCard',
  authentication_required: 'authenticationRequired',
};

/** Stripe's error as a decline, PaymentUnavailable, or itself (a bug of ours: a 500 with the error logged). */
function mapError(error: unknown): Error {
  if (!(error instanceof Stripe.errors.StripeError)) return error as Error;
  if (error instanceof Stripe.errors.StripeCardError)
    return new PaymentDeclined(DECLINES[error.decline_code ?? ''] ?? DECLINES[error.code ?? ''] ?? 'generic');
  if (
    error instanceof Stripe.errors.StripeConnectionError ||
    error instanceof Stripe.errors.StripeRateLimitError ||
    error instanceof Stripe.errors.StripeAPIError ||
    (error.statusCode ?? 0) >= 500
  )
    return new PaymentUnavailable(`Stripe unavailable: ${error.type}`);
  // A payment method that is gone (removed in the dashboard, detached) can no longer pay.
  if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing')
    return new PaymentDeclined('generic');
  return error;
}

const brandOf = (brand: string | undefined): CardBrand | null =>
  (CARD_BRANDS as readonly string[]).includes(brand ?? '') ? (brand as CardBrand) : null;

/**
 * Stripe (PAYMENT_PROVIDER=stripe) through its official SDK: one customer per organisation, cards saved with a
 * SetupIntent that Stripe's card element confirms in the browser (3-D Secure included, so a saved card needs no
 * typed-back amount), charges as PaymentIntents confirmed off-session with the purchase's idempotency key, refunds
 * for credit notes. What the answer cannot say (a charge settled later) arrives by webhook
 * (./stripe-webhook.ts). The SDK's own retries are off: a failure answers PaymentUnavailable and the caller
 * retries with the same key (chargeReconciled), so one place decides how often Stripe is asked.
 */
export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe';
  readonly revealsTestAmounts = false;
  readonly cardEntry = 'hosted' as const;
  readonly client: Stripe;

  constructor(settings: StripeSettings) {
    const base = settings.apiBaseUrl ? new URL(settings.apiBaseUrl) : null;
    this.client = new Stripe(settings.secretKey, {
      maxNetworkRetries: 0,
      timeout: settings.timeoutMs ?? 20_000,
      telemetry: false,
      ...(base
        ? {
            host: base.hostname,
            port: base.port || (base.protocol === 'http:' ? 80 : 443),
            protocol: base.protocol === 'http:' ? 'http' : 'https',
          }
        : {}),
    });
  }

  private async call<T>(request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      throw mapError(error);
    }
  }

  createPaymentMethod(): Promise<PaymentMethod> {
    // The card service refuses a number first (cardEntry 'hosted'); this guards any other caller.
    return Promise.reject(
      new Error('Stripe takes card numbers only in the browser, through its card element'),
    );
  }

  async createCustomer(organization: { id: string; name: string; email: string }): Promise<string> {
    const customer = await this.call(() =>
      this.client.customers.create(
        {
          name: organization.name,
          email: organization.email,
          metadata: { organization_id: organization.id },
        },
        { idempotencyKey: `customer:${organization.id}` },
      ),
    );
    return customer.id;
  }

  async startCardSetup(customerId: string): Promise<{ clientSecret: string }> {
    const intent = await this.call(() =>
      this.client.setupIntents.create({
        customer: customerId,
        usage: 'off_session',
      }),
    );
    return { clientSecret: intent.client_secret ?? '' };
  }

  async savedPaymentMethod(customerId: string, paymentMethodId: string): Promise<SavedPaymentMethod> {
    const method = await this.call(() => this.client.paymentMethods.retrieve(paymentMethodId));
    const owner = typeof method.customer === 'string' ? method.customer : method.customer?.id;
    // Stripe attaches the card to the customer only once its SetupIntent succeeded (3-D Secure included).
    if (owner !== customerId || !method.card) throw new PaymentDeclined('generic');
    const brand = brandOf(method.card.brand);
    if (!brand) throw new PaymentDeclined('generic');
    return {
      token: method.id,
      brand,
      last4: method.card.last4,
      expiryMonth: method.card.exp_month,
      expiryYear: method.card.exp_year,
      holderName: method.billing_details?.name ?? '',
      requiresVerification: false,
    };
  }

  async detachPaymentMethod(token: string): Promise<void> {
    await this.call(() => this.client.paymentMethods.detach(token));
  }

  async charge(request: ChargeRequest): Promise<{ chargeId: string }> {
    const intent = await this.call(() =>
      this.client.paymentIntents.create(
        {
          amount: request.amount,
          currency: request.currency.toLowerCase(),
          ...(request.customerId ? { customer: request.customerId } : {}),
          payment_method: request.token,
          confirm: true,
          off_session: true,
          description: request.description,
          // The webhook finds the invoice a late answer belongs to by this key.
          metadata: { idempotency_key: request.idempotencyKey },
        },
        { idempotencyKey: request.idempotencyKey },
      ),
    );
    if (intent.status === 'succeeded') return { chargeId: intent.id };
    if (intent.status === 'requires_action') throw new PaymentDeclined('authenticationRequired');
    if (intent.status === 'requires_payment_method')
      throw new PaymentDeclined(
        DECLINES[intent.last_payment_error?.decline_code ?? intent.last_payment_error?.code ?? ''] ??
          'generic',
      );
    // processing: the bank answers later; the webhook settles it. Nothing is known to be charged yet.
    throw new PaymentUnavailable(`Stripe payment ${intent.id} is ${intent.status}`);
  }

  async refund(request: { chargeId: string; amount: number; idempotencyKey: string }) {
    const refund = await this.call(() =>
      this.client.refunds.create(
        { payment_intent: request.chargeId, amount: request.amount },
        { idempotencyKey: request.idempotencyKey },
      ),
    );
    return { refundId: refund.id };
  }

  startVerification(): Promise<{ chargeId: string; amount: number }> {
    // Cards saved through a SetupIntent are verified by Stripe (3-D Secure); none waits for an amount.
    return Promise.reject(
      new Error('Stripe verifies cards when they are saved; there is no amount to type back'),
    );
  }

  confirmVerification(): Promise<boolean> {
    return Promise.resolve(false);
  }

  /**
   * The verified event of a webhook delivery; throws Stripe's signature error otherwise. `nowMs` is our clock
   * (the SDK's `receivedAt`, in milliseconds), against which the signature's timestamp must be recent.
   */
  verifyWebhook(
    payload: Buffer,
    signature: string,
    secret: string,
    toleranceSeconds: number,
    nowMs: number,
  ): Stripe.Event {
    return this.client.webhooks.constructEvent(
      payload,
      signature,
      secret,
      toleranceSeconds,
      undefined,
      nowMs,
    );
  }
}
