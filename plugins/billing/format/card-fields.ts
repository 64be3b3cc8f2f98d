import { formatDate } from '@core';
import {
  detectCardBrand,
  normaliseCardNumber,
  validateCardNumber,
  validateCvc,
  validateExpiry,
  validateHolderName,
  type CardRefusal,
  type YearMonth,
} from '@contract/v1/billing-rules';

/** The card form's values as typed: the expiry is one 'MM/YY' field, as printed on the card. */
export interface CardFormValues {
  number: string;
  holderName: string;
  expiry: string;
  cvc: string;
}

/** This month in the organisation's time zone: the server judges an expiry by its month, so the form does too. */
export function currentMonthIn(timeZone: string, now: Date | number = Date.now()): YearMonth {
  const [year, month] = formatDate(now, { timeZone, format: 'YYYY-MM' }).split('-').map(Number);
  return { year: year!, month: month! };
}

/**
 * 'MM/YY' or 'MM/YYYY' (spaces allowed around the slash) as the month and year the rule set checks; null when the
 * text is not shaped like an expiry at all.
 * @example parseExpiry('04 / 27') // { month: 4, year: 27 }
 */
export function parseExpiry(text: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(text);
  return match ? { month: Number(match[1]), year: Number(match[2]) } : null;
}

/** The first refusal of each field, from the contract's rule set (the server applies the same functions). */
export const cardFieldChecks = {
  number: (value: unknown): CardRefusal | null => validateCardNumber(value),
  holderName: (value: unknown): CardRefusal | null => validateHolderName(value),
  expiry: (value: unknown, today: YearMonth): CardRefusal | null => {
    if (typeof value !== 'string' || value.trim() === '') return 'expiryRequired';
    const parsed = parseExpiry(value);
    return parsed ? validateExpiry(parsed.month, parsed.year, today) : 'expiryInvalid';
  },
  cvc: (value: unknown, number: unknown): CardRefusal | null =>
    validateCvc(
      typeof value === 'string' ? value.trim() : value,
      typeof number === 'string' ? detectCardBrand(number) : null,
    ),
};

/** What POST /v1/card receives from the form: digits only, the four-digit year. */
export function cardBody(values: CardFormValues) {
  const expiry = parseExpiry(values.expiry)!;
  return {
    number: normaliseCardNumber(values.number),
    holderName: values.holderName.trim(),
    expiryMonth: expiry.month,
    expiryYear: expiry.year < 100 ? expiry.year + 2000 : expiry.year,
    cvc: values.cvc.trim(),
  };
}
