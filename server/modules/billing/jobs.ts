import type { Logger } from '../../mail/mailer';
import type { ScheduledJob } from '../scheduler/scheduler';
import type { BillingDeps } from './billing-shared';
import { PayAsYouGoService } from './pay-as-you-go-service';
import { SubscriptionService } from './subscription-service';

const HOUR_MS = 3600_000;

export const BILLING_JOB_NAMES = { renewal: 'billing-renewal', monthEnd: 'billing-payg-month-end' } as const;

/**
 * The billing jobs, run by the scheduler module's Scheduler (one instance per run across servers):
 * hourly renewals of ended buckets with auto-renew on (and their retries), and hourly month-end pay-as-you-go
 * invoicing (hourly because each organisation's month ends at its own midnight).
 */
export function billingJobs(deps: BillingDeps, log: Logger): ScheduledJob[] {
  const subscriptions = new SubscriptionService(deps);
  const payAsYouGo = new PayAsYouGoService(deps);
  return [
    {
      name: BILLING_JOB_NAMES.renewal,
      pattern: '5 * * * *',
      leaseMs: HOUR_MS,
      run: (now) => subscriptions.renewDue(now, log),
    },
    {
      name: BILLING_JOB_NAMES.monthEnd,
      pattern: '20 * * * *',
      leaseMs: HOUR_MS,
      run: (now) => payAsYouGo.billEndedMonths(now, log),
    },
  ];
}
