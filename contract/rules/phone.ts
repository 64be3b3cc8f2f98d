import { PHONE_MAX_DIGITS, PHONE_MIN_DIGITS } from './limits';
import type { RuleResult } from './messages';
import { isBlank, text } from './text';

export interface PhoneOptions {
  /** The mobile 2FA number must carry its country code, so a leading "+" is mandatory. */
  forcePlus?: boolean;
}

const PHONE = new RegExp(`^\\+?\\d{${PHONE_MIN_DIGITS},${PHONE_MAX_DIGITS}}$`);

/**
 * An optional leading "+" (mandatory with forcePlus) then 7 to 15 digits. A lone "+" is empty:
 * that is what a forced-plus input shows before anything is typed.
 * @example validatePhone('+61412345678') // null
 * @example validatePhone('61412345678', { forcePlus: true }) // 'validation.phone.plusRequired'
 */
export function validatePhone(value: unknown, { forcePlus = false }: PhoneOptions = {}): RuleResult {
  const phone = text(value);
  if (isBlank(phone.replace(/^\+/, ''))) return 'validation.phone.required';
  if (!PHONE.test(phone)) return 'validation.phone.digits';
  if (forcePlus && !phone.startsWith('+')) return 'validation.phone.plusRequired';
  return null;
}
