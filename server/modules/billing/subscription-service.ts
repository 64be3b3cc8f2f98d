import { and, count, desc, eq, inArray, isNull, lte, or } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type {
  ContractListData,
  ContractListQuery,
  Subscription,
  SubscriptionHistoryData,
  SubscriptionHistoryQuery,
} from '../../../contract/v1/billing';
import { BILLING_LIMITS } from '../../../contract/v1/billing-rules';
import { badRequest } from '../../http/errors';
import type { Logger } from '../../mail/mailer';
import { newId } from '../../security/random';
import { today } from '../organization-members/days';
import type { AuthContext } from '../sessions/session-service';
import {
  BILLING_MESSAGES,
  addMonths,
  ensureAccount,
  nextDocumentNumber,
  organizationInfo,
  yearMonthOf,
  type BillingDeps,
} from './billing-shared';
import { ownerLanguage, ownerMail } from './billing-mail';
import { orgOf } from './card-service';
import { findProduct } from './catalogue';
import { PaymentDeclined } from './payment-provider';
import { bucketsOf, chargeableCard, chargeReconciled, toBucket, type BucketRow } from './purchase-service';
import { billingAccounts, billingBuckets, billingContracts, billingInvoices } from './schema';

/**
 * After a failed renewal the scheduler tries again this many days after the failure, one entry per retry; when the
 * last retry fails, auto-renewal turns off. Each failure mails the owner (docs/billing.md, "Renewal").
 */
export const RENEWAL_RETRY_DAYS = [1, 3, 7] as const;
const DAY_MS = 24 * 3600_000;

/** Contracts, subscription buckets and their renewal. */
export class SubscriptionService {
  constructor(private readonly s: BillingDeps) {}

  async contracts(auth: AuthContext, query: ContractListQuery): Promise<ContractListData> {
    const organizationId = orgOf(auth);
    const offset = query.offset ?? 1;
    const limit = query.limit ?? BILLING_LIMITS.pageSizeDefault;
    const where = eq(billingContracts.organizationId, organizationId);
    const [{ n }] = await this.s.db.select({ n: count() }).from(billingContracts).where(where);
    const rows = await this.s.db
      .select()
      .from(billingContracts)
      .where(where)
      .orderBy(desc(billingContracts.startDate))
      .limit(limit)
      .offset((offset - 1) * limit);
    const info = await organizationInfo(this.s.db, organizationId);
    const day = new Date(today(this.s.clock.now(), info?.timeZone ?? 'UTC')).toISOString().slice(0, 10);
    return {
      items: rows.map((row) => ({
        id: row.id,
        name: row.name,
        startDate: row.startDate,
        endDate: row.endDate,
        committedUnits: row.committedUnits,
        price: row.price,
        currency: row.currency,
        status: day < row.startDate ? 'upcoming' : day > row.endDate ? 'ended' : 'active',
        documentUrl: row.documentUrl,
      })),
      total: Number(n),
      offset,
      limit,
    };
  }

  async subscription(organizationId: string): Promise<Subscription> {
    const account = await ensureAccount(this.s.db, organizationId, this.s.clock.now());
    const [latest] = await bucketsOf(this.s.db, organizationId);
    return {
      autoRenew: account.autoRenew,
      productId: latest?.productId ?? null,
      renewalDate: latest ? latest.periodEnd.toISOString() : null,
      renewalFailures: account.renewalFailures,
      nextRetryAt: account.nextRenewalAttemptAt?.toISOString() ?? null,
    };
  }

