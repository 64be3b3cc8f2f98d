import type { CardBrand } from '../../../contract/v1/billing-rules';
import type { DeclineReason } from '../../../contract/v1/billing-test-cards';

/**
 * What billing needs from a card processor (docs/billing.md, "Payment provider"). A real processor's adapter is
 * one file implementing this interface plus one line in `createPaymentProvider`. The server hands the card number
 * and CVC to `createPaymentMethod` and forgets them; it keeps only the token.
 */
export interface PaymentProvider {
  /** The PAYMENT_PROVIDER name, stored beside each token. */
  readonly name: string;
  /** Whether answers may reveal the verification amount (the built-in test provider only). */
  readonly revealsTestAmounts: boolean;
  /** Tokenises a card. Throws PaymentDeclined when the processor refuses it. */
  createPaymentMethod(card: CardDetails): Promise<PaymentMethod>;
  /**
   * Charges a token. The processor must treat the same `idempotencyKey` as the same charge (a retry after a
   * timeout answers the first charge, never a second one). Throws PaymentDeclined or PaymentUnavailable.
   */
  charge(request: ChargeRequest): Promise<{ chargeId: string }>;
  /** Refunds (part of) a charge, idempotent by key like `charge`. */
  refund(request: {
    chargeId: string;
    amount: number;
    idempotencyKey: string;
  }): Promise<{ refundId: string }>;
  /** Charges a small random amount the card holder reads on their statement. */
  startVerification(token: string, idempotencyKey: string): Promise<{ chargeId: string; amount: number }>;
  /** Whether `amount` (minor units) is the verification charge's amount. */
  confirmVerification(token: string, chargeId: string, amount: number): Promise<boolean>;
}

export interface CardDetails {
  number: string;
  expiryMonth: number;
  expiryYear: number;
  cvc: string;
  holderName: string;
}

export interface PaymentMethod {
  token: string;
  brand: CardBrand;
  last4: string;
  /** The processor asks for a verification before the card is used. */
  requiresVerification: boolean;
}

export interface ChargeRequest {
  token: string;
  /** Minor units. */
  amount: number;
  currency: string;
  idempotencyKey: string;
  description: string;
}

/** The processor refused the card or the charge, with its reason. */
export class PaymentDeclined extends Error {
  constructor(readonly reason: DeclineReason) {
    super(`Payment declined: ${reason}`);
    this.name = 'PaymentDeclined';
  }
}

/** The processor did not answer in time or failed: nothing is known to be charged; retry with the same key. */
export class PaymentUnavailable extends Error {
  constructor(message = 'Payment provider unavailable') {
    super(message);
    this.name = 'PaymentUnavailable';
  }
}
