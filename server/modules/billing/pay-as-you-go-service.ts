import { and, asc, eq, gt, lt, lte, sql, sum } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { ManagePayAsYouGoBody, PayAsYouGo, UsageBody } from '../../../contract/v1/billing';
import { gstIncluded } from '../../../contract/v1/billing-rules';
import { HttpError, badRequest, fieldError, unauthorized } from '../../http/errors';
import type { Logger } from '../../mail/mailer';
import { newId, safeEqual, sha256 } from '../../security/random';
import { parseDay, startOfDay } from '../organization-members/days';
import type { AuthContext } from '../sessions/session-service';
import {
  BILLING_MESSAGES,
  ensureAccount,
  monthOf,
  nextDocumentNumber,
  organizationInfo,
  yearMonthOf,
  type BillingDeps,
  type OrganizationInfo,
} from './billing-shared';
import { ownerLanguage, ownerMail } from './billing-mail';
import { orgOf } from './card-service';
import { PAYG_UNIT_PRICE } from './catalogue';
import { formatMoney } from './invoice-pdf';
import { PaymentDeclined, PaymentUnavailable } from './payment-provider';
import { chargeableCard, chargeReconciled } from './purchase-service';
import {
  billingAccounts,
  billingAppCredentials,
  billingBuckets,
  billingInvoices,
  billingUsage,
} from './schema';

/** The first instant of a `YYYY-MM` month in the zone, and of the month after. */
export function monthBounds(month: string, timeZone: string) {
  const [year, m] = month.split('-').map(Number);
  const next = m === 12 ? `${year + 1}-01` : `${year}-${String(m + 1).padStart(2, '0')}`;
  return {
    start: startOfDay(parseDay(`${month}-01`)!, timeZone),
    end: startOfDay(parseDay(`${next}-01`)!, timeZone),
  };
}

/** What the month's pay-as-you-go units cost, never more than the cap. */
export const paygAmount = (units: number, cap: number | null) =>
  Math.min(units * PAYG_UNIT_PRICE, cap ?? Number.MAX_SAFE_INTEGER);

/**
 * Pay-as-you-go (docs/billing.md): units beyond the buckets, billed at the end of each month of the organisation's
 * calendar up to the monthly cap, with mails to the owner at 80 % and 100 % of the cap; and the usage the apps
 * report (POST /v1/usage).
 */
export class PayAsYouGoService {
  constructor(private readonly s: BillingDeps) {}

  private async unitsIn(organizationId: string, month: string): Promise<number> {
    const [row] = await this.s.db
      .select({ units: sum(billingUsage.paygUnits) })
      .from(billingUsage)
      .where(and(eq(billingUsage.organizationId, organizationId), eq(billingUsage.month, month)));
    return Number(row?.units ?? 0);
  }

  async read(organizationId: string): Promise<PayAsYouGo> {
    const now = this.s.clock.now();
    const account = await ensureAccount(this.s.db, organizationId, now);
    const info = await organizationInfo(this.s.db, organizationId);
    const zone = info?.timeZone ?? 'UTC';
    const month = monthOf(now, zone);
    const units = await this.unitsIn(organizationId, month);
    const bounds = monthBounds(month, zone);
    return {
      active: account.paygActive,
      cap: account.paygCap,
      currency: account.currency,
      unitPrice: PAYG_UNIT_PRICE,
      unitsThisMonth: units,
      amountThisMonth: paygAmount(units, account.paygCap),
      periodStart: bounds.start.toISOString(),
      periodEnd: bounds.end.toISOString(),
    };
  }

  get(auth: AuthContext) {
    return this.read(orgOf(auth));
  }

  async activate(auth: AuthContext, cap: number, request: FastifyRequest): Promise<PayAsYouGo> {
    const organizationId = orgOf(auth);
    const now = this.s.clock.now();
    const info = await organizationInfo(this.s.db, organizationId);
    if (!(await chargeableCard(this.s.db, organizationId, yearMonthOf(now, info?.timeZone ?? 'UTC'))))
      throw badRequest(BILLING_MESSAGES.noPrimaryCard, 'NO_PRIMARY_CARD');
    await this.update(auth, { paygActive: true, paygCap: cap }, 'billing.payg-activated', { cap }, request);
    return this.read(organizationId);
  }

  async manage(auth: AuthContext, body: ManagePayAsYouGoBody, request: FastifyRequest): Promise<PayAsYouGo> {
    const organizationId = orgOf(auth);
    if (body.action === 'deactivate') {
      await this.update(auth, { paygActive: false }, 'billing.payg-deactivated', {}, request);
    } else {
      if (body.cap === undefined) throw fieldError('cap', BILLING_MESSAGES.capRequired, 'CAP_REQUIRED');
      await this.update(auth, { paygCap: body.cap }, 'billing.payg-cap-changed', { cap: body.cap }, request);
    }
    return this.read(organizationId);
  }

