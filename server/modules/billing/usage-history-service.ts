import { and, eq, gt, gte, lte, sum } from 'drizzle-orm';
import { CHART_SPANS, type UsageHistoryData } from '../../../contract/v1/charts';
import type { AuthContext } from '../sessions/session-service';
import { monthOf, organizationInfo, type BillingDeps } from './billing-shared';
import { orgOf } from './card-service';
import { billingBuckets, billingUsage } from './schema';

/** `YYYY-MM` of the month `back` months before `month`. */
export function monthsBefore(month: string, back: number): string {
  const [year, m] = month.split('-').map(Number);
  const index = year * 12 + (m - 1) - back;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/**
 * What the subscription page's meters and usage chart draw (docs/charts.md): the units the apps reported per
 * calendar month of the organisation (the last CHART_SPANS.usageMonths, this one last; a month without usage is a
 * zero), split as they were billed, and the buckets running now.
 */
export class UsageHistoryService {
  constructor(private readonly s: Pick<BillingDeps, 'db' | 'clock'>) {}

  async read(auth: AuthContext): Promise<UsageHistoryData> {
    const organizationId = orgOf(auth);
    const now = this.s.clock.now();
    const info = await organizationInfo(this.s.db, organizationId);
    const thisMonth = monthOf(now, info?.timeZone ?? 'UTC');
    const months = Array.from({ length: CHART_SPANS.usageMonths }, (_, i) =>
      monthsBefore(thisMonth, CHART_SPANS.usageMonths - 1 - i),
    );
    // `month` is `YYYY-MM`, so text order is time order.
    const used = await this.s.db
      .select({
        month: billingUsage.month,
        fromBucket: sum(billingUsage.fromBucket),
        payAsYouGo: sum(billingUsage.paygUnits),
      })
      .from(billingUsage)
      .where(and(eq(billingUsage.organizationId, organizationId), gte(billingUsage.month, months[0])))
      .groupBy(billingUsage.month);
    const byMonth = new Map(used.map((row) => [row.month, row]));

    const running = await this.s.db
      .select()
      .from(billingBuckets)
      .where(
        and(
          eq(billingBuckets.organizationId, organizationId),
          lte(billingBuckets.periodStart, now),
          gt(billingBuckets.periodEnd, now),
        ),
      );
    return {
      months: months.map((month) => ({
        month,
        // sum() is a string on pg and PGlite alike (numeric), null for no rows.
        fromBucket: Number(byMonth.get(month)?.fromBucket ?? 0),
        payAsYouGo: Number(byMonth.get(month)?.payAsYouGo ?? 0),
      })),
      currentBucket:
        running.length === 0
          ? null
          : {
              unitsBought: running.reduce((total, row) => total + row.unitsBought, 0),
              unitsUsed: running.reduce((total, row) => total + row.unitsUsed, 0),
              periodEnd: new Date(Math.max(...running.map((row) => row.periodEnd.getTime()))).toISOString(),
            },
    };
  }
}
