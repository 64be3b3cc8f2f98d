import { validateEmail } from './email';
import {
  EMAIL_MAX_LENGTH,
  LOGIN_PASSWORD_MAX_LENGTH,
  NAME_MAX_LENGTH,
  NIST_PASSWORD_MAX_LENGTH,
  ORGANIZATION_NAME_MAX_LENGTH,
  ORGANIZATION_NAME_MIN_LENGTH,
  OTP_LENGTH,
  PASSWORD_MIN_LENGTH,
  PHONE_MAX_DIGITS,
  ROLE_NAME_MAX_LENGTH,
  ROLE_NAME_MIN_LENGTH,
} from './limits';
import type { RuleMessageKey, RuleResult } from './messages';
import { validateFirstName, validateLastName, validateMiddleName } from './names';
import {
  validateCurrentPassword,
  validateLoginPassword,
  validatePassword,
  type PasswordPolicy,
} from './passwords';
import { validatePhone } from './phone';
import { validateOtp } from './otp';
import { validateOrganizationName, validateRoleName } from './organization-names';
import { validateAbn, validateAcn } from './business-numbers';
import { validateMedicareNumber } from './identity';
import { BRAND_COLOUR_MAX_LENGTH, BRAND_COLOUR_MIN_LENGTH, validateBrandColour } from './colour';

/**
 * One rule of a request field, as the server's schemas use it: the check both sides run, the message for a
 * missing field, and the bounds published as JSON Schema `minLength`/`maxLength` (OpenAPI) with the message
 * the check itself gives just past each bound. The `x-rule` keyword runs before those keywords and its message
 * wins, so they only document the rule; their messages are there for a schema read without the keyword.
 */
export interface FieldRule {
  check: (value: unknown) => RuleResult;
  /** Shown when the field is absent from the request. */
  required: RuleMessageKey;
  minLength: number;
  maxLength: number;
  /** The check's own answer just below `minLength` and just above `maxLength`. */
  boundMessages: { minLength: RuleMessageKey; maxLength: RuleMessageKey };
}

/**
 * The rules a request field can name with `x-rule` (contract/v1/common.ts builds the schemas from them).
 * A new rule (ABN/ACN, card number, colour…) is one entry here plus its validator and message keys.
 */
