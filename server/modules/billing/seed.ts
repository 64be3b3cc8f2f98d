import { TEST_CARDS } from '../../../contract/v1/billing-test-cards';
import { DEFAULT_CURRENCY, gstIncluded } from '../../../contract/v1/billing-rules';
import type { DemoSeed } from '../../seed/demo-seed';
import { newId, sha256 } from '../../security/random';
import { DEMO_IDS } from '../organizations/seed';
import { addMonths, monthOf } from './billing-shared';
import { CATALOGUE, PAYG_UNIT_PRICE } from './catalogue';
import { monthBounds } from './pay-as-you-go-service';
import { monthsBefore } from './usage-history-service';
import {
  billingAccounts,
  billingAppCredentials,
  billingBuckets,
  billingCards,
  billingContracts,
  billingInvoices,
  billingUsage,
} from './schema';

const DAY_MS = 24 * 3600_000;
/** Acme's time zone (the organisations' default). */
export const DEMO_ZONE = 'Australia/Sydney';

/** The demo app credential of Acme for POST /v1/usage (server/README.md, docs/billing.md). */
export const DEMO_APP_CREDENTIAL = {
  id: '33333333-3333-4333-8333-000000000001',
  secret: 'demo-usage-secret',
  appKey: 'kreanoSign',
  header: '33333333-3333-4333-8333-000000000001.demo-usage-secret',
} as const;

/** Units the buckets covered in each of the last 12 months, oldest first (this month's so far last). */
const DEMO_BUCKET_USAGE = [610, 680, 650, 790, 740, 880, 930, 860, 1_020, 1_150, 1_210, 1_260] as const;

/**
 * Acme's billing history so the screens are not empty (docs/billing.md, "Demo data"): two cards, four monthly
 * buckets (the current one partly used) with their paid invoices, one refunded by a credit note, one failed
 * pay-as-you-go month, usage of the last 12 months, contracts, auto-renew and pay-as-you-go on. Other organisations
 * start with nothing. Demo tokens are the test provider's (`tok_test_ok_…`), so the cards can be charged.
 */
