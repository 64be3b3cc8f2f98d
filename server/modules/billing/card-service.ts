import { and, asc, desc, eq, isNull, ne } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AddCardBody, Card, SaveCardBody, VerifyCardBody } from '../../../contract/v1/billing';
import {
  BILLING_LIMITS,
  cardRefusals,
  cvcLength,
  detectCardBrand,
  expiryFullYear,
  validateVerificationAmount,
  type CardInput,
} from '../../../contract/v1/billing-rules';
import { HttpError, badRequest, fieldError, notFound, type FieldFailure } from '../../http/errors';
import { message } from '../../i18n/message';
import { newId } from '../../security/random';
import type { AuthContext } from '../sessions/session-service';
import {
  BILLING_MESSAGES,
  cardUsable,
  conflict,
  declined,
  ensureAccount,
  paymentUnavailable,
  toCard,
  yearMonthOf,
  type BillingDeps,
  type CardRow,
} from './billing-shared';
import { PaymentDeclined, PaymentUnavailable } from './payment-provider';
import { billingAccounts, billingCards } from './schema';
import { organizationInfo } from './billing-shared';

/** An organisation-scoped call: the permission check already ran, so the token names an organisation. */
export const orgOf = (auth: AuthContext) => auth.organizationId as string;

/**
 * Cards on file (docs/billing.md, "Cards"): add through the provider, verify by a small charge, choose the primary
 * card, remove. The number and CVC go to the provider and are dropped; only the token and what the screens show
 * are stored.
 */
export class CardService {
  constructor(private readonly s: BillingDeps) {}

  private async month(organizationId: string) {
    const info = await organizationInfo(this.s.db, organizationId);
    return yearMonthOf(this.s.clock.now(), info?.timeZone ?? 'UTC');
  }

  private async rows(organizationId: string): Promise<CardRow[]> {
    return this.s.db
      .select()
      .from(billingCards)
      .where(eq(billingCards.organizationId, organizationId))
      .orderBy(desc(billingCards.primary), asc(billingCards.createdAt));
  }

  async list(auth: AuthContext): Promise<Card[]> {
    const organizationId = orgOf(auth);
    const month = await this.month(organizationId);
    return (await this.rows(organizationId)).map((row) => toCard(row, month));
  }

  private async find(organizationId: string, cardId: string): Promise<CardRow> {
    const [card] = await this.s.db
      .select()
      .from(billingCards)
      .where(and(eq(billingCards.organizationId, organizationId), eq(billingCards.id, cardId)));
    if (!card) throw notFound(BILLING_MESSAGES.cardNotFound, 'CARD_NOT_FOUND');
    return card;
  }

  async add(auth: AuthContext, body: AddCardBody, request: FastifyRequest): Promise<Card> {
    // With a hosted card field (Stripe) a number must never reach us: refused before anything reads it.
    if (this.s.provider.cardEntry === 'hosted')
      throw badRequest(BILLING_MESSAGES.cardDetailsRefused, 'CARD_DETAILS_REFUSED');
    const organizationId = orgOf(auth);
    const month = await this.month(organizationId);
    const refusals = cardRefusals(body as CardInput, month);
    const failures: FieldFailure[] = Object.entries(refusals).map(([field, code]) => ({
      field,
      msg:
        code === 'cvcFormat'
          ? message('billing.validation.cvcFormat', { digits: cvcLength(detectCardBrand(body.number)) })
          : (`billing.validation.${code}` as const),
    }));
    if (failures.length > 0) throw badRequest(failures[0].msg, 'VALIDATION_FAILED', failures);

    await this.refuseBeyondLimit(organizationId);

    const expiryYear = expiryFullYear(body.expiryYear);
    let method;
    try {
      method = await this.s.provider.createPaymentMethod({
        number: body.number,
        expiryMonth: body.expiryMonth,
        expiryYear,
        cvc: body.cvc,
        holderName: body.holderName.trim(),
      });
    } catch (error) {
      throw await this.refusal(error, auth, request);
    }
    return this.store(auth, request, {
      ...method,
      customerId: null,
      expiryMonth: body.expiryMonth,
      expiryYear,
      holderName: body.holderName.trim(),
    });
  }

