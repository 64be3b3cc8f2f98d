import { LOGIN_PASSWORD_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './limits';
import type { RuleResult } from './messages';
import { codePointLength, text } from './text';

// Only ASCII letters count as upper or lower case, and anything that is not an ASCII letter, digit or
// whitespace counts as special, so "Passwört1" is strong and "SECRETé1" lacks a lowercase letter.
const HAS_UPPER = /[A-Z]/;
const HAS_LOWER = /[a-z]/;
const HAS_DIGIT = /[0-9]/;
const HAS_SPECIAL = /[^A-Za-z0-9\s]/;
const HAS_SPACE = /\s/;

/**
 * For every password a user chooses (sign-up, reset, SSO, new password): 7 to 30 characters with an
 * uppercase letter, a lowercase letter, a digit and a special character, and no whitespace.
 * @example validatePassword('Secret1!') // null
 * @example validatePassword('Ab1!cd') // 'validation.password.min'
 */
export function validatePassword(value: unknown): RuleResult {
  const password = text(value);
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
 * special-character rule must still be able to type theirs.
 * @example validateCurrentPassword('Abcdef1') // null
 */
export function validateCurrentPassword(value: unknown): RuleResult {
  const password = text(value);
  if (password === '') return 'validation.currentPassword.required';
  if (codePointLength(password) < PASSWORD_MIN_LENGTH) return 'validation.currentPassword.min';
  if (codePointLength(password) > PASSWORD_MAX_LENGTH) return 'validation.currentPassword.max';
  const mixed = HAS_UPPER.test(password) && HAS_LOWER.test(password) && HAS_DIGIT.test(password);
  return mixed ? null : 'validation.currentPassword.pattern';
}

/**
 * The confirmation obeys the password rules, then must equal the password.
 * @example validateConfirmPassword('Secret1!', 'Secret2!') // 'validation.confirmPassword.mismatch'
 */
export function validateConfirmPassword(value: unknown, password: unknown): RuleResult {
  return validatePassword(value) ?? (value === password ? null : 'validation.confirmPassword.mismatch');
}

/** The change form's wording: 'New Password and Confirm Password should match'. */
export function validateNewPasswordConfirm(value: unknown, newPassword: unknown): RuleResult {
  return validatePassword(value) ?? (value === newPassword ? null : 'validation.newPasswordConfirm.mismatch');
}

/**
 * A new password obeys the password rules and differs from the current one.
 * @example validateNewPassword('Secret1!', 'Secret1!') // 'validation.newPassword.sameAsCurrent'
 */
export function validateNewPassword(value: unknown, currentPassword: unknown): RuleResult {
  return (
    validatePassword(value) ??
    (text(currentPassword) !== '' && value === currentPassword
      ? 'validation.newPassword.sameAsCurrent'
      : null)
  );
}
