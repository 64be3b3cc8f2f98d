import { and, asc, eq, inArray } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Db } from '../../db/database';
import { cardUsable, organizationInfo, yearMonthOf, type BillingDeps } from './billing-shared';
import type { StripePaymentProvider } from './stripe-payment-provider';
import { billingCards, billingInvoices, billingProviderEvents } from './schema';

/** The events the endpoint acts on; the dashboard subscribes to these (docs/production.md). */
export const STRIPE_WEBHOOK_EVENTS = [
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'charge.refunded',
  'payment_method.detached',
  'payment_method.updated',
  'payment_method.automatically_updated',
] as const;

/** The signature did not verify: wrong secret, too old, or a body changed after signing. */
export class WebhookRefused extends Error {
  constructor(reason: string) {
    super(`Stripe webhook refused: ${reason}`);
    this.name = 'WebhookRefused';
  }
}

/** Tolerance of Stripe's signature timestamp (the SDK's default): an older delivery is refused as a replay. */
const TOLERANCE_SECONDS = 300;

/** A pay-as-you-go charge's key (pay-as-you-go-service.ts): its invoice is the organisation's invoice of the month. */
const PAYG_KEY = /^payg:([^:]+):(\d{4}-\d{2})$/;
/** The organisation in a purchase's or pay-as-you-go charge's key (a renewal's names its bucket instead). */
const ORGANIZATION_IN_KEY = /^(?:purchase|payg):([^:]+):/;

/**
 * Settles what Stripe's answer to a call could not (docs/billing.md, "Stripe webhooks"): a PaymentIntent that
 * succeeded or failed after our call timed out or was still processing, a refund done, a card removed or updated
 * (a new expiry from the card updater) in Stripe. Each event is verified with the endpoint's secret (the SDK's
 * signature check against our clock) and applied once: its id goes into billing_provider_events in the same
 * transaction as its changes, so a repeated delivery changes nothing.
 */
export class StripeWebhook {
  constructor(
    private readonly s: BillingDeps,
    private readonly provider: StripePaymentProvider,
    private readonly secret: string,
  ) {}

  /** Verifies and applies one delivery; `false` when the event had been applied before. */
  async receive(payload: Buffer, signature: string | undefined): Promise<boolean> {
    let event: Stripe.Event;
    try {
      event = this.provider.verifyWebhook(
        payload,
        signature ?? '',
        this.secret,
        TOLERANCE_SECONDS,
        this.s.clock.now().getTime(),
      );
    } catch (error) {
      throw new WebhookRefused((error as Error).message);
    }
    return this.s.db.transaction(async (tx) => {
      const [first] = await tx
        .insert(billingProviderEvents)
        .values({ id: event.id, provider: 'stripe', type: event.type, receivedAt: this.s.clock.now() })
        .onConflictDoNothing()
        .returning();
      if (!first) return false;
      await this.apply(tx, event);
      return true;
    });
  }

  private async apply(tx: Db, event: Stripe.Event) {
    switch (event.type) {
      case 'payment_intent.succeeded':
        return this.settlePayment(tx, event.data.object, 'paid');
      case 'payment_intent.payment_failed':
        return this.settlePayment(tx, event.data.object, 'failed');
      case 'charge.refunded':
        return this.refunded(tx, event.data.object);
      case 'payment_method.detached':
        return this.detached(tx, event.data.object);
      case 'payment_method.updated':
      case 'payment_method.automatically_updated':
        return this.updated(tx, event.data.object);
      default:
        // Not one we subscribe to: kept as seen, nothing to change.
        return undefined;
    }
  }

  /** The invoice a PaymentIntent paid: by its id, else (a charge whose answer never came) by its key. */
  private async invoiceOf(tx: Db, intent: Stripe.PaymentIntent) {
    const [byCharge] = await tx
      .select()
      .from(billingInvoices)
      .where(eq(billingInvoices.providerChargeId, intent.id));
    if (byCharge) return byCharge;
    const payg = PAYG_KEY.exec(intent.metadata?.idempotency_key ?? '');
    if (!payg) return null;
    const [byMonth] = await tx
      .select()
      .from(billingInvoices)
      .where(and(eq(billingInvoices.organizationId, payg[1]), eq(billingInvoices.paygMonth, payg[2])));
    return byMonth ?? null;
  }

