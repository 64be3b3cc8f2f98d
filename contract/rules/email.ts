import { EMAIL_LOCAL_MAX_LENGTH, EMAIL_MAX_LENGTH } from './limits';
import type { RuleResult } from './messages';
import { codePointLength, isBlank, text } from './text';

// 'Invalid email format': the text is not shaped like an address at all (no single "@" splitting two
// non-empty parts, or whitespace inside). 'Invalid email': it has that shape but is not a deliverable
// address (bad characters, dots in the wrong place, no top-level domain).
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+$/;
const EMAIL_LOCAL = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const EMAIL_DOMAIN = /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;

export interface EmailOptions {
  /** False for optional fields such as the recovery email: empty is then valid. Default true. */
  required?: boolean;
}

/**
 * Checks, in order: required, at most 256 characters, shape ('Invalid email format'), validity ('Invalid email').
 * The one email rule of the product: the portal's forms and the server's schemas both run it.
 * @example validateEmail('plainaddress') // 'validation.email.invalidFormat'
 * @example validateEmail('john..doe@example.com') // 'validation.email.invalid'
 */
export function validateEmail(value: unknown, { required = true }: EmailOptions = {}): RuleResult {
  const email = text(value);
  if (isBlank(email)) return required ? 'validation.email.required' : null;
  if (codePointLength(email) > EMAIL_MAX_LENGTH) return 'validation.email.max';
  if (!EMAIL_SHAPE.test(email)) return 'validation.email.invalidFormat';
  const at = email.lastIndexOf('@');
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  if (local.length > EMAIL_LOCAL_MAX_LENGTH || !EMAIL_LOCAL.test(local) || !EMAIL_DOMAIN.test(domain)) {
    return 'validation.email.invalid';
  }
  return null;
}