  private async refuseBeyondLimit(organizationId: string) {
    const existing = await this.rows(organizationId);
    if (existing.length >= BILLING_LIMITS.cardsMax)
      throw conflict(message(BILLING_MESSAGES.cardLimit, { count: BILLING_LIMITS.cardsMax }), 'CARD_LIMIT');
  }

  /** The provider's refusal as the answer (declines go to the activity log); anything else unchanged. */
  private async refusal(error: unknown, auth: AuthContext, request: FastifyRequest): Promise<unknown> {
    if (error instanceof PaymentDeclined) {
      await this.s.audit.record(request, {
        event: 'billing.card-declined',
        userId: auth.userId,
        organizationId: orgOf(auth),
        details: { reason: error.reason },
      });
      return declined(error.reason);
    }
    if (error instanceof PaymentUnavailable) return paymentUnavailable();
    return error;
  }

  /**
   * The organisation's customer at the provider, made on first use. Two first cards at once get the same
   * customer (the provider answers the organisation's idempotency key once) and the first write is kept.
   */
  private async customerOf(organizationId: string): Promise<string> {
    const account = await ensureAccount(this.s.db, organizationId, this.s.clock.now());
    if (account.providerCustomerId) return account.providerCustomerId;
    const info = await organizationInfo(this.s.db, organizationId);
    const customerId = await this.s.provider.createCustomer({
      id: organizationId,
      name: info?.name ?? organizationId,
      email: info?.owner.email ?? '',
    });
    await this.s.db
      .update(billingAccounts)
      .set({ providerCustomerId: customerId })
      .where(
        and(eq(billingAccounts.organizationId, organizationId), isNull(billingAccounts.providerCustomerId)),
      );
    const [row] = await this.s.db
      .select({ id: billingAccounts.providerCustomerId })
      .from(billingAccounts)
      .where(eq(billingAccounts.organizationId, organizationId));
    return row?.id ?? customerId;
  }

  /** POST /v1/card/setup: the secret Stripe.js confirms the card element with (hosted providers only). */
  async startSetup(auth: AuthContext, request: FastifyRequest): Promise<{ clientSecret: string }> {
    if (this.s.provider.cardEntry !== 'hosted')
      throw badRequest(BILLING_MESSAGES.cardSetupNotUsed, 'CARD_SETUP_NOT_USED');
    const organizationId = orgOf(auth);
    await this.refuseBeyondLimit(organizationId);
    try {
      return await this.s.provider.startCardSetup(await this.customerOf(organizationId));
    } catch (error) {
      throw await this.refusal(error, auth, request);
    }
  }

  /**
   * POST /v1/card/saved: keeps the card the browser saved at the provider, read back from the provider (never
   * from the request). Saving the same payment method twice (a double click) answers the first card.
   */
  async save(auth: AuthContext, body: SaveCardBody, request: FastifyRequest): Promise<Card> {
    if (this.s.provider.cardEntry !== 'hosted')
      throw badRequest(BILLING_MESSAGES.cardSetupNotUsed, 'CARD_SETUP_NOT_USED');
    // Digits alone are a card number, never a processor's id: refused before it could reach Stripe.
    if (/^[\d -]+$/.test(body.paymentMethodId))
      throw badRequest(BILLING_MESSAGES.cardDetailsRefused, 'CARD_DETAILS_REFUSED');
    const organizationId = orgOf(auth);
    const [known] = (await this.rows(organizationId)).filter(
      (row) => row.providerToken === body.paymentMethodId,
    );
    if (known) return toCard(known, await this.month(organizationId));
    await this.refuseBeyondLimit(organizationId);
    const customerId = await this.customerOf(organizationId);
    let method;
    try {
      method = await this.s.provider.savedPaymentMethod(customerId, body.paymentMethodId);
    } catch (error) {
      throw await this.refusal(error, auth, request);
    }
    return this.store(auth, request, { ...method, customerId });
  }