  private async settlePayment(tx: Db, intent: Stripe.PaymentIntent, outcome: 'paid' | 'failed') {
    const invoice = await this.invoiceOf(tx, intent);
    if (!invoice) {
      // Money moved that no invoice records (a purchase whose answer was lost and never retried): for a person
      // to look at in the activity log and Stripe's dashboard, never silently kept.
      if (outcome === 'paid') {
        const organizationId = ORGANIZATION_IN_KEY.exec(intent.metadata?.idempotency_key ?? '')?.[1] ?? null;
        await this.s.audit.record(
          null,
          {
            event: 'billing.payment-unmatched',
            organizationId,
            details: {
              paymentId: intent.id,
              amount: intent.amount,
              key: intent.metadata?.idempotency_key ?? null,
            },
          },
          tx,
        );
      }
      return;
    }
    // A payment only settles an invoice still waiting for it: a paid invoice never turns failed by a late event.
    const settles = outcome === 'paid' ? ['open', 'failed'] : ['open'];
    if (!settles.includes(invoice.status)) return;
    await tx
      .update(billingInvoices)
      .set({ status: outcome, providerChargeId: intent.id })
      .where(eq(billingInvoices.id, invoice.id));
    await this.s.audit.record(
      null,
      {
        event: 'billing.payment-settled',
        organizationId: invoice.organizationId,
        details: { invoice: invoice.number, status: outcome, paymentId: intent.id },
      },
      tx,
    );
  }

  /** A charge refunded in full (a credit note, or a refund made in Stripe's dashboard) marks its invoice refunded. */
  private async refunded(tx: Db, charge: Stripe.Charge) {
    const intentId =
      typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
    if (!intentId || !charge.refunded) return;
    const [invoice] = await tx
      .select()
      .from(billingInvoices)
      .where(and(eq(billingInvoices.providerChargeId, intentId), eq(billingInvoices.status, 'paid')));
    if (!invoice) return;
    await tx.update(billingInvoices).set({ status: 'refunded' }).where(eq(billingInvoices.id, invoice.id));
    await this.s.audit.record(
      null,
      {
        event: 'billing.payment-settled',
        organizationId: invoice.organizationId,
        details: { invoice: invoice.number, status: 'refunded', paymentId: intentId },
      },
      tx,
    );
  }

  /** A card removed in Stripe (dashboard, or expired and dropped) goes from the portal; the next usable one leads. */
  private async detached(tx: Db, method: Stripe.PaymentMethod) {
    const cards = await tx.select().from(billingCards).where(eq(billingCards.providerToken, method.id));
    for (const card of cards) {
      await tx.delete(billingCards).where(eq(billingCards.id, card.id));
      await this.s.audit.record(
        null,
        {
          event: 'billing.card-removed',
          organizationId: card.organizationId,
          details: {
            cardId: card.id,
            brand: card.brand,
            last4: card.last4,
            wasPrimary: card.primary,
            by: 'stripe',
          },
        },
        tx,
      );
      if (card.primary) await this.promoteNext(tx, card.organizationId);
    }
  }

  private async promoteNext(tx: Db, organizationId: string) {
    const info = await organizationInfo(tx, organizationId);
    const month = yearMonthOf(this.s.clock.now(), info?.timeZone ?? 'UTC');
    const others = await tx
      .select()
      .from(billingCards)
      .where(eq(billingCards.organizationId, organizationId))
      .orderBy(asc(billingCards.createdAt));
    const next = others.find((row) => cardUsable(row, month));
    if (next) await tx.update(billingCards).set({ primary: true }).where(eq(billingCards.id, next.id));
  }

  /** A new expiry or number from Stripe's card updater: the screens show what the next charge will use. */
  private async updated(tx: Db, method: Stripe.PaymentMethod) {
    if (!method.card) return;
    const cards = await tx
      .select()
      .from(billingCards)
      .where(inArray(billingCards.providerToken, [method.id]));
    for (const card of cards) {
      await tx
        .update(billingCards)
        .set({
          last4: method.card.last4,
          expiryMonth: method.card.exp_month,
          expiryYear: method.card.exp_year,
        })
        .where(eq(billingCards.id, card.id));
      await this.s.audit.record(
        null,
        {
          event: 'billing.card-updated',
          organizationId: card.organizationId,
          details: { cardId: card.id, brand: card.brand, last4: method.card.last4 },
        },
        tx,
      );
    }
  }
}