export const billingSeed: DemoSeed = {
  async run({ db, now }) {
    const organizationId = DEMO_IDS.acme;
    const starter = CATALOGUE.find((item) => item.id === 'starter')!;
    const business = CATALOGUE.find((item) => item.id === 'business')!;
    const visa = { brand: 'visa' as const, last4: TEST_CARDS.success.slice(-4) };
    await db.insert(billingCards).values([
      {
        id: newId(),
        organizationId,
        provider: 'test',
        providerToken: `tok_test_ok_${newId()}`,
        ...visa,
        expiryMonth: 12,
        expiryYear: now.getUTCFullYear() + 3,
        holderName: 'Demo Owner',
        primary: true,
        verified: true,
        createdAt: new Date(now.getTime() - 120 * DAY_MS),
      },
      {
        id: newId(),
        organizationId,
        provider: 'test',
        providerToken: `tok_test_ok_${newId()}`,
        brand: 'mastercard',
        last4: TEST_CARDS.successMastercard.slice(-4),
        expiryMonth: 6,
        expiryYear: now.getUTCFullYear() + 2,
        holderName: 'Alice Admin',
        primary: false,
        verified: true,
        createdAt: new Date(now.getTime() - 60 * DAY_MS),
      },
    ]);

    // Four monthly buckets, the last one current: each with its paid invoice.
    const firstStart = addMonths(now, -3);
    let seq = 0;
    const number = () => `INV-${String((seq += 1)).padStart(6, '0')}`;
    let previous: string | null = null;
    for (let i = 0; i < 4; i += 1) {
      const product = i < 2 ? starter : business;
      const periodStart = addMonths(firstStart, i);
      const periodEnd = addMonths(firstStart, i + 1);
      const invoiceId = newId();
      const bucketId = newId();
      const description = i === 0 ? product.name : `${product.name} (renewal)`;
      await db.insert(billingInvoices).values({
        id: invoiceId,
        organizationId,
        number: number(),
        kind: 'invoice',
        // The second one was refunded by the credit note below.
        status: i === 1 ? 'refunded' : 'paid',
        description,
        amount: product.price,
        gst: product.gst,
        currency: DEFAULT_CURRENCY,
        lines: [{ description, quantity: 1, unitAmount: product.price, amount: product.price }],
        ...{ cardBrand: visa.brand, cardLast4: visa.last4 },
        providerChargeId: `ch_test_demo_${i}`,
        issuedAt: new Date(periodStart.getTime() - 60_000),
      });
      await db.insert(billingBuckets).values({
        id: bucketId,
        organizationId,
        productId: product.id,
        name: product.name,
        unitsBought: product.units,
        unitsUsed: i < 3 ? product.units - 40 * (i + 1) : 1_260,
        periodStart,
        periodEnd,
        invoiceId,
        renewalOf: previous,
        createdAt: periodStart,
      });
      previous = bucketId;
      if (i === 1) {
        await db.insert(billingInvoices).values({
          id: newId(),
          organizationId,
          number: 'CN-000001',
          kind: 'creditNote',
          status: 'paid',
          description: `Refund of ${product.name}`,
          amount: -product.price,
          gst: -product.gst,
          currency: DEFAULT_CURRENCY,
          lines: [
            {
              description: `Refund of ${product.name}`,
              quantity: 1,
              unitAmount: -product.price,
              amount: -product.price,
            },
          ],
          cardBrand: visa.brand,
          cardLast4: visa.last4,
          creditFor: invoiceId,
          issuedAt: new Date(periodStart.getTime() + 3 * DAY_MS),
        });
      }
      // Pay-as-you-go beyond the bucket in the two calendar months before this one, both over and billed when they
      // ended: one paid, one failed (card declined). Calendar months, not the buckets' periods, which start on any
      // day: a period that began last month mostly lies in this one, whose bill is not due yet.
      if (i === 1 || i === 2) {
        const units = i === 1 ? 320 : 180;
        const amount = units * PAYG_UNIT_PRICE;
        const month = monthsBefore(monthOf(now, DEMO_ZONE), 3 - i);
        const { start, end: issuedAt } = monthBounds(month, DEMO_ZONE);
        const recordedAt = new Date(start.getTime() + 5 * DAY_MS);
        const paygDescription = `Pay-as-you-go usage ${month}`;
        await db.insert(billingUsage).values({
          id: newId(),
          organizationId,
          appKey: DEMO_APP_CREDENTIAL.appKey,
          eventId: `demo-${month}`,
          units,
          fromBucket: 0,
          paygUnits: units,
          month,
          recordedAt,
        });
        await db.insert(billingInvoices).values({
          id: newId(),
          organizationId,
          number: number(),
          kind: 'invoice',
          status: i === 1 ? 'paid' : 'failed',
          description: paygDescription,
          amount,
          gst: gstIncluded(amount),
          currency: DEFAULT_CURRENCY,
          lines: [{ description: paygDescription, quantity: units, unitAmount: PAYG_UNIT_PRICE, amount }],
          cardBrand: visa.brand,
          cardLast4: visa.last4,
          paygMonth: month,
          issuedAt,
        });
      }
    }

    // This month's pay-as-you-go so far, billed when the month ends.
    await db.insert(billingUsage).values({
      id: newId(),
      organizationId,
      appKey: DEMO_APP_CREDENTIAL.appKey,
      eventId: 'demo-current-month',
      units: 120,
      fromBucket: 0,
      paygUnits: 120,
      month: monthOf(now, DEMO_ZONE),
      recordedAt: now,
    });

    // A year of usage the buckets covered, growing with the business, so the usage chart has a history to show.
    const thisMonth = monthOf(now, DEMO_ZONE);
    await db.insert(billingUsage).values(
      DEMO_BUCKET_USAGE.map((units, i) => {
        const month = monthsBefore(thisMonth, DEMO_BUCKET_USAGE.length - 1 - i);
        return {
          id: newId(),
          organizationId,
          appKey: DEMO_APP_CREDENTIAL.appKey,
          eventId: `demo-bucket-${month}`,
          units,
          fromBucket: units,
          paygUnits: 0,
          month,
          recordedAt: month === thisMonth ? now : monthBounds(month, DEMO_ZONE).start,
        };
      }),
    );

    await db.insert(billingAccounts).values({
      organizationId,
      currency: DEFAULT_CURRENCY,
      abn: '53 004 085 616',
      invoiceSeq: seq,
      creditNoteSeq: 1,
      autoRenew: true,
      paygActive: true,
      paygCap: 50_000,
      updatedAt: now,
    });

    const day = (offsetDays: number) =>
      new Date(now.getTime() + offsetDays * DAY_MS).toISOString().slice(0, 10);
    await db.insert(billingContracts).values([
      {
        id: newId(),
        organizationId,
        name: 'Kreano Sign annual commitment',
        startDate: day(-300),
        endDate: day(65),
        committedUnits: 12_000,
        price: 1_188_000,
        currency: DEFAULT_CURRENCY,
        documentUrl: 'https://sign.kreano.example/documents/acme-annual-commitment.pdf',
        createdAt: now,
      },
      {
        id: newId(),
        organizationId,
        name: 'Kreano Redact pilot',
        startDate: day(-500),
        endDate: day(-320),
        committedUnits: 2_000,
        price: 198_000,
        currency: DEFAULT_CURRENCY,
        documentUrl: null,
        createdAt: now,
      },
      {
        id: newId(),
        organizationId,
        name: 'Kreano Extract expansion',
        startDate: day(66),
        endDate: day(430),
        committedUnits: 24_000,
        price: 2_160_000,
        currency: DEFAULT_CURRENCY,
        documentUrl: null,
        createdAt: now,
      },
    ]);

    await db.insert(billingAppCredentials).values({
      id: DEMO_APP_CREDENTIAL.id,
      organizationId,
      appKey: DEMO_APP_CREDENTIAL.appKey,
      secretHash: sha256(DEMO_APP_CREDENTIAL.secret),
      createdAt: now,
    });
  },
  summary: () =>
    `Billing: Acme has cards, invoices and buckets; test card numbers in docs/billing.md; usage credential ${DEMO_APP_CREDENTIAL.header}`,
};