  /** Keeps a tokenised card; the first usable card becomes the primary one. */
  private async store(
    auth: AuthContext,
    request: FastifyRequest,
    method: {
      token: string;
      customerId: string | null;
      brand: CardRow['brand'];
      last4: string;
      expiryMonth: number;
      expiryYear: number;
      holderName: string;
      requiresVerification: boolean;
    },
  ): Promise<Card> {
    const organizationId = orgOf(auth);
    const month = await this.month(organizationId);
    const now = this.s.clock.now();
    await ensureAccount(this.s.db, organizationId, now);
    const verified = !method.requiresVerification;
    const row = await this.s.db.transaction(async (tx) => {
      const [primary] = await tx
        .select({ id: billingCards.id })
        .from(billingCards)
        .where(and(eq(billingCards.organizationId, organizationId), eq(billingCards.primary, true)));
      const [inserted] = await tx
        .insert(billingCards)
        .values({
          id: newId(),
          organizationId,
          provider: this.s.provider.name,
          providerToken: method.token,
          providerCustomerId: method.customerId,
          brand: method.brand,
          last4: method.last4,
          expiryMonth: method.expiryMonth,
          expiryYear: method.expiryYear,
          holderName: method.holderName,
          // The first usable card becomes the primary one.
          primary: verified && !primary,
          verified,
          createdAt: now,
        })
        .returning();
      await this.s.audit.record(
        request,
        {
          event: 'billing.card-added',
          userId: auth.userId,
          organizationId,
          details: { cardId: inserted.id, brand: inserted.brand, last4: inserted.last4, verified },
        },
        tx,
      );
      return inserted;
    });
    return toCard(row, month);
  }

  /**
   * Removes a card. The last usable card stays while auto-renewal or pay-as-you-go needs it; removing the primary
   * card promotes the oldest other usable card.
   */
  async remove(auth: AuthContext, cardId: string, request: FastifyRequest): Promise<Card[]> {
    const organizationId = orgOf(auth);
    const card = await this.find(organizationId, cardId);
    const month = await this.month(organizationId);
    const account = await ensureAccount(this.s.db, organizationId, this.s.clock.now());
    const others = (await this.rows(organizationId)).filter((row) => row.id !== card.id);
    const otherUsable = others.filter((row) => cardUsable(row, month));
    if (cardUsable(card, month) && otherUsable.length === 0 && (account.autoRenew || account.paygActive))
      throw conflict(BILLING_MESSAGES.lastUsableCard, 'LAST_USABLE_CARD');
    await this.s.db.transaction(async (tx) => {
      await tx.delete(billingCards).where(eq(billingCards.id, card.id));
      if (card.primary && otherUsable[0])
        await tx.update(billingCards).set({ primary: true }).where(eq(billingCards.id, otherUsable[0].id));
      await this.s.audit.record(
        request,
        {
          event: 'billing.card-removed',
          userId: auth.userId,
          organizationId,
          details: { cardId: card.id, brand: card.brand, last4: card.last4, wasPrimary: card.primary },
        },
        tx,
      );
    });
    if (card.provider === this.s.provider.name) {
      // Best effort: the card is gone from the portal either way, and an unused card at the processor costs nothing.
      await this.s.provider.detachPaymentMethod(card.providerToken).catch(() => undefined);
    }
    return this.list(auth);
  }

  async setPrimary(auth: AuthContext, cardId: string, request: FastifyRequest): Promise<Card[]> {
    const organizationId = orgOf(auth);
    const card = await this.find(organizationId, cardId);
    const month = await this.month(organizationId);
    if (!cardUsable(card, month)) throw badRequest(BILLING_MESSAGES.cardNotUsable, 'CARD_NOT_USABLE');
    if (!card.primary) {
      await this.s.db.transaction(async (tx) => {
        await tx
          .update(billingCards)
          .set({ primary: false })
          .where(and(eq(billingCards.organizationId, organizationId), ne(billingCards.id, card.id)));
        await tx.update(billingCards).set({ primary: true }).where(eq(billingCards.id, card.id));
        await this.s.audit.record(
          request,
          {
            event: 'billing.card-primary',
            userId: auth.userId,
            organizationId,
            details: { cardId: card.id, brand: card.brand, last4: card.last4 },
          },
          tx,
        );
      });
    }
    return this.list(auth);
  }