  async history(auth: AuthContext, query: SubscriptionHistoryQuery): Promise<SubscriptionHistoryData> {
    const organizationId = orgOf(auth);
    const offset = query.offset ?? 1;
    const limit = query.limit ?? BILLING_LIMITS.pageSizeDefault;
    const all = await bucketsOf(this.s.db, organizationId);
    const page = all.slice((offset - 1) * limit, offset * limit);
    const invoiceIds = page.map((row) => row.invoiceId).filter((id): id is string => id !== null);
    const numbers = new Map(
      invoiceIds.length === 0
        ? []
        : (
            await this.s.db
              .select({ id: billingInvoices.id, number: billingInvoices.number })
              .from(billingInvoices)
              .where(inArray(billingInvoices.id, invoiceIds))
          ).map((row) => [row.id, row.number]),
    );
    const now = this.s.clock.now();
    return {
      subscription: await this.subscription(organizationId),
      items: page.map((row) =>
        toBucket(row, now, row.invoiceId ? (numbers.get(row.invoiceId) ?? null) : null),
      ),
      total: all.length,
      offset,
      limit,
    };
  }

  async setRenewal(auth: AuthContext, autoRenew: boolean, request: FastifyRequest): Promise<Subscription> {
    const organizationId = orgOf(auth);
    const now = this.s.clock.now();
    if (autoRenew) {
      const info = await organizationInfo(this.s.db, organizationId);
      if (!(await chargeableCard(this.s.db, organizationId, yearMonthOf(now, info?.timeZone ?? 'UTC'))))
        throw badRequest(BILLING_MESSAGES.noPrimaryCard, 'NO_PRIMARY_CARD');
    }
    await ensureAccount(this.s.db, organizationId, now);
    await this.s.db.transaction(async (tx) => {
      await tx
        .update(billingAccounts)
        .set({ autoRenew, renewalFailures: 0, nextRenewalAttemptAt: null, updatedAt: now })
        .where(eq(billingAccounts.organizationId, organizationId));
      await this.s.audit.record(
        request,
        {
          event: 'billing.renewal-changed',
          userId: auth.userId,
          organizationId,
          details: { enabled: autoRenew },
        },
        tx,
      );
    });
    return this.subscription(organizationId);
  }

  /**
   * The renewal job: every organisation with auto-renew on whose latest bucket has ended (and whose retry, after a
   * failure, is due) is charged for the same product on its primary card; the new bucket starts where the old one
   * ended. Two schedulers renewing the same bucket end with one bucket (unique `renewal_of`) and one charge (same
   * idempotency key).
   */
  async renewDue(now: Date, log: Logger): Promise<void> {
    const due = await this.s.db
      .select()
      .from(billingAccounts)
      .where(
        and(
          eq(billingAccounts.autoRenew, true),
          or(isNull(billingAccounts.nextRenewalAttemptAt), lte(billingAccounts.nextRenewalAttemptAt, now)),
        ),
      );
    for (const account of due) {
      const [latest] = await bucketsOf(this.s.db, account.organizationId);
      if (!latest || latest.periodEnd > now) continue;
      try {
        await this.renew(account, latest, now);
      } catch (error) {
        log.error(
          { organizationId: account.organizationId, err: (error as Error).name },
          'billing renewal failed',
        );
      }
    }
  }

