/**
 * The card numbers of the built-in `test` payment provider (PAYMENT_PROVIDER=test, docs/billing.md), the same
 * numbers card processors publish for their test modes. Any future expiry, any CVC of the brand's length and any
 * holder name work with them. Plain data: the server's test provider, the server tests and the e2e specs read it.
 */
export const TEST_CARDS = {
  /** Succeeds at once (Visa, Mastercard, American Express). */
  success: '4242424242424242',
  successMastercard: '5555555555554444',
  successAmex: '378282246310005',
  /** Tokenised, then usable only after the typed-back verification amount. */
  requiresVerification: '4000000000003220',
  /** Declined when added: insufficient funds, expired card, stolen card, generic decline. */
  insufficientFunds: '4000000000009995',
  expiredCard: '4000000000000069',
  stolenCard: '4000000000009979',
  declined: '4000000000000002',
  /** Added fine; every later charge is declined for insufficient funds (a renewal that fails). */
  chargeDeclined: '4000000000000341',
  /** Added fine; every later charge times out at the provider (a failure to reconcile). */
  chargeTimeout: '4000000000000119',
} as const;

export type TestCardName = keyof typeof TEST_CARDS;

/**
 * The `code` of a declined card's 402 answer, per provider reason (the answer's `msg` words the reason in the
 * request's language).
 */
export const CARD_DECLINE_CODES = {
  insufficientFunds: 'CARD_DECLINED_INSUFFICIENT_FUNDS',
  expiredCard: 'CARD_DECLINED_EXPIRED',
  stolenCard: 'CARD_DECLINED_STOLEN',
  /** The bank asks the card holder to confirm (3-D Secure) a payment made while they were away (Stripe). */
  authenticationRequired: 'CARD_DECLINED_AUTHENTICATION_REQUIRED',
  generic: 'CARD_DECLINED',
} as const;
export type DeclineReason = keyof typeof CARD_DECLINE_CODES;
