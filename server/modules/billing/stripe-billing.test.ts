import { Writable } from 'node:stream';
import { and, count, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TEST_CARDS } from '../../../contract/v1/billing-test-cards';
import { activityLogs } from '../../db/schema';
import type { App } from '../../http/types';
import { createLogger } from '../../logging';
import { newId } from '../../security/random';
import { DEMO_IDS } from '../../seed/demo-data';
import { cardDeclined, startStripeStandIn, type StripeStandIn } from '../../test/stripe-stand-in';
import { call, createTestApp, FakeClock } from '../../test/test-app';
import { api, enter } from '../organization-acl/test-helpers';
import type { BillingDeps } from './billing-shared';
import { PayAsYouGoService } from './pay-as-you-go-service';
import { billingAccounts, billingCards, billingInvoices, billingProviderEvents } from './schema';
import { StripePaymentProvider } from './stripe-payment-provider';
import { SubscriptionService } from './subscription-service';

/**
 * Billing with PAYMENT_PROVIDER=stripe, end to end through the API and Stripe's SDK against a local stand-in of
 * Stripe's API (#34 item 1): cards come from a SetupIntent as a payment method id and a number is refused,
 * purchases are PaymentIntents with the purchase's key, and the webhook settles later outcomes exactly once.
 */
const WEBHOOK_SECRET = 'whsec_test_portal_endpoint';
const acme = DEMO_IDS.acme;
const clock = new FakeClock(Date.UTC(2030, 0, 15, 9, 0, 0));
const lines: string[] = [];
const sink = new Writable({
  write(chunk, _encoding, done) {
    lines.push(String(chunk));
    done();
  },
});
/** Only signs test deliveries (generateTestHeaderString); it never calls Stripe. */
const signer = new Stripe('sk_test_signer_only');

let stand: StripeStandIn;
let app: App;
let owner: ReturnType<typeof api>;

beforeAll(async () => {
  stand = await startStripeStandIn();
  app = await createTestApp({
    clock,
    logger: createLogger('debug', sink),
    env: {
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_portal_secret',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_portal',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE_URL: stand.url,
    },
  });
  // The demo seed's cards are the test provider's: this organisation starts with none at Stripe.
  await app.database.db.delete(billingCards).where(eq(billingCards.organizationId, acme));
  ownerToken = await enter(app, 'demo@example.com', acme);
  owner = api(app, ownerToken);
});
afterAll(async () => {
  await app.close();
  await stand.close();
});
beforeEach(() => {
  stand.reset();
  lines.length = 0;
});

const customerOf = async () => {
  const [row] = await app.database.db
    .select({ id: billingAccounts.providerCustomerId })
    .from(billingAccounts)
    .where(eq(billingAccounts.organizationId, acme));
  return row?.id ?? null;
};

let ownerToken: string;
const startSetup = () => call(app, { method: 'POST', url: '/v1/card/setup', token: ownerToken });

/** What Stripe.js does in the browser: the card element's number goes to Stripe, which attaches the card. */
async function saveCardInBrowser(id: string, last4 = '4242') {
  const setup = await startSetup();
  expect(setup.statusCode, setup.body).toBe(200);
  stand.paymentMethods.set(id, {
    customer: (await customerOf())!,
    brand: 'visa',
    last4,
    expMonth: 12,
    expYear: 2034,
    name: 'Demo Owner',
  });
  const saved = await owner.post('/v1/card/saved', { paymentMethodId: id });
  expect(saved.statusCode, saved.body).toBe(200);
  return saved.json.data.card as { id: string; primary: boolean; verified: boolean };
}