  private async renew(account: typeof billingAccounts.$inferSelect, latest: BucketRow, now: Date) {
    const { organizationId } = account;
    const product = findProduct(latest.productId);
    const info = await organizationInfo(this.s.db, organizationId);
    if (!product || !info) return;
    const card = await chargeableCard(this.s.db, organizationId, yearMonthOf(now, info.timeZone));
    const language = ownerLanguage(this.s.i18n, info);
    let reason: string;
    if (!card) reason = this.s.i18n.t(BILLING_MESSAGES.noPrimaryCard, language);
    else {
      try {
        const charge = await chargeReconciled(
          this.s,
          card,
          product.price,
          account.currency,
          `renewal:${latest.id}:${account.renewalFailures}`,
          product.name,
        );
        await this.s.db.transaction(async (tx) => {
          const number = await nextDocumentNumber(tx, organizationId, 'invoice', now);
          const description = this.s.i18n.t('billing.invoice.renewalLine', 'en', { name: product.name });
          const invoiceId = newId();
          await tx.insert(billingInvoices).values({
            id: invoiceId,
            organizationId,
            number,
            kind: 'invoice',
            status: 'paid',
            description,
            amount: product.price,
            gst: product.gst,
            currency: account.currency,
            lines: [{ description, quantity: 1, unitAmount: product.price, amount: product.price }],
            cardBrand: card.brand,
            cardLast4: card.last4,
            providerChargeId: charge.chargeId,
            issuedAt: now,
          });
          // The renewal continues the subscription without a gap, even when a retry renewed it late.
          await tx.insert(billingBuckets).values({
            id: newId(),
            organizationId,
            productId: product.id,
            name: product.name,
            unitsBought: product.units,
            periodStart: latest.periodEnd,
            periodEnd: addMonths(latest.periodEnd, product.periodMonths),
            invoiceId,
            renewalOf: latest.id,
            createdAt: now,
          });
          await tx
            .update(billingAccounts)
            .set({ renewalFailures: 0, nextRenewalAttemptAt: null, updatedAt: now })
            .where(eq(billingAccounts.organizationId, organizationId));
          await this.s.audit.record(
            null,
            {
              event: 'billing.renewed',
              organizationId,
              details: { productId: product.id, invoice: number, last4: card.last4 },
            },
            tx,
          );
        });
        return;
      } catch (error) {
        // Only a decline counts as a failure of the owner's card. When the provider did not answer (twice), the
        // charge may have gone through with its answer lost: that is thrown and logged, nothing is counted or
        // mailed, and the next hourly run asks again under the same key, which the provider answers with the first
        // charge if there was one. A counted failure would move the key on and could charge a second time.
        if (!(error instanceof PaymentDeclined)) throw error;
        reason = this.s.i18n.t(`billing.declined.${error.reason}`, language);
      }
    }
    await this.recordFailure(account, info, product.name, reason, now);
  }

  private async recordFailure(
    account: typeof billingAccounts.$inferSelect,
    info: NonNullable<Awaited<ReturnType<typeof organizationInfo>>>,
    productName: string,
    reason: string,
    now: Date,
  ) {
    const failures = account.renewalFailures + 1;
    const retryDays = RENEWAL_RETRY_DAYS[failures - 1];
    const final = retryDays === undefined;
    const nextTry = final ? null : new Date(now.getTime() + retryDays * DAY_MS);
    const [updated] = await this.s.db
      .update(billingAccounts)
      .set(
        final
          ? { autoRenew: false, renewalFailures: 0, nextRenewalAttemptAt: null, updatedAt: now }
          : { renewalFailures: failures, nextRenewalAttemptAt: nextTry, updatedAt: now },
      )
      // Only if no other scheduler recorded this failure first.
      .where(
        and(
          eq(billingAccounts.organizationId, account.organizationId),
          eq(billingAccounts.renewalFailures, account.renewalFailures),
        ),
      )
      .returning();
    if (!updated) return;
    await this.s.audit.record(null, {
      event: 'billing.renewal-failed',
      organizationId: account.organizationId,
      details: { attempt: failures, final, nextRetryAt: nextTry?.toISOString() ?? null },
    });
    const language = ownerLanguage(this.s.i18n, info);
    const when = nextTry
      ? new Intl.DateTimeFormat(language === 'fr' ? 'fr-FR' : 'en-AU', {
          timeZone: info.timeZone,
          dateStyle: 'long',
        }).format(nextTry)
      : '';
    this.s.mailer.sendLater(
      ownerMail(
        this.s.i18n,
        info,
        {
          subject: 'billing.mail.renewalFailed.subject',
          body: final ? 'billing.mail.renewalFailed.finalBody' : 'billing.mail.renewalFailed.body',
          action: 'billing.mail.renewalFailed.action',
        },
        { product: productName, reason, nextTry: when, attempts: failures },
        this.s.links.resolve('/billing/payments'),
      ),
    );
  }
}
