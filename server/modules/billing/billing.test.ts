import { and, count, eq, like } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointPath, type Endpoint } from '../../../contract/v1/endpoint';
import { endpoints } from '../../../contract/v1/endpoints';
import { TEST_CARDS } from '../../../contract/v1/billing-test-cards';
import { activityLogs } from '../../db/schema';
import type { App } from '../../http/types';
import { newId } from '../../security/random';
import { DEMO_IDS } from '../../seed/demo-data';
import { call, createTestApp, FakeClock, loginAs, mailbox } from '../../test/test-app';
import { api, enter } from '../organization-acl/test-helpers';
import type { BillingDeps } from './billing-shared';
import { PayAsYouGoService } from './pay-as-you-go-service';
import { DEMO_APP_CREDENTIAL } from './seed';
import { billingAccounts, billingBuckets, billingCards, billingInvoices, billingPurchases } from './schema';
import { RENEWAL_RETRY_DAYS, SubscriptionService } from './subscription-service';
import { PaymentUnavailable } from './payment-provider';
import { TestPaymentProvider } from './test-payment-provider';

const DAY_MS = 24 * 3600_000;
const clock = new FakeClock(Date.UTC(2030, 0, 15, 9, 0, 0));
const quiet = { error: () => undefined };
let app: App;
let owner: ReturnType<typeof api>;
let memberToken: string;
let otherOwner: ReturnType<typeof api>;
let provider: TestPaymentProvider;
let otherOrgId: string;

const card = (number: string, extra: Record<string, unknown> = {}) => ({
  number,
  expiryMonth: 12,
  expiryYear: 2032,
  cvc: number.startsWith('3') ? '1234' : '123',
  holderName: 'Demo Owner',
  ...extra,
});
const key = () => `key-${newId()}`;

/** The services the scheduler's billing jobs run with, on this app's database and clock. */
const jobDeps = (): BillingDeps => ({
  db: app.database.db,
  clock,
  audit: app.services.audit,
  mailer: app.services.mailer,
  i18n: app.services.i18n,
  links: app.services.links,
  provider: new TestPaymentProvider(1),
});

const countRows = async (table: typeof billingInvoices | typeof billingBuckets, organizationId: string) => {
  const [row] = await app.database.db
    .select({ n: count() })
    .from(table)
    .where(eq(table.organizationId, organizationId));
  return Number(row.n);
};

/** Signs both owners in again: moving the clock by days expires their tokens. */
async function signInAgain() {
  owner = api(app, await enter(app, 'demo@example.com', DEMO_IDS.acme));
  otherOwner = api(app, await enter(app, 'dave@example.com', otherOrgId));
}

