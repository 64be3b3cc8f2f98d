/**
 * The validation rules as pure functions: no React, no antd, so stores, tests and both form engines can call
 * them. Each returns the i18n key of the first failed check, or null. They live in the contract's rule set
 * (contract/rules), where the server's schemas run the very same functions; this module only re-exports them.
 */
export {
  validateConfirmPassword,
  validateCurrentPassword,
  validateEmail,
  validateFirstName,
  validateLastName,
  validateLoginPassword,
  validateNewPassword,
  validateNewPasswordConfirm,
  validateOrganizationName,
  validateOtp,
  validatePassword,
  validatePhone,
  validateRoleName,
  validateBrandColour,
  PASSWORD_POLICIES,
  type EmailOptions,
  type PasswordContext,
  type PasswordPolicy,
  type PhoneOptions,
} from '@contract/rules/index';
