import {
  EMAIL_MAX_LENGTH,
  EXAMPLE_LAST_NAME,
  OTP_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PHONE_MAX_DIGITS,
  PHONE_MIN_DIGITS,
} from './limits';

/**
 * Every message the validation library can produce, as an i18n key of the `core` namespace,
 * with the values interpolated into it. Keeping numbers out of the translations means a limit
 * changes in one place (limits.ts) and both languages follow.
 */
const messageParams = {
  'validation.firstName.required': undefined,
  'validation.firstName.format': undefined,
  'validation.lastName.required': undefined,
  'validation.lastName.format': { name: EXAMPLE_LAST_NAME },
  'validation.email.required': undefined,
  'validation.email.max': { max: EMAIL_MAX_LENGTH },
  'validation.email.invalidFormat': undefined,
  'validation.email.invalid': undefined,
  'validation.password.required': undefined,
  'validation.password.min': { min: PASSWORD_MIN_LENGTH },
  'validation.password.max': { max: PASSWORD_MAX_LENGTH },
  'validation.password.pattern': { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH },
  'validation.confirmPassword.mismatch': undefined,
  'validation.newPasswordConfirm.mismatch': undefined,
  'validation.currentPassword.required': undefined,
  'validation.currentPassword.min': { min: PASSWORD_MIN_LENGTH },
  'validation.currentPassword.max': { max: PASSWORD_MAX_LENGTH },
  'validation.currentPassword.pattern': undefined,
  'validation.newPassword.sameAsCurrent': undefined,
  'validation.phone.required': undefined,
  'validation.phone.digits': { min: PHONE_MIN_DIGITS, max: PHONE_MAX_DIGITS },
  'validation.phone.plusRequired': undefined,
  'validation.otp.required': undefined,
  'validation.otp.format': { length: OTP_LENGTH },
} satisfies Record<string, Record<string, string | number> | undefined>;

/** An i18n key (namespace `core`) naming one validation message. */
export type ValidationMessageKey = keyof typeof messageParams;

/** Every key, for tests and the style guide. */
export const validationMessageKeys = Object.keys(messageParams) as ValidationMessageKey[];

/**
 * The translate function the rule builders need. `t` from `useTranslation(anyNamespace)` fits:
 * messages are always looked up in `core`, so a plugin can pass its own `t`.
 */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * Turns a key returned by a validator into the user's language.
 * @example
 * const key = validateEmail(value);
 * if (key) showError(translateValidation(t, key)); // 'Invalid email format'
 */
export function translateValidation(t: Translate, key: ValidationMessageKey): string {
  return t(key, { ns: 'core', ...messageParams[key] });
}