/** Mail goes out after the answer: wait for it a moment. */
async function mailsTo(to: string, subject: string, expected: number) {
  for (let i = 0; i < 40; i += 1) {
    const found = (await mailbox(app, to)).filter((m) => m.subject === subject);
    if (found.length >= expected) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return (await mailbox(app, to)).filter((m) => m.subject === subject);
}

beforeAll(async () => {
  app = await createTestApp({ clock });
  provider = TestPaymentProvider.latest!;
  owner = api(app, await enter(app, 'demo@example.com', DEMO_IDS.acme));
  memberToken = await enter(app, 'bob@example.com', DEMO_IDS.acme);
  // Another business, owned by someone outside Acme.
  const dave = await loginAs(app, 'dave@example.com');
  const created = await call(app, {
    url: '/v1/organization',
    token: dave.accessToken,
    body: { organizationName: 'Other Billing Co' },
  });
  expect(created.statusCode, created.body).toBe(200);
  otherOrgId = created.json.data.organizationId;
  otherOwner = api(app, await enter(app, 'dave@example.com', otherOrgId));
});
afterAll(() => app.close());

describe('cards', () => {
  it('keeps only the token, brand, last 4, expiry and holder of a new card, never its number or CVC', async () => {
    const added = await owner.post('/v1/card', card(TEST_CARDS.successAmex));
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json.data.card).toMatchObject({
      brand: 'amex',
      last4: '0005',
      verified: true,
      primary: false,
    });
    const [row] = await app.database.db
      .select()
      .from(billingCards)
      .where(eq(billingCards.id, added.json.data.card.id));
    const stored = JSON.stringify(row);
    expect(stored).not.toContain(TEST_CARDS.successAmex);
    expect(stored).not.toContain('1234');
    expect(row.providerToken).toMatch(/^tok_test_/);
  });

  it('refuses a card failing the shared rules, every field at once, and stores nothing', async () => {
    const before = (await owner.get('/v1/card')).json.data.cards.length;
    const refused = await owner.post(
      '/v1/card',
      card('4242424242424241', { expiryMonth: 12, expiryYear: 2029, cvc: '12', holderName: '<b>' }),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json.errors).toEqual([
      { field: 'number', msg: 'Card number is invalid' },
      { field: 'expiryMonth', msg: 'This card has expired' },
      { field: 'cvc', msg: 'CVC must be 3 digits' },
      { field: 'holderName', msg: 'Enter the name as printed on the card' },
    ]);
    const amexCvc = await owner.post('/v1/card', card(TEST_CARDS.successAmex, { cvc: '123' }));
    expect(amexCvc.json.errors).toEqual([{ field: 'cvc', msg: 'CVC must be 4 digits' }]);
    expect((await owner.get('/v1/card')).json.data.cards).toHaveLength(before);
  });

  it("says why the provider declined a card, in the reader's language", async () => {
    const funds = await owner.post('/v1/card', card(TEST_CARDS.insufficientFunds));
    expect(funds.statusCode).toBe(402);
    expect(funds.json).toEqual({
      msg: 'Your card was declined: insufficient funds',
      code: 'CARD_DECLINED_INSUFFICIENT_FUNDS',
    });
    const stolen = await owner.post('/v1/card', card(TEST_CARDS.stolenCard), { 'accept-language': 'fr' });
    expect(stolen.json).toEqual({
      msg: 'Votre carte a été refusée : la carte a été déclarée perdue ou volée',
      code: 'CARD_DECLINED_STOLEN',
    });
    // The account remembers the last language it used: back to English for the mails checked below.
    await owner.get('/v1/card', { 'accept-language': 'en' });
    const expired = await owner.post('/v1/card', card(TEST_CARDS.expiredCard));
    expect(expired.json.code).toBe('CARD_DECLINED_EXPIRED');
  });

  it('verifies a card by the amount typed back, then lets it become primary', async () => {
    const added = await owner.post('/v1/card', card(TEST_CARDS.requiresVerification));
    const id = added.json.data.card.id as string;
    expect(added.json.data.card).toMatchObject({
      verified: false,
      verificationPending: false,
      primary: false,
    });
    expect((await owner.patch('/v1/primary', { cardId: id })).json.code).toBe('CARD_NOT_USABLE');
    expect((await owner.patch('/v1/verify', { cardId: id, amount: 10 })).json.code).toBe(
      'VERIFICATION_NOT_STARTED',
    );

    const started = await owner.patch('/v1/verify/initiate', { cardId: id });
    expect(started.statusCode, started.body).toBe(200);
    const amount = started.json.data.testAmount as number;
    expect(amount).toBeGreaterThanOrEqual(1);
    expect(amount).toBeLessThanOrEqual(99);
    const wrong = await owner.patch('/v1/verify', { cardId: id, amount: amount === 99 ? 98 : amount + 1 });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json.msg).toBe('That amount does not match. 2 attempts left');

    const verified = await owner.patch('/v1/verify', { cardId: id, amount });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json.data.card).toMatchObject({ verified: true, verificationPending: false });
    const primary = await owner.patch('/v1/primary', { cardId: id });
    expect(
      primary.json.data.cards.filter((c: { primary: boolean }) => c.primary).map((c: { id: string }) => c.id),
    ).toEqual([id]);
    // Back to the seeded Visa as primary for the purchases below.
    const visa = primary.json.data.cards.find((c: { last4: string }) => c.last4 === '4242');
    expect((await owner.patch('/v1/primary', { cardId: visa.id })).statusCode).toBe(200);
  });

  it('three wrong amounts restart the verification', async () => {
    const id = (await owner.post('/v1/card', card(TEST_CARDS.requiresVerification))).json.data.card.id;
    const amount = (await owner.patch('/v1/verify/initiate', { cardId: id })).json.data.testAmount as number;
    const wrongAmount = amount === 99 ? 98 : amount + 1;
    await owner.patch('/v1/verify', { cardId: id, amount: wrongAmount });
    await owner.patch('/v1/verify', { cardId: id, amount: wrongAmount });
    const third = await owner.patch('/v1/verify', { cardId: id, amount: wrongAmount });
    expect(third.json.code).toBe('VERIFICATION_RESTART');
    // The right amount no longer works: that charge is gone.
    expect((await owner.patch('/v1/verify', { cardId: id, amount })).json.code).toBe(
      'VERIFICATION_NOT_STARTED',
    );
    expect((await owner.delete(`/v1/card/${id}`)).statusCode).toBe(200);
  });
});

