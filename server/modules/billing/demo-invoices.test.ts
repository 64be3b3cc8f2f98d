import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetDatabase, seedDemoData } from '../../seed/demo-data';
import type { App } from '../../http/types';
import { createTestApp } from '../../test/test-app';
import { monthOf } from './billing-shared';
import { billingInvoices } from './schema';
import { DEMO_ZONE } from './seed';
import { monthsBefore } from './usage-history-service';

let app: App;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

/**
 * The demo's billing history as a visitor reads it, whatever day the demo is seeded on: a bill is never dated after
 * today, and last month's pay-as-you-go bill is the failed one (issue #39, "the failed invoice dated in the future").
 */
describe('the demo billing history', () => {
  // The first and last days of a month, and a day mid-month, where a bucket's period and the calendar disagree most.
  it.each(['2026-11-29T10:00:00Z', '2026-12-01T01:00:00Z', '2027-03-15T12:00:00Z', '2027-01-31T22:00:00Z'])(
    'seeded on %s: no bill from the future, and last month over pay-as-you-go failed',
    async (day) => {
      const now = new Date(day);
      const { db, hasher } = app.services;
      await resetDatabase(db);
      await seedDemoData(db, hasher, now);
      const invoices = await db.select().from(billingInvoices);

      expect(invoices.filter((invoice) => invoice.issuedAt > now).map((invoice) => invoice.number)).toEqual(
        [],
      );
      const thisMonth = monthOf(now, DEMO_ZONE);
      const payg = invoices
        .filter((invoice) => invoice.paygMonth !== null)
        .map((invoice) => [invoice.paygMonth, invoice.status]);
      expect(payg).toEqual(
        expect.arrayContaining([
          [monthsBefore(thisMonth, 1), 'failed'],
          [monthsBefore(thisMonth, 2), 'paid'],
        ]),
      );
    },
  );
});