export const ruleSet = {
  firstName: {
    check: validateFirstName,
    required: 'validation.firstName.required',
    minLength: 1,
    maxLength: NAME_MAX_LENGTH,
    boundMessages: { minLength: 'validation.firstName.required', maxLength: 'validation.firstName.max' },
  },
  lastName: {
    check: validateLastName,
    required: 'validation.lastName.required',
    minLength: 1,
    maxLength: NAME_MAX_LENGTH,
    boundMessages: { minLength: 'validation.lastName.required', maxLength: 'validation.lastName.max' },
  },
  email: {
    check: (value) => validateEmail(value),
    required: 'validation.email.required',
    minLength: 1,
    maxLength: EMAIL_MAX_LENGTH,
    boundMessages: { minLength: 'validation.email.required', maxLength: 'validation.email.max' },
  },
  // The password rules publish bounds that hold under either password policy (7 from `product`, 128 from
  // `nist`), because the schemas are built once and the policy is the deployment's (ruleSetFor below); the check
  // refuses within them with the policy's own message.
  password: {
    check: (value) => validatePassword(value),
    required: 'validation.password.required',
    minLength: PASSWORD_MIN_LENGTH,
    maxLength: NIST_PASSWORD_MAX_LENGTH,
    boundMessages: { minLength: 'validation.password.min', maxLength: 'validation.password.max' },
  },
  loginPassword: {
    check: validateLoginPassword,
    required: 'validation.password.required',
    minLength: 1,
    maxLength: LOGIN_PASSWORD_MAX_LENGTH,
    boundMessages: { minLength: 'validation.password.required', maxLength: 'validation.loginPassword.max' },
  },
  currentPassword: {
    check: (value) => validateCurrentPassword(value),
    required: 'validation.currentPassword.required',
    minLength: 1,
    maxLength: NIST_PASSWORD_MAX_LENGTH,
    boundMessages: {
      minLength: 'validation.currentPassword.required',
      maxLength: 'validation.currentPassword.max',
    },
  },
  phone: {
    check: (value) => validatePhone(value),
    required: 'validation.phone.required',
    minLength: 1,
    // The digits plus an optional leading "+".
    maxLength: PHONE_MAX_DIGITS + 1,
    boundMessages: { minLength: 'validation.phone.required', maxLength: 'validation.phone.digits' },
  },
  mobilePhone: {
    check: (value) => validatePhone(value, { forcePlus: true }),
    required: 'validation.phone.required',
    minLength: 1,
    maxLength: PHONE_MAX_DIGITS + 1,
    boundMessages: { minLength: 'validation.phone.required', maxLength: 'validation.phone.digits' },
  },
  otp: {
    check: validateOtp,
    required: 'validation.otp.required',
    minLength: OTP_LENGTH,
    maxLength: OTP_LENGTH,
    boundMessages: { minLength: 'validation.otp.format', maxLength: 'validation.otp.format' },
  },
  organizationName: {
    check: validateOrganizationName,
    required: 'validation.organizationName.required',
    minLength: ORGANIZATION_NAME_MIN_LENGTH,
    maxLength: ORGANIZATION_NAME_MAX_LENGTH,
    boundMessages: {
      minLength: 'validation.organizationName.min',
      maxLength: 'validation.organizationName.max',
    },
  },
  roleName: {
    check: validateRoleName,
    required: 'validation.roleName.required',
    minLength: ROLE_NAME_MIN_LENGTH,
    maxLength: ROLE_NAME_MAX_LENGTH,
    boundMessages: { minLength: 'validation.roleName.min', maxLength: 'validation.roleName.max' },
  },
  brandColour: {
    check: validateBrandColour,
    required: 'validation.colour.required',
    minLength: BRAND_COLOUR_MIN_LENGTH,
    maxLength: BRAND_COLOUR_MAX_LENGTH,
    boundMessages: { minLength: 'validation.colour.format', maxLength: 'validation.colour.format' },
  },
  // Identity verification (docs/identity-verification.md). Spaces are allowed inside the numbers.
  middleName: {
    check: validateMiddleName,
    required: 'validation.middleName.format',
    minLength: 0,
    maxLength: NAME_MAX_LENGTH,
    boundMessages: { minLength: 'validation.middleName.format', maxLength: 'validation.middleName.max' },
  },
  abn: {
    check: validateAbn,
    required: 'validation.abn.required',
    minLength: 1,
    maxLength: 20,
    boundMessages: { minLength: 'validation.abn.required', maxLength: 'validation.abn.format' },
  },
  acn: {
    check: validateAcn,
    required: 'validation.acn.required',
    minLength: 1,
    maxLength: 20,
    boundMessages: { minLength: 'validation.acn.required', maxLength: 'validation.acn.format' },
  },
  medicareNumber: {
    check: validateMedicareNumber,
    required: 'validation.medicare.required',
    minLength: 1,
    maxLength: 20,
    boundMessages: { minLength: 'validation.medicare.required', maxLength: 'validation.medicare.format' },
  },
} satisfies Record<string, FieldRule>;

/**
 * The rule set under a deployment's password policy: the password rules follow it, the others are the same.
 * A request cannot say whether the account has a second factor, so the schema checks the policy's shortest
 * length and the server's password check asks for the rest (server/security/password-rules.ts).
 */
export function ruleSetFor(policy: PasswordPolicy): Record<RuleName, FieldRule> {
  if (policy === 'product') return ruleSet;
  const context = { policy, secondFactor: true };
  return {
    ...ruleSet,
    password: { ...ruleSet.password, check: (value) => validatePassword(value, context) },
    currentPassword: {
      ...ruleSet.currentPassword,
      check: (value) => validateCurrentPassword(value, context),
    },
  };
}

/** The name a schema gives in `x-rule`. */
export type RuleName = keyof typeof ruleSet;

export const ruleNames = Object.keys(ruleSet) as RuleName[];

export function isRuleName(value: unknown): value is RuleName {
  return typeof value === 'string' && Object.hasOwn(ruleSet, value);
}
