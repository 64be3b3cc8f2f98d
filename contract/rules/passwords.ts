import {
  LOGIN_PASSWORD_MAX_LENGTH,
  NIST_PASSWORD_MAX_LENGTH,
  NIST_PASSWORD_MIN_LENGTH,
  NIST_SINGLE_FACTOR_MIN_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from './limits';
import type { RuleResult } from './messages';
import { codePointLength, isBlank, text } from './text';

/**
 * The deployment's choice (portal.config.json `passwordPolicy`, docs/validation-rules.md): `product` is the
 * spec's rule and the default; `nist` follows NIST SP 800-63B and OWASP ASVS 5.0 (length, no composition rules).
 */
export const PASSWORD_POLICIES = ['product', 'nist'] as const;
export type PasswordPolicy = (typeof PASSWORD_POLICIES)[number];

/** What a password rule needs beyond the password: the policy, and whether another factor guards the account. */
export interface PasswordContext {
  /** Default `product`. */
  policy?: PasswordPolicy;
  /**
   * The account also has a second factor (2FA on), so the password is not the only one: the `nist` policy then
   * asks for 8 characters instead of 15. Unknown (sign-up, a reset link) counts as the password alone.
   */
  secondFactor?: boolean;
}

// Only ASCII letters count as upper or lower case, and anything that is not an ASCII letter, digit or
// whitespace counts as special, so "Passwört1" is strong and "SECRETé1" lacks a lowercase letter.
const HAS_UPPER = /[A-Z]/;
const HAS_LOWER = /[a-z]/;
const HAS_DIGIT = /[0-9]/;
const HAS_SPECIAL = /[^A-Za-z0-9\s]/;
const HAS_SPACE = /\s/;

/**
 * For every password a user chooses (sign-up, reset, SSO, new password). The `product` policy: 7 to 30
 * characters with an uppercase letter, a lowercase letter, a digit and a special character, and no whitespace.
 * The `nist` policy: any characters (spaces and emoji too), 15 to 128 of them, or from 8 with a second factor;
 * a password of only spaces is refused because it could never be typed to log in. Either way the server also
 * refuses common passwords, and the password is kept exactly as typed (no trimming).
 * @example validatePassword('Secret1!') // null
 * @example validatePassword('Ab1!cd') // 'validation.password.min'
 * @example validatePassword('correct horse battery', { policy: 'nist' }) // null
 */
export function validatePassword(value: unknown, context: PasswordContext = {}): RuleResult {
  const password = text(value);
  if (context.policy === 'nist') return validateNistPassword(password, context.secondFactor === true);
  if (password === '') return 'validation.password.required';
  if (codePointLength(password) < PASSWORD_MIN_LENGTH) return 'validation.password.min';
  if (codePointLength(password) > PASSWORD_MAX_LENGTH) return 'validation.password.max';
  const strong =
    HAS_UPPER.test(password) &&
    HAS_LOWER.test(password) &&
    HAS_DIGIT.test(password) &&
    HAS_SPECIAL.test(password) &&
    !HAS_SPACE.test(password);
  return strong ? null : 'validation.password.pattern';
}

function validateNistPassword(password: string, secondFactor: boolean): RuleResult {
  if (isBlank(password)) return 'validation.password.required';
  const length = codePointLength(password);
  if (secondFactor && length < NIST_PASSWORD_MIN_LENGTH) return 'validation.passwordNist.minWithSecondFactor';
  if (!secondFactor && length < NIST_SINGLE_FACTOR_MIN_LENGTH) return 'validation.passwordNist.min';
  return length > NIST_PASSWORD_MAX_LENGTH ? 'validation.passwordNist.max' : null;
}

/**
 * The password typed to log in: any existing password, so no strength rules, only present and bounded.
 * Too long says what a wrong password says, so the limit reveals nothing about accounts.
 * @example validateLoginPassword('x') // null
 */
export function validateLoginPassword(value: unknown): RuleResult {
  const password = text(value);
  if (password.trim() === '') return 'validation.password.required';
  return codePointLength(password) > LOGIN_PASSWORD_MAX_LENGTH ? 'validation.loginPassword.max' : null;
}

/**
 * The current password of the change form. Looser than {@link validatePassword}: accounts created before the
 * special-character rule must still be able to type theirs. Under the `nist` policy any existing password
 * (chosen under either policy) is accepted, as at login.
 * @example validateCurrentPassword('Abcdef1') // null
 */
export function validateCurrentPassword(value: unknown, context: PasswordContext = {}): RuleResult {
  const password = text(value);
  if (password === '') return 'validation.currentPassword.required';
  if (context.policy === 'nist') {
    if (isBlank(password)) return 'validation.currentPassword.required';
    return codePointLength(password) > NIST_PASSWORD_MAX_LENGTH ? 'validation.passwordNist.max' : null;
  }
  if (codePointLength(password) < PASSWORD_MIN_LENGTH) return 'validation.currentPassword.min';
  if (codePointLength(password) > PASSWORD_MAX_LENGTH) return 'validation.currentPassword.max';
  const mixed = HAS_UPPER.test(password) && HAS_LOWER.test(password) && HAS_DIGIT.test(password);
  return mixed ? null : 'validation.currentPassword.pattern';
}

/**
 * The confirmation must be typed, then equal the password. It does not repeat the password's own rules: the
 * password field says what is wrong with the password, and this one only whether the two match (issue #39).
 * @example validateConfirmPassword('Secret2!', 'Secret1!') // 'validation.confirmPassword.mismatch'
 */
export function validateConfirmPassword(value: unknown, password: unknown): RuleResult {
  if (isBlank(text(value))) return 'validation.password.required';
  return value === password ? null : 'validation.confirmPassword.mismatch';
}

/** The change form's wording: 'New Password and Confirm Password should match'. */
export function validateNewPasswordConfirm(value: unknown, newPassword: unknown): RuleResult {
  if (isBlank(text(value))) return 'validation.password.required';
  return value === newPassword ? null : 'validation.newPasswordConfirm.mismatch';
}

/**
 * A new password obeys the password rules and differs from the current one.
 * @example validateNewPassword('Secret1!', 'Secret1!') // 'validation.newPassword.sameAsCurrent'
 */
export function validateNewPassword(
  value: unknown,
  currentPassword: unknown,
  context: PasswordContext = {},
): RuleResult {
  return (
    validatePassword(value, context) ??
    (text(currentPassword) !== '' && value === currentPassword
      ? 'validation.newPassword.sameAsCurrent'
      : null)
  );
}
