import { and, asc, desc, eq, lt } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Bucket, PurchaseBody, PurchaseData } from '../../../contract/v1/billing';
import type { Db } from '../../db/database';
import { fieldError } from '../../http/errors';
import { newId } from '../../security/random';
import type { AuthContext } from '../sessions/session-service';
import {
  BILLING_MESSAGES,
  addMonths,
  cardUsable,
  conflict,
  declined,
  ensureAccount,
  nextDocumentNumber,
  organizationInfo,
  paymentUnavailable,
  toInvoice,
  yearMonthOf,
  type BillingDeps,
  type CardRow,
} from './billing-shared';
import { orgOf } from './card-service';
import { findProduct } from './catalogue';
import { PaymentDeclined, PaymentUnavailable } from './payment-provider';
import { billingBuckets, billingCards, billingInvoices, billingPurchases } from './schema';
import { badRequest } from '../../http/errors';

/** How often a request that found its key in progress looks again, and for how long. */
const WAIT_STEP_MS = 50;
const WAIT_MAX_MS = 20_000;
/** A purchase left pending this long (a crashed server) may be completed by a retry with its key. */
const STALE_PENDING_MS = 60_000;

export type BucketRow = typeof billingBuckets.$inferSelect;

export function toBucket(row: BucketRow, now: Date, invoiceNumber: string | null): Bucket {
  return {
    id: row.id,
    productId: row.productId,
    name: row.name,
    unitsBought: row.unitsBought,
    unitsUsed: row.unitsUsed,
    unitsRemaining: Math.max(0, row.unitsBought - row.unitsUsed),
    periodStart: row.periodStart.toISOString(),
    periodEnd: row.periodEnd.toISOString(),
    status: row.periodStart <= now && now < row.periodEnd ? 'current' : 'expired',
    invoiceNumber,
  };
}

/** The organisation's primary card, when it may be charged. */
export async function chargeableCard(db: Db, organizationId: string, month: { year: number; month: number }) {
  const [card] = await db
    .select()
    .from(billingCards)
    .where(and(eq(billingCards.organizationId, organizationId), eq(billingCards.primary, true)));
  return card && cardUsable(card, month) ? card : null;
}

/**
 * Charges through the provider; a timeout is retried once with the same idempotency key, which the provider answers
 * with the first charge if it went through (reconciliation), so the outcome is one charge or a clear failure.
 */
