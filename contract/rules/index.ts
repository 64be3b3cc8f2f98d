/**
 * The product's one rule set (docs/validation-rules.md): limits, checks and message keys for names, email,
 * passwords, phone numbers and one-time codes. Plain TypeScript with no runtime dependency, imported by the
 * portal's forms (core/ui/validation re-exports it) and by the server's schemas (contract/v1/common.ts), so
 * both refuse the same input with the same message.
 */
export * from './limits';
export * from './messages';
export { validateFirstName, validateLastName, validateMiddleName } from './names';
export { validateEmail, type EmailOptions } from './email';
export {
  validateConfirmPassword,
  validateCurrentPassword,
  validateLoginPassword,
  validateNewPassword,
  validateNewPasswordConfirm,
  validatePassword,
  PASSWORD_POLICIES,
  type PasswordContext,
  type PasswordPolicy,
} from './passwords';
export { validatePhone, type PhoneOptions } from './phone';
export { validateOtp } from './otp';
export { validateOrganizationName, validateRoleName } from './organization-names';
export { BRAND_COLOUR_PATTERN, isBrandColour, validateBrandColour } from './colour';
export * from './business-numbers';
export * from './identity';
export * from './identity-lists';
export { isRuleName, ruleNames, ruleSet, ruleSetFor, type FieldRule, type RuleName } from './rule-set';
