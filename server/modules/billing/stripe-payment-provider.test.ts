import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cardDeclined, startStripeStandIn, type StripeStandIn } from '../../test/stripe-stand-in';
import { PaymentDeclined, PaymentUnavailable, type ChargeRequest } from './payment-provider';
import { StripePaymentProvider } from './stripe-payment-provider';

/**
 * The Stripe adapter through Stripe's official SDK, pointed at a local stand-in of Stripe's API (no network here):
 * the requests it sends (paths, form fields, the secret key, Idempotency-Key) and what it makes of each answer
 * (#34 item 1).
 */
let stand: StripeStandIn;
beforeAll(async () => {
  stand = await startStripeStandIn();
});
afterAll(() => stand.close());
afterEach(() => stand.reset());

const provider = (timeoutMs?: number) =>
  new StripePaymentProvider({
    secretKey: 'sk_test_adapter',
    publishableKey: 'pk_test_adapter',
    webhookSecret: 'whsec_adapter',
    apiBaseUrl: stand.url,
    timeoutMs,
  });

const chargeRequest: ChargeRequest = {
  token: 'pm_card_visa',
  customerId: 'cus_acme',
  amount: 4950,
  currency: 'AUD',
  idempotencyKey: 'purchase:org-1:key-123',
  description: 'Starter bucket',
};

async function reasonOf(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PaymentDeclined);
  return (error as PaymentDeclined).reason;
}

describe('Stripe adapter: requests', () => {
  it('makes one customer per organisation, with the organisation as the idempotency key', async () => {
    const id = await provider().createCustomer({ id: 'org-1', name: 'Acme', email: 'owner@acme.test' });
    expect(id).toMatch(/^cus_/);
    const [request] = stand.requests;
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/v1/customers');
    expect(request.authorization).toBe('Bearer sk_test_adapter');
    expect(request.idempotencyKey).toBe('customer:org-1');
    expect(request.form.get('name')).toBe('Acme');
    expect(request.form.get('email')).toBe('owner@acme.test');
    expect(request.form.get('metadata[organization_id]')).toBe('org-1');
  });

  it('starts a card set-up as an off-session SetupIntent of the customer and returns its client secret', async () => {
    const { clientSecret } = await provider().startCardSetup('cus_acme');
    expect(clientSecret).toMatch(/^seti_.+_secret_/);
    const [request] = stand.requests;
    expect(request.path).toBe('/v1/setup_intents');
    expect(request.form.get('customer')).toBe('cus_acme');
    expect(request.form.get('usage')).toBe('off_session');
  });

  it('reads a saved card from Stripe, and refuses one attached to another customer or to none', async () => {
    stand.paymentMethods.set('pm_saved', {
      customer: 'cus_acme',
      brand: 'mastercard',
      last4: '4444',
      expMonth: 8,
      expYear: 2031,
      name: 'Ada Owner',
    });
    stand.paymentMethods.set('pm_other', {
      customer: 'cus_other',
      brand: 'visa',
      last4: '4242',
      expMonth: 1,
      expYear: 2032,
      name: 'X',
    });
    expect(await provider().savedPaymentMethod('cus_acme', 'pm_saved')).toEqual({
      token: 'pm_saved',
      brand: 'mastercard',
      last4: '4444',
      expiryMonth: 8,
      expiryYear: 2031,
      holderName: 'Ada Owner',
      requiresVerification: false,
    });
    expect(stand.requests[0].method).toBe('GET');
    expect(stand.requests[0].path).toBe('/v1/payment_methods/pm_saved');
    expect(await reasonOf(provider().savedPaymentMethod('cus_acme', 'pm_other'))).toBe('generic');
    expect(await reasonOf(provider().savedPaymentMethod('cus_acme', 'pm_unknown'))).toBe('generic');
  });

  it('charges as a PaymentIntent confirmed off-session, carrying the purchase key as Idempotency-Key', async () => {
    const { chargeId } = await provider().charge(chargeRequest);
    expect(chargeId).toMatch(/^pi_/);
    const [request] = stand.requests;
    expect(request.path).toBe('/v1/payment_intents');
    expect(request.authorization).toBe('Bearer sk_test_adapter');
    expect(request.idempotencyKey).toBe('purchase:org-1:key-123');
    expect(Object.fromEntries(request.form)).toMatchObject({
      amount: '4950',
      currency: 'aud',
      customer: 'cus_acme',
      payment_method: 'pm_card_visa',
      confirm: 'true',
      off_session: 'true',
      description: 'Starter bucket',
      'metadata[idempotency_key]': 'purchase:org-1:key-123',
    });
  });

  it('answers a retried key with the first charge (Stripe keeps the key), never a second one', async () => {
    const first = await provider().charge(chargeRequest);
    const again = await provider().charge(chargeRequest);
    expect(again.chargeId).toBe(first.chargeId);
    expect(stand.requests.map((r) => r.idempotencyKey)).toEqual([
      chargeRequest.idempotencyKey,
      chargeRequest.idempotencyKey,
    ]);
  });

  it('refunds a charge (a credit note) by its PaymentIntent, idempotent by key', async () => {
    const { refundId } = await provider().refund({
      chargeId: 'pi_123',
      amount: 1000,
      idempotencyKey: 'credit:CN-1',
    });
    expect(refundId).toMatch(/^re_/);
    const [request] = stand.requests;
    expect(request.path).toBe('/v1/refunds');
    expect(request.idempotencyKey).toBe('credit:CN-1');
    expect(request.form.get('payment_intent')).toBe('pi_123');
    expect(request.form.get('amount')).toBe('1000');
  });

  it('never takes a card number: tokenising details is refused before any request', async () => {
    await expect(provider().createPaymentMethod()).rejects.toThrow(/browser/);
    expect(stand.requests).toHaveLength(0);
  });
});

