import {
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
  type EmailOptions,
  type PasswordContext,
  type PhoneOptions,
} from './validators';
import type { ValidationMessageKey } from './messages';

/** The values of a whole form, as a rule that compares fields reads them. */
export type FormValues = Record<string, unknown>;

/**
 * One field's rule, built from the contract's rule set, for either form engine: react-hook-form through
 * {@link FormField}, antd's Form through `rules` (core/ui/validation/antd-rules.ts).
 */
export interface FieldRule {
  /** The key of the first failed check, or null. `values` is the whole form, for rules that compare fields. */
  check: (value: unknown, values: FormValues) => ValidationMessageKey | null;
  /** Fields whose change re-checks this one (once it has been edited): a confirmation follows its password. */
  dependencies?: readonly string[];
  /** False for optional fields (no required mark). Default true. */
  required?: boolean;
}

/**
 * The rule set as field rules. Every form of the portal takes its rules from here, so the forms refuse what
 * the server refuses, with the same message.
 * @example <FormField name="email" label={t('controls.email.label')} rule={fieldRules.email()}><EmailInput /></FormField>
 * @example <FormField name="confirmPassword" label={…} rule={fieldRules.confirmPassword('password')}><PasswordInput /></FormField>
 */
export const fieldRules = {
  firstName: (): FieldRule => ({ check: validateFirstName }),
  lastName: (): FieldRule => ({ check: validateLastName }),
  /** `{ required: false }` for optional addresses such as the recovery email. */
  email: (options: EmailOptions = {}): FieldRule => ({
    check: (value) => validateEmail(value, options),
    required: options.required ?? true,
  }),
  /**
   * A password the user chooses (sign-up, reset, SSO, change), under the deployment's policy
   * ({@link usePasswordContext} gives it).
   */
  password: (context: PasswordContext = {}): FieldRule => ({
    check: (value) => validatePassword(value, context),
  }),
  /** The password typed to log in: any existing password, so only required (and bounded). */
  loginPassword: (): FieldRule => ({ check: validateLoginPassword }),
  /** Typed, then equal to `passwordField`: 'Password and Confirm Password should match'. */
  confirmPassword: (passwordField: string): FieldRule => ({
    check: (value, values) => validateConfirmPassword(value, values[passwordField]),
    dependencies: [passwordField],
  }),
  /** The change form's confirmation: 'New Password and Confirm Password should match'. */
  newPasswordConfirm: (newPasswordField: string): FieldRule => ({
    check: (value, values) => validateNewPasswordConfirm(value, values[newPasswordField]),
    dependencies: [newPasswordField],
  }),
  currentPassword: (context: PasswordContext = {}): FieldRule => ({
    check: (value) => validateCurrentPassword(value, context),
  }),
  /** Password rules plus 'Sorry you have entered current password as a new password'. */
  newPassword: (currentPasswordField: string, context: PasswordContext = {}): FieldRule => ({
    check: (value, values) => validateNewPassword(value, values[currentPasswordField], context),
    dependencies: [currentPasswordField],
  }),
  phone: (options: PhoneOptions = {}): FieldRule => ({ check: (value) => validatePhone(value, options) }),
  otp: (): FieldRule => ({ check: validateOtp }),
  /** A business organisation's name: 2 to 100 characters (its uniqueness is the server's answer). */
  organizationName: (): FieldRule => ({ check: validateOrganizationName }),
  /** A custom role's name: 2 to 50 characters. */
  roleName: (): FieldRule => ({ check: validateRoleName }),
};
