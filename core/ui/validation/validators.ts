/**
 * The validation rules of spec §5 as pure functions: no React, no antd, so stores, tests and
 * anything else can call them. Each returns the i18n key of the first failed check, or null.
 */
import {
  EMAIL_MAX_LENGTH,
  OTP_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PHONE_MAX_DIGITS,
  PHONE_MIN_DIGITS,
} from './limits';
import type { ValidationMessageKey } from './messages';

type Result = ValidationMessageKey | null;

/** Form libraries hand over undefined or null for untouched fields. */
function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function isBlank(value: string): boolean {
  return value.trim() === '';
}

/** Counted in code points, like JSON Schema's minLength/maxLength on the server, so an emoji is one character. */
function length(value: string): number {
  return Array.from(value).length;
}

// Letters of any script (\p{L}) plus combining marks (\p{M}) so "Zoë" and a decomposed "José" pass;
// the typographic apostrophe comes from phones that auto-correct "O'Brien".
const NAME_PART = "[\\p{L}\\p{M}'\u2019.\\-]+";
const NAME = new RegExp(`^${NAME_PART}(?: ${NAME_PART})?$`, 'u');

function validateName(value: unknown, required: ValidationMessageKey, format: ValidationMessageKey): Result {
  const name = text(value);
  if (isBlank(name)) return required;
  return NAME.test(name) ? null : format;
}

/**
 * @example validateFirstName('Zoë') // null
 * @example validateFirstName('J0hn') // 'validation.firstName.format'
 */
export function validateFirstName(value: unknown): Result {
  return validateName(value, 'validation.firstName.required', 'validation.firstName.format');
}

/** @example validateLastName("O'Brien-Smith") // null */
export function validateLastName(value: unknown): Result {
  return validateName(value, 'validation.lastName.required', 'validation.lastName.format');
}

// 'Invalid email format': the text is not shaped like an address at all (no single "@" splitting two
// non-empty parts, or whitespace inside). 'Invalid email': it has that shape but is not a deliverable
// address (bad characters, dots in the wrong place, no top-level domain).
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+$/;
const EMAIL_LOCAL = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const EMAIL_DOMAIN = /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;
const EMAIL_LOCAL_MAX = 64;

export interface EmailOptions {
  /** False for optional fields such as the recovery email: empty is then valid. Default true. */
  required?: boolean;
}

/**
 * Checks, in order: required, at most 256 characters, shape ('Invalid email format'), validity ('Invalid email').
 * @example validateEmail('plainaddress') // 'validation.email.invalidFormat'
 * @example validateEmail('john..doe@example.com') // 'validation.email.invalid'
 */
export function validateEmail(value: unknown, { required = true }: EmailOptions = {}): Result {
  const email = text(value);
  if (isBlank(email)) return required ? 'validation.email.required' : null;
  if (length(email) > EMAIL_MAX_LENGTH) return 'validation.email.max';
  if (!EMAIL_SHAPE.test(email)) return 'validation.email.invalidFormat';
  const at = email.lastIndexOf('@');
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  if (local.length > EMAIL_LOCAL_MAX || !EMAIL_LOCAL.test(local) || !EMAIL_DOMAIN.test(domain)) {
    return 'validation.email.invalid';
  }
  return null;
}

// The same character classes as the server's schema (contract/v1/common.ts NewPassword), so a password
// the form accepts is never refused by the API: only ASCII letters count as upper or lower case, and
// anything that is not an ASCII letter, digit or whitespace counts as special.
const HAS_UPPER = /[A-Z]/;
const HAS_LOWER = /[a-z]/;
const HAS_DIGIT = /[0-9]/;
const HAS_SPECIAL = /[^A-Za-z0-9\s]/;
const HAS_SPACE = /\s/;

/**
 * For sign-up, SSO password and new password: 7 to 30 characters with an uppercase letter,
 * a lowercase letter, a digit and a special character, and no whitespace.
 * @example validatePassword('Secret1!') // null
 */
export function validatePassword(value: unknown): Result {
  const password = text(value);
  if (password === '') return 'validation.password.required';
  if (length(password) < PASSWORD_MIN_LENGTH) return 'validation.password.min';
  if (length(password) > PASSWORD_MAX_LENGTH) return 'validation.password.max';
  const strong =
    HAS_UPPER.test(password) &&
    HAS_LOWER.test(password) &&
    HAS_DIGIT.test(password) &&
    HAS_SPECIAL.test(password) &&
    !HAS_SPACE.test(password);
  return strong ? null : 'validation.password.pattern';
}

/**
 * The confirmation obeys the password rules, then must equal the password.
 * @example validateConfirmPassword('Secret1!', 'Secret2!') // 'validation.confirmPassword.mismatch'
 */
export function validateConfirmPassword(value: unknown, password: unknown): Result {
  return validatePassword(value) ?? (value === password ? null : 'validation.confirmPassword.mismatch');
}

/** The change-password form's wording: 'New Password and Confirm Password should match'. */
export function validateNewPasswordConfirm(value: unknown, newPassword: unknown): Result {
  return validatePassword(value) ?? (value === newPassword ? null : 'validation.newPasswordConfirm.mismatch');
}

/**
 * Looser than {@link validatePassword}: accounts created before the special-character rule
 * must still be able to type their current password.
 */
export function validateCurrentPassword(value: unknown): Result {
  const password = text(value);
  if (password === '') return 'validation.currentPassword.required';
  if (length(password) < PASSWORD_MIN_LENGTH) return 'validation.currentPassword.min';
  if (length(password) > PASSWORD_MAX_LENGTH) return 'validation.currentPassword.max';
  const mixed = HAS_UPPER.test(password) && HAS_LOWER.test(password) && HAS_DIGIT.test(password);
  return mixed ? null : 'validation.currentPassword.pattern';
}

/**
 * A new password obeys the password rules and differs from the current one.
 * @example validateNewPassword('Secret1!', 'Secret1!') // 'validation.newPassword.sameAsCurrent'
 */
export function validateNewPassword(value: unknown, currentPassword: unknown): Result {
  return (
    validatePassword(value) ??
    (text(currentPassword) !== '' && value === currentPassword
      ? 'validation.newPassword.sameAsCurrent'
      : null)
  );
}

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
export function validatePhone(value: unknown, { forcePlus = false }: PhoneOptions = {}): Result {
  const phone = text(value);
  if (isBlank(phone.replace(/^\+/, ''))) return 'validation.phone.required';
  if (!PHONE.test(phone)) return 'validation.phone.digits';
  if (forcePlus && !phone.startsWith('+')) return 'validation.phone.plusRequired';
  return null;
}

const OTP = new RegExp(`^\\d{${OTP_LENGTH}}$`);

/**
 * One-time and authenticator codes: exactly 6 digits.
 * @example validateOtp('12345a') // 'validation.otp.format'
 */
export function validateOtp(value: unknown): Result {
  const code = text(value);
  if (code === '') return 'validation.otp.required';
  return OTP.test(code) ? null : 'validation.otp.format';
}
