import {
  ADULT_AGE,
  EMAIL_MAX_LENGTH,
  EXAMPLE_LAST_NAME,
  NAME_MAX_LENGTH,
  NIST_PASSWORD_MAX_LENGTH,
  NIST_PASSWORD_MIN_LENGTH,
  NIST_SINGLE_FACTOR_MIN_LENGTH,
  ORGANIZATION_NAME_MAX_LENGTH,
  ORGANIZATION_NAME_MIN_LENGTH,
  OTP_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PHONE_MAX_DIGITS,
  PHONE_MIN_DIGITS,
  ROLE_NAME_MAX_LENGTH,
  ROLE_NAME_MIN_LENGTH,
} from './limits';

/**
 * Every message a rule can produce, as an i18n key of the `core` namespace (locales/<lang>/core.json),
 * with the values interpolated into it. Keeping numbers out of the translations means a limit changes in
 * one place (limits.ts) and every language follows; the server answers the same keys.
 */
export const ruleMessageParams = {
  'validation.firstName.required': undefined,
  'validation.firstName.max': { max: NAME_MAX_LENGTH },
  'validation.firstName.format': undefined,
  'validation.lastName.required': undefined,
  'validation.lastName.max': { max: NAME_MAX_LENGTH },
  'validation.lastName.format': { name: EXAMPLE_LAST_NAME },
  'validation.email.required': undefined,
  'validation.email.max': { max: EMAIL_MAX_LENGTH },
  'validation.email.invalidFormat': undefined,
  'validation.email.invalid': undefined,
  'validation.password.required': undefined,
  'validation.password.min': { min: PASSWORD_MIN_LENGTH },
  'validation.password.max': { max: PASSWORD_MAX_LENGTH },
  'validation.password.pattern': { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH },
  'validation.passwordNist.min': { min: NIST_SINGLE_FACTOR_MIN_LENGTH },
  'validation.passwordNist.minWithSecondFactor': { min: NIST_PASSWORD_MIN_LENGTH },
  'validation.passwordNist.max': { max: NIST_PASSWORD_MAX_LENGTH },
  'validation.loginPassword.max': undefined,
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
  'validation.organizationName.required': undefined,
  'validation.organizationName.min': { min: ORGANIZATION_NAME_MIN_LENGTH },
  'validation.organizationName.max': { max: ORGANIZATION_NAME_MAX_LENGTH },
  'validation.organizationName.format': undefined,
  'validation.roleName.required': undefined,
  'validation.roleName.min': { min: ROLE_NAME_MIN_LENGTH },
  'validation.roleName.max': { max: ROLE_NAME_MAX_LENGTH },
  'validation.roleName.format': undefined,
  'validation.colour.required': undefined,
  'validation.colour.format': undefined,
  // Identity verification (docs/identity-verification.md)
  'validation.middleName.max': { max: NAME_MAX_LENGTH },
  'validation.middleName.format': undefined,
  'validation.abn.required': undefined,
  'validation.abn.format': undefined,
  'validation.abn.checksum': undefined,
  'validation.acn.required': undefined,
  'validation.acn.format': undefined,
  'validation.acn.checksum': undefined,
  'validation.acn.abnMismatch': undefined,
  'validation.medicare.required': undefined,
  'validation.medicare.format': undefined,
  'validation.medicare.checksum': undefined,
  'validation.medicare.reference': undefined,
  'validation.dateOfBirth.required': undefined,
  'validation.dateOfBirth.invalid': undefined,
  'validation.dateOfBirth.adult': { age: ADULT_AGE },
  'validation.expiry.required': undefined,
  'validation.expiry.invalid': undefined,
  'validation.expiry.past': undefined,
  'validation.postCode.required': undefined,
  'validation.postCode.australia': undefined,
  'validation.postCode.format': undefined,
  'validation.state.required': undefined,
  'validation.state.australia': undefined,
} satisfies Record<string, Record<string, string | number> | undefined>;

/** An i18n key (namespace `core`) naming one validation message. */
export type RuleMessageKey = keyof typeof ruleMessageParams;

/** Every key, for tests and the style guide. */
export const ruleMessageKeys = Object.keys(ruleMessageParams) as RuleMessageKey[];

/** What a rule returns: the key of the first failed check, or null when the value passes. */
export type RuleResult = RuleMessageKey | null;

export function isRuleMessageKey(value: unknown): value is RuleMessageKey {
  return typeof value === 'string' && Object.hasOwn(ruleMessageParams, value);
}

/**
 * The values a key's text interpolates (`{{max}}`…).
 * @example ruleMessageValues('validation.email.max') // { max: 256 }
 */
export function ruleMessageValues(key: RuleMessageKey): Record<string, string | number> {
  return ruleMessageParams[key] ?? {};
}

/** The i18n namespace of the rule messages: the portal's `core` (locales/<lang>/core.json). */
export const RULE_MESSAGE_NAMESPACE = 'core';

/** A key qualified with its namespace, as the server sends it to its translator: `core:validation.email.max`. */
export type QualifiedRuleMessageKey = `${typeof RULE_MESSAGE_NAMESPACE}:${RuleMessageKey}`;

/** @example qualifiedRuleMessage('validation.email.max') // 'core:validation.email.max' */
export function qualifiedRuleMessage(key: RuleMessageKey): QualifiedRuleMessageKey {
  return `${RULE_MESSAGE_NAMESPACE}:${key}`;
}

/**
 * The rule key inside a message the server carries, qualified or not; null for any other text.
 * @example ruleMessageKeyOf('core:validation.otp.format') // 'validation.otp.format'
 */
export function ruleMessageKeyOf(message: string): RuleMessageKey | null {
  const key = message.startsWith(`${RULE_MESSAGE_NAMESPACE}:`)
    ? message.slice(RULE_MESSAGE_NAMESPACE.length + 1)
    : message;
  return isRuleMessageKey(key) ? key : null;
}