describe('purchase', () => {
  it('20 concurrent identical requests make one charge, one invoice and one bucket', async () => {
    const purchaseKey = key();
    const charges = provider.ledger.length;
    const invoices = await countRows(billingInvoices, DEMO_IDS.acme);
    const buckets = await countRows(billingBuckets, DEMO_IDS.acme);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        owner.post('/v1/bucket/purchase', { productId: 'starter', idempotencyKey: purchaseKey }),
      ),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    expect(new Set(answers.map((answer) => answer.json.data.invoice.id)).size).toBe(1);
    expect(answers.filter((answer) => answer.json.data.replayed === false)).toHaveLength(1);
    expect(provider.ledger.length - charges).toBe(1);
    expect(await countRows(billingInvoices, DEMO_IDS.acme)).toBe(invoices + 1);
    expect(await countRows(billingBuckets, DEMO_IDS.acme)).toBe(buckets + 1);
    const { invoice, bucket } = answers[0].json.data;
    expect(invoice).toMatchObject({
      status: 'paid',
      amount: 11000,
      gst: 1000,
      currency: 'AUD',
      card: { brand: 'visa', last4: '4242' },
    });
    expect(bucket).toMatchObject({
      productId: 'starter',
      unitsBought: 1000,
      unitsRemaining: 1000,
      invoiceNumber: invoice.number,
    });
    // A later retry with the key answers the same purchase.
    const retry = await owner.post('/v1/bucket/purchase', {
      productId: 'starter',
      idempotencyKey: purchaseKey,
    });
    expect(retry.json.data).toMatchObject({ replayed: true, invoice: { id: invoice.id } });
    const reused = await owner.post('/v1/bucket/purchase', {
      productId: 'business',
      idempotencyKey: purchaseKey,
    });
    expect(reused.statusCode).toBe(409);
  });

  it('numbers invoices in sequence per organisation', async () => {
    const first = await owner.post('/v1/bucket/purchase', { productId: 'starter', idempotencyKey: key() });
    const second = await owner.post('/v1/bucket/purchase', { productId: 'starter', idempotencyKey: key() });
    const n = (answer: typeof first) => Number(answer.json.data.invoice.number.replace('INV-', ''));
    expect(n(second)).toBe(n(first) + 1);
  });

  it('a declined charge leaves no invoice paid, no bucket credited, and answers the same on a retry', async () => {
    const added = await otherOwner.post('/v1/card', card(TEST_CARDS.chargeDeclined));
    expect(added.json.data.card.primary).toBe(true);
    const charges = provider.ledger.length;
    const purchaseKey = key();
    const refused = await otherOwner.post('/v1/bucket/purchase', {
      productId: 'business',
      idempotencyKey: purchaseKey,
    });
    expect(refused.statusCode).toBe(402);
    expect(refused.json.code).toBe('CARD_DECLINED_INSUFFICIENT_FUNDS');
    const again = await otherOwner.post('/v1/bucket/purchase', {
      productId: 'business',
      idempotencyKey: purchaseKey,
    });
    expect(again.json.code).toBe('CARD_DECLINED_INSUFFICIENT_FUNDS');
    expect(provider.ledger.length).toBe(charges);
    expect(await countRows(billingInvoices, otherOrgId)).toBe(0);
    expect(await countRows(billingBuckets, otherOrgId)).toBe(0);
    expect((await otherOwner.get('/v1/bill')).json.data).toMatchObject({ items: [], total: 0 });
  });

  it('a provider timeout charges nothing and frees the key for a retry', async () => {
    const timeout = await otherOwner.post('/v1/card', card(TEST_CARDS.chargeTimeout));
    await otherOwner.patch('/v1/primary', { cardId: timeout.json.data.card.id });
    const purchaseKey = key();
    const failed = await otherOwner.post('/v1/bucket/purchase', {
      productId: 'starter',
      idempotencyKey: purchaseKey,
    });
    expect(failed.statusCode).toBe(502);
    expect(failed.json.code).toBe('PAYMENT_UNAVAILABLE');
    const [row] = await app.database.db
      .select({ n: count() })
      .from(billingPurchases)
      .where(
        and(
          eq(billingPurchases.organizationId, otherOrgId),
          eq(billingPurchases.idempotencyKey, purchaseKey),
        ),
      );
    expect(Number(row.n)).toBe(0);
    expect(await countRows(billingInvoices, otherOrgId)).toBe(0);
  });
});