describe('cards with Stripe', () => {
  it('refuses a card number on POST /v1/card with 400: nothing goes to Stripe, the number is in no log line', async () => {
    const response = await owner.post('/v1/card', {
      number: TEST_CARDS.success,
      expiryMonth: 12,
      expiryYear: 2034,
      cvc: '123',
      holderName: 'Demo Owner',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json.code).toBe('CARD_DETAILS_REFUSED');
    expect(stand.requests).toHaveLength(0);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join('')).not.toContain(TEST_CARDS.success);
    expect(lines.join('')).not.toContain('sk_test_portal_secret');
  });

  it('saves a card through a SetupIntent: one Stripe customer per organisation, only a payment method id posted', async () => {
    const first = await startSetup();
    expect(first.statusCode).toBe(200);
    expect(first.json.data.clientSecret).toMatch(/^seti_.+_secret_/);
    expect(stand.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /v1/customers',
      'POST /v1/setup_intents',
    ]);
    expect(stand.requests[0].idempotencyKey).toBe(`customer:${acme}`);
    expect(stand.requests[0].authorization).toBe('Bearer sk_test_portal_secret');
    const customer = await customerOf();
    expect(customer).toMatch(/^cus_/);
    expect(stand.requests[1].form.get('customer')).toBe(customer);

    stand.reset();
    const card = await saveCardInBrowser('pm_acme_visa');
    // The customer is made once; the second set-up reuses it.
    expect(stand.requests.filter((r) => r.path === '/v1/customers')).toHaveLength(0);
    expect(card).toMatchObject({ brand: 'visa', last4: '4242', verified: true, primary: true });
    expect(card).toMatchObject({ expiryMonth: 12, expiryYear: 2034, verificationPending: false });
    const [row] = await app.database.db.select().from(billingCards).where(eq(billingCards.id, card.id));
    expect(row).toMatchObject({
      provider: 'stripe',
      providerToken: 'pm_acme_visa',
      providerCustomerId: customer,
    });

    // The same payment method posted twice (a double click) is one card.
    const again = await owner.post('/v1/card/saved', { paymentMethodId: 'pm_acme_visa' });
    expect(again.json.data.card.id).toBe(card.id);
  });

  it("refuses a payment method Stripe did not save for this organisation's customer (402, nothing stored)", async () => {
    stand.paymentMethods.set('pm_someone_else', {
      customer: 'cus_someone_else',
      brand: 'visa',
      last4: '1111',
      expMonth: 1,
      expYear: 2035,
      name: 'X',
    });
    const response = await owner.post('/v1/card/saved', { paymentMethodId: 'pm_someone_else' });
    expect(response.statusCode).toBe(402);
    expect(response.json.code).toBe('CARD_DECLINED');
    const cards = await owner.get('/v1/card');
    expect(cards.json.data.cards.map((c: { last4: string }) => c.last4)).not.toContain('1111');
    stand.reset();
    const malformed = await owner.post('/v1/card/saved', { paymentMethodId: '4242 4242 4242 4242' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json.code).toBe('VALIDATION_FAILED');
    const number = await owner.post('/v1/card/saved', { paymentMethodId: TEST_CARDS.success });
    expect(number.statusCode).toBe(400);
    expect(number.json.code).toBe('CARD_DETAILS_REFUSED');
    expect(stand.requests).toHaveLength(0);
  });

  it('offers no typed-back amount: an unverified card left from the test provider cannot be verified (400)', async () => {
    const [legacy] = await app.database.db
      .insert(billingCards)
      .values({
        id: newId(),
        organizationId: acme,
        provider: 'test',
        providerToken: `tok_test_ok_${newId()}`,
        brand: 'visa',
        last4: '3220',
        expiryMonth: 12,
        expiryYear: 2034,
        holderName: 'Demo Owner',
        verified: false,
        createdAt: clock.now(),
      })
      .returning();
    const response = await owner.patch('/v1/verify/initiate', { cardId: legacy.id });
    expect(response.statusCode).toBe(400);
    expect(response.json.code).toBe('CARD_NOT_USABLE');
    expect(stand.requests).toHaveLength(0);
    await app.database.db.delete(billingCards).where(eq(billingCards.id, legacy.id));
  });

  it('removing a card detaches its payment method at Stripe', async () => {
    const card = await saveCardInBrowser('pm_to_remove', '0005');
    stand.reset();
    const removed = await owner.delete(`/v1/card/${card.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(stand.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /v1/payment_methods/pm_to_remove/detach',
    ]);
  });
});

describe('purchases with Stripe', () => {
  const purchase = (idempotencyKey: string) =>
    owner.post('/v1/bucket/purchase', { productId: 'starter', idempotencyKey });

  it("is a PaymentIntent on the primary card carrying the purchase's key; a retry with the key is the same purchase", async () => {
    const key = `key-${newId()}`;
    const first = await purchase(key);
    expect(first.statusCode, first.body).toBe(200);
    const intents = stand.requests.filter((r) => r.path === '/v1/payment_intents');
    expect(intents).toHaveLength(1);
    expect(intents[0].idempotencyKey).toBe(`purchase:${acme}:${key}`);
    expect(Object.fromEntries(intents[0].form)).toMatchObject({
      amount: '11000',
      currency: 'aud',
      customer: await customerOf(),
      payment_method: 'pm_acme_visa',
      confirm: 'true',
      off_session: 'true',
    });
    const [invoice] = await app.database.db
      .select()
      .from(billingInvoices)
      .where(eq(billingInvoices.number, first.json.data.invoice.number));
    expect(invoice.providerChargeId).toMatch(/^pi_/);
    expect(invoice.status).toBe('paid');

    const retry = await purchase(key);
    expect(retry.json.data.invoice.number).toBe(first.json.data.invoice.number);
    expect(retry.json.data.replayed).toBe(true);
  });

  it.each([
    ['insufficient_funds', 'card_declined', 'CARD_DECLINED_INSUFFICIENT_FUNDS'],
    ['expired_card', 'expired_card', 'CARD_DECLINED_EXPIRED'],
    ['stolen_card', 'card_declined', 'CARD_DECLINED_STOLEN'],
    ['generic_decline', 'card_declined', 'CARD_DECLINED'],
  ])(
    'answers Stripe declining with %s as 402 %s, in the user’s language',
    async (declineCode, code, answer) => {
      stand.answer = (request) =>
        request.path === '/v1/payment_intents' ? cardDeclined(declineCode, code) : undefined;
      const response = await call(app, {
        url: '/v1/bucket/purchase',
        token: ownerToken,
        body: { productId: 'starter', idempotencyKey: `key-${newId()}` },
        headers: { 'accept-language': 'fr' },
      });
      expect(response.statusCode).toBe(402);
      expect(response.json.code).toBe(answer);
      expect(response.json.msg).toMatch(/^Votre carte a été refusée/);
    },
  );

  it('answers a payment needing 3-D Secure as 402 CARD_DECLINED_AUTHENTICATION_REQUIRED', async () => {
    stand.answer = (request) =>
      request.path === '/v1/payment_intents'
        ? { status: 200, body: { id: 'pi_needs_3ds', object: 'payment_intent', status: 'requires_action' } }
        : undefined;
    const response = await purchase(`key-${newId()}`);
    expect(response.statusCode).toBe(402);
    expect(response.json.code).toBe('CARD_DECLINED_AUTHENTICATION_REQUIRED');
  });

  it('answers Stripe failing (5xx) as 502 PAYMENT_UNAVAILABLE after one retry with the same key; the key charges once later', async () => {
    const key = `key-${newId()}`;
    stand.answer = (request) =>
      request.path === '/v1/payment_intents'
        ? { status: 503, body: { error: { type: 'api_error', message: 'Service unavailable' } } }
        : undefined;
    const failed = await purchase(key);
    expect(failed.statusCode).toBe(502);
    expect(failed.json.code).toBe('PAYMENT_UNAVAILABLE');
    const attempts = stand.requests.filter((r) => r.path === '/v1/payment_intents');
    expect(attempts.map((r) => r.idempotencyKey)).toEqual([
      `purchase:${acme}:${key}`,
      `purchase:${acme}:${key}`,
    ]);

    stand.answer = () => undefined;
    const later = await purchase(key);
    expect(later.statusCode).toBe(200);
  });
});

describe('the Stripe webhook', () => {
  const nowSeconds = () => Math.floor(clock.now().getTime() / 1000);

  function deliver(
    event: Record<string, unknown>,
    {
      secret = WEBHOOK_SECRET,
      timestamp = nowSeconds(),
      body,
    }: { secret?: string; timestamp?: number; body?: string } = {},
  ) {
    const payload = JSON.stringify(event);
    const signature = signer.webhooks.generateTestHeaderString({ payload, secret, timestamp });
    return app.inject({
      method: 'POST',
      url: '/v1/billing/stripe-webhook',
      payload: body ?? payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    });
  }

  const intentEvent = (type: string, intent: Record<string, unknown>) => ({
    id: `evt_${newId()}`,
    object: 'event',
    type,
    created: nowSeconds(),
    data: { object: { object: 'payment_intent', amount: 2750, currency: 'aud', ...intent } },
  });

  async function invoice(
    status: 'open' | 'failed' | 'paid',
    extra: Partial<typeof billingInvoices.$inferInsert> = {},
  ) {
    const [row] = await app.database.db
      .insert(billingInvoices)
      .values({
        id: newId(),
        organizationId: acme,
        number: `INV-W${newId().slice(0, 8)}`,
        kind: 'invoice',
        status,
        description: 'Pay-as-you-go',
        amount: 2750,
        gst: 250,
        currency: 'AUD',
        lines: [],
        issuedAt: clock.now(),
        ...extra,
      })
      .returning();
    return row;
  }
  const statusOf = async (id: string) =>
    (await app.database.db.select().from(billingInvoices).where(eq(billingInvoices.id, id)))[0];
  const settledEvents = async () =>
    Number(
      (
        await app.database.db
          .select({ n: count() })
          .from(activityLogs)
          .where(
            and(eq(activityLogs.eventType, 'billing.payment-settled'), eq(activityLogs.organizationId, acme)),
          )
      )[0].n,
    );
  const eventsKept = async () =>
    Number((await app.database.db.select({ n: count() }).from(billingProviderEvents))[0].n);

  it('settles a pay-as-you-go invoice whose charge timed out, once, even when Stripe delivers the event twice', async () => {
    const month = '2031-07';
    const row = await invoice('failed', { paygMonth: month });
    const event = intentEvent('payment_intent.succeeded', {
      id: 'pi_late_success',
      status: 'succeeded',
      metadata: { idempotency_key: `payg:${acme}:${month}` },
    });
    const settledBefore = await settledEvents();

    const first = await deliver(event);
    expect(first.statusCode, first.body).toBe(200);
    expect(await statusOf(row.id)).toMatchObject({ status: 'paid', providerChargeId: 'pi_late_success' });

    const repeated = await deliver(event);
    expect(repeated.statusCode).toBe(200);
    expect(await settledEvents()).toBe(settledBefore + 1);
  });

  it('marks an open invoice failed when its payment failed later, and never turns a paid one failed', async () => {
    const open = await invoice('open', { providerChargeId: 'pi_late_failure' });
    const paid = await invoice('paid', { providerChargeId: 'pi_paid_already' });
    expect(
      (
        await deliver(
          intentEvent('payment_intent.payment_failed', {
            id: 'pi_late_failure',
            status: 'requires_payment_method',
          }),
        )
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await deliver(
          intentEvent('payment_intent.payment_failed', {
            id: 'pi_paid_already',
            status: 'requires_payment_method',
          }),
        )
      ).statusCode,
    ).toBe(200);
    expect((await statusOf(open.id)).status).toBe('failed');
    expect((await statusOf(paid.id)).status).toBe('paid');
  });

  it('records a payment no invoice knows (a purchase whose answer was lost) in the activity log, for a refund by hand', async () => {
    const response = await deliver(
      intentEvent('payment_intent.succeeded', {
        id: 'pi_orphan',
        status: 'succeeded',
        metadata: { idempotency_key: `purchase:${acme}:lost-key` },
      }),
    );
    expect(response.statusCode).toBe(200);
    const [entry] = await app.database.db
      .select()
      .from(activityLogs)
      .where(
        and(eq(activityLogs.eventType, 'billing.payment-unmatched'), eq(activityLogs.organizationId, acme)),
      );
    expect(entry.details).toMatchObject({ paymentId: 'pi_orphan', amount: 2750 });
  });

  it('marks an invoice refunded when its charge was refunded in full', async () => {
    const paid = await invoice('paid', { providerChargeId: 'pi_refunded' });
    const response = await deliver({
      id: `evt_${newId()}`,
      object: 'event',
      type: 'charge.refunded',
      data: {
        object: {
          id: 'ch_1',
          object: 'charge',
          payment_intent: 'pi_refunded',
          refunded: true,
          amount_refunded: 2750,
        },
      },
    });
    expect(response.statusCode).toBe(200);
    expect((await statusOf(paid.id)).status).toBe('refunded');
  });

  it('removes a card detached in Stripe and updates one Stripe renewed', async () => {
    const updated = await saveCardInBrowser('pm_updated', '1881');
    const detached = await saveCardInBrowser('pm_detached', '3220');
    const method = (id: string, card: Record<string, unknown>) => ({
      id,
      object: 'payment_method',
      type: 'card',
      customer: null,
      card,
    });
    expect(
      (
        await deliver({
          id: `evt_${newId()}`,
          object: 'event',
          type: 'payment_method.automatically_updated',
          data: {
            object: method('pm_updated', { brand: 'visa', last4: '1882', exp_month: 3, exp_year: 2038 }),
          },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await deliver({
          id: `evt_${newId()}`,
          object: 'event',
          type: 'payment_method.detached',
          data: {
            object: method('pm_detached', { brand: 'visa', last4: '3220', exp_month: 12, exp_year: 2034 }),
          },
        })
      ).statusCode,
    ).toBe(200);
    const cards = (await owner.get('/v1/card')).json.data.cards as {
      id: string;
      last4: string;
      expiryYear: number;
    }[];
    expect(cards.find((c) => c.id === detached.id)).toBeUndefined();
    expect(cards.find((c) => c.id === updated.id)).toMatchObject({ last4: '1882', expiryYear: 2038 });
  });

  describe('refuses with 400 and changes nothing', () => {
    const unsettled = async () => {
      const row = await invoice('open', { providerChargeId: `pi_${newId()}` });
      return {
        row,
        event: intentEvent('payment_intent.succeeded', { id: row.providerChargeId, status: 'succeeded' }),
      };
    };

    it.each([
      [
        'a wrong signature',
        (event: Record<string, unknown>) => deliver(event, { secret: 'whsec_someone_else' }),
      ],
      [
        'an old timestamp',
        (event: Record<string, unknown>) => deliver(event, { timestamp: nowSeconds() - 10 * 60 }),
      ],
      [
        'a body changed after signing',
        (event: Record<string, unknown>) =>
          deliver(event, {
            body: JSON.stringify({
              ...event,
              data: { object: { ...(event.data as { object: object }).object, amount: 1 } },
            }),
          }),
      ],
      [
        'no signature at all',
        (event: Record<string, unknown>) =>
          app.inject({
            method: 'POST',
            url: '/v1/billing/stripe-webhook',
            payload: JSON.stringify(event),
            headers: { 'content-type': 'application/json' },
          }),
      ],
    ])('%s', async (_name, send) => {
      const { row, event } = await unsettled();
      const kept = await eventsKept();
      const response = await send(event);
      expect(response.statusCode).toBe(400);
      expect(JSON.parse(response.body).code).toBe('WEBHOOK_SIGNATURE_INVALID');
      expect((await statusOf(row.id)).status).toBe('open');
      expect(await eventsKept()).toBe(kept);
      // The same event, correctly signed, is then applied: the refusal did not mark it seen.
      expect((await deliver(event)).statusCode).toBe(200);
      expect((await statusOf(row.id)).status).toBe('paid');
    });
  });
});

describe('scheduled charges with Stripe', () => {
  it("renewals and pay-as-you-go invoices are PaymentIntents on the primary card, each with its charge's key", async () => {
    const quiet = { error: () => undefined };
    const deps: BillingDeps = {
      db: app.database.db,
      clock,
      audit: app.services.audit,
      mailer: app.services.mailer,
      i18n: app.services.i18n,
      links: app.services.links,
      provider: new StripePaymentProvider({
        secretKey: 'sk_test_portal_secret',
        publishableKey: 'pk_test_portal',
        webhookSecret: WEBHOOK_SECRET,
        apiBaseUrl: stand.url,
      }),
    };
    // Into March: January's pay-as-you-go month has ended and the demo's monthly buckets are due.
    clock.advance(45 * 24 * 3600_000);
    await new PayAsYouGoService(deps).billEndedMonths(clock.now(), quiet);
    await new SubscriptionService(deps).renewDue(clock.now(), quiet);

    const intents = stand.requests.filter((r) => r.path === '/v1/payment_intents');
    const keys = intents.map((r) => r.idempotencyKey ?? '');
    expect(keys).toContain(`payg:${acme}:2030-01`);
    expect(keys.some((key) => key.startsWith('renewal:'))).toBe(true);
    for (const intent of intents) {
      expect(intent.form.get('metadata[idempotency_key]')).toBe(intent.idempotencyKey);
      expect(intent.form.get('payment_method')).toBe('pm_acme_visa');
      expect(intent.form.get('off_session')).toBe('true');
    }
    const [january] = await app.database.db
      .select()
      .from(billingInvoices)
      .where(and(eq(billingInvoices.organizationId, acme), eq(billingInvoices.paygMonth, '2030-01')));
    expect(january).toMatchObject({ status: 'paid', cardLast4: '4242' });
    expect(january.providerChargeId).toMatch(/^pi_/);
  });
});