  private async update(
    auth: AuthContext,
    changes: Partial<typeof billingAccounts.$inferInsert>,
    event: 'billing.payg-activated' | 'billing.payg-deactivated' | 'billing.payg-cap-changed',
    details: Record<string, unknown>,
    request: FastifyRequest,
  ) {
    const organizationId = orgOf(auth);
    const now = this.s.clock.now();
    await ensureAccount(this.s.db, organizationId, now);
    await this.s.db.transaction(async (tx) => {
      await tx
        .update(billingAccounts)
        .set({ ...changes, updatedAt: now })
        .where(eq(billingAccounts.organizationId, organizationId));
      await this.s.audit.record(request, { event, userId: auth.userId, organizationId, details }, tx);
    });
  }

  /** The organisation and app an `x-app-credential` header (`<id>.<secret>`) stands for; 401 otherwise. */
  async credential(header: string | string[] | undefined) {
    const value = typeof header === 'string' ? header : '';
    const [id, secret] = value.split('.', 2);
    const refuse = () => unauthorized(BILLING_MESSAGES.credentialInvalid, 'APP_CREDENTIAL_INVALID');
    if (!id || !secret || id.length > 64 || secret.length > 256) throw refuse();
    const [row] = await this.s.db
      .select()
      .from(billingAppCredentials)
      .where(eq(billingAppCredentials.id, id));
    if (!row || row.revokedAt || !safeEqual(row.secretHash, sha256(secret))) throw refuse();
    return row;
  }

  /**
   * Records an app's usage: units come out of the current buckets first (the one ending soonest first), the rest is
   * pay-as-you-go when it is on; with it off, usage the buckets cannot cover is refused whole (402) and nothing is
   * stored. The same eventId counts once.
   */
  async record(header: string | string[] | undefined, body: UsageBody) {
    const credential = await this.credential(header);
    const { organizationId } = credential;
    const now = this.s.clock.now();
    const info = await organizationInfo(this.s.db, organizationId);
    const month = monthOf(now, info?.timeZone ?? 'UTC');
    const account = await ensureAccount(this.s.db, organizationId, now);
    const result = await this.s.db.transaction(async (tx) => {
      const [seen] = await tx
        .select()
        .from(billingUsage)
        .where(and(eq(billingUsage.organizationId, organizationId), eq(billingUsage.eventId, body.eventId)));
      if (seen) return { fromBucket: seen.fromBucket, payAsYouGo: seen.paygUnits, counted: false };
      const buckets = await tx
        .select()
        .from(billingBuckets)
        .where(
          and(
            eq(billingBuckets.organizationId, organizationId),
            lte(billingBuckets.periodStart, now),
            gt(billingBuckets.periodEnd, now),
            lt(billingBuckets.unitsUsed, billingBuckets.unitsBought),
          ),
        )
        .orderBy(asc(billingBuckets.periodEnd))
        .for('update');
      let left = body.units;
      for (const bucket of buckets) {
        if (left === 0) break;
        const take = Math.min(left, bucket.unitsBought - bucket.unitsUsed);
        await tx
          .update(billingBuckets)
          .set({ unitsUsed: sql`${billingBuckets.unitsUsed} + ${take}` })
          .where(eq(billingBuckets.id, bucket.id));
        left -= take;
      }
      if (left > 0 && !account.paygActive)
        throw new HttpError(402, BILLING_MESSAGES.usageNotCovered, 'USAGE_NOT_COVERED');
      await tx.insert(billingUsage).values({
        id: newId(),
        organizationId,
        appKey: credential.appKey,
        eventId: body.eventId,
        units: body.units,
        fromBucket: body.units - left,
        paygUnits: left,
        month,
        recordedAt: now,
      });
      return { fromBucket: body.units - left, payAsYouGo: left, counted: true };
    });
    if (result.counted && result.payAsYouGo > 0 && info) await this.notifyThresholds(info, month);
    return result;
  }

