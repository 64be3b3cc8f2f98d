/**
 * The billing rules both sides apply (docs/billing.md): card number (Luhn, brand), expiry, CVC, holder name, the
 * typed-back verification amount, idempotency keys and GST on a price that includes it. Plain TypeScript with no
 * schema code, like ./acl-rules.ts: the portal's card form imports it, and the server runs the same checks before
 * anything reaches the payment provider, so both refuse the same input for the same reason.
 *
 * A check answers a refusal code or null. The portal words a code from its own locale (`billing` namespace); the
 * server answers `billing.validation.<code>` of locales/<lang>/server.json.
 */

/** The numbers the billing screens and the server share (docs/billing.md). */
export const BILLING_LIMITS = {
  /** Invoice and contract lists: offset starts at 1. */
  pageSizeDefault: 10,
  pageSizeMax: 100,
  /** The invoice date filter reaches back this many days, up to today. */
  dateFilterDays: 89,
  /** Cards one organisation may keep. */
  cardsMax: 10,
  holderNameMax: 50,
  /** A card may expire at most this many years ahead (a typo guard, like processors use). */
  expiryYearsAhead: 20,
  /** The verification charge is between these amounts, in minor units (1 to 99 cents). */
  verificationAmountMin: 1,
  verificationAmountMax: 99,
  /** Wrong typed-back amounts before the verification must start again (a new charge). */
  verificationAttempts: 3,
  /** Pay-as-you-go monthly cap, in minor units (AUD 1 to AUD 100,000). */
  capMin: 100,
  capMax: 10_000_000,
  /** Idempotency keys: a client-made id, unique per purchase attempt (a UUID fits). */
  idempotencyKeyMin: 16,
  idempotencyKeyMax: 64,
  /** Units one usage record may report. */
  usageUnitsMax: 1_000_000,
} as const;

/** The default currency of an organisation, and GST (10 % in Australia) in basis points. */
export const DEFAULT_CURRENCY = 'AUD';
export const GST_RATE_BASIS_POINTS = 1000;

export const CARD_BRANDS = ['visa', 'mastercard', 'amex'] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];

export const INVOICE_STATUSES = ['paid', 'open', 'failed', 'refunded'] as const;
export type InvoiceStatusName = (typeof INVOICE_STATUSES)[number];

/** Why a card is refused before it reaches the provider. */
export type CardRefusal =
  | 'numberRequired'
  | 'numberFormat'
  | 'numberBrand'
  | 'numberLength'
  | 'numberLuhn'
  | 'expiryRequired'
  | 'expiryInvalid'
  | 'expiryPast'
  | 'expiryTooFar'
  | 'cvcRequired'
  | 'cvcFormat'
  | 'holderRequired'
  | 'holderMax'
  | 'holderFormat'
  | 'amountInvalid';

/** Spaces and hyphens people type between groups are not part of the number. */
export function normaliseCardNumber(value: string): string {
  return value.replace(/[\s-]/g, '');
}

/** The Luhn (mod 10) checksum of a string of digits. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/**
 * The brand from the number's first digits (IIN ranges): Visa 4; Mastercard 51-55 and 2221-2720; American Express
 * 34 and 37. Null for any other brand (the product accepts these three).
 */
export function detectCardBrand(value: string): CardBrand | null {
  const digits = normaliseCardNumber(value);
  if (/^4/.test(digits)) return 'visa';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^5[1-5]/.test(digits)) return 'mastercard';
  const first4 = Number(digits.slice(0, 4));
  if (digits.length >= 4 && first4 >= 2221 && first4 <= 2720) return 'mastercard';
  return null;
}

const NUMBER_LENGTHS: Record<CardBrand, readonly number[]> = {
  visa: [13, 16, 19],
  mastercard: [16],
  amex: [15],
};

/** CVC digits by brand: 4 on American Express (front of the card), 3 on the others. */
export function cvcLength(brand: CardBrand | null): number {
  return brand === 'amex' ? 4 : 3;
}

