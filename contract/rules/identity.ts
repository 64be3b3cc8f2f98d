import type { RuleResult } from './messages';
import { AUSTRALIAN_STATES } from './identity-lists';
import { ADULT_AGE, MAX_AGE } from './limits';
import { isBlank, text } from './text';

/**
 * Identity rules (docs/identity-verification.md): Medicare card numbers, dates of birth and expiry, Australian
 * post codes and states. Dates are ISO calendar dates ('1990-04-30'); a rule that depends on today takes
 * today's date as a parameter, so the server passes its clock's day and tests pass a fixed one.
 */

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_MONTH = /^(\d{4})-(\d{2})$/;

/**
 * Whether a string is a real calendar date in ISO form.
 * @example isIsoDate('2024-02-29') // true
 * @example isIsoDate('2023-02-29') // false
 */
export function isIsoDate(value: unknown): value is string {
  const match = ISO_DATE.exec(text(value));
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** 'YYYY-MM' with a month from 01 to 12 (a Medicare card's expiry). */
export function isIsoMonth(value: unknown): value is string {
  const match = ISO_MONTH.exec(text(value));
  return !!match && Number(match[2]) >= 1 && Number(match[2]) <= 12;
}

/** Today's ISO date in UTC from a Date (the server's clock). */
export function isoDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

function yearsBefore(today: string, years: number): string {
  const year = Number(today.slice(0, 4)) - years;
  // 29 February of a year that has none counts as 1 March: someone born on 29 Feb turns 18 on 1 Mar.
  const candidate = `${String(year).padStart(4, '0')}${today.slice(4)}`;
  return isIsoDate(candidate) ? candidate : `${String(year).padStart(4, '0')}-03-01`;
}

/**
 * At least 18 on `today` (both ISO dates).
 * @example isAdult('2008-06-01', '2026-06-01') // true
 * @example isAdult('2008-06-02', '2026-06-01') // false
 */
export function isAdult(dateOfBirth: string, today: string): boolean {
  return dateOfBirth <= yearsBefore(today, ADULT_AGE);
}

/**
 * Required, a real date, not in the future, not more than 120 years ago, and at least 18 years ago.
 * @example validateDateOfBirth('1990-01-01', '2026-01-01') // null
 */
export function validateDateOfBirth(value: unknown, today: string): RuleResult {
  const date = text(value);
  if (isBlank(date)) return 'validation.dateOfBirth.required';
  if (!isIsoDate(date) || date > today || date < yearsBefore(today, MAX_AGE))
    return 'validation.dateOfBirth.invalid';
  return isAdult(date, today) ? null : 'validation.dateOfBirth.adult';
}

/**
 * A document's expiry: required, a real date after today.
 * @example validateExpiryDate('2030-01-01', '2026-01-01') // null
 */
export function validateExpiryDate(value: unknown, today: string): RuleResult {
  const date = text(value);
  if (isBlank(date)) return 'validation.expiry.required';
  if (!isIsoDate(date)) return 'validation.expiry.invalid';
  return date > today ? null : 'validation.expiry.past';
}

/** A Medicare card's expiry month ('YYYY-MM'): valid through the last day of that month. */
export function validateExpiryMonth(value: unknown, today: string): RuleResult {
  const month = text(value);
  if (isBlank(month)) return 'validation.expiry.required';
  if (!isIsoMonth(month)) return 'validation.expiry.invalid';
  return month >= today.slice(0, 7) ? null : 'validation.expiry.past';
}

const MEDICARE_WEIGHTS = [1, 3, 7, 9, 1, 3, 7, 9];

/**
 * A Medicare card number: 10 digits (spaces allowed), the first 2 to 6, the ninth the check digit of the first
 * eight (weights 1 3 7 9 1 3 7 9, modulus 10), the tenth the card's issue number.
 * @example isValidMedicareNumber('2123 45670 1') // true
 */
export function isValidMedicareNumber(value: unknown): boolean {
  const digits = text(value).replace(/\s+/g, '');
  if (!/^[2-6]\d{9}$/.test(digits)) return false;
  const sum = MEDICARE_WEIGHTS.reduce((total, weight, index) => total + Number(digits[index]) * weight, 0);
  return sum % 10 === Number(digits[8]);
}

export function validateMedicareNumber(value: unknown): RuleResult {
  const raw = text(value);
  if (isBlank(raw)) return 'validation.medicare.required';
  if (!/^\d{10}$/.test(raw.replace(/\s+/g, ''))) return 'validation.medicare.format';
  return isValidMedicareNumber(raw) ? null : 'validation.medicare.checksum';
}

/** Medicare's individual reference number: the person's position on the card, 1 to 9. */
export function validateMedicareReference(value: unknown): RuleResult {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 9
    ? null
    : 'validation.medicare.reference';
}

/** The country code of Australia, whose addresses have the stricter rules below. */
export const AUSTRALIA = 'AU';

/**
 * A post code: for Australia exactly 4 digits; elsewhere required, at most 10 letters, digits, spaces or hyphens.
 * @example validatePostCode('2000', 'AU') // null
 * @example validatePostCode('200', 'AU') // 'validation.postCode.australia'
 */
export function validatePostCode(value: unknown, country: string): RuleResult {
  const code = text(value).trim();
  if (code === '') return 'validation.postCode.required';
  if (country === AUSTRALIA) return /^\d{4}$/.test(code) ? null : 'validation.postCode.australia';
  return /^[\p{L}\p{N} -]{1,10}$/u.test(code) ? null : 'validation.postCode.format';
}

/**
 * A state: for Australia one of the eight states and territories (their codes); elsewhere free text (required).
 * @example validateState('NSW', 'AU') // null
 */
export function validateState(value: unknown, country: string): RuleResult {
  const state = text(value).trim();
  if (state === '') return 'validation.state.required';
  if (country === AUSTRALIA) {
    return (AUSTRALIAN_STATES as readonly string[]).includes(state) ? null : 'validation.state.australia';
  }
  return null;
}

/** The parts of a name compared between the personal details and a document. */
export interface PersonNames {
  firstName?: string;
  middleName?: string;
  lastName?: string;
}

/** Case, accents, repeated spaces and the kind of apostrophe do not count as a difference. */
export function comparableName(value: string | undefined): string {
  return (value ?? '')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/\u2019/g, "'")
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

/**
 * Which names differ between the personal details and a document (empty when they agree). A document without a
 * middle name agrees with any middle name (many cards leave it out).
 * @example nameMismatches({ firstName: 'Zoë', lastName: 'Smith' }, { firstName: 'ZOE', lastName: 'Smith' }) // []
 */
export function nameMismatches(person: PersonNames, document: PersonNames): Array<keyof PersonNames> {
  const differs: Array<keyof PersonNames> = [];
  if (comparableName(person.firstName) !== comparableName(document.firstName)) differs.push('firstName');
  if (document.middleName && comparableName(person.middleName) !== comparableName(document.middleName)) {
    differs.push('middleName');
  }
  if (comparableName(person.lastName) !== comparableName(document.lastName)) differs.push('lastName');
  return differs;
}

/**
 * A Medicare card prints one line of name, which must contain the first and last name, in that order
 * ('JOHN A SMITH' for John Andrew Smith).
 */
export function medicareNameMatches(person: PersonNames, nameOnCard: string): boolean {
  const words = comparableName(nameOnCard).split(' ');
  const first = comparableName(person.firstName);
  const last = comparableName(person.lastName);
  const firstIndex = words.indexOf(first.split(' ')[0] ?? '');
  return firstIndex >= 0 && comparableName(nameOnCard).endsWith(last) && first !== '' && last !== '';
}
