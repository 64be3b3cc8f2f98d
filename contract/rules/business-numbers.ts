import type { RuleResult } from './messages';
import { isBlank, text } from './text';

/**
 * Australian business numbers (docs/identity-verification.md). Both are typed with or without spaces
 * ('51 824 753 556'); the checks read the digits only, after removing spaces.
 */
export function businessNumberDigits(value: unknown): string {
  return text(value).replace(/\s+/g, '');
}

// ATO: subtract 1 from the first digit, weight the digits, the sum is a multiple of 89.
const ABN_WEIGHTS = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19];

/**
 * The ABN's modulus 89 check.
 * @example isValidAbn('51 824 753 556') // true
 * @example isValidAbn('51 824 753 557') // false
 */
export function isValidAbn(value: unknown): boolean {
  const digits = businessNumberDigits(value);
  if (!/^\d{11}$/.test(digits)) return false;
  const sum = [...digits].reduce(
    (total, digit, index) => total + (Number(digit) - (index === 0 ? 1 : 0)) * ABN_WEIGHTS[index]!,
    0,
  );
  return sum % 89 === 0;
}

/**
 * Required; 11 digits (spaces allowed); the modulus 89 check.
 * @example validateAbn('51824753556') // null
 */
export function validateAbn(value: unknown): RuleResult {
  const raw = text(value);
  if (isBlank(raw)) return 'validation.abn.required';
  if (!/^\d{11}$/.test(businessNumberDigits(raw))) return 'validation.abn.format';
  return isValidAbn(raw) ? null : 'validation.abn.checksum';
}

// ASIC: weights 8..1 over the first eight digits; the ninth is (10 - sum mod 10) mod 10.
const ACN_WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 1];

/**
 * The ACN's modulus 10 check.
 * @example isValidAcn('000 000 019') // true
 * @example isValidAcn('123 456 789') // false
 */
export function isValidAcn(value: unknown): boolean {
  const digits = businessNumberDigits(value);
  if (!/^\d{9}$/.test(digits)) return false;
  const sum = ACN_WEIGHTS.reduce((total, weight, index) => total + Number(digits[index]) * weight, 0);
  return (10 - (sum % 10)) % 10 === Number(digits[8]);
}

/** Required; 9 digits (spaces allowed); the modulus 10 check. */
export function validateAcn(value: unknown): RuleResult {
  const raw = text(value);
  if (isBlank(raw)) return 'validation.acn.required';
  if (!/^\d{9}$/.test(businessNumberDigits(raw))) return 'validation.acn.format';
  return isValidAcn(raw) ? null : 'validation.acn.checksum';
}

/**
 * A company's ABN usually ends with its ACN (the ABN is two check digits followed by the ACN). Not a refusal:
 * the form warns, since some companies registered their ABN otherwise.
 * @example abnEndsWithAcn('51 824 753 556', '824 753 556') // true
 */
export function abnEndsWithAcn(abn: unknown, acn: unknown): boolean {
  return businessNumberDigits(abn).slice(2) === businessNumberDigits(acn);
}