  /** Mails the owner once per month at 80 % and once at 100 % of the cap. */
  private async notifyThresholds(info: OrganizationInfo, month: string) {
    const account = await ensureAccount(this.s.db, info.id, this.s.clock.now());
    if (!account.paygCap) return;
    const amount = paygAmount(await this.unitsIn(info.id, month), account.paygCap);
    const percent = amount >= account.paygCap ? 100 : amount * 100 >= account.paygCap * 80 ? 80 : 0;
    if (percent === 0) return;
    const already = account.paygNotifiedMonth === month ? account.paygNotifiedPercent : 0;
    if (percent <= already) return;
    // Conditional on what was read, so two reports at once mail once.
    const [claimed] = await this.s.db
      .update(billingAccounts)
      .set({ paygNotifiedMonth: month, paygNotifiedPercent: percent })
      .where(
        and(
          eq(billingAccounts.organizationId, info.id),
          account.paygNotifiedMonth === null
            ? sql`${billingAccounts.paygNotifiedMonth} is null`
            : eq(billingAccounts.paygNotifiedMonth, account.paygNotifiedMonth),
          eq(billingAccounts.paygNotifiedPercent, account.paygNotifiedPercent),
        ),
      )
      .returning();
    if (!claimed) return;
    await this.s.audit.record(null, {
      event: 'billing.payg-threshold',
      organizationId: info.id,
      details: { percent, month },
    });
    const language = ownerLanguage(this.s.i18n, info);
    this.s.mailer.sendLater(
      ownerMail(
        this.s.i18n,
        info,
        {
          subject: 'billing.mail.payAsYouGoThreshold.subject',
          body:
            percent === 100
              ? 'billing.mail.payAsYouGoThreshold.reachedBody'
              : 'billing.mail.payAsYouGoThreshold.body',
          action: 'billing.mail.payAsYouGoThreshold.action',
        },
        {
          percent,
          amount: formatMoney(amount, account.currency, language),
          cap: formatMoney(account.paygCap, account.currency, language),
        },
        this.s.links.resolve('/billing/subscription'),
      ),
    );
  }

  /**
   * The month-end job: each organisation's pay-as-you-go units of every month that has ended (in its calendar) and
   * has no invoice yet are invoiced, capped, and charged to the primary card. The invoice is issued first (open),
   * so its month is billed once whatever happens next (unique month per organisation), then paid or failed.
   */
  async billEndedMonths(now: Date, log: Logger): Promise<void> {
    const pending = await this.s.db
      .selectDistinct({ organizationId: billingUsage.organizationId, month: billingUsage.month })
      .from(billingUsage)
      .where(gt(billingUsage.paygUnits, 0));
    for (const { organizationId, month } of pending) {
      const info = await organizationInfo(this.s.db, organizationId);
      if (!info || month >= monthOf(now, info.timeZone)) continue;
      try {
        await this.billMonth(info, month, now);
      } catch (error) {
        log.error(
          { organizationId, month, err: (error as Error).name },
          'billing pay-as-you-go month end failed',
        );
      }
    }
  }

  private async billMonth(info: OrganizationInfo, month: string, now: Date) {
    const [billed] = await this.s.db
      .select({ id: billingInvoices.id })
      .from(billingInvoices)
      .where(and(eq(billingInvoices.organizationId, info.id), eq(billingInvoices.paygMonth, month)));
    if (billed) return;
    const account = await ensureAccount(this.s.db, info.id, now);
    const units = await this.unitsIn(info.id, month);
    const amount = paygAmount(units, account.paygCap);
    if (amount <= 0) return;
    const card = await chargeableCard(this.s.db, info.id, yearMonthOf(now, info.timeZone));
    const description = this.s.i18n.t('billing.invoice.payAsYouGoLine', 'en', { month });
    const invoiceId = newId();
    const issued = await this.s.db
      .transaction(async (tx) => {
        const number = await nextDocumentNumber(tx, info.id, 'invoice', now);
        await tx.insert(billingInvoices).values({
          id: invoiceId,
          organizationId: info.id,
          number,
          kind: 'invoice',
          status: 'open',
          description,
          amount,
          gst: gstIncluded(amount),
          currency: account.currency,
          // Capped: the line shows the units at their price, the amount what is billed.
          lines: [{ description, quantity: units, unitAmount: PAYG_UNIT_PRICE, amount }],
          paygMonth: month,
          issuedAt: now,
        });
        return number;
      })
      .catch(() => null);
    // Another scheduler issued this month first.
    if (!issued) return;
    let status: 'paid' | 'failed' = 'failed';
    let chargeId: string | null = null;
    if (card) {
      try {
        chargeId = (
          await chargeReconciled(
            this.s,
            card,
            amount,
            account.currency,
            `payg:${info.id}:${month}`,
            description,
          )
        ).chargeId;
        status = 'paid';
      } catch (error) {
        if (!(error instanceof PaymentDeclined) && !(error instanceof PaymentUnavailable)) throw error;
      }
    }
    await this.s.db.transaction(async (tx) => {
      await tx
        .update(billingInvoices)
        .set({
          status,
          providerChargeId: chargeId,
          cardBrand: card?.brand ?? null,
          cardLast4: card?.last4 ?? null,
        })
        .where(and(eq(billingInvoices.id, invoiceId), eq(billingInvoices.status, 'open')));
      await this.s.audit.record(
        null,
        {
          event: 'billing.payg-invoiced',
          organizationId: info.id,
          details: { month, units, amount, invoice: issued, status },
        },
        tx,
      );
    });
  }
}