describe('invoices', () => {
  it('lists them newest first, paged from offset 1, filtered by status and date', async () => {
    const page = await owner.get('/v1/bill?offset=1&limit=2');
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json.data.items).toHaveLength(2);
    expect(page.json.data.total).toBeGreaterThan(5);
    const [a, b] = page.json.data.items;
    expect(a.date >= b.date).toBe(true);
    const refunded = await owner.get('/v1/bill?status=refunded');
    expect(refunded.json.data.items.map((i: { status: string }) => i.status)).toEqual(['refunded']);
    const tooOld = await owner.get('/v1/bill?fromDate=2029-09-01');
    expect(tooOld.statusCode).toBe(400);
    expect(tooOld.json.errors[0]).toEqual({
      field: 'fromDate',
      msg: 'Dates must be within the last 89 days',
    });
    const today = await owner.get('/v1/bill?fromDate=2030-01-15&toDate=2030-01-15');
    expect(today.json.data.items.every((i: { date: string }) => i.date.startsWith('2030-01-1'))).toBe(true);
    expect(today.json.data.total).toBeGreaterThanOrEqual(3);
  });

  it('renders a PDF whose text shows the number, the total and the GST', async () => {
    // The Starter bucket bought above: AUD 110.00 with AUD 10.00 of GST.
    const invoice = (await owner.get('/v1/bill?status=paid&limit=100')).json.data.items.find(
      (i: { amount: number; kind: string }) => i.amount === 11_000 && i.kind === 'invoice',
    );
    const answer = await owner.get(`/v1/bill/${invoice.id}/pdf`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json.data).toMatchObject({
      fileName: `${invoice.number}.pdf`,
      mediaType: 'application/pdf',
    });
    const bytes = Buffer.from(answer.json.data.content, 'base64');
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const parser = new PDFParse({ data: new Uint8Array(bytes) });
    const { text } = await parser.getText();
    await parser.destroy();
    expect(text).toContain(invoice.number);
    expect(text).toContain('Total');
    expect(text).toContain('$110.00');
    expect(text).toContain('GST included');
    expect(text).toContain('$10.00');
    expect(text).toContain('ABN 53 004 085 616');
    expect(text).toContain('Paid with Visa ending 4242');
  });
});

describe('who may do what', () => {
  const billing = (Object.values(endpoints) as Endpoint[]).filter(
    (e) => e.tag === 'Billing' && e.auth === 'session',
  );
  const sample = (e: Endpoint) =>
    endpointPath(e, Object.fromEntries([...e.path.matchAll(/:(\w+)/g)].map(([, n]) => [n, newId()])));

  it('every billing endpoint names billing.view for reads and billing.manage for writes', () => {
    expect(billing.length).toBeGreaterThanOrEqual(16);
    for (const e of billing)
      expect(e.permission, `${e.method} ${e.path}`).toBe(
        e.method === 'GET' ? 'billing.view' : 'billing.manage',
      );
  });

  it('a member without billing.manage gets 403 on every write, and without billing.view on every read', async () => {
    for (const e of billing) {
      const answer = await call(app, {
        method: e.method,
        url: sample(e),
        token: memberToken,
        body: e.method === 'GET' || e.method === 'DELETE' ? undefined : {},
      });
      expect(answer.statusCode, `${e.method} ${e.path}: ${answer.body}`).toBe(403);
    }
  });

  it("another organisation's invoice, card or bucket answers 404, and its lists show none of it", async () => {
    const [acmeInvoice] = (await owner.get('/v1/bill')).json.data.items;
    const [acmeCard] = (await owner.get('/v1/card')).json.data.cards;
    expect((await otherOwner.get(`/v1/bill/${acmeInvoice.id}/pdf`)).statusCode).toBe(404);
    expect((await otherOwner.delete(`/v1/card/${acmeCard.id}`)).statusCode).toBe(404);
    expect((await otherOwner.patch('/v1/primary', { cardId: acmeCard.id })).statusCode).toBe(404);
    expect((await otherOwner.patch('/v1/verify/initiate', { cardId: acmeCard.id })).statusCode).toBe(404);
    expect((await otherOwner.patch('/v1/verify', { cardId: acmeCard.id, amount: 10 })).statusCode).toBe(404);
    const ids = (answer: Awaited<ReturnType<typeof otherOwner.get>>, list: string) =>
      (answer.json.data[list] as { id: string }[]).map((row) => row.id);
    expect(ids(await otherOwner.get('/v1/bill'), 'items')).not.toContain(acmeInvoice.id);
    expect(ids(await otherOwner.get('/v1/card'), 'cards')).not.toContain(acmeCard.id);
    expect((await otherOwner.get('/v1/contract')).json.data.total).toBe(0);
    expect((await otherOwner.get('/v1/bucket/subscription/history')).json.data.total).toBe(0);
    // The card is still Acme's.
    expect(ids(await owner.get('/v1/card'), 'cards')).toContain(acmeCard.id);
  });

  it('the endpoints are in /v1/openapi.json under Billing', async () => {
    const doc = (await call(app, { url: '/v1/openapi.json' })).json;
    for (const e of [...billing, endpoints.recordUsage as Endpoint]) {
      const operation = doc.paths[e.path.replace(/:(\w+)/g, '{$1}')]?.[e.method.toLowerCase()];
      expect(operation?.tags, `${e.method} ${e.path}`).toEqual(['Billing']);
    }
  });
});