export async function chargeReconciled(
  s: BillingDeps,
  card: CardRow,
  amount: number,
  currency: string,
  idempotencyKey: string,
  description: string,
): Promise<{ chargeId: string }> {
  const request = {
    token: card.providerToken,
    customerId: card.providerCustomerId,
    amount,
    currency,
    idempotencyKey,
    description,
  };
  try {
    return await s.provider.charge(request);
  } catch (error) {
    if (!(error instanceof PaymentUnavailable)) throw error;
    return s.provider.charge(request);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Buying a bucket, exactly once per idempotency key (docs/billing.md, "Purchase"): the first request inserts the
 * purchase row (the unique index on organisation + key refuses every other), charges the primary card with the key,
 * then issues the paid invoice and the bucket in one transaction. The other requests with the key wait for that
 * outcome and answer it.
 */
export class PurchaseService {
  constructor(private readonly s: BillingDeps) {}

  async purchase(auth: AuthContext, body: PurchaseBody, request: FastifyRequest): Promise<PurchaseData> {
    const organizationId = orgOf(auth);
    const product = findProduct(body.productId);
    if (!product) throw fieldError('productId', BILLING_MESSAGES.productNotFound, 'PRODUCT_NOT_FOUND');
    for (let round = 0; round < 3; round += 1) {
      const now = this.s.clock.now();
      const [claimed] = await this.s.db
        .insert(billingPurchases)
        .values({
          id: newId(),
          organizationId,
          idempotencyKey: body.idempotencyKey,
          productId: product.id,
          status: 'pending',
          userId: auth.userId,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing()
        .returning();
      if (claimed) return this.complete(auth, claimed, request);
      const outcome = await this.awaitOutcome(auth, organizationId, body, request);
      if (outcome) return outcome;
      // The first attempt gave its key back (provider unreachable): try again as the first.
    }
    throw paymentUnavailable();
  }

  /** Waits for the purchase with this key to finish; null when it disappeared (its charge never happened). */
  private async awaitOutcome(
    auth: AuthContext,
    organizationId: string,
    body: PurchaseBody,
    request: FastifyRequest,
  ): Promise<PurchaseData | null> {
    const started = Date.now();
    for (;;) {
      const [row] = await this.s.db
        .select()
        .from(billingPurchases)
        .where(
          and(
            eq(billingPurchases.organizationId, organizationId),
            eq(billingPurchases.idempotencyKey, body.idempotencyKey),
          ),
        );
      if (!row) return null;
      if (row.productId !== body.productId)
        throw conflict(BILLING_MESSAGES.idempotencyConflict, 'IDEMPOTENCY_KEY_REUSED');
      if (row.status === 'succeeded') return this.replay(row.invoiceId, row.bucketId);
      if (row.status === 'failed') throw declined((row.failureReason ?? 'generic') as 'generic');
      const now = this.s.clock.now();
      if (now.getTime() - row.updatedAt.getTime() > STALE_PENDING_MS) {
        // Its server stopped mid-way: take it over; the provider answers the same key with the same charge.
        const [taken] = await this.s.db
          .update(billingPurchases)
          .set({ updatedAt: now })
          .where(
            and(
              eq(billingPurchases.id, row.id),
              eq(billingPurchases.status, 'pending'),
              lt(billingPurchases.updatedAt, new Date(now.getTime() - STALE_PENDING_MS)),
            ),
          )
          .returning();
        if (taken) return this.complete(auth, taken, request);
      }
      if (Date.now() - started > WAIT_MAX_MS)
        throw conflict(BILLING_MESSAGES.purchaseInProgress, 'PURCHASE_IN_PROGRESS');
      await sleep(WAIT_STEP_MS);
    }
  }

  private async replay(invoiceId: string | null, bucketId: string | null): Promise<PurchaseData> {
    const [invoice] = await this.s.db
      .select()
      .from(billingInvoices)
      .where(eq(billingInvoices.id, invoiceId ?? ''));
    const [bucket] = await this.s.db
      .select()
      .from(billingBuckets)
      .where(eq(billingBuckets.id, bucketId ?? ''));
    return {
      invoice: toInvoice(invoice),
      bucket: toBucket(bucket, this.s.clock.now(), invoice.number),
      replayed: true,
    };
  }

  private async complete(
    auth: AuthContext,
    purchase: typeof billingPurchases.$inferSelect,
    request: FastifyRequest,
  ): Promise<PurchaseData> {
    const { organizationId } = purchase;
    const product = findProduct(purchase.productId)!;
    const info = await organizationInfo(this.s.db, organizationId);
    const account = await ensureAccount(this.s.db, organizationId, this.s.clock.now());
    const card = await chargeableCard(
      this.s.db,
      organizationId,
      yearMonthOf(this.s.clock.now(), info?.timeZone ?? 'UTC'),
    );
    const giveBack = () => this.s.db.delete(billingPurchases).where(eq(billingPurchases.id, purchase.id));
    if (!card) {
      await giveBack();
      throw badRequest(BILLING_MESSAGES.noPrimaryCard, 'NO_PRIMARY_CARD');
    }
    let charge: { chargeId: string };
    try {
      charge = await chargeReconciled(
        this.s,
        card,
        product.price,
        account.currency,
        `purchase:${organizationId}:${purchase.idempotencyKey}`,
        product.name,
      );
    } catch (error) {
      if (error instanceof PaymentDeclined) {
        await this.s.db
          .update(billingPurchases)
          .set({ status: 'failed', failureReason: error.reason, updatedAt: this.s.clock.now() })
          .where(eq(billingPurchases.id, purchase.id));
        await this.s.audit.record(request, {
          event: 'billing.purchase-declined',
          userId: auth.userId,
          organizationId,
          details: { productId: product.id, reason: error.reason, last4: card.last4 },
        });
        throw declined(error.reason);
      }
      // Nothing was charged (the provider said so twice): the key is free for a retry.
      await giveBack();
      if (error instanceof PaymentUnavailable) throw paymentUnavailable();
      throw error;
    }
    const now = this.s.clock.now();
    const { invoice, bucket } = await this.s.db.transaction(async (tx) => {
      const number = await nextDocumentNumber(tx, organizationId, 'invoice', now);
      const [invoiceRow] = await tx
        .insert(billingInvoices)
        .values({
          id: newId(),
          organizationId,
          number,
          kind: 'invoice',
          status: 'paid',
          description: product.name,
          amount: product.price,
          gst: product.gst,
          currency: account.currency,
          lines: [
            { description: product.name, quantity: 1, unitAmount: product.price, amount: product.price },
          ],
          cardBrand: card.brand,
          cardLast4: card.last4,
          providerChargeId: charge.chargeId,
          issuedAt: now,
        })
        .returning();
      const [bucketRow] = await tx
        .insert(billingBuckets)
        .values({
          id: newId(),
          organizationId,
          productId: product.id,
          name: product.name,
          unitsBought: product.units,
          periodStart: now,
          periodEnd: addMonths(now, product.periodMonths),
          invoiceId: invoiceRow.id,
          createdAt: now,
        })
        .returning();
      await tx
        .update(billingPurchases)
        .set({ status: 'succeeded', invoiceId: invoiceRow.id, bucketId: bucketRow.id, updatedAt: now })
        .where(eq(billingPurchases.id, purchase.id));
      await this.s.audit.record(
        request,
        {
          event: 'billing.purchase',
          userId: auth.userId,
          organizationId,
          details: { productId: product.id, invoice: number, amount: product.price, last4: card.last4 },
        },
        tx,
      );
      return { invoice: invoiceRow, bucket: bucketRow };
    });
    return { invoice: toInvoice(invoice), bucket: toBucket(bucket, now, invoice.number), replayed: false };
  }
}

/** Buckets of the organisation, the latest ending first. */
export async function bucketsOf(db: Db, organizationId: string) {
  return db
    .select()
    .from(billingBuckets)
    .where(eq(billingBuckets.organizationId, organizationId))
    .orderBy(desc(billingBuckets.periodEnd), asc(billingBuckets.createdAt));
}