  async startVerification(auth: AuthContext, cardId: string, request: FastifyRequest) {
    const organizationId = orgOf(auth);
    const card = await this.find(organizationId, cardId);
    if (card.verified) throw badRequest(BILLING_MESSAGES.cardAlreadyVerified, 'CARD_ALREADY_VERIFIED');
    // A hosted field verifies a card when it is saved; an unverified card left from another provider cannot be.
    if (this.s.provider.cardEntry === 'hosted' || card.provider !== this.s.provider.name)
      throw badRequest(BILLING_MESSAGES.cardNotUsable, 'CARD_NOT_USABLE');
    let started;
    try {
      started = await this.s.provider.startVerification(card.providerToken, `verify:${card.id}:${newId()}`);
    } catch (error) {
      if (error instanceof PaymentDeclined) throw declined(error.reason);
      if (error instanceof PaymentUnavailable) throw paymentUnavailable();
      throw error;
    }
    const [row] = await this.s.db
      .update(billingCards)
      .set({ verificationChargeId: started.chargeId, verificationAttempts: 0 })
      .where(eq(billingCards.id, card.id))
      .returning();
    await this.s.audit.record(request, {
      event: 'billing.card-verification-started',
      userId: auth.userId,
      organizationId,
      details: { cardId: card.id, last4: card.last4 },
    });
    return {
      card: toCard(row, await this.month(organizationId)),
      ...(this.s.provider.revealsTestAmounts ? { testAmount: started.amount } : {}),
    };
  }

  async verify(auth: AuthContext, body: VerifyCardBody, request: FastifyRequest): Promise<Card> {
    const organizationId = orgOf(auth);
    const card = await this.find(organizationId, body.cardId);
    if (card.verified) throw badRequest(BILLING_MESSAGES.cardAlreadyVerified, 'CARD_ALREADY_VERIFIED');
    if (!card.verificationChargeId)
      throw badRequest(BILLING_MESSAGES.verificationNotStarted, 'VERIFICATION_NOT_STARTED');
    const refusal = validateVerificationAmount(body.amount);
    if (refusal) throw fieldError('amount', `billing.validation.${refusal}`);
    const matches = await this.s.provider.confirmVerification(
      card.providerToken,
      card.verificationChargeId,
      body.amount,
    );
    if (!matches) {
      const attempts = card.verificationAttempts + 1;
      const restart = attempts >= BILLING_LIMITS.verificationAttempts;
      // The counter moves only if nobody else used this charge meanwhile.
      await this.s.db
        .update(billingCards)
        .set(
          restart
            ? { verificationChargeId: null, verificationAttempts: 0 }
            : { verificationAttempts: attempts },
        )
        .where(
          and(eq(billingCards.id, card.id), eq(billingCards.verificationAttempts, card.verificationAttempts)),
        );
      await this.s.audit.record(request, {
        event: 'billing.card-verification-failed',
        userId: auth.userId,
        organizationId,
        details: { cardId: card.id, attempts },
      });
      if (restart) throw badRequest(BILLING_MESSAGES.verificationRestart, 'VERIFICATION_RESTART');
      throw new HttpError(
        400,
        message(BILLING_MESSAGES.verificationWrongAmount, {
          remaining: BILLING_LIMITS.verificationAttempts - attempts,
        }),
        'VERIFICATION_AMOUNT_WRONG',
        [
          {
            field: 'amount',
            msg: message(BILLING_MESSAGES.verificationWrongAmount, {
              remaining: BILLING_LIMITS.verificationAttempts - attempts,
            }),
          },
        ],
      );
    }
    const month = await this.month(organizationId);
    const row = await this.s.db.transaction(async (tx) => {
      const [primary] = await tx
        .select({ id: billingCards.id })
        .from(billingCards)
        .where(and(eq(billingCards.organizationId, organizationId), eq(billingCards.primary, true)));
      const [updated] = await tx
        .update(billingCards)
        .set({
          verified: true,
          verificationChargeId: null,
          verificationAttempts: 0,
          primary: !primary && cardUsable({ ...card, verified: true }, month),
        })
        .where(eq(billingCards.id, card.id))
        .returning();
      await this.s.audit.record(
        request,
        {
          event: 'billing.card-verified',
          userId: auth.userId,
          organizationId,
          details: { cardId: card.id, brand: card.brand, last4: card.last4 },
        },
        tx,
      );
      return updated;
    });
    // The small charge goes back to the card; a failure here does not undo the verification.
    void this.s.provider
      .refund({
        chargeId: card.verificationChargeId,
        amount: body.amount,
        idempotencyKey: `verify-refund:${card.verificationChargeId}`,
      })
      .catch(() => undefined);
    return toCard(row, month);
  }
}