describe('the last usable card', () => {
  it('cannot be removed while pay-as-you-go or auto-renewal is on', async () => {
    const added = await otherOwner.post('/v1/card', card(TEST_CARDS.success));
    const cards = (await otherOwner.get('/v1/card')).json.data.cards as { id: string; last4: string }[];
    // Initech keeps only the good Visa.
    for (const c of cards.filter((c) => c.id !== added.json.data.card.id))
      expect((await otherOwner.delete(`/v1/card/${c.id}`)).statusCode).toBe(200);
    await otherOwner.patch('/v1/primary', { cardId: added.json.data.card.id });
    expect((await otherOwner.patch('/v1/payasyougo/activate', { cap: 20000 })).statusCode).toBe(200);
    const refused = await otherOwner.delete(`/v1/card/${added.json.data.card.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json.code).toBe('LAST_USABLE_CARD');
    expect(
      (await otherOwner.post('/v1/payasyougo/manage', { action: 'deactivate' })).json.data.payAsYouGo.active,
    ).toBe(false);
  });
});

describe('pay-as-you-go and usage', () => {
  const usage = (units: number, eventId = newId(), credential: string = DEMO_APP_CREDENTIAL.header) =>
    call(app, { url: '/v1/usage', body: { eventId, units }, headers: { 'x-app-credential': credential } });

  it('refuses a wrong app credential', async () => {
    expect((await usage(1, newId(), `${DEMO_APP_CREDENTIAL.id}.wrong`)).statusCode).toBe(401);
    expect((await usage(1, newId(), 'nothing')).statusCode).toBe(401);
  });

  it('takes units from the buckets first, then pay-as-you-go; mails at 80 % and 100 % of the cap; bills the month at its end, capped, once', async () => {
    const cap = await owner.post('/v1/payasyougo/manage', { action: 'setCap', cap: 100_000 });
    expect(cap.json.data.payAsYouGo).toMatchObject({ active: true, cap: 100_000 });
    const before = (await owner.get('/v1/payasyougo')).json.data.payAsYouGo;
    const remaining = (
      (await owner.get('/v1/bucket/subscription/history?limit=100')).json.data.items as {
        status: string;
        unitsRemaining: number;
      }[]
    )
      .filter((b) => b.status === 'current')
      .reduce((sum, b) => sum + b.unitsRemaining, 0);
    expect(remaining).toBeGreaterThan(0);

    // 80 %: 100,000 × 0.8 = 80,000 cents = 5,334 units at 15 cents, beyond what the buckets hold.
    const eventId = newId();
    const first = await usage(remaining + 5_400, eventId);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json.data).toEqual({ fromBucket: remaining, payAsYouGo: 5_400, counted: true });
    expect((await usage(remaining + 5_400, eventId)).json.data.counted).toBe(false);
    expect(await mailsTo('demo@example.com', 'Pay-as-you-go: 80 % of your monthly cap used', 1)).toHaveLength(
      1,
    );

    await usage(2_000);
    expect(
      await mailsTo('demo@example.com', 'Pay-as-you-go: 100 % of your monthly cap used', 1),
    ).toHaveLength(1);
    expect(await mailsTo('demo@example.com', 'Pay-as-you-go: 80 % of your monthly cap used', 1)).toHaveLength(
      1,
    );
    const now = (await owner.get('/v1/payasyougo')).json.data.payAsYouGo;
    expect(now.unitsThisMonth).toBe(before.unitsThisMonth + 7_400);
    expect(now.amountThisMonth).toBe(100_000);

    // Month end, with a fake clock: January (Sydney) is billed in February, capped, once.
    const payAsYouGo = new PayAsYouGoService(jobDeps());
    await payAsYouGo.billEndedMonths(clock.now(), quiet);
    expect(
      (await owner.get('/v1/bill?limit=100')).json.data.items.filter((i: { description: string }) =>
        i.description.includes('2030-01'),
      ),
    ).toHaveLength(0);
    clock.advance(20 * DAY_MS);
    await signInAgain();
    await payAsYouGo.billEndedMonths(clock.now(), quiet);
    await payAsYouGo.billEndedMonths(clock.now(), quiet);
    const january = (await owner.get('/v1/bill?limit=100')).json.data.items.filter(
      (i: { description: string }) => i.description.includes('2030-01'),
    );
    expect(january).toHaveLength(1);
    expect(january[0]).toMatchObject({
      status: 'paid',
      amount: 100_000,
      gst: 9_091,
      card: { last4: '4242' },
    });
    expect(january[0].lines[0]).toMatchObject({ quantity: before.unitsThisMonth + 7_400, unitAmount: 15 });
  });

  it('refuses usage the buckets cannot cover while pay-as-you-go is off, storing nothing', async () => {
    await owner.post('/v1/payasyougo/manage', { action: 'deactivate' });
    const refused = await usage(1_000_001);
    expect(refused.statusCode).toBe(400);
    const uncovered = await usage(1_000_000);
    expect(uncovered.statusCode).toBe(402);
    expect(uncovered.json.code).toBe('USAGE_NOT_COVERED');
    expect((await owner.patch('/v1/payasyougo/activate', { cap: 50_000 })).json.data.payAsYouGo.active).toBe(
      true,
    );
  });
});

describe('auto-renewal', () => {
  it('renews an ended bucket on the primary card once, with its invoice, without a gap', async () => {
    const subscriptions = new SubscriptionService(jobDeps());
    const [latest] = (await owner.get('/v1/bucket/subscription/history')).json.data.items;
    const invoices = await countRows(billingInvoices, DEMO_IDS.acme);
    clock.advance(new Date(latest.periodEnd).getTime() - clock.now().getTime() + 60_000);
    await signInAgain();
    await subscriptions.renewDue(clock.now(), quiet);
    await subscriptions.renewDue(clock.now(), quiet);
    const history = (await owner.get('/v1/bucket/subscription/history')).json.data;
    expect(history.items[0]).toMatchObject({
      productId: latest.productId,
      periodStart: latest.periodEnd,
      status: 'current',
    });
    expect(history.subscription.renewalDate).toBe(history.items[0].periodEnd);
    expect(await countRows(billingInvoices, DEMO_IDS.acme)).toBe(invoices + 1);
  });

  it('a renewal whose charge went through with its answer lost is asked again under the same key: one charge', async () => {
    const db = app.database.db;
    const [latest] = (await owner.get('/v1/bucket/subscription/history')).json.data.items;
    clock.advance(new Date(latest.periodEnd).getTime() - clock.now().getTime() + 60_000);
    await signInAgain();
    // The provider charges, but both answers of the first run are lost (a timeout after the charge).
    const processor = new TestPaymentProvider(1);
    let answersToLose = 2;
    const losingAnswers: BillingDeps['provider'] = Object.assign(Object.create(processor), {
      charge: async (request: Parameters<TestPaymentProvider['charge']>[0]) => {
        const charge = await processor.charge(request);
        if (answersToLose-- > 0) throw new PaymentUnavailable('answer lost');
        return charge;
      },
    });
    const subscriptions = new SubscriptionService({ ...jobDeps(), provider: losingAnswers });
    const mailsBefore = (await mailbox(app, 'demo@example.com')).length;
    const errors: unknown[] = [];
    await subscriptions.renewDue(clock.now(), { error: (...args: unknown[]) => errors.push(args) });
    expect(errors).toHaveLength(1);
    const [account] = await db
      .select()
      .from(billingAccounts)
      .where(eq(billingAccounts.organizationId, DEMO_IDS.acme));
    // Not the owner's card failing: not counted, not mailed.
    expect(account.renewalFailures).toBe(0);
    expect((await mailbox(app, 'demo@example.com')).length).toBe(mailsBefore);

    clock.advance(3600_000);
    await signInAgain();
    await subscriptions.renewDue(clock.now(), quiet);
    expect(new Set(processor.ledger.map((entry) => entry.chargeId)).size).toBe(1);
    const history = (await owner.get('/v1/bucket/subscription/history')).json.data;
    expect(history.items[0]).toMatchObject({ periodStart: latest.periodEnd, status: 'current' });
  });

  it('a failed renewal mails the owner, retries on the documented days, then turns auto-renew off', async () => {
    const db = app.database.db;
    // Initech: a card whose charges are declined, and a bucket that ends now.
    const declinedCard = await otherOwner.post('/v1/card', card(TEST_CARDS.chargeDeclined));
    await otherOwner.patch('/v1/primary', { cardId: declinedCard.json.data.card.id });
    await db.insert(billingBuckets).values({
      id: newId(),
      organizationId: otherOrgId,
      productId: 'starter',
      name: 'Starter bucket',
      unitsBought: 1000,
      periodStart: new Date(clock.now().getTime() - 30 * DAY_MS),
      periodEnd: clock.now(),
      createdAt: clock.now(),
    });
    expect(
      (await otherOwner.patch('/v1/bucket/renewal', { autoRenew: true })).json.data.subscription.autoRenew,
    ).toBe(true);
    const subscriptions = new SubscriptionService(jobDeps());
    for (const days of RENEWAL_RETRY_DAYS) {
      await subscriptions.renewDue(clock.now(), quiet);
      const [account] = await db
        .select()
        .from(billingAccounts)
        .where(eq(billingAccounts.organizationId, otherOrgId));
      expect(account.nextRenewalAttemptAt?.getTime()).toBe(clock.now().getTime() + days * DAY_MS);
      // Not retried before its day.
      await subscriptions.renewDue(clock.now(), quiet);
      clock.advance(days * DAY_MS);
    }
    await subscriptions.renewDue(clock.now(), quiet);
    await signInAgain();
    const subscription = (await otherOwner.get('/v1/bucket/subscription/history')).json.data.subscription;
    expect(subscription).toMatchObject({ autoRenew: false, renewalFailures: 0, nextRetryAt: null });
    const mails = await mailsTo(
      'dave@example.com',
      'Your subscription renewal failed',
      RENEWAL_RETRY_DAYS.length + 1,
    );
    expect(mails).toHaveLength(RENEWAL_RETRY_DAYS.length + 1);
    expect(mails.some((m) => m.text.includes('insufficient funds'))).toBe(true);
    expect(await countRows(billingInvoices, otherOrgId)).toBe(0);
  });
});

describe('audit trail', () => {
  it('recorded every kind of billing change made above, with no card number or token', async () => {
    const rows = await app.database.db
      .select({ event: activityLogs.eventType, details: activityLogs.details })
      .from(activityLogs)
      .where(like(activityLogs.eventType, 'billing.%'));
    expect(new Set(rows.map((row) => row.event))).toEqual(
      new Set([
        'billing.card-added',
        'billing.card-declined',
        'billing.card-removed',
        'billing.card-primary',
        'billing.card-verification-started',
        'billing.card-verification-failed',
        'billing.card-verified',
        'billing.purchase',
        'billing.purchase-declined',
        'billing.renewal-changed',
        'billing.renewed',
        'billing.renewal-failed',
        'billing.payg-activated',
        'billing.payg-cap-changed',
        'billing.payg-deactivated',
        'billing.payg-invoiced',
        'billing.payg-threshold',
      ]),
    );
    const stored = JSON.stringify(rows);
    for (const number of Object.values(TEST_CARDS)) expect(stored).not.toContain(number);
    expect(stored).not.toContain('tok_test_');
  });
});
