import type { CardBrand } from '../../../contract/v1/billing-rules';
import type { DeclineReason } from '../../../contract/v1/billing-test-cards';

/**
 * What billing needs from a card processor (docs/billing.md, "Payment provider"). A real processor's adapter is
 * one file implementing this interface plus one line in `createPaymentProvider`.
 *
 * Cards arrive one of two ways (`cardEntry`): the built-in test provider takes the number and CVC from the
 * portal's own form (`createPaymentMethod`, then forgotten); a real processor tokenises the card in the browser
 * with its own hosted field (`startCardSetup`, then `savedPaymentMethod`), so our server never sees the number.
 */
export interface PaymentProvider {
  /** The PAYMENT_PROVIDER name, stored beside each token. */
  readonly name: string;
  /** Whether answers may reveal the verification amount (the built-in test provider only). */
  readonly revealsTestAmounts: boolean;
  /**
   * `details`: POST /v1/card carries the number and CVC (test provider). `hosted`: the processor's card element
   * takes them in the browser and verifies the card there (3-D Secure); POST /v1/card refuses a number.
   */
  readonly cardEntry: 'details' | 'hosted';
  /** Tokenises a card (`details` providers only). Throws PaymentDeclined when the processor refuses it. */
  createPaymentMethod(card: CardDetails): Promise<PaymentMethod>;
  /** The processor's customer for an organisation; the same organisation gets the same customer on a retry. */
  createCustomer(organization: { id: string; name: string; email: string }): Promise<string>;
  /** Starts saving a card for the customer in the browser (`hosted` only): the secret the card element confirms. */
  startCardSetup(customerId: string): Promise<{ clientSecret: string }>;
  /**
   * The card the browser saved for this customer (`hosted` only); throws PaymentDeclined when it is not this
   * customer's or its set-up did not succeed.
   */
  savedPaymentMethod(customerId: string, paymentMethodId: string): Promise<SavedPaymentMethod>;
  /** Forgets a card removed from the portal at the processor too (nothing to do for the test provider). */
  detachPaymentMethod(token: string): Promise<void>;
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

/** A card saved through the processor's hosted field: what the screens show, read from the processor. */
export interface SavedPaymentMethod extends PaymentMethod {
  expiryMonth: number;
  /** Four digits. */
  expiryYear: number;
  holderName: string;
}

export interface ChargeRequest {
  token: string;
  /** The processor's customer the token belongs to (null for tokens made before customers existed). */
  customerId: string | null;
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