export function validateCardNumber(value: unknown): CardRefusal | null {
  if (typeof value !== 'string' || value.trim() === '') return 'numberRequired';
  const digits = normaliseCardNumber(value);
  if (!/^\d+$/.test(digits)) return 'numberFormat';
  const brand = detectCardBrand(digits);
  if (!brand) return 'numberBrand';
  if (!NUMBER_LENGTHS[brand].includes(digits.length)) return 'numberLength';
  if (!luhnValid(digits)) return 'numberLuhn';
  return null;
}

/** A calendar month: `month` 1-12. */
export interface YearMonth {
  year: number;
  month: number;
}

/**
 * A card is usable through the last day of its expiry month, so this month is still fine and last month is past.
 * `today` is the organisation's current month (the server passes its clock's).
 */
export function validateExpiry(month: unknown, year: unknown, today: YearMonth): CardRefusal | null {
  if (
    month === undefined ||
    month === null ||
    month === '' ||
    year === undefined ||
    year === null ||
    year === ''
  )
    return 'expiryRequired';
  const m = Number(month);
  let y = Number(year);
  if (!Number.isInteger(m) || !Number.isInteger(y) || m < 1 || m > 12) return 'expiryInvalid';
  // A two-digit year as printed on the card (MM/YY).
  if (y >= 0 && y < 100) y += 2000;
  if (y < 2000 || y > 9999) return 'expiryInvalid';
  if (y * 12 + m < today.year * 12 + today.month) return 'expiryPast';
  if (y > today.year + BILLING_LIMITS.expiryYearsAhead) return 'expiryTooFar';
  return null;
}

/** The four-digit year of an expiry as typed (two or four digits). */
export function expiryFullYear(year: number): number {
  return year < 100 ? year + 2000 : year;
}

export function validateCvc(value: unknown, brand: CardBrand | null): CardRefusal | null {
  if (typeof value !== 'string' || value === '') return 'cvcRequired';
  return new RegExp(`^\\d{${cvcLength(brand)}}$`).test(value) ? null : 'cvcFormat';
}

/** The name on the card: letters of any script, spaces, apostrophe, hyphen and dot; at most 50 characters. */
export function validateHolderName(value: unknown): CardRefusal | null {
  if (typeof value !== 'string' || value.trim() === '') return 'holderRequired';
  if ([...value.trim()].length > BILLING_LIMITS.holderNameMax) return 'holderMax';
  return /^[\p{L}\p{M}]+(?:[ '’.-]+[\p{L}\p{M}]+)*\.?$/u.test(value.trim()) ? null : 'holderFormat';
}

/** A new card as the form holds it. */
export interface CardInput {
  number: unknown;
  expiryMonth: unknown;
  expiryYear: unknown;
  cvc: unknown;
  holderName: unknown;
}

/** Every field's first failing rule (an empty object when the card may go to the provider). */
export function cardRefusals(
  card: CardInput,
  today: YearMonth,
): Partial<Record<keyof CardInput, CardRefusal>> {
  const refusals: Partial<Record<keyof CardInput, CardRefusal>> = {};
  const number = validateCardNumber(card.number);
  if (number) refusals.number = number;
  const expiry = validateExpiry(card.expiryMonth, card.expiryYear, today);
  if (expiry) refusals.expiryMonth = expiry;
  const brand = typeof card.number === 'string' ? detectCardBrand(card.number) : null;
  const cvc = validateCvc(card.cvc, brand);
  if (cvc) refusals.cvc = cvc;
  const holder = validateHolderName(card.holderName);
  if (holder) refusals.holderName = holder;
  return refusals;
}

/** The typed-back verification amount, in minor units (cents). */
export function validateVerificationAmount(value: unknown): CardRefusal | null {
  return typeof value === 'number' &&
    Number.isInteger(value) &&
    value >= BILLING_LIMITS.verificationAmountMin &&
    value <= BILLING_LIMITS.verificationAmountMax
    ? null
    : 'amountInvalid';
}

/** The GST included in a price that includes it: 1/11 of it at 10 %, rounded to the nearest minor unit. */
export function gstIncluded(amountMinor: number, rateBasisPoints: number = GST_RATE_BASIS_POINTS): number {
  return Math.round((amountMinor * rateBasisPoints) / (10_000 + rateBasisPoints));
}

/** The last four digits of a card number, the only part anyone keeps. */
export function cardLast4(value: string): string {
  return normaliseCardNumber(value).slice(-4);
}