describe('Stripe adapter: answers', () => {
  it.each([
    ['insufficient_funds', 'card_declined', 'insufficientFunds'],
    ['expired_card', 'expired_card', 'expiredCard'],
    ['stolen_card', 'card_declined', 'stolenCard'],
    ['lost_card', 'card_declined', 'stolenCard'],
    ['authentication_required', 'authentication_required', 'authenticationRequired'],
    ['generic_decline', 'card_declined', 'generic'],
    ['do_not_honor', 'card_declined', 'generic'],
  ])('maps the decline %s to %s', async (declineCode, code, reason) => {
    stand.answer = () => cardDeclined(declineCode, code);
    expect(await reasonOf(provider().charge(chargeRequest))).toBe(reason);
  });

  it('maps a PaymentIntent that needs 3-D Secure (requires_action) to "authentication required", not a charge', async () => {
    stand.answer = () => ({
      status: 200,
      body: {
        id: 'pi_3ds',
        object: 'payment_intent',
        status: 'requires_action',
        next_action: { type: 'use_stripe_sdk' },
      },
    });
    expect(await reasonOf(provider().charge(chargeRequest))).toBe('authenticationRequired');
  });

  it('maps a PaymentIntent left needing a payment method to its decline', async () => {
    stand.answer = () => ({
      status: 200,
      body: {
        id: 'pi_failed',
        object: 'payment_intent',
        status: 'requires_payment_method',
        last_payment_error: { type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds' },
      },
    });
    expect(await reasonOf(provider().charge(chargeRequest))).toBe('insufficientFunds');
  });

  it('maps a Stripe 5xx to PaymentUnavailable (nothing known to be charged)', async () => {
    stand.answer = () => ({
      status: 500,
      body: { error: { type: 'api_error', message: 'Something went wrong' } },
    });
    await expect(provider().charge(chargeRequest)).rejects.toBeInstanceOf(PaymentUnavailable);
    await expect(
      provider().refund({ chargeId: 'pi_1', amount: 1, idempotencyKey: 'r' }),
    ).rejects.toBeInstanceOf(PaymentUnavailable);
  });

  it('maps Stripe not answering within the time limit to PaymentUnavailable', async () => {
    stand.answer = () => 'hang';
    await expect(provider(50).charge(chargeRequest)).rejects.toBeInstanceOf(PaymentUnavailable);
  });

  it('maps a payment still processing to PaymentUnavailable: the webhook settles it', async () => {
    stand.answer = () => ({
      status: 200,
      body: { id: 'pi_slow', object: 'payment_intent', status: 'processing' },
    });
    await expect(provider().charge(chargeRequest)).rejects.toBeInstanceOf(PaymentUnavailable);
  });

  it('lets a mistake of ours (an invalid request) through as an error, not as a decline', async () => {
    stand.answer = () => ({
      status: 400,
      body: {
        error: {
          type: 'invalid_request_error',
          code: 'parameter_invalid_integer',
          message: 'Invalid integer',
        },
      },
    });
    const error = await provider()
      .charge(chargeRequest)
      .catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(PaymentDeclined);
    expect(error).not.toBeInstanceOf(PaymentUnavailable);
  });
});
